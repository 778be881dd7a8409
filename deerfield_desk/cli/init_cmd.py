"""`deerfield-desk init --db PATH`: create a new, empty register (the one explicit way).

Nothing else creates a register: a missing or empty ``--db`` is an error everywhere, so a typo
or a file cut off by a crash can never restart the numbering at ``YYYY-0001``.
"""

from __future__ import annotations

from deerfield_desk.cli import add_db_option
from deerfield_desk.config import register_paths


def register(sub) -> None:
    parser = sub.add_parser("init", help="create a new, empty register at --db PATH")
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from deerfield_desk.store.register import Register

    db = register_paths(args.db).db
    Register.create(db).close()
    print(f"new register created at {db}")
    return 0
