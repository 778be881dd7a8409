"""Issue 11 (lock/identity): the journal names the operating-system account.

``journal.os_account``: the account the app ran as, recorded next to the name typed at "who
is at the keyboard" and hashed into the entry when present (``journal.entry_hash``), so the
chain of entries written before this migration is unchanged. The register's
``application_id`` is set by ``Register.create`` and, for older registers, stamped once when
first opened for writing (``store/register_file.py``): a header field, not a table.
"""

from sqlite_utils import Database


def migrate(db: Database) -> None:
    columns = {c.name for c in db["journal"].columns}
    if "os_account" not in columns:
        db.execute("ALTER TABLE journal ADD COLUMN os_account TEXT")
