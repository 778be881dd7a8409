"""Issue 17 (field rules): what the caller confirmed about an odd inspection request.

``odd_confirmed`` holds the odd things about a request that the person recording it was
asked about and confirmed ("night: Asked at: 04:00 is the middle of the night…"), one per
line; NULL for an ordinary request. Why kept on the visit: the store refuses an odd request
nobody confirmed (a typed year, 04:00, a Saturday slot), so an odd one on file must say it was
meant, and the permit's record shows it beside the visit. ``ADD COLUMN`` rewrites nothing, so
a million-permit register migrates at once.
"""

from sqlite_utils import Database

from deerfield_desk.store.sqlscript import execute_statements

SCHEMA = """
ALTER TABLE inspections ADD COLUMN odd_confirmed TEXT;
"""


def migrate(db: Database) -> None:
    execute_statements(db.conn, SCHEMA)
