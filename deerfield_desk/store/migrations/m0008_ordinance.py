"""Issue 13: each erosion checklist visit records which version of the list it answered, and
whether the site was a larger one (31.06(3)) — a larger site may be minor, so the class alone
(minor, major, larger) cannot say it.

Why: Exhibit A is "established by the Village Engineer and approved by the Village Board"
(31.10(2)); when the Village replaces our reading with the adopted text, a visit answered
against the earlier list must still say so.
"""

from sqlite_utils import Database


def migrate(db: Database) -> None:
    db.execute("ALTER TABLE checklist_visits ADD COLUMN checklist_version TEXT")
    db.execute(
        "ALTER TABLE checklist_visits ADD COLUMN larger_site INTEGER NOT NULL DEFAULT 0 "
        "CHECK (larger_site IN (0, 1))"
    )
