"""`deerfield-desk render KIND REF --to FILE.pdf [--db PATH]`: print any document headless.

REF is a permit number (YYYY-NNNN; an application number A-YYYY-NNNN for a decision letter),
a notice number (N-YYYY-NNNN), or a year (YYYY) for the annual report. The PDF is written to
a temporary file beside the target and renamed only when complete, so an unknown kind or
number (exit 2, one line on stderr) or a failure half-way never leaves a file behind.
"""

from __future__ import annotations

from pathlib import Path

from deerfield_desk.cli import add_db_option
from deerfield_desk.config import register_paths
from deerfield_desk.documents import RENDERERS
from deerfield_desk.documents.target import check_target, write_atomically
from deerfield_desk.errors import InvalidInput

#: the kinds ``documents.render`` prints, without importing the store's record loaders (every
#: command line builds this parser; ``store.document_records.KINDS`` is the same list)
KINDS = sorted(RENDERERS)


def register(sub) -> None:
    parser = sub.add_parser("render", help="render a permit card, placard, notice or report")
    parser.add_argument("kind", metavar="KIND", help=f"one of: {', '.join(KINDS)}")
    parser.add_argument(
        "ref", metavar="REF", help="permit number, notice number, or year (annual-report)"
    )
    parser.add_argument("--to", metavar="FILE.pdf", required=True, help="where to write the PDF")
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
    from deerfield_desk import documents
    from deerfield_desk.store.register import Register

    reg = Register.open(db, read_only=True)  # a snapshot: never touches the owner's WAL
    try:
        # an occupancy permit prints only as recorded in the register (§12.16)
        return documents.render(args.kind, args.ref, reg)
    finally:
        reg.close()
