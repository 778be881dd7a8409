"""`deerfield-desk backup [--db PATH] [--to FILE]`: an online backup (SQLite backup API)."""

from __future__ import annotations

from pathlib import Path

from deerfield_desk.cli import add_db_option
from deerfield_desk.config import register_paths
from deerfield_desk.errors import InvalidInput


def register(sub) -> None:
    parser = sub.add_parser("backup", help="back up the register (rotated unless --to is given)")
    add_db_option(parser)
    parser.add_argument("--to", metavar="FILE", help="write the backup to this file")
    parser.set_defaults(func=run)


def run(args) -> int:
    from deerfield_desk.store import register_file
    from deerfield_desk.store.backup import is_good, make_backup

    db = register_paths(args.db).db
    if not db.exists():
        raise InvalidInput("--db", f"no register at {db}")
    register_file.refuse_missing_or_empty(db)  # an empty or foreign file is no register
    register_file.probe(db)
    target = make_backup(db, Path(args.to) if args.to else None)
    if not is_good(target):
        print(f"backup written to {target} but it fails its own check")
        return 1
    print(f"backup written to {target} ({target.stat().st_size:,} bytes, checked)")
    return 0
