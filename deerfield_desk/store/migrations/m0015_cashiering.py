"""Cashiering and counter search (issue 16, items 3 and 6).

Why each:
- ``receipts``: one numbered receipt per payment handed over the counter, which may settle
  several fee lines (a building permit, its erosion fee and the placard in one check). The
  payer, method and check number belong to the receipt, not to each line. The number comes
  from the register's ``receipt`` series (``R-YYYY-NNNN``), so it is in order and never reused;
  a mis-keyed receipt is voided with a reason (``voided_at``), never edited or deleted.
- ``payments.receipt_id``: each fee line's share of a receipt. Payments recorded before this
  migration keep NULL (their hand-written receipt number stays in ``receipt_number``).
- ``receipts_received`` / ``receipts_check``: the daily deposit report reads one day's
  receipts off the index; the duplicate-check warning looks a check number up.
- ``people_phone_digits``: the counter is asked by phone number in any formatting
  (608-555-0142, (608) 555 0142); this expression index holds the digits only, built from
  SQLite's own ``replace()`` so every connection (and any SQLite tool) can use it.
- ``applications_owner`` / ``_applicant`` / ``_contractor``: from a person found by phone to
  the permits they are party to, without a scan of a million applications.
"""

from sqlite_utils import Database

from deerfield_desk.store.sqlscript import execute_statements

#: Frozen as shipped (coded_columns.py names the enums; test_coded_values compares them).
METHODS = ("cash", "check", "card", "money_order")
STATUSES = ("active", "voided")

#: Phone number digits: the same expression the search uses (store/counter_search.py).
PHONE_DIGITS = (
    "replace(replace(replace(replace(replace(replace(replace("
    "phone, '-', ''), ' ', ''), '(', ''), ')', ''), '.', ''), '+', ''), '/', '')"
)


def _codes(values) -> str:
    return ", ".join(f"'{v}'" for v in values)


SCHEMA = f"""
CREATE TABLE receipts (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    receipt_number TEXT NOT NULL UNIQUE,
    received_at TEXT NOT NULL,
    payer_name TEXT NOT NULL,
    method TEXT NOT NULL,
    check_number TEXT,
    amount_cents INTEGER NOT NULL,
    application_id INTEGER REFERENCES applications(id),
    received_by TEXT NOT NULL,
    note TEXT,
    status TEXT NOT NULL DEFAULT 'active',
    void_reason TEXT,
    voided_at TEXT,
    CONSTRAINT receipts_method_code CHECK (method IN ({_codes(METHODS)})),
    CONSTRAINT receipts_status_code CHECK (status IN ({_codes(STATUSES)}))
);
CREATE INDEX receipts_received ON receipts(received_at);
CREATE INDEX receipts_check ON receipts(check_number);
CREATE INDEX receipts_application ON receipts(application_id);
CREATE TRIGGER receipts_no_delete BEFORE DELETE ON receipts BEGIN
    SELECT RAISE(ABORT, 'official records are never deleted: void them with a reason');
END;
ALTER TABLE payments ADD COLUMN receipt_id INTEGER REFERENCES receipts(id);
CREATE INDEX payments_receipt ON payments(receipt_id);
CREATE INDEX payments_receipt_number ON payments(receipt_number);
CREATE INDEX people_phone_digits ON people({PHONE_DIGITS});
CREATE INDEX IF NOT EXISTS applications_owner ON applications(owner_id);
CREATE INDEX IF NOT EXISTS applications_applicant ON applications(applicant_id);
CREATE INDEX IF NOT EXISTS applications_contractor ON applications(contractor_id);
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
