"""A backup of a large register while another process keeps writing, and a restore of it.

Why: the backup API restarts whenever the source changes between two steps; copied in small
steps, a 144 MB register being written never finished (issue 11, finding 6: not done after
140 s). ``store.backup`` copies in one step. This measures, on a demo register of about that
size: the backup's time while a second process inserts permits as fast as it can, how many
writes the writer committed meanwhile (it must keep going), the backup's full check, and an
atomic restore of that backup. Run alone: ``python -m benchmarks.bench_backup``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

PERMITS = 60_000  # about 144 MB with the journal and the indexes (the size of finding 6)
WRITER = """
import sys
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store.register import Register
reg = Register.open(sys.argv[1], Actor("Bench Writer", Role.CLERK, "bench"))
print("ready", flush=True)
n = 0
while True:
    reg.insert("permits", {"kind": "building", "address_text": f"{n} Busy St",
                           "description": "written during the backup " * 20})
    n += 1
"""


def _count(path: Path) -> int:
    import sqlite3

    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT count(*) FROM permits").fetchone()[0]
    finally:
        conn.close()


def run(context) -> dict:
    from deerfield_desk.models.actor import Actor, Role
    from deerfield_desk.store import backup
    from deerfield_desk.store.restore import restore_backup

    source = context.demo_register(PERMITS)
    work = Path(context["cache_dir"]) / "backup-bench"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    db = work / "register.sqlite"
    shutil.copy(source, db)
    env = dict(context["env"], PYTHONPATH=str(context["root"]))
    writer = subprocess.Popen([context["python"], "-c", WRITER, str(db)], env=env,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert writer.stdout.readline().strip() == "ready"
        before = _count(db)
        began = time.perf_counter()
        result = backup.back_up(db)
        seconds = time.perf_counter() - began
        during = _count(db) - before
    finally:
        writer.kill()
        writer.wait()
    began = time.perf_counter()
    restore_backup(db, result.path, actor=Actor("Bench", Role.CLERK, "bench"))
    restore_seconds = time.perf_counter() - began
    out = {
        "backup_register_mb": round(db.stat().st_size / 2**20, 1),
        "backup_under_writes_s": round(seconds, 2),
        "backup_writes_committed_meanwhile": during,
        "backup_checked_good": result.check.good,
        "restore_s": round(restore_seconds, 2),
    }
    shutil.rmtree(work, ignore_errors=True)
    return out


if __name__ == "__main__":
    from benchmarks.run import Context

    print(json.dumps(run(Context()), indent=1))
