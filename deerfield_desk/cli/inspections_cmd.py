"""`deerfield-desk inspections today|stages`: the field day and a permit's stages, headless.

The same store functions as the Today screen and the permit dialog, so a clerk can print the
route or answer "which inspections are still open at 12 Main St?" without the GUI.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import date

from deerfield_desk.cli import add_db_option
from deerfield_desk.config import register_paths
from deerfield_desk.errors import InvalidInput


def register(sub) -> None:
    parser = sub.add_parser("inspections", help="the day's route or a permit's inspections")
    inner = parser.add_subparsers(dest="inspections_command", metavar="WHAT", required=True)
    today = inner.add_parser("today", help="the day's inspections in route order")
    add_db_option(today)
    today.add_argument("--date", metavar="YYYY-MM-DD", help="another day (default: today)")
    today.add_argument("--json", action="store_true", help="one JSON list instead of lines")
    today.set_defaults(func=run_today)
    stages = inner.add_parser("stages", help="a permit's stages and where each stands")
    add_db_option(stages)
    stages.add_argument("permit_number", metavar="PERMIT", help="permit number, e.g. 2026-0012")
    stages.set_defaults(func=run_stages)


def _open(args):
    from deerfield_desk.store.register import Register

    db = register_paths(getattr(args, "db", None)).db
    if not db.exists():
        raise InvalidInput("--db", f"no register at {db}")
    return Register.open(db, read_only=True)  # reads only: never the owner's WAL


def run_today(args) -> int:
    from deerfield_desk.store.field_day import day_stops

    try:
        day = date.fromisoformat(args.date) if args.date else date.today()
    except ValueError:
        raise InvalidInput("--date", "give the day as YYYY-MM-DD") from None
    with _open(args) as reg:
        stops = day_stops(reg, day)
    if args.json:
        print(json.dumps([asdict(s) for s in stops], indent=2))
        return 0
    for number, stop in enumerate(stops, start=1):
        late = "  [asked < 48 h, §12.12(5)]" if stop.late_request else ""
        print(
            f"{stop.route_order or number:>2}. {stop.time or '--:--'}  {stop.address}  "
            f"permit {stop.permit_number}  {stop.stage_title} (§{stop.section})  "
            f"{stop.phone}  {stop.result}{late}"
        )
        for defect in stop.open_defects:
            print(
                f"      open: {defect.get('description') or defect['correction']} "
                f"({defect['section']})"
            )
    if not stops:
        print(f"no inspections scheduled for {day.isoformat()}")
    return 0


def run_stages(args) -> int:
    from deerfield_desk.store.inspections import stage_results

    with _open(args) as reg:
        permit = reg.query_one(
            "SELECT uuid FROM permits WHERE permit_number = ?", (args.permit_number,)
        )
        if permit is None:
            raise InvalidInput("PERMIT", f"no permit numbered {args.permit_number}")
        rows = stage_results(reg, permit["uuid"])
    for planned, latest in rows:
        if planned.waived:
            status = f"waived: {planned.reason}"
        elif latest is None:
            status = "not inspected"
        else:
            status = f"{latest['result']} {latest['inspected_at']}"
        print(f"§{planned.stage.section:<13} {planned.stage.title:<48} {status}")
    return 0
