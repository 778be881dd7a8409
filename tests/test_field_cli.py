"""`deerfield-desk field …` and `demo field-day` as real second processes, as the clerk and the
inspector would run them: JSON on stdout, refusals on stderr with exit code 1."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from deerfield_desk.store.register import Register
from deerfield_desk.store.verify import verify_register
from tests.field_fixtures import office_day


def cli(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "deerfield_desk", *map(str, args)],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=180,
    )


def test_checkout_field_day_return_checkin_from_the_command_line(tmp_path, clerk):
    office = tmp_path / "office" / "register.sqlite"
    with Register.create(office, clerk) as reg:
        office_day(reg)
    copy, pack = tmp_path / "laptop" / "field.sqlite", tmp_path / "stick" / "return.ddfield"

    out = cli("field", "checkout", "--db", office, "--to", copy, "--device", "laptop-1")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["device"] == "laptop-1" and summary["blocks"] == ["N-2026-0001…N-2026-0030"]

    again = cli("field", "checkout", "--db", office, "--to", tmp_path / "x.sqlite",
                "--device", "laptop-1")  # fmt: skip
    assert again.returncode == 1 and "never checked in" in again.stderr
    assert not (tmp_path / "x.sqlite").exists()

    day = cli("demo", "field-day", "--db", copy, "--seed", "3", "--results", "3", "--photos", "2")
    assert day.returncode == 0, day.stderr
    recorded = json.loads(day.stdout)
    assert recorded["photos"] == 2 and recorded["notice"].startswith("N-")
    assert recorded["passed"] + recorded["failed"] + recorded["partial"] == 3

    ret = cli("field", "return", "--db", copy, "--to", pack)
    assert ret.returncode == 0, ret.stderr
    assert json.loads(ret.stdout)["photos"] == 6

    first = cli("field", "checkin", pack, "--db", office)
    assert first.returncode == 0, first.stderr
    result = json.loads(first.stdout)
    assert set(result) == {"applied", "already_present", "conflicts", "released_numbers"}
    entries = json.loads(ret.stdout)["entries"]
    # the copy's number-series steps (start of its notice block, the number it gave) travel
    # in the pack for the chain but are not applied: the office reserved the block
    series_steps = 2
    assert result["applied"] == entries - series_steps
    assert result["already_present"] == series_steps
    assert len(result["released_numbers"]) == 29  # one used for the stop-work order
    second = json.loads(cli("field", "checkin", pack, "--db", office).stdout)
    assert second["applied"] == 0 and second["already_present"] == entries

    assert verify_register(office).ok and verify_register(copy).ok
    audit = cli("field", "audit", pack, "--db", office)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert json.loads(audit.stdout)["applied"] == result["applied"]
    status = json.loads(cli("field", "status", "--db", office).stdout)
    assert status == {"out": [], "open_conflicts": []}


def test_field_day_refuses_an_office_register(tmp_path, clerk):
    office = tmp_path / "register.sqlite"
    with Register.create(office, clerk) as reg:
        office_day(reg)
    out = cli("demo", "field-day", "--db", office)
    assert out.returncode == 1 and "field copy" in out.stderr
