"""Benchmark: export a year of 10,000 permits and 50,000 inspections to every format.

Targets (issue 18): ≤ 10 s wall time and ≤ 400 MB peak resident memory for the whole
``deerfield-desk export`` command, every format (eleven record sheets and CSVs, the BLDS feed,
the annual report, the archive). ``bench_workbook.py`` times the workbook alone with both
writers side by side. The register is built here with executemany bulk inserts
(no journal: the benchmark measures the export, not the clerk's typing), then the real command
runs in a child process so its own peak RSS is measured, start-up included.

    python -m benchmarks.bench_exports        # prints one JSON object
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

YEAR = 2025
PERMITS = 10_000
INSPECTIONS = 50_000
# Every notice is printed into the archive (~15-20 ms of CPU each), so the count is a very busy
# village year, not a city's.
NOTICES = 60
LIMIT_SECONDS = 10.0
LIMIT_RSS_MB = 400.0
STAGES = ("footing", "foundation", "rough", "insulation", "final")
RESULTS = ("passed",) * 6 + ("failed", "partial", "not_ready", "cancelled")
KINDS = ("building",) * 6 + ("erosion_control",) * 2 + ("demolition", "satellite_dish", "moving")


def build_register(path: Path, seed: int = 2025) -> dict:
    """A register with a busy year, written with executemany in one transaction."""
    from deerfield_desk.store.register import Register

    rnd = random.Random(seed)
    from deerfield_desk.documents.village import VillageSettings, save_village_settings

    register = Register.create(path)  # schema through the migrations
    # The office's letterhead, as a village that prints notices has it: without it every
    # notice of the archive fails to print and the benchmark would time a shortcut.
    save_village_settings(register, VillageSettings(
        name="Village of Deerfield", address="4 North Main Street, Deerfield, WI 53531",
        phone="(608) 555-0142", clerk="Robin Clerk", inspector="Lee Inspector",
    ))  # fmt: skip
    register.close()
    conn = __import__("sqlite3").connect(str(path))
    conn.execute("PRAGMA journal_mode = WAL")
    permits = []
    for n in range(1, PERMITS + 1):
        month, day = rnd.randint(1, 12), rnd.randint(1, 28)
        units = rnd.choice((0, 0, 0, 0, 1, 1, 2, 3, 6)) if n % 3 == 0 else 0
        permits.append(
            (n, str(uuid.UUID(int=rnd.getrandbits(128))), f"{YEAR}-{n:05d}", rnd.choice(KINDS),
             rnd.choice(("issued", "finaled", "extended")), "dwelling" if units < 3 else
             "multifamily", f"Work on site {n}: new construction and grading", rnd.randint(
                 1_000, 900_000) * 100, units, f"{n} Main St", f"0810-{n:06d}", f"Owner {n}",
             f"Builder {n % 97}", f"{YEAR}-{month:02d}-01", f"{YEAR}-{month:02d}-{day:02d}")
        )  # fmt: skip
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO permits (id, uuid, permit_number, kind, status, structure, description, "
        "estimated_cost_cents, housing_units, address_text, parcel_number, owner_name, "
        "contractor_name, applied_date, issued_date) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        permits,
    )
    conn.executemany(
        "INSERT INTO inspections (permit_id, uuid, stage, result, scheduled_for, inspected_at, "
        "inspector, notes) VALUES (?,?,?,?,?,?,?,?)",
        (
            (i % PERMITS + 1, str(uuid.UUID(int=rnd.getrandbits(128))), STAGES[i % 5],
             rnd.choice(RESULTS), permits[i % PERMITS][14], permits[i % PERMITS][14] + "T10:00",
             "Lee Inspector", "checked per plan")
            for i in range(INSPECTIONS)
        ),
    )  # fmt: skip
    conn.executemany(
        "INSERT INTO fees (id, permit_id, uuid, code, description, amount_cents, created_at) "
        "VALUES (?,?,?,?,?,?,?)",
        ((n, n, str(uuid.UUID(int=rnd.getrandbits(128))), "BLDG", "Permit fee",
          rnd.randint(50, 2000) * 100, permits[n - 1][14]) for n in range(1, PERMITS + 1)),
    )  # fmt: skip
    conn.executemany(
        "INSERT INTO payments (fee_id, uuid, amount_cents, method, paid_at) VALUES (?,?,?,?,?)",
        ((n, str(uuid.UUID(int=rnd.getrandbits(128))), 10_000, "check", permits[n - 1][14])
         for n in range(1, PERMITS + 1)),
    )  # fmt: skip
    conn.executemany(
        "INSERT INTO deposits (permit_id, uuid, kind, amount_cents, received_at, status) "
        "VALUES (?,?,?,?,?,?)",
        ((n, str(uuid.UUID(int=rnd.getrandbits(128))), "completion_deposit", 100_000,
          permits[n - 1][14], rnd.choice(("held", "refunded"))) for n in range(1, PERMITS, 4)),
    )  # fmt: skip
    conn.executemany(
        "INSERT INTO notices (uuid, notice_number, kind, permit_id, status, issued_at) "
        "VALUES (?,?,?,?,?,?)",
        ((str(uuid.UUID(int=rnd.getrandbits(128))), f"N-{YEAR}-{n:04d}", "violation", n * 20,
          "issued", permits[n * 20 - 1][14]) for n in range(1, NOTICES + 1)),
    )  # fmt: skip
    # journaled as the app would have (verify replays the journal, and the archive is made
    # only from a register that passes verify)
    from deerfield_desk.models.actor import SYSTEM_ACTOR
    from deerfield_desk.store.bulk import journal_rows
    from deerfield_desk.store.journal import utc_now

    tables = ("permits", "inspections", "fees", "payments", "deposits", "notices")
    journal_rows(conn, SYSTEM_ACTOR, tables, utc_now())
    conn.execute("COMMIT")
    conn.close()
    return {"permits": PERMITS, "inspections": INSPECTIONS}


def run(context: dict | None = None) -> dict:
    context = context or {}
    if not context.get("workdir"):
        with tempfile.TemporaryDirectory(prefix="bench-exports-") as scratch:
            return run({**context, "workdir": scratch})
    root = Path(context["workdir"])
    db = root / "register.sqlite"
    if db.exists():
        db.unlink()
    started = time.perf_counter()
    build_register(db)
    build_s = time.perf_counter() - started
    out = root / "out"
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    env["DEERFIELD_DESK_HOME"] = str(root / "home")
    command = [sys.executable, "-m", "deerfield_desk", "export", "--db", str(db), "--year",
               str(YEAR), "--to", str(out)]  # fmt: skip
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    polled = _poll_peak_rss(child)
    _stdout, stderr = child.communicate()
    seconds = time.perf_counter() - started
    peak = max(polled, _children_peak_rss())
    if child.returncode != 0:
        raise RuntimeError(f"export failed: {stderr.decode()[-2000:]}")
    sizes = {p.name: p.stat().st_size for p in sorted(out.iterdir())}
    return {
        "benchmark": "exports",
        "permits": PERMITS,
        "inspections": INSPECTIONS,
        "notices": NOTICES,
        "build_register_s": round(build_s, 2),
        "export_all_formats_s": round(seconds, 2),
        "peak_rss_mb": round(peak / 2**20, 1),
        "limit_s": LIMIT_SECONDS,
        "limit_rss_mb": LIMIT_RSS_MB,
        "ok": seconds <= LIMIT_SECONDS and peak / 2**20 <= LIMIT_RSS_MB,
        "output_bytes": sizes,
    }


def _children_peak_rss() -> int:
    """The kernel's high-water mark over finished children (this process starts only the
    export as a child), in bytes; 0 where the platform has no ``resource`` module."""
    try:
        import resource
    except ImportError:
        return 0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _poll_peak_rss(child: subprocess.Popen) -> int:
    """Sampled peak RSS while the child runs, summed over the export and the processes it
    starts (the archive's verify and its notice printer run beside the writers)."""
    import psutil

    try:
        proc = psutil.Process(child.pid)
    except psutil.Error:
        return 0
    peak = 0
    while child.poll() is None:
        try:
            tree = [proc, *proc.children(recursive=True)]
            total = 0
            for member in tree:
                with contextlib.suppress(psutil.Error):  # a helper that just ended
                    total += member.memory_info().rss
            peak = max(peak, total)
        except psutil.Error:
            break
        time.sleep(0.05)
    return peak


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
