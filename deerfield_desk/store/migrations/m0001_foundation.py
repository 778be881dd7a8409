"""The register's first schema: sites, parties, applications, permits, money, inspections,
notices, attachments, settings, numbering and the journal.

Design notes (why):
- Every record has ``id`` (fast joins) and ``uuid`` (stable across devices and exports) plus,
  where the office uses one, a human number.
- Official tables refuse DELETE with a trigger: records are voided or revoked with a reason.
- The journal refuses UPDATE and DELETE too; its hash chain catches edits made around that.
- ``permits`` carries the register's display columns (address, owner, contractor) so the
  register can sort and search a million rows by index without joins.
- ``permits_fts`` is kept in step by the Register in the same transaction, not by triggers:
  with ``trusted_schema=OFF`` SQLite refuses virtual-table writes from triggers.
- Money is integer cents.
"""

from sqlite_utils import Database

from deerfield_desk.store.sqlscript import execute_statements

OFFICIAL_TABLES = (
    "parcels",
    "people",
    "applications",
    "permits",
    "fees",
    "payments",
    "deposits",
    "inspections",
    "notices",
    "attachments",
    "settings",
)

SCHEMA = """
CREATE TABLE parcels (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    parcel_number TEXT NOT NULL UNIQUE,
    house_number TEXT,
    street TEXT NOT NULL,
    unit TEXT,
    city TEXT NOT NULL DEFAULT 'Deerfield',
    state TEXT NOT NULL DEFAULT 'WI',
    zip TEXT NOT NULL DEFAULT '53531',
    legal_description TEXT,
    platted_lot INTEGER NOT NULL DEFAULT 0,
    fire_limits INTEGER NOT NULL DEFAULT 0,
    sensitive_area INTEGER NOT NULL DEFAULT 0,
    zoning TEXT,
    address_text TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX parcels_address ON parcels(street, house_number);

CREATE TABLE people (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    firm TEXT,
    is_firm INTEGER NOT NULL DEFAULT 0,
    phone TEXT,
    email TEXT,
    mailing_address TEXT,
    credential_type TEXT,
    credential_number TEXT,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX people_name ON people(name);

CREATE TABLE applications (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    application_number TEXT UNIQUE,
    parcel_id INTEGER REFERENCES parcels(id),
    owner_id INTEGER REFERENCES people(id),
    applicant_id INTEGER REFERENCES people(id),
    contractor_id INTEGER REFERENCES people(id),
    description TEXT,
    project_json TEXT NOT NULL DEFAULT '{}',
    assessment_json TEXT,
    received_json TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'draft',
    created_at TEXT NOT NULL,
    submitted_at TEXT,
    void_reason TEXT
);

CREATE TABLE permits (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    application_id INTEGER REFERENCES applications(id),
    permit_number TEXT UNIQUE,
    kind TEXT NOT NULL,
    permit_class TEXT,
    status TEXT NOT NULL DEFAULT 'draft',
    structure TEXT,
    description TEXT,
    estimated_cost_cents INTEGER,
    housing_units INTEGER NOT NULL DEFAULT 0,
    parcel_id INTEGER REFERENCES parcels(id),
    address_text TEXT,
    parcel_number TEXT,
    owner_name TEXT,
    contractor_name TEXT,
    applied_date TEXT,
    issued_date TEXT,
    expires_date TEXT,
    finaled_date TEXT,
    review_due TEXT,
    conditions TEXT,
    decision_reason TEXT,
    status_before_hold TEXT,
    void_reason TEXT,
    updated_at TEXT
);
CREATE INDEX permits_status ON permits(status);
CREATE INDEX permits_kind ON permits(kind, status);
CREATE INDEX permits_applied ON permits(applied_date);
CREATE INDEX permits_issued ON permits(issued_date);
CREATE INDEX permits_expires ON permits(expires_date);
CREATE INDEX permits_address ON permits(address_text);
CREATE INDEX permits_owner ON permits(owner_name);
CREATE INDEX permits_contractor ON permits(contractor_name);
CREATE INDEX permits_parcel ON permits(parcel_id);
CREATE INDEX permits_application ON permits(application_id);

CREATE VIRTUAL TABLE permits_fts USING fts5(
    permit_number, address_text, parcel_number, owner_name, contractor_name, description,
    content='permits', content_rowid='id', tokenize="unicode61 tokenchars '-'"
);
CREATE TABLE fees (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    application_id INTEGER REFERENCES applications(id),
    permit_id INTEGER REFERENCES permits(id),
    code TEXT NOT NULL,
    description TEXT,
    amount_cents INTEGER,
    basis TEXT,
    note TEXT,
    status TEXT NOT NULL DEFAULT 'due',
    created_at TEXT NOT NULL,
    void_reason TEXT
);
CREATE INDEX fees_permit ON fees(permit_id);
CREATE INDEX fees_application ON fees(application_id);

CREATE TABLE payments (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    fee_id INTEGER NOT NULL REFERENCES fees(id),
    amount_cents INTEGER NOT NULL,
    method TEXT NOT NULL,
    receipt_number TEXT,
    paid_at TEXT NOT NULL,
    received_by TEXT,
    status TEXT NOT NULL DEFAULT 'recorded',
    void_reason TEXT
);
CREATE INDEX payments_fee ON payments(fee_id);

CREATE TABLE deposits (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    application_id INTEGER REFERENCES applications(id),
    permit_id INTEGER REFERENCES permits(id),
    kind TEXT NOT NULL,
    amount_cents INTEGER,
    basis TEXT,
    reference TEXT,
    received_at TEXT,
    status TEXT NOT NULL DEFAULT 'held',
    disposition_reason TEXT,
    disposition_at TEXT,
    void_reason TEXT
);
CREATE INDEX deposits_permit ON deposits(permit_id);
CREATE INDEX deposits_application ON deposits(application_id);

CREATE TABLE inspections (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    permit_id INTEGER NOT NULL REFERENCES permits(id),
    stage TEXT NOT NULL,
    requested_at TEXT,
    requested_by TEXT,
    scheduled_for TEXT,
    route_order INTEGER,
    inspected_at TEXT,
    inspector TEXT,
    result TEXT NOT NULL DEFAULT 'requested',
    notes TEXT,
    defects_json TEXT NOT NULL DEFAULT '[]',
    reinspection_of INTEGER REFERENCES inspections(id),
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX inspections_permit ON inspections(permit_id);
CREATE INDEX inspections_scheduled ON inspections(scheduled_for);

CREATE TABLE notices (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    notice_number TEXT UNIQUE,
    kind TEXT NOT NULL,
    permit_id INTEGER REFERENCES permits(id),
    parcel_id INTEGER REFERENCES parcels(id),
    recipient_id INTEGER REFERENCES people(id),
    status TEXT NOT NULL DEFAULT 'draft',
    facts TEXT,
    sections TEXT,
    remedy TEXT,
    details_json TEXT NOT NULL DEFAULT '{}',
    issued_at TEXT,
    served_at TEXT,
    service_method TEXT,
    due_date TEXT,
    closed_at TEXT,
    void_reason TEXT
);
CREATE INDEX notices_permit ON notices(permit_id);
CREATE INDEX notices_status ON notices(status, due_date);

CREATE TABLE attachments (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    owner_table TEXT NOT NULL,
    owner_uuid TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT 'photo',
    filename TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    original_path TEXT NOT NULL,
    display_path TEXT,
    thumb_path TEXT,
    taken_at TEXT,
    gps_lat REAL,
    gps_lon REAL,
    added_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT
);
CREATE INDEX attachments_owner ON attachments(owner_table, owner_uuid);

CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    value TEXT NOT NULL
);

CREATE TABLE number_series (
    series TEXT NOT NULL,
    year INTEGER NOT NULL,
    last INTEGER NOT NULL,
    PRIMARY KEY (series, year)
);

CREATE TABLE journal (
    seq INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    at_utc TEXT NOT NULL,
    user_name TEXT NOT NULL,
    user_role TEXT NOT NULL,
    device_id TEXT NOT NULL,
    table_name TEXT NOT NULL,
    record_uuid TEXT NOT NULL,
    action TEXT NOT NULL,
    reason TEXT,
    before_json TEXT,
    after_json TEXT,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE INDEX journal_record ON journal(record_uuid);

CREATE TABLE journal_head (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    seq INTEGER NOT NULL,
    hash TEXT NOT NULL,
    entries INTEGER NOT NULL
);
CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal BEGIN
    SELECT RAISE(ABORT, 'the journal is append-only');
END;
CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN
    SELECT RAISE(ABORT, 'the journal is append-only');
END;
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
    for table in OFFICIAL_TABLES:
        db.execute(
            f"CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table} BEGIN "
            f"SELECT RAISE(ABORT, 'official records are never deleted: void them with a "
            f"reason'); END;"
        )
