"""``kill -9`` at random moments while a child process writes through the store.

The child (forked, so no interpreter start-up per cycle) opens the register and keeps writing
with the store's own functions: new permits, edits, permit numbers, now and then a photo. After
each write returns it reports it on a pipe ("acknowledged"). The parent kills it with SIGKILL
at a random moment, reopens the register and checks that every acknowledged write is there
(a later, unacknowledged write may have landed too: that is not a loss), that permit numbers
stay gapless, and that ``verify`` passes. Linux/macOS only (fork).
"""

from __future__ import annotations

import os
import random
import select
import signal
import time
from datetime import date
from pathlib import Path

from deerfield_desk.config import Paths
from deerfield_desk.store import numbering
from deerfield_desk.store.photos import import_photo
from deerfield_desk.store.register import Register
from deerfield_desk.store.verify import verify_register
from tests.faults.base import CLERK, photo_file

YEAR = 2026


def _child(db: Path, out: int, cycle: int, seed: int, camera: Path) -> None:
    rng = random.Random(seed)
    reg = Register.open(db, CLERK)
    mine: list[str] = []
    k = 0
    while True:
        k += 1
        op = rng.random()
        if op < 0.45 or not mine:
            row = reg.insert(
                "permits",
                {"kind": "building", "status": "approved", "description": f"{cycle}:{k}",
                 "address_text": f"{k} Main St", "housing_units": 0},
            )  # fmt: skip
            mine.append(row["uuid"])
            line = f"desc {row['uuid']} {cycle}:{k}"
        elif op < 0.75:
            target = rng.choice(mine)
            reg.update("permits", target, {"description": f"{cycle}:{k}"})
            line = f"desc {target} {cycle}:{k}"
        elif op < 0.93:
            target = mine.pop(rng.randrange(len(mine)))
            permit = numbering.assign_permit_number(reg, target, date(YEAR, 5, 1))
            line = f"num {target} {permit['permit_number']}"
        else:
            inspection = reg.insert(
                "inspections",
                {"permit_id": reg.get("permits", rng.choice(mine))["id"], "stage": "footing"},
            )
            photo = photo_file(camera / f"p{cycle}-{k}.jpg", rng.choice(["red", "blue", "gray"]))
            row = import_photo(reg, Paths(db), photo, "inspections", inspection["uuid"])
            line = f"photo {row['uuid']} {row['sha256']}"
        os.write(out, (line + "\n").encode())


def run(folder: Path, cycles: int = 200, seed: int = 11, max_delay: float = 0.3) -> dict:
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "register.sqlite"
    camera = folder / "camera"
    camera.mkdir(exist_ok=True)
    Register.create(db, CLERK).close()
    rng = random.Random(seed)
    expected: dict[str, tuple[int, int]] = {}  # permit uuid -> last acknowledged (cycle, k)
    numbers: dict[str, str] = {}
    photos: dict[str, str] = {}
    acknowledged = lost = verify_failures = gaps = 0
    problems: list[str] = []
    started = time.monotonic()
    for cycle in range(cycles):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: write until killed
            os.close(read_end)
            try:
                _child(db, write_end, cycle, seed * 100_003 + cycle, camera)
            finally:
                os._exit(0)
        os.close(write_end)
        data = b""
        deadline = time.monotonic() + rng.uniform(0.0, max_delay)
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([read_end], [], [], left)
            if ready:
                data += os.read(read_end, 65536)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        while chunk := os.read(read_end, 65536):  # acks written before the kill
            data += chunk
        os.close(read_end)
        for line in data.decode().splitlines():
            if line.count(" ") != 2:  # (a pipe write this short is atomic: never torn)
                continue
            kind, key, value = line.split(" ")
            acknowledged += 1
            if kind == "desc":
                c, k = value.split(":")
                expected[key] = (int(c), int(k))
            elif kind == "num":
                numbers[key] = value
            else:
                photos[key] = value
        with Register.open(db, CLERK) as reg:
            rows = {
                r["uuid"]: r
                for r in reg.query("SELECT uuid, description, permit_number FROM permits")
            }
            attached = {r["uuid"] for r in reg.query("SELECT uuid FROM attachments")}
            last = reg.query_one(
                "SELECT last FROM number_series WHERE series = 'permit' AND year = ?", (YEAR,)
            )
            issued = sorted(
                int(r["permit_number"].split("-")[1]) for r in rows.values() if r["permit_number"]
            )
        cycle_lost = 0
        for uuid, (c, k) in expected.items():
            row = rows.get(uuid)
            if row is None:
                cycle_lost += 1
                continue
            rc, rk = (int(x) for x in row["description"].split(":"))
            if (rc, rk) < (c, k):
                cycle_lost += 1
        cycle_lost += sum(
            1 for u, n in numbers.items() if (rows.get(u) or {}).get("permit_number") != n
        )
        cycle_lost += sum(1 for u in photos if u not in attached)
        if issued != list(range(1, len(issued) + 1)) or (issued and last["last"] != issued[-1]):
            gaps += 1
        if cycle_lost:
            problems.append(f"cycle {cycle}: {cycle_lost} acknowledged writes missing")
        lost = max(lost, cycle_lost)  # a loss stays lost: count each write once
        report = verify_register(db)
        if not report.ok:
            verify_failures += 1
            problems.append(f"cycle {cycle}: verify: {report.problems[:2]}")
    return {
        "cycles": cycles,
        "acknowledged": acknowledged,
        "lost": lost,
        "number_gaps": gaps,
        "verify_failures": verify_failures,
        "permits": len(rows),
        "photos": len(photos),
        "seconds": round(time.monotonic() - started, 1),
        "problems": problems[:10],
    }
