"""Start-up and shutdown of the window on the million-permit register, against a floor.

Targets (issue 16, "Start-up and shutdown"): measured side by side in one run against a bare
PySide6 window with a table (``benchmarks/startup_floor.py``), the window is ready on the
1,000,000-permit register in ≤ 5× the floor's time, and the process is gone ≤ 0.5 s after its
window closes. Runs alternate (floor, app, floor, app…) so both see the same machine load;
medians are reported.

Ready is what ``--smoke`` prints: milliseconds from process start until the register's first
rows have been painted. Shutdown is measured from the moment the child reports ready (it then
closes its window at once) until the process has exited, by the parent's clock.

The package is byte-compiled first (``compileall``): an installed app has its ``.pyc`` files,
and with ``PYTHONDONTWRITEBYTECODE`` set (as on the reference machine) every start would
otherwise compile ~400 modules from source (about 1.7 s), a cost no user ever pays.

Alone: ``python -m benchmarks.run --only startup``.
"""

from __future__ import annotations

import compileall
import os
import re
import statistics
import subprocess
import time

RUNS = int(os.environ.get("BENCH_STARTUP_RUNS", "5"))
READY = re.compile(r"ready_ms=(\d+) rows=(\d+)")
RATIO_TARGET = 5.0
EXIT_TARGET_S = 0.5


def _one(command: list[str], env: dict) -> tuple[int, int, float]:
    """ready_ms, rows, seconds from the ready line to the process gone."""
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)  # fmt: skip
    try:
        line = child.stdout.readline()
        reported = time.perf_counter()
        child.wait(timeout=600)
        gone = time.perf_counter()
    except BaseException:
        child.kill()
        raise
    found = READY.search(line)
    if child.returncode != 0 or not found:
        raise RuntimeError(f"{command[2:]} failed: {line!r} {child.stderr.read()[-2000:]}")
    return int(found.group(1)), int(found.group(2)), gone - reported


def run(context) -> dict:
    compileall.compile_dir(str(context.root / "deerfield_desk"), quiet=1)
    db = context.demo_register(1_000_000)
    env = dict(context.env)
    floor_cmd = [context.python, "-m", "benchmarks.startup_floor"]
    app_cmd = [context.python, "-m", "deerfield_desk", "--db", str(db), "--smoke"]
    _one(floor_cmd, env)  # warm the file cache for both (not counted)
    _one(app_cmd, env)
    floor, app, floor_exit, app_exit = [], [], [], []
    rows = 0
    for _ in range(RUNS):
        ready, _rows, gone = _one(floor_cmd, env)
        floor.append(ready)
        floor_exit.append(gone)
        ready, rows, gone = _one(app_cmd, env)
        app.append(ready)
        app_exit.append(gone)
    ratios = [a / f for a, f in zip(app, floor, strict=True)]
    out = {
        "startup_runs": RUNS,
        "startup_floor_ready_ms": statistics.median(floor),
        "startup_1m_ready_ms": statistics.median(app),
        "startup_1m_rows": rows,
        "startup_1m_ratio": round(statistics.median(ratios), 2),
        "startup_1m_ratio_runs": [round(r, 2) for r in ratios],
        "startup_floor_exit_s": round(statistics.median(floor_exit), 3),
        "startup_1m_exit_s": round(statistics.median(app_exit), 3),
        "startup_1m_exit_s_max": round(max(app_exit), 3),
    }
    out["startup_1m_ratio_met"] = out["startup_1m_ratio"] <= RATIO_TARGET
    out["startup_1m_exit_met"] = out["startup_1m_exit_s"] <= EXIT_TARGET_S
    return out
