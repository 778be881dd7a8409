"""Writing to a register: every insert, update and void journaled in its transaction.

There is no delete: :meth:`RegisterWrites.void` marks a record voided with a required reason
(ARCHITECTURE.md, "Storage"). Settings and number series are written the same way.
"""

from __future__ import annotations

import json
import uuid as uuidlib

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import RecordStatus
from deerfield_desk.store import journal, replay
from deerfield_desk.store.register_core import RegisterCore

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


class RegisterWrites(RegisterCore):
    """The journaled writes of an open register."""

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
        return json.loads(row[0]) if row else default

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
