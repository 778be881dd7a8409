"""Issue 17 (the inspector's field day): photo captions and annotated copies, signatures,
checklist drafts, and the village's defect library.

Why each:
- ``attachments.caption``: what the photo shows, printed under it; ``derived_from``: an
  annotated copy (arrows, circles) is a new attachment naming the original it was drawn on,
  so the original stays byte-identical and the copy is evidence of what the inspector marked;
- ``signatures``: the contractor or owner signs on the screen; the strokes are kept as data
  (journaled like every record) and drawn on the printed report or notice;
- ``checklist_drafts``: a half-answered erosion checklist survives closing the app (a flat
  battery at a site), in the register rather than a stray file;
- ``defect_library``: the village's own frequent defects with their sections, added to the
  shipped list, so the inspector picks them while typing instead of retyping them.
Coded columns carry named CHECK constraints (``<table>_<column>_code``, store/coded_columns.py),
with the codes frozen here as shipped.
"""

from sqlite_utils import Database

from deerfield_desk.store.sqlscript import execute_statements

# The codes as shipped (a shipped migration never follows a later enum).
DOCUMENTS = ("inspection_report", "correction_notice")
ROLES = ("contractor", "owner")
STATUSES = ("active", "voided")
SITE_CLASSES = ("minor", "major", "larger")
PURPOSES = ("site_visit", "plan_review")


def check(table: str, column: str, codes: tuple[str, ...]) -> str:
    """A named check as m0005 writes them (``<table>_<column>_code``)."""
    listed = ", ".join(f"'{code}'" for code in codes)
    return f"CONSTRAINT {table}_{column}_code CHECK ({column} IN ({listed}))"


SCHEMA = f"""
ALTER TABLE attachments ADD COLUMN caption TEXT;
ALTER TABLE attachments ADD COLUMN derived_from TEXT;

CREATE TABLE signatures (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    inspection_id INTEGER NOT NULL REFERENCES inspections(id),
    document TEXT NOT NULL,
    signer_name TEXT NOT NULL,
    signer_role TEXT NOT NULL,
    strokes_json TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    signed_at TEXT NOT NULL,
    witnessed_by TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT,
    {check("signatures", "document", DOCUMENTS)},
    {check("signatures", "signer_role", ROLES)},
    {check("signatures", "status", STATUSES)}
);
CREATE INDEX signatures_inspection ON signatures(inspection_id);
CREATE TRIGGER signatures_no_delete BEFORE DELETE ON signatures BEGIN
    SELECT RAISE(ABORT, 'official records are never deleted: void them with a reason');
END;

CREATE TABLE checklist_drafts (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    permit_id INTEGER NOT NULL REFERENCES permits(id),
    inspection_id INTEGER REFERENCES inspections(id),
    site_class TEXT NOT NULL,
    larger_site INTEGER NOT NULL DEFAULT 0 CHECK (larger_site IN (0, 1)),
    purpose TEXT NOT NULL DEFAULT 'site_visit',
    answers_json TEXT NOT NULL DEFAULT '{{}}',
    inspector TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT,
    {check("checklist_drafts", "site_class", SITE_CLASSES)},
    {check("checklist_drafts", "purpose", PURPOSES)},
    {check("checklist_drafts", "status", STATUSES)}
);
CREATE INDEX checklist_drafts_permit ON checklist_drafts(permit_id, status);
CREATE TRIGGER checklist_drafts_no_delete BEFORE DELETE ON checklist_drafts BEGIN
    SELECT RAISE(ABORT, 'official records are never deleted: void them with a reason');
END;

CREATE TABLE defect_library (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    section TEXT NOT NULL,
    description TEXT NOT NULL,
    correction TEXT NOT NULL,
    minor INTEGER NOT NULL DEFAULT 0 CHECK (minor IN (0, 1)),
    added_by TEXT NOT NULL,
    added_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT,
    {check("defect_library", "status", STATUSES)}
);
CREATE TRIGGER defect_library_no_delete BEFORE DELETE ON defect_library BEGIN
    SELECT RAISE(ABORT, 'official records are never deleted: void them with a reason');
END;
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
