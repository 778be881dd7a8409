"""Issue 11, finding 2: one transaction per decision, tested with two real processes.

Before: ``mark_received``, ``record_result``, notice moves and ``bill_fee`` read and checked a
record outside the write transaction and wrote it back afterwards: 400 acknowledged ticks from
two processes left 200, and an acknowledged "passed" was overwritten by "failed".
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

import pytest

from deerfield_desk.errors import NotAllowed
from deerfield_desk.store import applications, inspections, ledger, notices
from deerfield_desk.store.register import Register, connect
from tests.inspections_fixtures import NOW, make_permit

WORKER = str(Path(__file__).with_name("hammer_worker.py"))
ROOT = str(Path(__file__).resolve().parent.parent)


def start(db, *args) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, WORKER, str(db), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**__import__("os").environ, "PYTHONPATH": ROOT},
    )
    assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
    return proc


def run_together(db, *jobs) -> list[list[str]]:
    procs = [start(db, *job) for job in jobs]
    Path(f"{db}.go").touch()
    outputs = []
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        outputs.append(out.splitlines())
    return outputs


def test_two_processes_ticking_papers_lose_no_tick(register, db_path):
    app = applications.save_draft(register, {"description": "garage"})
    acks = run_together(
        db_path, ("ticks", app["uuid"], "a", "200"), ("ticks", app["uuid"], "b", "200")
    )
    acknowledged = {line.split()[1] for out in acks for line in out if line.startswith("ack")}
    assert len(acknowledged) == 400
    received = json.loads(register.get("applications", app["uuid"])["received_json"])
    assert set(received) == acknowledged  # every acknowledged tick is there: 400, not ~200


def test_passed_is_never_overwritten_by_failed(register, db_path):
    uuids = []
    for round_ in range(6):  # one permit a round: a stage has one open request at a time
        permit = make_permit(register, number=f"2026-{round_ + 1:04d}")
        stages = [p.stage.code for p in inspections.planned_stages(register, permit["uuid"])]
        for stage in stages:
            row = inspections.request_inspection(
                register, permit["uuid"], stage, requested_by="Dana", requested_at=NOW
            )
            uuids.append(row["uuid"])
    outputs = run_together(db_path, ("results", "passed", *uuids), ("results", "failed", *uuids))
    acked = {
        result: {line.split()[1] for line in out if line.startswith("ack")}
        for result, out in zip(("passed", "failed"), outputs, strict=True)
    }
    assert not acked["passed"] & acked["failed"]  # never both acknowledged
    assert acked["passed"] | acked["failed"] == set(uuids)
    for result, acknowledged in acked.items():
        for uuid in acknowledged:  # what was acknowledged is what is stored
            assert register.get("inspections", uuid)["result"] == result


def test_refusals_inside_a_decision_write_nothing(register):
    permit = make_permit(register)
    fee = ledger.add_fee(register, permit=permit, code="engineering", description="engineering",
                         amount_cents=None, basis="31.11(1)")  # fmt: skip
    ledger.bill_fee(register, fee["uuid"], 12_500, "engineer's invoice 42")
    journal_before = register.query_one("SELECT count(*) AS n FROM journal")["n"]
    with pytest.raises(NotAllowed):
        ledger.bill_fee(register, fee["uuid"], 99_999, "billed twice")
    assert register.get("fees", fee["uuid"])["amount_cents"] == 12_500
    assert register.query_one("SELECT count(*) AS n FROM journal")["n"] == journal_before
    assert not register.conn.in_transaction


def test_a_notice_cannot_be_moved_from_a_state_another_desk_already_left(register, db_path):
    permit = make_permit(register)
    notice = notices.draft_notice(
        register, "violation", facts="Deck stairs without handrail.", sections=["12.20"],
        permit_id=permit["id"],
    )  # fmt: skip
    notices.issue_notice(register, notice["uuid"], datetime(2026, 12, 1, 9, 0))
    other = Register(connect(db_path), db_path, register.actor)  # a second desk
    try:
        notices.withdraw_notice(other, notice["uuid"], "issued to the wrong lot", date(2026, 12, 2))
    finally:
        other.conn.close()
    with pytest.raises(NotAllowed):
        notices.mark_complied(register, notice["uuid"], date(2026, 12, 3))
    assert register.get("notices", notice["uuid"])["status"] == "withdrawn"


def test_a_failed_commit_rolls_back_and_leaves_the_connection_usable(register, db_path):
    """A deferred foreign key makes COMMIT itself fail (as a full disk or an I/O error would)."""
    permit = make_permit(register)
    with pytest.raises(sqlite3.IntegrityError), register.transaction():
        register.conn.execute("PRAGMA defer_foreign_keys = ON")
        register.insert("people", {"name": "Written with the bad row"})
        register.conn.execute(
            "INSERT INTO inspections (uuid, permit_id, stage, result) "
            "VALUES ('orphan', 999999, 'footing', 'requested')"
        )
    assert not register.conn.in_transaction
    assert register.query("SELECT * FROM people WHERE name = 'Written with the bad row'") == []
    register.insert("people", {"name": "Written after"})  # the connection works on
    reader = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        names = {r[0] for r in reader.execute("SELECT name FROM people")}
    finally:
        reader.close()
    assert "Written after" in names and "Written with the bad row" not in names
    assert register.get("permits", permit["uuid"])
