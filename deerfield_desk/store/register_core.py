"""The core of an open register: transactions, change listeners, the one execution point.

:class:`RegisterCore` holds what every register has whether it writes or not; writing lives in
``register_writes.py`` and opening/closing a file in ``register.py`` (split for size and so each
part reads on its own, issue 12).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Self

from sqlite_utils import Database

from deerfield_desk.errors import NotAllowed, RecordNotFound
from deerfield_desk.models.actor import Actor
from deerfield_desk.store import journal, write_gate
from deerfield_desk.store.changes import NOTHING, OpChanges
from deerfield_desk.store.coded_columns import code_refusal
from deerfield_desk.store.register_lock import RegisterLock


class RegisterCore:
    """An open register. Not shared between threads: each worker opens its own."""

    def __init__(self, conn: sqlite3.Connection, path: Path, actor: Actor):
        self.conn = conn
        # no sqlite-utils plugins: the register's connection is set up by store/connection.py
        # alone, and scanning every installed package's entry points for plugins cost ~30 ms
        # in every process that opens a register (the export starts three)
        self.db = Database(conn, execute_plugins=False)
        self.path = path
        self.actor = actor
        self._tx_depth = 0
        #: set by ``close``: views holding this register stop reading it
        self.closed = False
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

    @property
    def read_only(self) -> bool:
        return self.read_only_reason is not None

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
    def transaction(self) -> Iterator[Self]:
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
    def acting_as(self, actor: Actor, origin: dict | None) -> Iterator[Self]:
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
