"""The register's identity, and restores as journaled records (issue 11, backups and restore).

Why:
- ``register_identity`` holds one UUID that every backup of the register carries, so a restore
  can refuse a file that is a backup of some other register (any SQLite file was accepted
  before). For a register that already has a journal, the UUID is its first journal entry's,
  so the identity is the same however many times (and in whichever copy) this migration runs:
  a backup taken before this migration still matches the register after it.
- ``restores`` makes a restore a record like any other: inserted through ``Register.insert``,
  so it is journaled (who, when, from which backup) in the restored register's own chain.
Neither table is ever updated or deleted from. ``register_identity`` has no ``uuid`` column on
purpose: it is not an official record (verify's replay compares those with the journal); it is
written once, by this migration, and guarded by its triggers.
"""

import uuid as uuidlib
from datetime import UTC, datetime

from sqlite_utils import Database

from deerfield_desk.store.sqlscript import execute_statements

SCHEMA = """
CREATE TABLE IF NOT EXISTS register_identity (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    identity TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS register_identity_no_update BEFORE UPDATE ON register_identity
BEGIN
    SELECT RAISE(ABORT, 'a register''s identity never changes');
END;
CREATE TRIGGER IF NOT EXISTS register_identity_no_delete BEFORE DELETE ON register_identity
BEGIN
    SELECT RAISE(ABORT, 'a register''s identity never changes');
END;
CREATE TABLE IF NOT EXISTS restores (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    restored_at TEXT NOT NULL,
    backup_name TEXT NOT NULL,
    backup_sha256 TEXT NOT NULL,
    backup_taken_at TEXT,
    backup_journal_entries INTEGER NOT NULL,
    backup_head_hash TEXT NOT NULL,
    replaced_kept_as TEXT,
    os_user TEXT
);
CREATE TRIGGER IF NOT EXISTS restores_no_update BEFORE UPDATE ON restores
BEGIN
    SELECT RAISE(ABORT, 'a restore is a record: it is never changed');
END;
CREATE TRIGGER IF NOT EXISTS restores_no_delete BEFORE DELETE ON restores
BEGIN
    SELECT RAISE(ABORT, 'a restore is a record: it is never deleted');
END;
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
    if db.conn.execute("SELECT 1 FROM register_identity").fetchone():
        return
    first = db.conn.execute("SELECT uuid FROM journal WHERE seq = 1").fetchone()
    identity = first[0] if first else str(uuidlib.uuid4())
    db.conn.execute(
        "INSERT INTO register_identity (id, identity, created_at) VALUES (1, ?, ?)",
        (identity, datetime.now(UTC).isoformat(timespec="seconds")),
    )
