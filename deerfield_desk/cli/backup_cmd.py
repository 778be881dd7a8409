"""`deerfield-desk backup [--db PATH] [--to FILE] [--list]` and
`deerfield-desk restore [--db PATH] [BACKUP] [--user NAME]`.

The backup is the store's checked online backup (with the photos when rotated); a backup that
cannot be written or fails its check prints one line and exits 1. ``restore`` puts back the
named backup, or the newest good one, atomically and journaled, and refuses while another
process holds the register.
"""

from __future__ import annotations

import getpass
import sqlite3
from pathlib import Path

from deerfield_desk.cli import add_db_option
from deerfield_desk.config import register_paths
from deerfield_desk.errors import InvalidInput


def register(sub) -> None:
    parser = sub.add_parser("backup", help="back up the register (rotated unless --to is given)")
    add_db_option(parser)
    parser.add_argument("--to", metavar="FILE", help="write the backup to this file")
    parser.add_argument("--list", action="store_true", help="list this register's backups")
    parser.set_defaults(func=run)
    parser = sub.add_parser("restore", help="restore a backup (default: the newest good one)")
    add_db_option(parser)
    parser.add_argument("backup", nargs="?", help="the backup file (default: newest good)")
    parser.add_argument("--user", default=None, help="who signs the journal (default: login)")
    parser.set_defaults(func=run_restore)


def run(args) -> int:
    from deerfield_desk.store import register_file
    from deerfield_desk.store.backup import BackupFailed, back_up, list_backups
    from deerfield_desk.store.backup_check import check_backup

    db = register_paths(args.db).db
    if args.list:
        for path in list_backups(db):
            print(f"{path.name}  {check_backup(path).summary}")
        return 0
    if db.exists():  # (a missing one is back_up's own one-line refusal)
        register_file.refuse_missing_or_empty(db)  # an empty or foreign file is no register
        register_file.probe(db)
    try:
        result = back_up(db, Path(args.to) if args.to else None)
    except BackupFailed as exc:
        print(f"deerfield-desk backup: {exc}")
        return 1
    print(
        f"backup written to {result.path} ({result.path.stat().st_size:,} bytes, checked: "
        f"{result.check.summary}; {result.photos_copied} photo files copied) "
        f"in {result.seconds:.1f} s"
    )
    for problem in result.photo_problems:
        print(f"  warning: {problem}")
    return 1 if result.photo_problems else 0


def run_restore(args) -> int:
    from deerfield_desk.config import device_id
    from deerfield_desk.errors import DeskError
    from deerfield_desk.models.actor import Actor, Role
    from deerfield_desk.store.backup import newest_good_backup

    db = register_paths(args.db).db
    chosen = Path(args.backup) if args.backup else newest_good_backup(db)
    if chosen is None:
        raise InvalidInput("backup", f"no good backup of {db} was found; name one")
    from deerfield_desk.store.restore import restore_backup

    actor = Actor(args.user or getpass.getuser() or "command line", Role.CLERK, device_id())
    try:
        result = restore_backup(db, chosen, actor=actor)
    except (DeskError, OSError, sqlite3.Error) as exc:
        print(f"deerfield-desk restore: {exc}")
        return 1
    kept = f"; the replaced register is kept as {result.kept.name}" if result.kept else ""
    print(f"restored {chosen.name} over {db}{kept} ({result.photos_restored} photo files put back)")
    return 0
