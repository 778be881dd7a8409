"""The field exchange: check-out, a day's return pack, check-in; and a million-permit copy.

Targets on the 2-core reference machine (issue 15): on a 10,000-permit register, check-out
≤ 3 s; a day's return (20 results, 40 photos of 3 MB) written ≤ 2 s and checked in ≤ 5 s. On
the 1,000,000-permit register: check-out completes, and the field copy opens with ``--smoke``
ready ≤ 1.5 s. The day itself is recorded by ``store.field.demo_day`` (the same code as
``deerfield-desk demo field-day``) and is set-up, not timed.

Alone: ``python -m benchmarks.run --only field``.
"""

from __future__ import annotations

import re
import shutil
import statistics
import subprocess
import tempfile
import time
from datetime import datetime
from pathlib import Path

from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store.field.checkin import checkin
from deerfield_desk.store.field.checkout import checkout
from deerfield_desk.store.field.demo_day import record_field_day
from deerfield_desk.store.field.pack import write_return
from deerfield_desk.store.register import Register

CLERK = Actor("Bench Clerk", Role.CLERK, "bench-office")
INSPECTOR = Actor("Bench Inspector", Role.INSPECTOR, "bench-laptop")
SMOKE_RUNS = 3


def _copy_register(source: Path, folder: Path) -> Path:
    """A private copy of a cached register (the cache is never written by this bench)."""
    target = folder / "office" / "register.sqlite"
    target.parent.mkdir(parents=True)
    shutil.copyfile(source, target)
    return target


def day_round_trip(context, work: Path) -> dict:
    office_db = _copy_register(context.demo_register(10_000), work)
    out: dict = {}
    with Register.open(office_db, CLERK) as office:
        started = time.perf_counter()
        checkout(office, work / "laptop" / "field.sqlite", "bench-laptop")
        out["field_checkout_10k_s"] = round(time.perf_counter() - started, 2)
    with Register.open(work / "laptop" / "field.sqlite", INSPECTOR) as field:
        day = record_field_day(field, seed=7, results=20, photo_count=40,
                               photo_bytes=3_000_000, day=datetime(2026, 12, 1, 8, 0))  # fmt: skip
    out["field_day_results"] = day["passed"] + day["failed"] + day["partial"]
    out["field_day_photos"] = day["photos"]
    pack = work / "stick" / "return.ddfield"
    started = time.perf_counter()
    summary = write_return(work / "laptop" / "field.sqlite", pack)
    out["field_return_write_s"] = round(time.perf_counter() - started, 2)
    out["field_return_mb"] = round(summary.bytes / 1e6, 1)
    out["field_return_entries"] = summary.entries
    with Register.open(office_db, CLERK) as office:
        started = time.perf_counter()
        result = checkin(office, pack)
        out["field_checkin_s"] = round(time.perf_counter() - started, 2)
    out["field_checkin_applied"] = result.applied
    return out


def million(context, work: Path) -> dict:
    office_db = _copy_register(context.demo_register(1_000_000), work)
    copy = work / "laptop" / "field.sqlite"
    with Register.open(office_db, CLERK, check=False) as office:
        started = time.perf_counter()
        checkout(office, copy, "bench-laptop")
        seconds = time.perf_counter() - started
    ready = []
    for _ in range(SMOKE_RUNS):
        done = subprocess.run(
            [context.python, "-m", "deerfield_desk", "--db", str(copy), "--smoke"],
            capture_output=True, text=True, env=context.env, timeout=600,
        )  # fmt: skip
        found = re.search(r"ready_ms=(\d+) rows=(\d+)", done.stdout)
        if done.returncode != 0 or not found:
            raise RuntimeError(f"field copy smoke failed: {done.stdout} {done.stderr}")
        ready.append(int(found.group(1)))
    return {
        "field_checkout_1m_s": round(seconds, 1),
        "field_copy_1m_ready_ms": statistics.median(ready),
        "field_copy_1m_ready_ms_first": ready[0],
        "field_copy_1m_rows": int(found.group(2)),
    }


def run(context) -> dict:
    results = {}
    with tempfile.TemporaryDirectory(dir=context.cache) as tmp:
        results.update(day_round_trip(context, Path(tmp)))
    with tempfile.TemporaryDirectory(dir=context.cache) as tmp:
        results.update(million(context, Path(tmp)))
    return results
