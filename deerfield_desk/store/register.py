"""The register: one SQLite file, opened safely, written only through journaled calls.

Every insert and update goes through :class:`Register`, which writes the change and its
journal entry in the same transaction. There is no delete: :meth:`Register.void` marks a
record voided with a required reason (ARCHITECTURE.md, "Storage").
"""

from __future__ import annotations

import sqlite3
import threading
import uuid as uuidlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlite_utils import Database

from deerfield_desk.errors import (
    DamagedRegisterError,
    InvalidInput,
    NotAllowed,
    RecordNotFound,
)
from deerfield_desk.models.actor import SYSTEM_ACTOR, Actor
from deerfield_desk.store import journal
from deerfield_desk.store.migrations import apply_migrations

PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA trusted_schema = OFF",
    "PRAGMA busy_timeout = 15000",
)

# Full-text indexes kept in step with their table in the same transaction. Triggers cannot do
# it: with trusted_schema=OFF SQLite refuses virtual-table writes from triggers.
FTS_INDEXES = {
    "permits": (
        "permits_fts",
        (
            "permit_number",
            "address_text",
            "parcel_number",
            "owner_name",
            "contractor_name",
            "description",
        ),
    ),
}


def connect(path: Path | str, *, read_only: bool = False) -> sqlite3.Connection:
    """A connection with the house pragmas. One per thread: workers open their own."""
    if read_only:
        conn = sqlite3.connect(f"file:{Path(path)}?mode=ro", uri=True, check_same_thread=False)
    else:
        conn = sqlite3.connect(str(path), check_same_thread=False)
    # No implicit transactions: the Register begins and ends every write transaction itself,
    # so a failed statement can never leave one open behind the caller's back.
    conn.isolation_level = None
    for pragma in PRAGMAS:
        if read_only and "journal_mode" in pragma:
            continue
        conn.execute(pragma)
    return conn


def integrity_problems(conn: sqlite3.Connection, *, full: bool = False) -> list[str]:
    """quick_check (or integrity_check) plus foreign_key_check, as readable lines."""
    pragma = "integrity_check" if full else "quick_check"
    problems = [row[0] for row in conn.execute(f"PRAGMA {pragma}") if row[0] != "ok"]
    for table, rowid, parent, _fk in conn.execute("PRAGMA foreign_key_check"):
        problems.append(f"{table} row {rowid} points to a missing {parent} record")
    return problems


class Register:
    """An open register. Not shared between threads: each worker opens its own."""

    def __init__(self, conn: sqlite3.Connection, path: Path, actor: Actor):
        self.conn = conn
        self.db = Database(conn)
        self.path = path
        self.actor = actor
        self._tx_depth = 0
        self._lock = threading.RLock()
        self.writes_held: str | None = None

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        path: Path | str,
        actor: Actor | None = None,
        *,
        check: bool = True,
        migrate: bool = True,
    ) -> Register:
        """Open (creating when missing), check integrity, apply migrations.

        A damaged file is refused with :class:`DamagedRegisterError` naming the newest backup
        that passes its own check, and nothing is written to it.
        """
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.exists() and path.stat().st_size > 0
        try:
            conn = connect(path)
            if existed and check:
                problems = integrity_problems(conn)
                if problems:
                    conn.close()
                    raise DamagedRegisterError(damaged_message(path, problems))
        except sqlite3.DatabaseError as exc:
            raise DamagedRegisterError(damaged_message(path, [str(exc)])) from exc
        register = cls(conn, path, actor or SYSTEM_ACTOR)
        if migrate:
            apply_migrations(register.db)
        return register

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Register:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- transactions ----------------------------------------------------------------------
    def hold_writes(self, reason: str) -> None:
        """Refuse every write, with ``reason`` as the message (e.g. while the integrity check
        of a large register runs, or after it failed). ``query_only`` backs it up in SQLite."""
        self.writes_held = reason
        self.conn.execute("PRAGMA query_only = ON")

    def release_writes(self) -> None:
        self.writes_held = None
        self.conn.execute("PRAGMA query_only = OFF")

    @contextmanager
    def transaction(self) -> Iterator[Register]:
        """A write transaction. ``BEGIN IMMEDIATE`` takes the write lock up front, so two
        devices or threads issuing at once queue rather than both reading the same last
        number. Nested calls become savepoints."""
        if self.writes_held:
            raise NotAllowed(self.writes_held)
        with self._lock:
            if self._tx_depth == 0 and not self.conn.in_transaction:
                self.conn.execute("BEGIN IMMEDIATE")
            else:
                self.conn.execute(f"SAVEPOINT sp{self._tx_depth}")
            self._tx_depth += 1
            try:
                yield self
            except BaseException:
                self._tx_depth -= 1
                if self._tx_depth == 0:
                    if self.conn.in_transaction:
                        self.conn.execute("ROLLBACK")
                elif self.conn.in_transaction:
                    self.conn.execute(f"ROLLBACK TO sp{self._tx_depth}")
                    self.conn.execute(f"RELEASE sp{self._tx_depth}")
                raise
            else:
                self._tx_depth -= 1
                if self._tx_depth == 0:
                    self.conn.execute("COMMIT")
                else:
                    self.conn.execute(f"RELEASE sp{self._tx_depth}")

    # -- reading ---------------------------------------------------------------------------
    def query(self, sql: str, params: Iterable = ()) -> list[dict]:
        cursor = self.conn.execute(sql, tuple(params))
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor]

    def query_one(self, sql: str, params: Iterable = ()) -> dict | None:
        rows = self.query(sql, params)
        return rows[0] if rows else None

    def get(self, table: str, record_uuid: str) -> dict:
        row = self.query_one(f"SELECT * FROM {table} WHERE uuid = ?", (record_uuid,))
        if row is None:
            raise RecordNotFound(
                f"no {table[:-1] if table.endswith('s') else table} with id {record_uuid}"
            )
        return row

    def get_by_id(self, table: str, rowid: int) -> dict:
        row = self.query_one(f"SELECT * FROM {table} WHERE id = ?", (rowid,))
        if row is None:
            raise RecordNotFound(f"no {table} row {rowid}")
        return row

    # -- writing (always journaled) -------------------------------------------------------
    def insert(self, table: str, values: dict) -> dict:
        """Insert one record and journal it; returns the stored row (with id and uuid)."""
        values = dict(values)
        values.setdefault("uuid", str(uuidlib.uuid4()))
        with self.transaction():
            columns = ", ".join(values)
            marks = ", ".join("?" * len(values))
            self.conn.execute(
                f"INSERT INTO {table} ({columns}) VALUES ({marks})", tuple(values.values())
            )
            row = self.get(table, values["uuid"])
            self._index(table, [row], [])
            journal.append_entries(
                self.conn, self.actor, [(table, row["uuid"], "insert", None, row, None)]
            )
        return row

    def insert_many(self, table: str, rows: list[dict], *, action: str = "insert") -> int:
        """Insert many records in one transaction, one journal entry each (imports, demo)."""
        if not rows:
            return 0
        for row in rows:
            row.setdefault("uuid", str(uuidlib.uuid4()))
        columns = list(rows[0])
        with self.transaction():
            self.conn.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) "
                f"VALUES ({', '.join('?' * len(columns))})",
                [tuple(r[c] for c in columns) for r in rows],
            )
            if table in FTS_INDEXES:
                uuids = [r["uuid"] for r in rows]
                stored = self.query(
                    f"SELECT * FROM {table} WHERE uuid IN (SELECT value FROM json_each(?))",
                    (journal.to_json(uuids),),
                )
                self._index(table, stored, [])
            journal.append_entries(
                self.conn,
                self.actor,
                [(table, r["uuid"], action, None, r, None) for r in rows],
            )
        return len(rows)

    def update(
        self,
        table: str,
        record_uuid: str,
        changes: dict,
        *,
        action: str = "update",
        reason: str | None = None,
    ) -> dict:
        """Change fields of one record and journal before/after; returns the new row."""
        if "uuid" in changes or "id" in changes:
            raise InvalidInput("uuid", "a record's identity never changes")
        with self.transaction():
            before = self.get(table, record_uuid)
            if changes:
                assignments = ", ".join(f"{c} = ?" for c in changes)
                self.conn.execute(
                    f"UPDATE {table} SET {assignments} WHERE uuid = ?",
                    (*changes.values(), record_uuid),
                )
            after = self.get(table, record_uuid)
            self._index(table, [after], [before])
            journal.append_entries(
                self.conn, self.actor, [(table, record_uuid, action, before, after, reason)]
            )
        return after

    def _index(self, table: str, new_rows: list[dict], old_rows: list[dict]) -> None:
        """Keep the table's full-text index in step: drop the old text, add the new."""
        if table not in FTS_INDEXES:
            return
        fts, columns = FTS_INDEXES[table]
        names = ", ".join(columns)
        marks = ", ".join("?" * (len(columns) + 1))
        if old_rows:
            self.conn.executemany(
                f"INSERT INTO {fts} ({fts}, rowid, {names}) VALUES ('delete', {marks})",
                [(r["id"], *(r[c] for c in columns)) for r in old_rows],
            )
        self.conn.executemany(
            f"INSERT INTO {fts} (rowid, {names}) VALUES ({marks})",
            [(r["id"], *(r[c] for c in columns)) for r in new_rows],
        )

    def void(self, table: str, record_uuid: str, reason: str) -> dict:
        """Void an official record: it stays, marked voided, with the reason journaled."""
        if not reason or not reason.strip():
            raise InvalidInput("reason", "a record is voided only with a written reason")
        return self.update(
            table,
            record_uuid,
            {"status": "voided", "void_reason": reason.strip()},
            action="void",
            reason=reason.strip(),
        )

    # -- settings --------------------------------------------------------------------------
    def get_setting(self, key: str, default=None):
        row = self.conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return journal_json_loads(row[0]) if row else default

    def set_setting(self, key: str, value) -> None:
        with self.transaction():
            existing = self.query_one("SELECT * FROM settings WHERE key = ?", (key,))
            encoded = journal.to_json(value)
            if existing is None:
                self.insert("settings", {"key": key, "value": encoded})
            elif existing["value"] != encoded:
                self.update("settings", existing["uuid"], {"value": encoded})

    # -- numbering -------------------------------------------------------------------------
    def next_number(self, series: str, year: int) -> int:
        """The next number of a series within a year: no gaps, no reuse. Call inside the
        transaction that stores the number, so a rollback gives the number back."""
        with self.transaction():
            row = self.conn.execute(
                "UPDATE number_series SET last = last + 1 WHERE series = ? AND year = ? "
                "RETURNING last",
                (series, year),
            ).fetchone()
            if row is None:
                self.conn.execute(
                    "INSERT INTO number_series (series, year, last) VALUES (?, ?, 1)",
                    (series, year),
                )
                return 1
            return row[0]


def journal_json_loads(text: str):
    import json

    return json.loads(text)


def damaged_message(path: Path, problems: list[str]) -> str:
    from deerfield_desk.store.backup import newest_good_backup

    backup = newest_good_backup(path)
    first = problems[0] if problems else "unknown damage"
    advice = (
        f"The newest good backup is {backup}: restore it from File → Restore backup, "
        "or copy it into place with the app closed."
        if backup
        else "No good backup was found beside it; keep the damaged file and call support."
    )
    return (
        f"The register {path} is damaged and was not opened ({first}). Nothing was "
        f"written to it. {advice}"
    )
