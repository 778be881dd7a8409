"""`deerfield-desk field checkout|return|checkin|abandon|conflicts`: the field exchange.

    field checkout --db OFFICE --to FILE --device NAME   write a field copy for a laptop
    field return --db FIELD --to FILE                     write the laptop's return pack
    field checkin FILE --db OFFICE                        check the pack in (prints one JSON)
    field abandon --db OFFICE --device NAME --reason TXT  give up a copy, keep it as a file
    field audit FILE --db OFFICE                          the pack and the office agree?
    field status --db OFFICE                              copies out, conflicts open

The same store functions as File → Field. A refusal prints one line on stderr and exits 1;
bad input exits 2.
"""

from __future__ import annotations

import getpass
import json
import sys

from deerfield_desk.cli import add_db_option
from deerfield_desk.config import device_id, register_paths
from deerfield_desk.errors import InvalidInput


def register(sub) -> None:
    parser = sub.add_parser("field", help="check work out to a laptop and back in")
    inner = parser.add_subparsers(dest="field_command", metavar="WHAT", required=True)

    out = inner.add_parser("checkout", help="write a field copy of the office register")
    add_db_option(out)
    out.add_argument("--to", required=True, metavar="FILE", help="the field copy to write")
    out.add_argument("--device", required=True, metavar="NAME", help="the laptop's name")
    _user(out)
    out.set_defaults(func=run_checkout)

    ret = inner.add_parser("return", help="write the return pack of a field copy")
    add_db_option(ret)
    ret.add_argument("--to", required=True, metavar="FILE", help="the return pack to write")
    ret.set_defaults(func=run_return)

    back = inner.add_parser("checkin", help="check a return pack into the office register")
    back.add_argument("pack", metavar="FILE", help="the return pack")
    add_db_option(back)
    _user(back)
    back.set_defaults(func=run_checkin)

    drop = inner.add_parser("abandon", help="close a device's copy without checking it in")
    add_db_option(drop)
    drop.add_argument("--device", required=True, metavar="NAME")
    drop.add_argument("--reason", required=True, metavar="TEXT", help="why (journaled)")
    _user(drop)
    drop.set_defaults(func=run_abandon)

    audit = inner.add_parser("audit", help="prove a checked-in pack and the office agree")
    audit.add_argument("pack", metavar="FILE", help="the return pack that was checked in")
    add_db_option(audit)
    audit.set_defaults(func=run_audit)

    status = inner.add_parser("status", help="copies out in the field and open conflicts")
    add_db_option(status)
    status.set_defaults(func=run_status)


def _user(parser) -> None:
    parser.add_argument("--user", metavar="NAME", help="who is doing it (default: login name)")


def _open(args, *, must_exist=True):
    from deerfield_desk.models.actor import Actor, Role
    from deerfield_desk.store.register import Register

    db = register_paths(getattr(args, "db", None)).db
    if must_exist and not db.exists():
        raise InvalidInput("--db", f"no register at {db}")
    name = getattr(args, "user", None) or getpass.getuser() or "command line"
    return Register.open(db, Actor(name, Role.CLERK, device_id()))


def _refused(exc) -> int:
    if isinstance(exc, InvalidInput):
        raise InvalidInput(f"--{exc.field}", exc.rule) from exc
    print(f"deerfield-desk: {exc}", file=sys.stderr)
    return 1


def run_checkout(args) -> int:
    from deerfield_desk.errors import DeskError
    from deerfield_desk.store.field.checkout import checkout

    with _open(args) as reg:
        try:
            result = checkout(reg, args.to, args.device)
        except DeskError as exc:
            return _refused(exc)
    print(json.dumps(result.summary()))
    return 0


def run_return(args) -> int:
    from deerfield_desk.errors import DeskError
    from deerfield_desk.store.field.pack import write_return

    db = register_paths(getattr(args, "db", None)).db
    try:
        summary = write_return(db, args.to)
    except DeskError as exc:
        return _refused(exc)
    print(json.dumps(summary.as_dict()))
    return 0


def run_checkin(args) -> int:
    from deerfield_desk.errors import DeskError
    from deerfield_desk.store.field.checkin import checkin

    with _open(args) as reg:
        try:
            result = checkin(reg, args.pack)
        except DeskError as exc:
            return _refused(exc)
    print(json.dumps(result.as_dict()))
    return 0


def run_abandon(args) -> int:
    from deerfield_desk.errors import DeskError
    from deerfield_desk.store.field.checkout import abandon

    with _open(args) as reg:
        try:
            row, released = abandon(reg, args.device, args.reason)
        except DeskError as exc:
            return _refused(exc)
    print(
        json.dumps(
            {"abandoned": row["device"], "copy": row["copy_path"], "released_numbers": released}
        )
    )
    return 0


def run_audit(args) -> int:
    from deerfield_desk.errors import DeskError
    from deerfield_desk.store.field.audit import audit_pack

    with _open(args) as reg:
        try:
            report = audit_pack(reg, args.pack)
        except DeskError as exc:
            return _refused(exc)
    print(json.dumps(report.as_dict()))
    return 0 if report.ok else 1


def run_status(args) -> int:
    from deerfield_desk.store.field.checkout import outstanding
    from deerfield_desk.store.field.conflicts import describe, open_conflicts

    with _open(args) as reg:
        out = outstanding(reg)
        queued = [describe(reg, c) for c in open_conflicts(reg)]
    print(
        json.dumps(
            {
                "out": [
                    {"device": r["device"], "since": r["checked_out_at"], "copy": r["copy_path"]}
                    for r in out
                ],
                "open_conflicts": queued,
            },
            indent=1,
        )
    )
    return 0
