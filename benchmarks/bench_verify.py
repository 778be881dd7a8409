"""Benchmark: ``verify`` on the export benchmark's busy year (10,000 permits, 50,000 inspections).

Why: the year's archive is made only from a register that passes every check of ``verify``,
and the export runs that check in a second process beside its writers
(``exports/verify_alongside.py``). On two cores its CPU counts against the export's 10 s as
much as the writers' (issue 18), so this times it on its own, on the very register
``bench_exports.py`` builds:

- ``verify_archive_check_*``: the check exactly as the export runs it: ``VerifyAlongside`` on a
  snapshot copy of the register (``full=False``: quick_check), in its spawned process; CPU is
  that process's user + system time, imports included. Target: ≤ 3 s of CPU.
- ``verify_command_*``: the ``deerfield-desk verify`` command in a child process (full
  integrity check, photos), as the clerk runs it.

    python -m benchmarks.bench_verify        # prints one JSON object
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_CHECK_CPU_S = 3.0


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _archive_check(db: Path, copy: Path) -> tuple[float, float]:
    """Wall and CPU seconds of the export's own check of a snapshot copy of ``db``."""
    from deerfield_desk.exports.verify_alongside import VerifyAlongside
    from deerfield_desk.store.verify import read_witness

    shutil.copyfile(db, copy)  # the export's snapshot: a copy of the register's file
    witnessed = read_witness(db)
    cpu, started = _children_cpu(), time.perf_counter()
    check = VerifyAlongside(copy, db, witnessed)
    try:
        check.wait()
    finally:
        check.stop()
    return time.perf_counter() - started, _children_cpu() - cpu


def _command(db: Path, home: Path) -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    env["DEERFIELD_DESK_HOME"] = str(home)
    cpu, started = _children_cpu(), time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "deerfield_desk", "verify", "--db", str(db)],
        env=env,
        capture_output=True,
        text=True,
    )
    seconds, used = time.perf_counter() - started, _children_cpu() - cpu
    if done.returncode != 0:
        raise RuntimeError(f"verify failed on the benchmark register: {done.stdout[-2000:]}")
    return seconds, used


def run(context: dict | None = None) -> dict:
    context = context or {}
    if not context.get("workdir"):
        with tempfile.TemporaryDirectory(prefix="bench-verify-") as scratch:
            return run({**context, "workdir": scratch})
    from benchmarks.bench_exports import build_register

    root = Path(context["workdir"])
    db = root / "register.sqlite"
    build_register(db)
    import sqlite3

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    entries = conn.execute("SELECT count(*) FROM journal").fetchone()[0]
    conn.close()
    check_s, check_cpu = _archive_check(db, root / "snapshot.sqlite")
    command_s, command_cpu = _command(db, root / "home")
    return {
        "verify_journal_entries": entries,
        "verify_archive_check_s": round(check_s, 2),
        "verify_archive_check_cpu_s": round(check_cpu, 2),
        "verify_archive_check_target_cpu_s": TARGET_CHECK_CPU_S,
        "verify_archive_check_ok": check_cpu <= TARGET_CHECK_CPU_S,
        "verify_command_s": round(command_s, 2),
        "verify_command_cpu_s": round(command_cpu, 2),
        "verify_load_average": round(os.getloadavg()[0], 2),
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
