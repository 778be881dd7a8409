"""`deerfield-desk demo --permits N [--db PATH] [--seed S]`: build a demo register.

`deerfield-desk demo field-day --db FIELD [--seed S]` records a day of field work in a field
copy instead (see ``store.field.demo_day``).

Made-up permits for trying the app and for the benchmarks; every record journaled, so
``deerfield-desk verify`` passes on it. Writes only into a new file.
"""

from __future__ import annotations

import sys
import time

from deerfield_desk.cli import add_db_option
from deerfield_desk.config import demo_paths, register_paths
from deerfield_desk.errors import InvalidInput


def register(sub) -> None:
    parser = sub.add_parser("demo", help="build a demo register of made-up permits")
    parser.add_argument(
        "what",
        nargs="?",
        choices=["register", "field-day"],
        default="register",
        help="register (default): a new demo register; field-day: a day's work in a field copy",
    )
    add_db_option(parser)
    parser.add_argument("--results", type=int, default=20, help="field-day: inspection results")
    parser.add_argument("--photos", type=int, default=40, help="field-day: photos taken")
    parser.add_argument("--permits", type=int, default=300, metavar="N", help="how many permits")
    parser.add_argument(
        "--seed", type=int, default=1, metavar="S", help="the same seed, the same data"
    )
    parser.set_defaults(func=run)


def run(args) -> int:
    from deerfield_desk.demo import generate_demo

    if args.what == "field-day":
        return run_field_day(args)
    if args.permits < 1:
        raise InvalidInput("--permits", "make at least one permit")
    db = register_paths(args.db).db if args.db else demo_paths().db
    started = time.perf_counter()
    try:
        gen = generate_demo(db, permits=args.permits, seed=args.seed)
        last = 0.0
        while True:
            try:
                step = next(gen)
            except StopIteration as stop:
                summary = stop.value
                break
            now = time.perf_counter()
            if sys.stderr.isatty() and now - last > 1:
                print(f"\r{step.label}", end="", file=sys.stderr, flush=True)
                last = now
    except InvalidInput as exc:
        raise InvalidInput(f"--{exc.field}", exc.rule) from exc
    counts = ", ".join(f"{n:,} {table}" for table, n in summary.items() if table != "path")
    print(f"demo register written to {db} in {time.perf_counter() - started:.1f} s: {counts}")
    return 0


def run_field_day(args) -> int:
    import json

    from deerfield_desk.config import device_id
    from deerfield_desk.errors import NotAllowed
    from deerfield_desk.models.actor import Actor, Role
    from deerfield_desk.store.field.demo_day import record_field_day
    from deerfield_desk.store.register import Register

    if not args.db:
        raise InvalidInput("--db", "name the field copy to record the day in")
    db = register_paths(args.db).db
    if not db.exists():
        raise InvalidInput("--db", f"no field copy at {db}")
    started = time.perf_counter()
    with Register.open(db, Actor("Field Inspector", Role.INSPECTOR, device_id())) as reg:
        try:
            counts = record_field_day(
                reg, seed=args.seed, results=args.results, photo_count=args.photos
            )
        except NotAllowed as exc:
            print(f"deerfield-desk: {exc}", file=sys.stderr)
            return 1
    counts["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(counts))
    return 0
