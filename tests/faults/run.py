"""``make test-faults``: the bounded fault harness of issue 11; prints ONE JSON object.

    python -m tests.faults.run [--cycles 200] [--quick]

- ``kill9``: SIGKILL cycles of a child writing through the store (tests/faults/kill_cycles.py);
- ``two_writers``: two processes on the same records (tests/faults/two_writers.py);
- ``tampering``: every kind in tests/faults/tampering.py against a fresh copy, detected/missed;
- ``bad_input``: the CLI, import and photo corpus with tracebacks counted (bad_input.py).
Targets: 0 lost, 0 lost updates, 0 missed, 0 tracebacks. Exit code 0 only when all are met.
Bounded: about two minutes on two cores (``--quick`` for a smoke run).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from deerfield_desk.store.verify import verify_register
from tests.faults import bad_input, kill_cycles, two_writers
from tests.faults.base import build_base, copy_base
from tests.faults.tampering import KINDS


def tampering(folder: Path) -> dict:
    started = time.monotonic()
    base = folder / "base"
    info = build_base(base)
    if not verify_register(base / "register.sqlite").ok:
        return {"kinds": len(KINDS), "error": "the untouched base register fails verify"}
    missed, errors = [], []
    for n, (name, fn) in enumerate(sorted(KINDS.items())):
        db = copy_base(base, folder / f"t{n}")
        try:
            fn(db, info)
        except Exception as exc:  # noqa: BLE001 - a kind that could not be applied
            errors.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        if verify_register(db).ok:
            missed.append(name)
        shutil.rmtree(db.parent, ignore_errors=True)
    return {
        "kinds": len(KINDS),
        "detected": len(KINDS) - len(missed) - len(errors),
        "missed": len(missed),
        "missed_kinds": missed,
        "not_applied": errors,
        "seconds": round(time.monotonic() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.faults.run")
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="20 cycles, 20 ticks")
    args = parser.parse_args(argv)
    cycles = 20 if args.quick else args.cycles
    root = Path(tempfile.mkdtemp(prefix="deerfield-faults-"))
    started = time.monotonic()
    try:
        result = {
            "kill9": kill_cycles.run(root / "kill", cycles=cycles),
            "two_writers": two_writers.run(root / "two", ticks=20 if args.quick else 100),
            "tampering": tampering(root / "tamper"),
            "bad_input": bad_input.run(root / "bad"),
        }
    finally:
        shutil.rmtree(root, ignore_errors=True)
    result["seconds"] = round(time.monotonic() - started, 1)
    result["targets_met"] = (
        result["kill9"]["lost"] == 0
        and result["kill9"]["verify_failures"] == 0
        and result["kill9"]["number_gaps"] == 0
        and result["two_writers"]["lost_updates"] == 0
        and result["tampering"].get("missed", 1) == 0
        and not result["tampering"].get("not_applied")
        and result["bad_input"]["tracebacks"] == 0
    )
    print(json.dumps(result, indent=1))
    return 0 if result["targets_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
