"""Inspections in the field: stage changes, occupancy permits, Exhibit A visits, erosion log.

Why these tables (and not JSON blobs on ``inspections``):
- a stage the inspector adds or waives is a decision with a reason and a signature (journaled);
- occupancy permits (12.16) are official records of their own, with an end date to watch;
- Exhibit A responses are kept per site visit and per item, so photos can hang on one item;
- the erosion log is the permittee's own inspections (31.12(2)(G)/(3)(E)) and the rain that
  triggers them, so a week or a rain without an inspection can be flagged.

Columns added to ``inspections`` hold what the request and the posted notice need.
"""

from sqlite_utils import Database

from deerfield_desk.store.sqlscript import execute_statements

NEW_OFFICIAL_TABLES = (
    "inspection_stage_changes",
    "occupancy_permits",
    "checklist_visits",
    "checklist_responses",
    "erosion_log",
    "rainfall",
)

SCHEMA = """
ALTER TABLE inspections ADD COLUMN contact_phone TEXT;
ALTER TABLE inspections ADD COLUMN request_channel TEXT;
ALTER TABLE inspections ADD COLUMN late_request INTEGER NOT NULL DEFAULT 0;
ALTER TABLE inspections ADD COLUMN due_by TEXT;
ALTER TABLE inspections ADD COLUMN notice_kind TEXT;

CREATE INDEX inspections_reinspection ON inspections(reinspection_of);

CREATE TABLE inspection_stage_changes (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    permit_id INTEGER NOT NULL REFERENCES permits(id),
    stage TEXT NOT NULL,
    change TEXT NOT NULL CHECK (change IN ('added', 'waived')),
    reason TEXT NOT NULL,
    decided_by TEXT NOT NULL,
    decided_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX stage_changes_permit ON inspection_stage_changes(permit_id);

CREATE TABLE occupancy_permits (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    permit_id INTEGER NOT NULL REFERENCES permits(id),
    kind TEXT NOT NULL CHECK (kind IN ('occupancy', 'temporary')),
    issued_on TEXT NOT NULL,
    issued_by TEXT NOT NULL,
    ends_on TEXT,
    term_days INTEGER,
    minor_defects_json TEXT NOT NULL DEFAULT '[]',
    conditions TEXT,
    basis TEXT NOT NULL DEFAULT '12.16',
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX occupancy_permit ON occupancy_permits(permit_id);
CREATE INDEX occupancy_ends ON occupancy_permits(status, ends_on);

CREATE TABLE checklist_visits (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    permit_id INTEGER NOT NULL REFERENCES permits(id),
    inspection_id INTEGER REFERENCES inspections(id),
    checklist TEXT NOT NULL DEFAULT 'exhibit_a_erosion',
    site_class TEXT NOT NULL CHECK (site_class IN ('minor', 'major', 'larger')),
    purpose TEXT NOT NULL DEFAULT 'site_visit',
    visited_at TEXT NOT NULL,
    inspector TEXT NOT NULL,
    notes TEXT,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX checklist_visits_permit ON checklist_visits(permit_id);

CREATE TABLE checklist_responses (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    visit_id INTEGER NOT NULL REFERENCES checklist_visits(id),
    item_code TEXT NOT NULL,
    section TEXT NOT NULL,
    response TEXT NOT NULL CHECK (response IN ('meets', 'deficient', 'not_applicable')),
    note TEXT,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT,
    UNIQUE (visit_id, item_code)
);

CREATE TABLE erosion_log (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    permit_id INTEGER NOT NULL REFERENCES permits(id),
    inspected_on TEXT NOT NULL,
    trigger TEXT NOT NULL CHECK (trigger IN ('rain', 'weekly')),
    rain_inches REAL,
    inspected_by TEXT NOT NULL,
    repairs TEXT,
    recorded_by TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX erosion_log_permit ON erosion_log(permit_id, inspected_on);

CREATE TABLE rainfall (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    fell_on TEXT NOT NULL,
    inches REAL NOT NULL,
    source TEXT,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX rainfall_day ON rainfall(fell_on);
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
    for table in NEW_OFFICIAL_TABLES:
        db.execute(
            f"CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table} BEGIN "
            f"SELECT RAISE(ABORT, 'official records are never deleted: void them with a "
            f"reason'); END;"
        )
