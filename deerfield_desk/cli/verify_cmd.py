"""`deerfield-desk verify [--db PATH]`: integrity, foreign keys and the journal chain."""

from __future__ import annotations

from deerfield_desk.cli import add_db_option
from deerfield_desk.config import register_paths


def register(sub) -> None:
    parser = sub.add_parser("verify", help="check the register's integrity and journal chain")
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from deerfield_desk.store.verify import verify_register

    report = verify_register(register_paths(args.db).db)
    print("\n".join(report.lines()))
    return 0 if report.ok else 1
