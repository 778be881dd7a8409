"""Two processes writing the same records at once, through the store's own functions.

- papers received: both tick different items of the SAME application (``mark_received``, a
  read-check-write); every acknowledged tick must survive (a lost update drops the other's);
- permit numbers: both issue numbers at once; numbers must be unique and gapless;
- inspection results: both record a result on the same inspections ("passed" and "failed");
  the second must be refused, so an inspection with two acknowledged results lost one.
"""

from __future__ import annotations

import json
import os
import time
from datetime import date
from pathlib import Path

from deerfield_desk.errors import NotAllowed
from deerfield_desk.store import inspections as inspections_store
from deerfield_desk.store import numbering
from deerfield_desk.store.applications import mark_received
from deerfield_desk.store.register import Register, connect
from deerfield_desk.store.verify import verify_register
from tests.faults.base import CLERK

STOPS = 40


def _writer(
    db: Path, name: str, app_uuid: str, permits: list[str], ticks: int, out: int, stops: list
) -> None:
    # Without the register lock on purpose: the lock keeps a second writing process out in
    # real use, so this stands for two connections of one process (the window and a worker
    # thread); what is measured is the store's transaction discipline itself.
    reg = Register(connect(db), db, CLERK)
    result = "passed" if name == "a" else "failed"
    defects = (
        [{"section": "12.12(5)", "description": "footing too shallow", "correction": "deepen"}]
        if result == "failed"
        else []
    )
    for uuid in stops:
        try:
            inspections_store.record_result(reg, uuid, result, defects=defects)
        except NotAllowed:
            continue  # already recorded by the other: refused, not acknowledged
        os.write(out, f"result {uuid}:{result}\n".encode())
    for k in range(ticks):
        mark_received(reg, app_uuid, f"{name}-{k}")
        os.write(out, f"tick {name}-{k}\n".encode())
        if k < len(permits):
            numbering.assign_permit_number(reg, permits[k], date(2026, 6, 1))
            os.write(out, f"num {permits[k]}\n".encode())
    reg.close()


def run(folder: Path, ticks: int = 100) -> dict:
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "register.sqlite"
    started = time.monotonic()
    with Register.create(db, CLERK) as reg:
        app = reg.insert("applications", {"status": "draft", "created_at": "2026-06-01T08:00:00"})
        permits = [
            reg.insert("permits", {"kind": "building", "status": "approved", "housing_units": 0})[
                "uuid"
            ]
            for _ in range(2 * 20)
        ]
        permit_id = reg.get("permits", permits[0])["id"]
        stops = [
            reg.insert("inspections", {"permit_id": permit_id, "stage": "footing"})["uuid"]
            for _ in range(STOPS)
        ]
    children = []
    for n, name in enumerate(("a", "b")):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            code = 0
            try:
                _writer(db, name, app["uuid"], permits[n::2][:20], ticks, write_end, stops)
            except BaseException as exc:  # reported through the exit code
                os.write(write_end, f"error {type(exc).__name__}:{exc}\n".encode())
                code = 1
            finally:
                os._exit(code)
        os.close(write_end)
        children.append((pid, read_end))
    acked_ticks, acked_numbers, errors, results = set(), set(), [], {}
    for pid, read_end in children:
        data = b""
        while chunk := os.read(read_end, 65536):
            data += chunk
        os.close(read_end)
        os.waitpid(pid, 0)
        for line in data.decode().splitlines():
            kind, _, value = line.partition(" ")
            if kind == "tick":
                acked_ticks.add(value)
            elif kind == "num":
                acked_numbers.add(value)
            elif kind == "result":
                uuid, _, outcome = value.partition(":")
                results.setdefault(uuid, []).append(outcome)
            else:
                errors.append(value)
    with Register.open(db, CLERK) as reg:
        received = json.loads(reg.get("applications", app["uuid"])["received_json"])
        numbered = reg.query(
            "SELECT uuid, permit_number FROM permits WHERE permit_number IS NOT NULL"
        )
        stored = {u: reg.get("inspections", u)["result"] for u in stops}
    lost_ticks = len(acked_ticks - set(received))
    # two acknowledged results on one inspection: one of them was overwritten
    lost_results = sum(len(r) - 1 for r in results.values())
    lost_results += sum(1 for u, r in results.items() if stored[u] not in r)
    lost_numbers = len(acked_numbers - {r["uuid"] for r in numbered})
    seq = sorted(int(r["permit_number"].split("-")[1]) for r in numbered)
    return {
        "writers": 2,
        "acknowledged": len(acked_ticks) + len(acked_numbers) + sum(map(len, results.values())),
        "lost_updates": lost_ticks + lost_numbers + lost_results,
        "lost_by_kind": {"ticks": lost_ticks, "numbers": lost_numbers, "results": lost_results},
        "numbers_gapless_unique": seq == list(range(1, len(seq) + 1)),
        "errors": errors[:5],
        "verify_ok": verify_register(db).ok,
        "seconds": round(time.monotonic() - started, 1),
    }
