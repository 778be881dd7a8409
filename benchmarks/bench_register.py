"""The register at a million permits: start-up, search, opening a permit, memory.

Targets on the 2-core reference machine: ready ≤ 1.5 s, search p95 ≤ 100 ms, open ≤ 50 ms,
peak RSS ≤ 300 MB. Search is timed through the same store call the search box makes on each
(debounced) keystroke: the count and the first page.
"""

from __future__ import annotations

import random
import re
import statistics
import subprocess
import time

from deerfield_desk.store import register_queries as rq
from deerfield_desk.store.permit_detail import permit_detail
from deerfield_desk.store.register import connect, integrity_problems

PERMITS = 1_000_000
SMOKE_RUNS = 3
# The smoke process runs as the only child of a small parent, which then reports the child's
# peak resident memory (ru_maxrss of its children, in KB on Linux).
SMOKE_WRAPPER = (
    "import resource, subprocess, sys\n"
    "p = subprocess.run([sys.executable, '-m', 'deerfield_desk', '--db', sys.argv[1], '--smoke'],"
    " capture_output=True, text=True)\n"
    "sys.stdout.write(p.stdout)\n"
    "sys.stderr.write(p.stderr)\n"
    "print('maxrss_kb=%d' % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    "sys.exit(p.returncode)\n"
)


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def _pct(values: list[float], q: float) -> float:
    return round(statistics.quantiles(values, n=100, method="inclusive")[q - 1], 1)


def smoke(context, db) -> dict:
    ready, rss = [], []
    for _ in range(SMOKE_RUNS):
        done = subprocess.run(
            [context.python, "-c", SMOKE_WRAPPER, str(db)],
            capture_output=True, text=True, env=context.env, timeout=300,
        )  # fmt: skip
        found = re.search(r"ready_ms=(\d+) rows=(\d+)", done.stdout)
        if done.returncode != 0 or not found:
            raise RuntimeError(f"smoke failed: {done.stdout} {done.stderr}")
        ready.append(int(found.group(1)))
        rss.append(int(re.search(r"maxrss_kb=(\d+)", done.stdout).group(1)) / 1024)
    return {
        "register_ready_ms": statistics.median(ready),
        "register_ready_ms_first": ready[0],
        "register_rows": int(found.group(2)),
        "register_peak_rss_mb": round(max(rss), 1),
    }


def queries(conn, count: int = 200, seed: int = 11) -> list[str]:
    """Varied searches a clerk types: streets, names, firms, numbers, parcels, projects, and
    the partial words seen while typing."""
    rng = random.Random(seed)
    top = conn.execute("SELECT max(id) FROM permits").fetchone()[0]
    out: list[str] = []
    while len(out) < count:
        row = conn.execute(
            "SELECT permit_number, address_text, parcel_number, owner_name, contractor_name, "
            "description FROM permits WHERE id = ?",
            (rng.randint(1, top),),
        ).fetchone()
        number, address, parcel, owner, contractor, description = row
        house, street = address.split(" ", 1)
        choices = [
            street.split()[0].lower(),  # "liberty"
            street.split()[0][: rng.randint(3, 5)].lower(),  # typing: "lib"
            f"{house} {street.split()[0]}",  # "128 Hickory"
            owner.split()[-1],  # a family name
            owner,  # the whole name
            parcel,  # the parcel number
            parcel[:9],  # a partial parcel number
            rng.choice(description.split()),  # "garage"
        ]
        if number:
            choices += [number, number[:7]]  # "2019-0345", "2019-03"
        if contractor:
            choices.append(contractor.split()[0])
        out.append(rng.choice(choices))
    return out


def search_latency(db) -> dict:
    conn = connect(db)
    try:
        texts = queries(conn)
        times = []
        for text in texts:
            started = time.perf_counter()
            rq.search(conn, rq.RegisterQuery(text=text))
            times.append(time.perf_counter() - started)
    finally:
        conn.close()
    ms = [_ms(t) for t in times]
    return {
        "search_p50_ms": _pct(ms, 50),
        "search_p95_ms": _pct(ms, 95),
        "search_max_ms": max(ms),
        "search_queries": len(ms),
    }


def open_latency(db, count: int = 200) -> dict:
    conn = connect(db)
    try:
        rng = random.Random(5)
        top = conn.execute("SELECT max(id) FROM permits").fetchone()[0]
        uuids = [
            conn.execute(
                "SELECT uuid FROM permits WHERE id = ?", (rng.randint(1, top),)
            ).fetchone()[0]
            for _ in range(count)
        ]
        times = []
        for uuid in uuids:
            started = time.perf_counter()
            permit_detail(conn, uuid)
            times.append(time.perf_counter() - started)
    finally:
        conn.close()
    ms = [_ms(t) for t in times]
    return {"open_p50_ms": _pct(ms, 50), "open_p95_ms": _pct(ms, 95)}


def integrity_cost(db) -> dict:
    """What Register.open's quick_check + foreign_key_check would cost at this size (the app
    runs it after the window shows for registers this big; see ui/integrity_check.py)."""
    conn = connect(db, read_only=True)
    try:
        started = time.perf_counter()
        problems = integrity_problems(conn)
        elapsed = time.perf_counter() - started
    finally:
        conn.close()
    return {"open_quick_check_ms": _ms(elapsed), "open_quick_check_ok": not problems}


def run(context) -> dict:
    db = context.demo_register(PERMITS)
    results = {"register_db_mb": round(db.stat().st_size / 2**20)}
    results.update(smoke(context, db))
    results.update(search_latency(db))
    results.update(open_latency(db))
    results.update(integrity_cost(db))
    return results
