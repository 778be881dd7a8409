"""Issue 16.1-2 (third session): an imported permit's owner can be linked to a person on file.

Why a column on ``permits``: a permit filed through the wizard names its owner through its
application (``applications.owner_id``), but a permit brought in from the old spreadsheet
register has no application, only the owner's name as it was typed. Correcting that owner
from the permit window makes (or picks) a person on file and links the permit to them here,
so the phone, the mailing address and every later correction follow the person, and a notice
finds an address. NULL: not linked (the typed ``owner_name`` is all there is), or the owner
comes from the application. The index serves "which permits name this person" (the orphan
check of a discarded application reads every column that references ``people``).
"""

from sqlite_utils import Database


def migrate(db: Database) -> None:
    db.execute("ALTER TABLE permits ADD COLUMN owner_id INTEGER REFERENCES people(id)")
    db.execute("CREATE INDEX IF NOT EXISTS permits_owner_id ON permits(owner_id)")
