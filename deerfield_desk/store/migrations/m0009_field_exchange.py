"""Field exchange: check-outs to laptops, reserved number blocks, check-ins, conflicts.

Why these tables:
- ``field_checkouts`` is the office's record of each copy out in the field (device, journal
  head at check-out, where the copy was written), so a device with a copy never checked in is
  refused another, and an abandoned copy keeps its reason;
- ``number_blocks`` explains every gap in a series: a block reserved for a device is journaled
  when taken and again when its unused numbers are released at check-in or abandonment;
- ``field_checkins`` keeps which field entries each pack brought and what became of them, so a
  pack checked in twice applies nothing the second time;
- ``field_conflicts`` is the queue of records both sides changed, field by field, until the
  clerk chooses;
- ``field_copy`` (key/value, in the field copy only) is the copy's manifest, written once at
  check-out outside the journal, like ``journal_head``: it describes the file, not a record;
- ``journal.origin`` marks entries replayed from a field copy (hashed when present).
"""

from sqlite_utils import Database

from deerfield_desk.store.sqlscript import execute_statements

NEW_OFFICIAL_TABLES = ("field_checkouts", "number_blocks", "field_checkins", "field_conflicts")

SCHEMA = """
ALTER TABLE journal ADD COLUMN origin TEXT;

CREATE TABLE field_checkouts (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    device TEXT NOT NULL,
    checked_out_at TEXT NOT NULL,
    checked_out_by TEXT NOT NULL,
    head_seq INTEGER NOT NULL,
    head_hash TEXT NOT NULL,
    copy_path TEXT,
    status TEXT NOT NULL DEFAULT 'out'
        CHECK (status IN ('out', 'checked_in', 'abandoned', 'voided')),
    closed_at TEXT,
    closed_by TEXT,
    abandon_reason TEXT,
    void_reason TEXT
);
CREATE INDEX field_checkouts_device ON field_checkouts(device, status);

CREATE TABLE number_blocks (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    checkout_id INTEGER NOT NULL REFERENCES field_checkouts(id),
    series TEXT NOT NULL,
    year INTEGER NOT NULL,
    first INTEGER NOT NULL,
    last INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'reserved' CHECK (status IN ('reserved', 'closed', 'voided')),
    used_json TEXT NOT NULL DEFAULT '[]',
    released_json TEXT NOT NULL DEFAULT '[]',
    closed_at TEXT,
    void_reason TEXT,
    CHECK (first >= 1 AND last >= first)
);
CREATE INDEX number_blocks_checkout ON number_blocks(checkout_id);

CREATE TABLE field_checkins (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    checkout_id INTEGER NOT NULL REFERENCES field_checkouts(id),
    pack_sha256 TEXT NOT NULL,
    field_head_hash TEXT NOT NULL,
    entries INTEGER NOT NULL,
    applied INTEGER NOT NULL,
    already_present INTEGER NOT NULL,
    conflicts INTEGER NOT NULL,
    outcomes_json TEXT NOT NULL DEFAULT '{}',
    checked_in_at TEXT NOT NULL,
    checked_in_by TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX field_checkins_checkout ON field_checkins(checkout_id);

CREATE TABLE field_conflicts (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    checkin_id INTEGER NOT NULL REFERENCES field_checkins(id),
    device TEXT NOT NULL,
    table_name TEXT NOT NULL,
    record_uuid TEXT NOT NULL,
    columns_json TEXT NOT NULL,
    field_entry_hash TEXT NOT NULL,
    field_user TEXT,
    field_at TEXT,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'voided')),
    choices_json TEXT,
    resolved_by TEXT,
    resolved_at TEXT,
    void_reason TEXT
);
CREATE INDEX field_conflicts_status ON field_conflicts(status, id);

CREATE TABLE field_copy (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
    for table in NEW_OFFICIAL_TABLES:
        db.execute(
            f"CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table} BEGIN "
            f"SELECT RAISE(ABORT, 'official records are never deleted: void them with a "
            f"reason'); END;"
        )
