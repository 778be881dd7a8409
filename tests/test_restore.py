"""Issue 11, finding 4: a restore that is atomic, owned, journaled and identity-checked."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
import time
from datetime import datetime

import pytest

from deerfield_desk.errors import DeskError
from deerfield_desk.store import backup, journal
from deerfield_desk.store.register import Register
from deerfield_desk.store.restore import RestoreRefused, restore_backup
from deerfield_desk.store.verify import verify_register
from tests.test_backup_safety import add_permits, damage_an_index, open_or_create

START = datetime(2026, 11, 1, 17, 0)
ENV = dict(os.environ, PYTHONPATH=os.getcwd())


def count(path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT count(*) FROM permits").fetchone()[0]
    finally:
        conn.close()


@pytest.fixture
def backed_up(db_path, clerk):
    """A register with 2 permits, backed up, then given a third."""
    add_permits(db_path, clerk, 2)
    made = backup.make_backup(db_path, now=START)
    add_permits(db_path, clerk, 1, prefix="Later")
    return made


def test_a_restore_is_journaled_in_the_restored_register(db_path, clerk, backed_up):
    result = restore_backup(db_path, backed_up, actor=clerk)
    assert count(db_path) == 2 and count(result.kept) == 3
    reg = Register.open(db_path, clerk)
    try:
        assert journal.verify_chain(reg.conn).ok
        (row,) = reg.query("SELECT * FROM restores")
        assert row["backup_name"] == backed_up.name
        assert row["backup_taken_at"] == "2026-11-01T17:00:00"
        assert row["replaced_kept_as"] == result.kept.name
        assert row["backup_sha256"] == result.check.sha256
        last = reg.query_one("SELECT * FROM journal ORDER BY seq DESC LIMIT 1")
        assert (last["table_name"], last["action"]) == ("restores", "insert")
        assert last["user_name"] == "Pat Clerk"
    finally:
        reg.close()
    # verify sees a restore for what it is: the rows, the chain and the head witness agree
    report = verify_register(db_path)
    assert report.ok, report.problems


def test_any_sqlite_file_is_not_a_backup(db_path, clerk, backed_up, tmp_path):
    other = tmp_path / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE permits (x)")
    conn.commit()
    conn.close()
    with pytest.raises(RestoreRefused, match="not a Deerfield Desk register"):
        restore_backup(db_path, other, actor=clerk)
    assert count(db_path) == 3


def test_a_backup_of_another_register_is_refused(db_path, clerk, backed_up, tmp_path):
    stranger = tmp_path / "elsewhere" / "register.sqlite"
    add_permits(stranger, clerk, 5)
    theirs = backup.make_backup(stranger, now=START)
    with pytest.raises(RestoreRefused, match="not a backup of the register"):
        restore_backup(db_path, theirs, actor=clerk)
    assert count(db_path) == 3
    assert list(db_path.parent.glob("*.replaced-*")) == []
    assert list(db_path.parent.glob("*.partial")) == []


def test_a_backup_may_be_restored_into_a_new_empty_register(db_path, clerk, backed_up, tmp_path):
    fresh = tmp_path / "new-laptop" / "register.sqlite"
    open_or_create(fresh, clerk).close()  # created, nothing recorded yet
    restore_backup(fresh, backed_up, actor=clerk)
    assert count(fresh) == 2


def test_a_damaged_backup_is_refused(db_path, clerk, backed_up):
    damage_an_index(backed_up)
    with pytest.raises(RestoreRefused, match="is not a good backup"):
        restore_backup(db_path, backed_up, actor=clerk)
    assert count(db_path) == 3


def test_a_restore_works_over_a_damaged_register(db_path, clerk, backed_up):
    data = bytearray(db_path.read_bytes())
    data[0:16] = b"this is not sql!"
    db_path.write_bytes(bytes(data))
    # the damaged file cannot say whose it is: its own newest good backup vouches instead
    result = restore_backup(db_path, backed_up, actor=clerk)
    assert count(db_path) == 2
    assert result.kept.read_bytes()[:16] == b"this is not sql!"  # kept as it was, for support
    Register.open(db_path, clerk).close()


LOCK_HOLDER = """
import sys, time
from pathlib import Path
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store.register import Register
db = Path(sys.argv[1]).resolve()
reg = Register.open(db, Actor("Sam Other", Role.CLERK, "d"))  # the app's hold: the lock
print("holding", flush=True)
time.sleep(60)
"""


def test_a_restore_is_refused_while_another_process_holds_the_register(db_path, clerk, backed_up):
    holder = subprocess.Popen([sys.executable, "-c", LOCK_HOLDER, str(db_path)], env=ENV,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "holding"
        with pytest.raises(DeskError) as refused:
            restore_backup(db_path, backed_up, actor=clerk)
        assert "Sam Other" in str(refused.value)
    finally:
        holder.kill()
        holder.wait()
    assert count(db_path) == 3
    assert list(db_path.parent.glob("*.replaced-*")) == []


RESTORER = """
import sys
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store.restore import restore_backup
print("go", flush=True)
restore_backup(sys.argv[1], sys.argv[2], actor=Actor("Killed Clerk", Role.CLERK, "k"))
print("done", flush=True)
"""


def _start_restore(db_path, made):
    proc = subprocess.Popen([sys.executable, "-c", RESTORER, str(db_path), str(made)],
                            env=ENV, stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert proc.stdout.readline().strip() == "go"
    return proc


def test_killed_at_random_points_a_restore_always_leaves_a_register(db_path, clerk, tmp_path):
    import shutil

    reg = open_or_create(db_path, clerk)
    reg.insert_many("permits", [{"kind": "building", "address_text": f"{i} Elm St",
                                 "description": "z" * 500} for i in range(3000)])  # fmt: skip
    reg.close()
    made = backup.make_backup(db_path, now=START)
    add_permits(db_path, clerk, 1, prefix="Later")  # closed: its WAL is folded in
    pristine = shutil.copy(db_path, tmp_path / "pristine.sqlite")
    old, new = count(pristine), count(made)

    def put_back_the_old_register():
        for side in ("-wal", "-shm"):
            os.unlink(f"{db_path}{side}") if os.path.exists(f"{db_path}{side}") else None
        shutil.copy(pristine, db_path)

    spans = []  # how long a whole restore takes here, from "go" to its end
    for _ in range(2):
        put_back_the_old_register()
        proc = _start_restore(db_path, made)
        began = time.monotonic()
        assert proc.stdout.readline().strip() == "done"
        proc.wait()
        spans.append(time.monotonic() - began)
    rng = random.Random(11)
    outcomes = []
    # twelve kill points spread over the whole restore and a little past it (the switch is
    # near the end), each jittered: so every phase is hit, and some kills land after it
    span = max(spans) * 1.5
    for run in range(12):
        put_back_the_old_register()
        proc = _start_restore(db_path, made)
        time.sleep(span * (run + rng.random()) / 12)
        proc.kill()
        proc.wait()
        assert db_path.is_file(), "a killed restore left no register"
        reg = Register.open(db_path, clerk)  # opens: whole, integrity checked
        try:
            assert journal.verify_chain(reg.conn).ok
            permits = reg.query_one("SELECT count(*) AS n FROM permits")["n"]
        finally:
            reg.close()
        assert permits in (old, new)
        outcomes.append("old" if permits == old else "new")
    # both outcomes occurred: the kills really landed before and after the switch
    assert set(outcomes) == {"old", "new"}, outcomes
    # a later restore cleans up what a killed one left behind, and succeeds
    restore_backup(db_path, made, actor=clerk)
    assert count(db_path) == new
    assert list(db_path.parent.glob("*.partial")) == []


def test_the_cli_restores_the_newest_good_backup_and_says_so(db_path, clerk, capsys):
    from deerfield_desk.cli import main

    add_permits(db_path, clerk, 2)
    assert main(["backup", "--db", str(db_path)]) == 0
    assert "checked: good" in capsys.readouterr().out
    assert main(["backup", "--list", "--db", str(db_path)]) == 0
    (listed,) = capsys.readouterr().out.splitlines()
    assert listed.startswith("register-") and "good: " in listed
    add_permits(db_path, clerk, 1, prefix="Later")
    assert main(["restore", "--db", str(db_path), "--user", "Pat"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("restored register-") and "kept as register.replaced-" in out
    assert count(db_path) == 2
    assert main(["restore", "--db", str(db_path), str(db_path.with_suffix(".nope"))]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "does not exist" in out  # one line, no traceback
    assert main(["backup", "--db", str(db_path.with_name("typo.sqlite"))]) == 1
    assert "no register at" in capsys.readouterr().out
