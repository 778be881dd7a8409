"""`deerfield-desk render KIND REF --to FILE.pdf [--db PATH]`: print any document headless.

REF is a permit number (YYYY-NNNN; an application number A-YYYY-NNNN for a decision letter)
or a notice number (N-YYYY-NNNN). The PDF is written to a temporary file beside the target and
renamed only when complete, so an unknown kind or number (exit 2, one line on stderr) or a
failure half-way never leaves a file behind.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from deerfield_desk.cli import add_db_option
from deerfield_desk.config import register_paths
from deerfield_desk.documents.target import check_target, write_atomically
from deerfield_desk.errors import InvalidInput
from deerfield_desk.store.document_records import KINDS


def register(sub) -> None:
    parser = sub.add_parser("render", help="render a permit card, placard, notice or report")
    parser.add_argument("kind", metavar="KIND", help=f"one of: {', '.join(KINDS)}")
    parser.add_argument("ref", metavar="REF", help="permit number or notice number")
    parser.add_argument("--to", metavar="FILE.pdf", required=True, help="where to write the PDF")
    parser.add_argument(
        "--temporary", action="store_true", help="occupancy: a temporary occupancy permit (§12.16)"
    )
    parser.add_argument(
        "--until",
        metavar="YYYY-MM-DD",
        help="occupancy: end of a temporary permit's term (default 30 days)",
    )
    parser.add_argument(
        "--outstanding",
        action="append",
        default=[],
        metavar="TEXT",
        help="occupancy: an item still to finish (repeatable)",
    )
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    if args.kind not in KINDS:
        raise InvalidInput(
            "KIND", f"unknown document kind {args.kind!r} (one of {', '.join(KINDS)})"
        )
    target = check_target(args.to, "--to")  # never a device node, a folder or a link
    db = register_paths(args.db).db
    if not db.exists():
        raise InvalidInput("--db", f"no register at {db}")
    data = render_from_register(db, args)
    write_atomically(target, data, "--to")
    print(f"{args.kind} {args.ref} written to {target} ({len(data):,} bytes)")
    return 0


def render_from_register(db: Path, args) -> bytes:
    from deerfield_desk.documents import RENDERERS
    from deerfield_desk.documents.village import load_village_settings
    from deerfield_desk.store.document_records import load_document
    from deerfield_desk.store.notices import village_calendar
    from deerfield_desk.store.register import Register

    reg = Register.open(db, read_only=True)  # a snapshot: never touches the owner's WAL
    try:
        request = load_document(reg, args.kind, args.ref)
        if args.kind == "occupancy" and (
            args.temporary or "occupancy" not in request.record or args.until
        ):
            request.record["occupancy"] = occupancy_options(request.record, args)
        settings = load_village_settings(reg)
        calendar = village_calendar(reg)
        return RENDERERS[args.kind](request.record, settings, calendar=calendar)
    finally:
        reg.close()


def occupancy_options(record: dict, args) -> dict:
    if args.until:
        try:
            date.fromisoformat(args.until)
        except ValueError:
            raise InvalidInput("--until", f"{args.until!r} is not a date YYYY-MM-DD") from None
    if (args.until or args.outstanding) and not args.temporary:
        raise InvalidInput("--until/--outstanding", "only for a --temporary occupancy permit")
    issued = record.get("finaled_date") or date.today().isoformat()
    return {
        "temporary": args.temporary,
        "end_date": args.until,
        "outstanding": args.outstanding,
        "issued_date": issued,
    }
