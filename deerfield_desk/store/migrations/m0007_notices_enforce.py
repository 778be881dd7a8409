"""Notices that enforce and documents that stay true (issue 14).

Why these columns:
- ``notices.dates_json``: the due, appeal and hearing dates are computed ONCE, when the notice
  is served, and stored; every later print (and the archive) reads them back, so a holiday the
  clerk adds next year never changes what an official notice said.
- ``notices.contractor_id`` / ``copies_to``: a stop-work order binds the owner and any
  contractor or builder (§12.03(15)); others get copies.
- ``notices.received_at``: §12.24 counts the appeal from *receipt*; for mail that is the
  recorded delivery date (until then the notice prints the rule in words, not a guessed date).
- ``notices.held_status``: the permit status a stop-work order interrupted, restored when the
  order is lifted (with a reason, journaled).
- ``occupancy_permits.occupancy_number`` / ``use_text``: an occupancy permit is numbered from
  its building permit (``2026-0042-OC1``), so no second series competes with §12.12(8).
  Permits recorded before this migration keep a NULL number (rows are never changed behind
  the journal's back); the document derives theirs from their order under the permit.
- ``notices.service_method`` gains ``posted_and_published``: a raze order is served by posting
  plus publication when the owner cannot be found (§12.17, Wis. Stat. §66.0413(1)(d)); the
  coded-value CHECK of m0005 is rebuilt with it (``coded.run_rebuilds``), which must run
  outside a transaction.
"""

from sqlite_utils import Database

from deerfield_desk.store.migrations.coded import run_rebuilds
from deerfield_desk.store.sqlscript import execute_statements

TRANSACTIONAL = False

SERVICE_METHODS = ("in_person", "posted", "first_class_mail", "posted_and_published")

SCHEMA = """
ALTER TABLE notices ADD COLUMN dates_json TEXT;
ALTER TABLE notices ADD COLUMN contractor_id INTEGER REFERENCES people(id);
ALTER TABLE notices ADD COLUMN copies_to TEXT;
ALTER TABLE notices ADD COLUMN received_at TEXT;
ALTER TABLE notices ADD COLUMN held_status TEXT;
ALTER TABLE notices ADD COLUMN lift_reason TEXT;
CREATE INDEX notices_parcel ON notices(parcel_id);

ALTER TABLE occupancy_permits ADD COLUMN occupancy_number TEXT;
ALTER TABLE occupancy_permits ADD COLUMN use_text TEXT;
CREATE UNIQUE INDEX occupancy_number ON occupancy_permits(occupancy_number);
"""


def migrate(db: Database) -> None:
    run_rebuilds(db.conn, {"notices": {"service_method": (SERVICE_METHODS, True)}})
    conn = db.conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        execute_statements(conn, SCHEMA)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
