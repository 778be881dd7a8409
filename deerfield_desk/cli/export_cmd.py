"""Year-end and start-up commands of the exports layer.

- ``export --year YYYY --to DIR [--format csv,xlsx,blds,pdf,archive]``: the year's files;
- ``verify-archive DIR``: is an archive exactly as it was written? (exit 0 yes, 1 no);
- ``import-register FILE``: bring in the old spreadsheet register (rejects written beside it);
- ``state-report``: which monthly state reports of new dwellings are due, and when.
"""

from __future__ import annotations

import getpass
import sys
from datetime import date
from pathlib import Path

from deerfield_desk.cli import add_db_option
from deerfield_desk.config import register_paths
from deerfield_desk.errors import InvalidInput


def register(sub) -> None:
    p = sub.add_parser("export", help="export a year: CSV, XLSX, BLDS, annual report, archive")
    add_db_option(p)
    p.add_argument("--year", required=True, help="the year to export, e.g. 2025")
    p.add_argument("--to", required=True, metavar="DIR", help="the folder to write into")
    p.add_argument(
        "--format",
        default="csv,xlsx,blds,pdf,archive",
        help="comma-separated: csv, xlsx, blds, pdf, archive (default: all)",
    )
    p.add_argument(
        "--permit-cards",
        action="store_true",
        help="also print every permit's card into the archive (slow: ~70 ms a permit)",
    )
    p.set_defaults(func=run_export)
    p = sub.add_parser(
        "verify-archive", help="check an archive against its manifest and the register"
    )
    add_db_option(p)
    p.add_argument("folder", metavar="DIR")
    p.set_defaults(func=run_verify)
    p = sub.add_parser("import-register", help="import permits from an old CSV/XLSX register")
    add_db_option(p)
    p.add_argument("file", metavar="FILE")
    p.add_argument("--rejects", metavar="FILE", help="where rejected rows go (default: beside)")
    p.add_argument("--user", default=None, help="who signs the journal (default: login name)")
    p.set_defaults(func=run_import)
    p = sub.add_parser("state-report", help="monthly state reports of new dwellings due")
    add_db_option(p)
    p.set_defaults(func=run_state_report)


def _db(args) -> Path:
    db = register_paths(args.db).db
    if not db.exists():
        raise InvalidInput("--db", f"no register at {db}")
    return db


def _cli_actor():
    from deerfield_desk.config import device_id
    from deerfield_desk.models.actor import Actor, Role

    return Actor(getpass.getuser() or "command line", Role.CLERK, device_id())


def run_export(args) -> int:
    from deerfield_desk.exports.year_export import export_year

    gen = export_year(
        _db(args),
        args.year,
        Path(args.to),
        args.format.split(","),
        permit_cards=args.permit_cards,
        actor=_cli_actor(),
    )
    last = ""
    while True:
        try:
            step = next(gen)
        except StopIteration as stop:
            result = stop.value
            break
        if step.label != last:
            print(f"  {step.label}", file=sys.stderr)
            last = step.label
    counts = ", ".join(f"{n:,} {name}" for name, n in result.counts.items())
    print(f"Exported {result.year} to {result.folder}: {counts}")
    for path in result.files:
        print(f"  {path.name}")
    for warning in result.warnings:
        print(f"warning: {warning}")
    return 0


def run_verify(args) -> int:
    from deerfield_desk.exports.archive import verify_archive

    folder = Path(args.folder)
    if not folder.is_dir():
        raise InvalidInput("DIR", f"{folder} is not a folder")
    report = verify_archive(folder, register_paths(args.db).db)
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


def run_import(args) -> int:
    from deerfield_desk.config import device_id
    from deerfield_desk.importing.importer import initial_mapping, read_source, run_import
    from deerfield_desk.models.actor import Actor, Role
    from deerfield_desk.store.register import Register

    actor = Actor(args.user or getpass.getuser() or "command line", Role.CLERK, device_id())
    with Register.open(_db(args), actor, purpose="deerfield-desk import") as reg:
        table = read_source(args.file)
        mapping = initial_mapping(reg, table.headers)
        result = run_import(reg, table.path, mapping, args.rejects)
    print(
        f"Imported {result.imported:,} permits; {result.already_present:,} already in the "
        f"register; {result.rejected:,} rejected"
    )
    if result.rejects_path:
        print(f"Rejected rows and their reasons: {result.rejects_path}")
    return 1 if result.rejected else 0


def run_state_report(args) -> int:
    from deerfield_desk.exports.state_report import BASIS, state_reports
    from deerfield_desk.store.register import Register

    today = date.today()
    with Register.open(_db(args), read_only=True) as reg:
        reports = state_reports(reg, today)
    print(f"New one- and two-family dwelling permits, due to the state by the 15th ({BASIS})")
    for report in reports:
        print(f"  {report.line(today)}")
    if not reports:
        print("  none in the last twelve months")
    return 0
