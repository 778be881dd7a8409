"""``deerfield-desk deadline EVENT WHEN [--db PATH]``: when something is due, and why.

With ``--db`` the village's own holiday corrections are read from the register's ``settings``
table (keys ``holidays_added`` and ``holidays_removed``, JSON lists of ISO dates). The register
is opened read-only with the standard library, so this command never changes it.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from datetime import date, datetime
from pathlib import Path

from deerfield_desk.cli import add_db_option
from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.deadlines import EVENTS, compute_deadline


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "deadline",
        help="compute an ordinance deadline from an event date",
        description="Print the due date of an ordinance deadline as JSON. Events: "
        + ", ".join(sorted(EVENTS)),
    )
    parser.add_argument("event", metavar="EVENT", help="the kind of deadline, e.g. general_appeal")
    parser.add_argument("when", metavar="WHEN", help="YYYY-MM-DD or YYYY-MM-DDTHH:MM")
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.event not in EVENTS:
        raise InvalidInput("EVENT", f"unknown event {args.event!r} (see deadline --help)")
    when = parse_when(args.when)
    db = getattr(args, "db", None)
    calendar = load_village_calendar(db) if db else VillageCalendar()
    try:
        deadline = compute_deadline(args.event, when, calendar)
    except InvalidInput as exc:
        raise InvalidInput("WHEN", exc.rule) from None
    json.dump(deadline.to_json(), sys.stdout)
    sys.stdout.write("\n")
    return 0


def parse_when(text: str) -> date | datetime:
    """Only the two documented shapes; anything looser would guess at what the clerk meant."""
    try:
        if len(text) == 10:
            return datetime.strptime(text, "%Y-%m-%d").date()
        return datetime.strptime(text, "%Y-%m-%dT%H:%M")
    except ValueError:
        raise InvalidInput("WHEN", f"{text!r} is not YYYY-MM-DD or YYYY-MM-DDTHH:MM") from None


def load_village_calendar(db_path: str | Path) -> VillageCalendar:
    """The default calendar corrected by the clerk's holiday settings in the register.

    Reads through the store's one reader of those settings, on a read-only connection: the
    command never migrates or writes the register it is pointed at.
    """
    from deerfield_desk.models.actor import SYSTEM_ACTOR
    from deerfield_desk.store.register import Register, connect
    from deerfield_desk.store.village_calendar import village_calendar

    path = Path(db_path)
    if not path.is_file():
        raise InvalidInput("--db", f"no such register file: {db_path}")
    try:
        reg = Register(connect(path, read_only=True), path, SYSTEM_ACTOR)
        try:
            return village_calendar(reg)
        finally:
            reg.close()
    except InvalidInput as exc:
        raise InvalidInput("--db", exc.rule) from None
    except ValueError:  # a setting that is not JSON
        raise InvalidInput("--db", "the holiday settings are not valid JSON") from None
    except sqlite3.Error as exc:
        if "no such table" in str(exc):
            return VillageCalendar()  # a register without settings yet: the default stands
        raise InvalidInput("--db", f"cannot read the register {db_path}: {exc}") from None
