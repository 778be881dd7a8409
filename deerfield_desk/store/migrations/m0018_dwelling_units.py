"""Issue 16.4: the number of dwelling units is kept on the application.

Why a column and not only the saved wizard state: the Census C-404 and state reports, and the
annual report, read it across thousands of applications; ``project_json`` is the draft's
working copy. NULL means "not a dwelling" or "not asked" (applications filed before this);
the wizard refuses 0 or fewer, and the check keeps any other writer to the same.
"""

from sqlite_utils import Database


def migrate(db: Database) -> None:
    db.execute(
        "ALTER TABLE applications ADD COLUMN dwelling_units INTEGER "
        "CONSTRAINT applications_dwelling_units_positive "
        "CHECK (dwelling_units IS NULL OR dwelling_units >= 1)"
    )
