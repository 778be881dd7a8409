"""Permit lifecycle columns: who reviews and on what section, what the validity rests on,
and the extensions granted under 12.14(1).

Why columns on ``permits``: the review queue sorts by ``review_due`` and shows the reviewing
body without opening the assessment; ``validity_basis`` tells the extension dialog whether
12.14(1) (extend) or 31.12(1) (reapply) governs.
"""

from sqlite_utils import Database

from deerfield_desk.store.sqlscript import execute_statements

SCHEMA = """
ALTER TABLE permits ADD COLUMN review_by TEXT;
ALTER TABLE permits ADD COLUMN review_basis TEXT;
ALTER TABLE permits ADD COLUMN validity_basis TEXT;
ALTER TABLE permits ADD COLUMN decided_at TEXT;
CREATE INDEX permits_review_due ON permits(status, review_due);

CREATE TABLE extensions (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    permit_id INTEGER NOT NULL REFERENCES permits(id),
    days INTEGER NOT NULL,
    previous_expiry TEXT NOT NULL,
    new_expiry TEXT NOT NULL,
    approved_by TEXT NOT NULL,
    fee_id INTEGER REFERENCES fees(id),
    reason TEXT,
    granted_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'granted',
    void_reason TEXT
);
CREATE INDEX extensions_permit ON extensions(permit_id);
CREATE TRIGGER extensions_no_delete BEFORE DELETE ON extensions BEGIN
    SELECT RAISE(ABORT, 'official records are never deleted: void them with a reason');
END;
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
