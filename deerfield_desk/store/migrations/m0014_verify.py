"""Issue 11 (verify sees everything): the archives record, and guards on the series and head.

Why each:
- ``archives``: every year-end archive's manifest SHA-256 and journal head, journaled, so an
  archive whose snapshot *and* manifest were edited together is caught: its manifest hash is
  not one the register ever recorded (exports/archive.py).
- no-delete triggers on ``number_series`` and ``journal_head``: like the official tables,
  they only ever grow or move forward.
- the series rows that exist before this migration were never journaled; they are journaled
  here once, as ``baseline`` entries, so ``verify`` can replay the series from now on.
"""

from sqlite_utils import Database

from deerfield_desk.models.actor import SYSTEM_ACTOR
from deerfield_desk.store import journal
from deerfield_desk.store.sqlscript import execute_statements

SCHEMA = """
CREATE TABLE archives (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    year INTEGER NOT NULL,
    folder_name TEXT NOT NULL,
    manifest_sha256 TEXT NOT NULL,
    journal_seq INTEGER NOT NULL,
    journal_hash TEXT NOT NULL,
    files INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX archives_manifest ON archives(manifest_sha256);
CREATE TRIGGER archives_no_delete BEFORE DELETE ON archives BEGIN
    SELECT RAISE(ABORT, 'official records are never deleted: void them with a reason');
END;
CREATE TRIGGER number_series_no_delete BEFORE DELETE ON number_series BEGIN
    SELECT RAISE(ABORT, 'a number series is never deleted: numbers are never reused');
END;
CREATE TRIGGER journal_head_no_delete BEFORE DELETE ON journal_head BEGIN
    SELECT RAISE(ABORT, 'the journal head is never deleted');
END;
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
    journaled = {
        r[0]
        for r in db.conn.execute(
            "SELECT DISTINCT record_uuid FROM journal WHERE table_name = 'number_series'"
        )
    }
    baseline = []
    for series, year, last in db.conn.execute(
        "SELECT series, year, last FROM number_series ORDER BY series, year"
    ).fetchall():
        key = f"{series}/{year}"
        if key not in journaled:
            after = {"series": series, "year": year, "last": last}
            reason = "m0014: the number series is journaled from here on"
            baseline.append(("number_series", key, "baseline", None, after, reason))
    if baseline:
        journal.append_entries(db.conn, SYSTEM_ACTOR, baseline)
