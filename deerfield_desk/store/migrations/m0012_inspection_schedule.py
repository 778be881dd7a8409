"""Issue 17 (the inspector's day): why a request moved, why it was cancelled, why a stage was
recorded out of order, and which voided result a new one corrects.

Why columns on ``inspections`` and not a new table: each is one fact about one visit that the
card, the permit's stage list and the printed notice show beside the visit itself; the journal
already keeps every earlier value with who changed it and when.

- ``schedule_reason``: the reason given the last time the visit was rescheduled.
- ``cancel_reason``: why a request was cancelled (the holder called it off, a duplicate…).
- ``order_reason``: why a stage was recorded before stages §12.12(5) puts ahead of it.
- ``corrects_id``: the voided result this visit records again (a result is never edited:
  it is voided with a reason and recorded anew, so both stay on file).

No new index: the one-open-request check reads a permit's few visits through
``inspections_permit``, and ``ADD COLUMN`` rewrites nothing, so a million-permit register
migrates at once.
"""

from sqlite_utils import Database

from deerfield_desk.store.sqlscript import execute_statements

SCHEMA = """
ALTER TABLE inspections ADD COLUMN schedule_reason TEXT;
ALTER TABLE inspections ADD COLUMN cancel_reason TEXT;
ALTER TABLE inspections ADD COLUMN order_reason TEXT;
ALTER TABLE inspections ADD COLUMN corrects_id INTEGER REFERENCES inspections(id);
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
