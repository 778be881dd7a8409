"""The register: one SQLite file, opened safely, written only through journaled calls.

Every insert and update goes through :class:`Register`, which writes the change and its
journal entry in the same transaction. There is no delete: :meth:`Register.void` marks a
record voided with a required reason (ARCHITECTURE.md, "Storage").
"""

from __future__ import annotations

import functools
import os
import sqlite3
import threading
import uuid as uuidlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from sqlite_utils import Database

from deerfield_desk.errors import (
    DamagedRegisterError,
    InvalidInput,
    NotAllowed,
    RecordNotFound,
    RegisterUnavailable,
)
from deerfield_desk.models.actor import SYSTEM_ACTOR, Actor
from deerfield_desk.models.codes import RecordStatus
from deerfield_desk.store import journal, register_file, replay, write_gate
from deerfield_desk.store.changes import NOTHING, OpChanges
from deerfield_desk.store.coded_columns import code_refusal
from deerfield_desk.store.migrations import apply_migrations
from deerfield_desk.store.register_lock import RegisterLock

# How long a writer waits for another process to let go of the register (e.g. a CLI import
# while the window starts): long enough for a command to finish, short enough to say who.
LOCK_TIMEOUT = float(os.environ.get("DEERFIELD_DESK_LOCK_WAIT") or 10.0)

T = TypeVar("T")

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
    """A connection with the house pragmas. One per thread: workers open their own.

    ``read_only`` opens with ``mode=ro``: the file descriptor is read-only, so SQLite can take
    no write lock through it and such a connection can never checkpoint, reset or delete the
    WAL of the process that owns the register, even if that process's POSIX locks were lost
    to a stray descriptor (issue 11, finding 1). Every process that does not hold the
    register lock (``store/register_lock.py``) reads this way.

    A read-write connection does no automatic checkpoints: :meth:`Register.transaction`
    checkpoints under the process's write gate, so no two connections ever write and
    checkpoint at once (the WAL-reset race of SQLite before 3.51.3; README, "Storage").
    """
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
    if not read_only:
        conn.execute("PRAGMA wal_autocheckpoint = 0")
    return conn


def file_problems(path: Path | str) -> list[str]:
    """quick_check + foreign_key_check of the file at ``path`` on its own read-only
    connection (the start-up check of a big register runs it on a worker thread); a file
    that cannot even be read is damaged too."""
    try:
        conn = connect(path, read_only=True)
        try:
            return integrity_problems(conn)
        finally:
            conn.close()
    except Exception as exc:
        return [str(exc)]


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
        self._gate = write_gate.gate(path)
        self.writes_held: str | None = None
        self.read_only_reason: str | None = None
        self.owner_lock: RegisterLock | None = None
        self._witnessed = 0
        #: ``guard(table, action)`` raises NotAllowed for a write this copy may not make (a
        #: field copy refuses permits' issuance, payments, fees and settings); None = office.
        self.guard = None
        #: Set while replaying another register's entries: journaled with each entry.
        self.origin: dict | None = None
        #: The manifest when this file is a field copy (see ``store.field``), else None.
        self.field_manifest = None
        # Tables journaled in each open transaction level; merged upwards on release,
        # reported on the outermost commit, dropped on rollback (store/changes.py).
        self._touched: list[set[str]] = []
        self._listeners: list[Callable[[OpChanges], None]] = []
        #: What the last committed write transaction changed.
        self.last_changes: OpChanges = NOTHING

    # -- what changed ----------------------------------------------------------------------
    def on_change(self, listener: Callable[[OpChanges], None]) -> None:
        """Call ``listener(changes)`` after every committed write transaction that changed
        something (the main window turns it into its ``register_changed`` signal)."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[OpChanges], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _journal(self, entries: list[tuple]) -> None:
        """Append journal entries and note their tables as changed by this transaction."""
        journal.append_entries(self, self.actor, entries, self.origin)
        self._touched[-1].update(entry[0] for entry in entries)

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        path: Path | str,
        actor: Actor | None = None,
        *,
        check: bool = True,
        migrate: bool = True,
        read_only: bool = False,
        lock_timeout: float = LOCK_TIMEOUT,
        purpose: str = "Deerfield Desk",
    ) -> Register:
        """Open an existing register, check integrity, apply migrations.

        Refused, with nothing written: a missing, empty or foreign file
        (:class:`RegisterUnavailable`), a damaged one (:class:`DamagedRegisterError`, naming
        the newest good backup), one another process owns (:class:`RegisterInUse`, naming
        who). ``read_only`` (or a file this account cannot write) opens with ``mode=ro``
        without the register lock; ``read_only_reason`` then says why writes are refused.
        Otherwise the register lock is taken (waiting up to ``lock_timeout`` seconds) and
        held until :meth:`close`.
        """
        path = Path(path).expanduser().absolute()
        register_file.refuse_missing_or_empty(path)
        reason = "opened read-only" if read_only else register_file.read_only_reason(path)
        actor = actor or SYSTEM_ACTOR
        lock = None
        if reason is None:
            lock = RegisterLock(path, purpose=purpose, name=actor.name)
            lock.acquire(timeout=lock_timeout)
        try:
            state = register_file.probe(path)
            conn = connect(path, read_only=reason is not None)
            try:
                if check:
                    problems = integrity_problems(conn)
                    if problems:
                        raise DamagedRegisterError(damaged_message(path, problems))
            except BaseException:
                conn.close()
                raise
            register = cls(conn, path, actor)
            register.owner_lock = lock
            if reason is not None:
                register.read_only_reason = reason
                register.hold_writes(
                    f"The register {path} is open read-only ({reason}): nothing can be "
                    "changed in it. Copy it to a folder you can write to, or ask whoever "
                    "manages this computer."
                )
            elif migrate:
                with register._gate:
                    apply_migrations(register.db)
                if state.legacy:  # a register from before application_id: stamped once
                    with register._gate:
                        register_file.stamp(conn)
        except sqlite3.DatabaseError as exc:
            if lock is not None:
                lock.release()
            raise DamagedRegisterError(damaged_message(path, [str(exc)])) from exc
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        from deerfield_desk.store.field.mode import install_field_guard

        install_field_guard(register)
        return register

    @classmethod
    def create(
        cls,
        path: Path | str,
        actor: Actor | None = None,
        *,
        exist_ok: bool = False,
        lock_timeout: float = LOCK_TIMEOUT,
    ) -> Register:
        """Create a new, empty register at ``path`` (the one explicit way) and open it.

        Built beside the target and renamed into place whole, under the register lock, so
        two processes creating the same register at once cannot both build it: the second
        waits for the first, then finds the register there (``exist_ok`` opens it, else a
        clear :class:`RegisterUnavailable`). An existing file, even an empty one, is never
        overwritten.
        """
        path = Path(path).expanduser().absolute()
        actor = actor or SYSTEM_ACTOR
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RegisterUnavailable(
                f"The folder {path.parent} cannot be made ({exc.strerror or exc})."
            ) from exc
        with RegisterLock(path, purpose="creating the register", name=actor.name).acquire(
            timeout=lock_timeout
        ):
            if path.exists():
                if exist_ok and path.is_file() and path.stat().st_size > 0:
                    return cls.open(path, actor, lock_timeout=lock_timeout)
                raise RegisterUnavailable(
                    f"{path} already exists; a new register is only made where there is no "
                    "file. Open it instead, or choose another name."
                )
            register_file.build_new(path, connect)
        return cls.open(path, actor, lock_timeout=lock_timeout)

    @property
    def read_only(self) -> bool:
        return self.read_only_reason is not None

    @classmethod
    def open_read_only(cls, path: Path | str, actor: Actor | None = None) -> Register:
        """A register opened to read only (``mode=ro``): no migration, no write, no lock
        taken (the ``deadline`` command, checks of another process's file)."""
        path = Path(path)
        return cls(connect(path, read_only=True), path, actor or SYSTEM_ACTOR)

    def close(self) -> None:
        """Close the connection (under the write gate: the last close checkpoints), then
        give back this connection's hold on the register lock."""
        with self._gate:
            self.conn.close()
        if self.owner_lock is not None:
            self.owner_lock.release()
            self.owner_lock = None

    def __enter__(self) -> Register:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- transactions ----------------------------------------------------------------------
    def hold_writes(self, reason: str) -> None:
        """Refuse every write, with ``reason`` as the message (e.g. while the integrity check
        of a large register runs, or after it failed). ``query_only`` backs it up in SQLite."""
        self.writes_held = reason
        self.execute("PRAGMA query_only = ON")

    def release_writes(self) -> None:
        if self.read_only_reason is not None:
            return  # a read-only file stays read-only
        self.writes_held = None
        self.execute("PRAGMA query_only = OFF")

    @contextmanager
    def transaction(self) -> Iterator[Register]:
        """A write transaction: one decision, read-check-write, all or nothing.

        ``BEGIN IMMEDIATE`` takes the write lock before the first read, so what is checked
        cannot change before it is written (two devices or threads queue rather than both
        reading the same last number or the same record). Nested calls become savepoints.
        A failed ``COMMIT`` rolls back, so the connection is usable again at once. Runs under
        the process's write gate (``write_gate.py``), which also covers the checkpoint."""
        if self.writes_held:
            raise NotAllowed(self.writes_held)
        with self._lock, self._gate:
            outermost = self._tx_depth == 0 and not self.conn.in_transaction
            if outermost:
                self.execute("BEGIN IMMEDIATE")
            else:
                self.execute(f"SAVEPOINT sp{self._tx_depth}")
            self._tx_depth += 1
            self._touched.append(set())
            try:
                yield self
            except BaseException as exc:
                self._tx_depth -= 1
                self._touched.pop()
                if self._tx_depth == 0:
                    if self.conn.in_transaction:
                        self.execute("ROLLBACK")
                elif self.conn.in_transaction:
                    self.execute(f"ROLLBACK TO sp{self._tx_depth}")
                    self.execute(f"RELEASE sp{self._tx_depth}")
                refused = code_refusal(exc)  # an unknown code: say which field takes what
                if refused is not None:
                    raise refused from exc
                raise
            self._tx_depth -= 1
            touched = self._touched.pop()
            if self._tx_depth > 0:
                self.execute(f"RELEASE sp{self._tx_depth}")
                self._touched[-1] |= touched
                return
            try:
                self.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.execute("ROLLBACK")
                raise
            self._witness_head()
            write_gate.checkpoint_if_large(self.conn, self.path)
        if touched and not self._touched:
            self._announce(OpChanges(frozenset(touched)))

    def _announce(self, changes: OpChanges) -> None:
        self.last_changes = changes
        for listener in list(self._listeners):
            listener(changes)

    def _witness_head(self) -> None:
        """Refresh the head witness beside the file after a commit (store/head_witness.py).
        Best effort by design: the change is committed whatever happens here."""
        from deerfield_desk.store import head_witness

        try:
            head = journal.read_head(self)
        except sqlite3.Error:
            return
        if head.seq and head.seq != self._witnessed and head_witness.write(self.path, head):
            self._witnessed = head.seq

    @contextmanager
    def acting_as(self, actor: Actor, origin: dict | None) -> Iterator[Register]:
        """Write as ``actor`` with ``origin`` on every journal entry (a field check-in replays
        the inspector's entries under the inspector's name, marked with where they came from)."""
        saved = self.actor, self.origin
        self.actor, self.origin = actor, origin
        try:
            yield self
        finally:
            self.actor, self.origin = saved

    def _check_guard(self, table: str, action: str) -> None:
        if self.guard is not None:
            self.guard(table, action)

    # -- the one execution point --------------------------------------------------------------
    def execute(self, sql: str, params: Iterable | dict = ()) -> sqlite3.Cursor:
        """Every statement the store runs on this register passes here (ARCHITECTURE seam for
        a second engine): one place to translate parameter style, map engine errors and
        trace or time statements. Callers outside ``store/`` never see a connection."""
        return self.conn.execute(sql, params if isinstance(params, dict) else tuple(params))

    def executemany(self, sql: str, rows: Iterable) -> sqlite3.Cursor:
        return self.conn.executemany(sql, rows)

    # -- reading ---------------------------------------------------------------------------
    def query(self, sql: str, params: Iterable | dict = ()) -> list[dict]:
        cursor = self.execute(sql, params)
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor]

    def query_one(self, sql: str, params: Iterable | dict = ()) -> dict | None:
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
        self._check_guard(table, "insert")
        with self.transaction():
            columns = ", ".join(values)
            marks = ", ".join("?" * len(values))
            self.execute(
                f"INSERT INTO {table} ({columns}) VALUES ({marks})", tuple(values.values())
            )
            row = self.get(table, values["uuid"])
            self._index(table, [row], [])
            self._journal([(table, row["uuid"], "insert", None, row, None)])
        return row

    def insert_many(self, table: str, rows: list[dict], *, action: str = "insert") -> int:
        """Insert many records in one transaction, one journal entry each (imports, demo)."""
        if not rows:
            return 0
        self._check_guard(table, action)
        for row in rows:
            row.setdefault("uuid", str(uuidlib.uuid4()))
        columns = list(rows[0])
        with self.transaction():
            self.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) "
                f"VALUES ({', '.join('?' * len(columns))})",
                [tuple(r[c] for c in columns) for r in rows],
            )
            # Journal the rows as stored (with id and defaults), exactly as insert() does, so
            # the replay in verify compares like with like.
            stored = self.query(
                f"SELECT * FROM {table} WHERE uuid IN (SELECT value FROM json_each(?)) ORDER BY id",
                (journal.to_json([r["uuid"] for r in rows]),),
            )
            self._index(table, stored, [])
            self._journal([(table, r["uuid"], action, None, r, None) for r in stored])
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
        self._check_guard(table, action)
        with self.transaction():
            before = self.get(table, record_uuid)
            drift = replay.record_drift(self, table, before)
            if drift:
                # Journaling on top of a forged row would launder the forgery as legitimate.
                raise NotAllowed(
                    f"{drift}. Nothing was written; run 'deerfield-desk verify' and restore "
                    "the newest good backup."
                )
            if changes:
                assignments = ", ".join(f"{c} = ?" for c in changes)
                self.execute(
                    f"UPDATE {table} SET {assignments} WHERE uuid = ?",
                    (*changes.values(), record_uuid),
                )
            after = self.get(table, record_uuid)
            self._index(table, [after], [before])
            self._journal([(table, record_uuid, action, before, after, reason)])
        return after

    def _index(self, table: str, new_rows: list[dict], old_rows: list[dict]) -> None:
        """Keep the table's full-text index in step: drop the old text, add the new."""
        if table not in FTS_INDEXES:
            return
        fts, columns = FTS_INDEXES[table]
        names = ", ".join(columns)
        marks = ", ".join("?" * (len(columns) + 1))
        if old_rows:
            self.executemany(
                f"INSERT INTO {fts} ({fts}, rowid, {names}) VALUES ('delete', {marks})",
                [(r["id"], *(r[c] for c in columns)) for r in old_rows],
            )
        self.executemany(
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
            {"status": RecordStatus.VOIDED, "void_reason": reason.strip()},
            action="void",
            reason=reason.strip(),
        )

    # -- settings --------------------------------------------------------------------------
    def get_setting(self, key: str, default=None):
        row = self.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
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
        transaction that stores the number, so a rollback gives the number back.

        One statement, insert-or-increment on the series row: the first number of a year and
        every later one take the same path, so no engine can interleave a read and a write
        between two issuers (SQLite >= 3.35 and PostgreSQL both run it as written)."""
        self._check_guard("number_series", f"{series}/{year}")
        return self.advance_series(series, year, 1)

    def advance_series(self, series: str, year: int, by: int, action: str = "number") -> int:
        """Move a number series on by ``by`` (one number, or a block reserved for a field
        copy) and journal the step, so ``verify`` can replay the series (store/replay.py).
        Returns the series' new last number."""
        with self.transaction():
            row = self.execute(
                "INSERT INTO number_series (series, year, last) VALUES (?, ?, ?) "
                "ON CONFLICT (series, year) DO UPDATE SET last = number_series.last + ? "
                "RETURNING last",
                (series, year, by, by),
            ).fetchone()
            last = int(row[0])
            created = last == by  # a series row starts at its first step, never at 0
            key = {"series": series, "year": year}
            self._journal(
                [(
                    replay.SERIES_TABLE, replay.series_key(series, year), action,
                    None if created else {**key, "last": last - by}, {**key, "last": last},
                    None,
                )]
            )  # fmt: skip
            return last


def decision(function: Callable[..., T]) -> Callable[..., T]:
    """Run a store function ``f(reg, ...)`` as one decision: its reads, checks and writes in
    one ``BEGIN IMMEDIATE`` transaction (issue 11, finding 2).

    Without it, a function read a record, checked it and wrote it back in separate steps, so
    two devices ticking papers or recording results overwrote each other (400 acknowledged
    ticks left 200; a "passed" became "failed"). A refusal raised inside rolls everything back.
    """

    @functools.wraps(function)
    def in_one_transaction(reg: Register, *args, **kwargs):
        with reg.transaction():
            return function(reg, *args, **kwargs)

    return in_one_transaction


def journal_json_loads(text: str):
    import json

    return json.loads(text)


def damaged_message(path: Path, problems: list[str]) -> str:
    from deerfield_desk.store.backup import newest_good_backup

    backup = newest_good_backup(path)
    first = " ".join((problems[0] if problems else "unknown damage").split())  # one line
    advice = (
        f"The newest good backup is {backup}: restore it with File → Restore backup… (offered "
        "at start-up when the register will not open) or deerfield-desk restore; the damaged "
        "file is kept."
        if backup
        else "No good backup was found beside it; keep the damaged file and call support."
    )
    return (
        f"The register {path} is damaged and was not opened ({first}). Nothing was "
        f"written to it. {advice}"
    )
