"""People and firms on file, several contractors per permit (issue 16, items 1-2).

Why these columns:
- ``people.credential_expires``: a Wisconsin credential (Dwelling Contractor, electrician,
  plumber, HVAC) runs out; the clerk records when, and every screen that names the contractor
  warns once it has passed. Old rows keep NULL (unknown), which verify's replay reads as the
  column's default, so no row changes behind the journal's back.
- ``permit_contractors``: a permit names a general contractor and, often, separate
  electrical, plumbing and HVAC contractors. Each row copies the credential number and expiry
  the clerk saw when the trade was named, so the record says what was on file that day even
  after the person's credential is renewed. A replaced contractor is voided with the reason,
  never deleted (the trigger refuses it); at most one active row per permit and trade.
- Three expression indexes let "is this person already on file?" (asked on every Add) look
  up the folded name, the phone's digits and the start of the address instead of reading
  every person (the directory grows by one owner per parcel). The expressions are the ones
  ``store.people`` queries with, frozen here.
The trade codes are frozen here, as a shipped migration must be
(``models.codes.ContractorTrade``; ``tests/test_coded_values.py`` keeps them in step).
"""

from sqlite_utils import Database

from deerfield_desk.store.sqlscript import execute_statements

TRADES = ("general", "electrical", "plumbing", "hvac")
STATUSES = ("active", "voided")
PHONE_DIGITS = (
    "replace(replace(replace(replace(replace(replace(coalesce(phone, ''), '-', ''), ' ', ''), "
    "'(', ''), ')', ''), '.', ''), '+', '')"
)


def _listed(codes: tuple[str, ...]) -> str:
    return ", ".join(f"'{code}'" for code in codes)


SCHEMA = f"""
ALTER TABLE people ADD COLUMN credential_expires TEXT;
CREATE TABLE permit_contractors (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    permit_id INTEGER NOT NULL REFERENCES permits(id),
    person_id INTEGER NOT NULL REFERENCES people(id),
    trade TEXT NOT NULL,
    credential_number TEXT,
    credential_expires TEXT,
    added_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT,
    CONSTRAINT permit_contractors_trade_code CHECK (trade IN ({_listed(TRADES)})),
    CONSTRAINT permit_contractors_status_code CHECK (status IN ({_listed(STATUSES)}))
);
CREATE INDEX permit_contractors_permit ON permit_contractors(permit_id, trade);
CREATE INDEX permit_contractors_person ON permit_contractors(person_id);
CREATE UNIQUE INDEX permit_contractors_one_per_trade
    ON permit_contractors(permit_id, trade) WHERE status = 'active';
CREATE INDEX people_on_file_name ON people(lower(trim(name)));
CREATE INDEX people_on_file_phone ON people({PHONE_DIGITS});
CREATE INDEX people_on_file_address ON people(lower(trim(mailing_address)));
CREATE TRIGGER permit_contractors_no_delete BEFORE DELETE ON permit_contractors BEGIN
    SELECT RAISE(ABORT, 'official records are never deleted: void them with a reason');
END;
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
