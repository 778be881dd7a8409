"""Issue 12 item 12: the register's id in the journal head, not only in the chain.

Why: the id a register's journal declares (its version-2 format entry, hashed into every later
entry) is what tells two registers apart when field copies, backups and archives meet. Finding it
meant searching the journal for the newest format entry; and a head copied from another register
went unnoticed until the whole chain was walked. The head row now carries the id itself:
``journal.register_id`` reads it in one look-up and ``verify`` checks it against the chain.
Registers with a format entry get the id filled in here; older ones when they declare it.
"""

from sqlite_utils import Database

from deerfield_desk.store import journal


def migrate(db: Database) -> None:
    db.conn.execute("ALTER TABLE journal_head ADD COLUMN register_id TEXT")
    declared = journal.current_format(db.conn).register_id
    if declared is not None:
        db.conn.execute("UPDATE journal_head SET register_id = ? WHERE id = 1", (declared,))
