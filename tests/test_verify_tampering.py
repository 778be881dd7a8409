"""Every way of altering the register behind the app's back is caught by ``verify``
(issue 11: verify sees everything). One test per kind; the same kinds run in
``make test-faults`` (tests/faults/)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from deerfield_desk.cli import main
from deerfield_desk.config import Paths
from deerfield_desk.errors import NotAllowed
from deerfield_desk.store.register import Register
from deerfield_desk.store.verify import verify_register
from tests.faults.base import CLERK, build_base, copy_base, photo_file
from tests.faults.tampering import KINDS


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    folder = tmp_path_factory.mktemp("base") / "register"
    build_base(folder)
    return folder


@pytest.fixture
def fresh(base, tmp_path):
    db = copy_base(base, tmp_path / "copy")
    info = json.loads((db.parent / "info.json").read_text())
    return db, info


def test_the_untouched_register_passes_every_check(fresh, capsys):
    db, _info = fresh
    report = verify_register(db)
    assert report.ok, report.problems
    assert report.photos.checked == 2 and report.replayed >= 10
    assert main(["verify", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Records against the journal" in out and "Head witness: ok" in out


def test_there_are_at_least_25_kinds():
    assert len(KINDS) >= 25


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_tampering_is_caught(fresh, kind, capsys):
    db, info = fresh
    KINDS[kind](db, info)
    report = verify_register(db)
    assert not report.ok, f"{kind} was missed"
    assert report.problems
    # and the command says so, without a traceback, exit code 1
    assert main(["verify", "--db", str(db)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    assert "problems found" in captured.out


def test_a_direct_edit_is_named_by_table_record_and_column(fresh):
    db, info = fresh
    KINDS["update_permit_owner"](db, info)
    problems = verify_register(db).problems
    assert any(
        "permits record" in p and info["permits"][0] in p and "owner_name" in p for p in problems
    ), problems


def test_the_next_edit_refuses_to_launder_a_forged_row(fresh):
    """Journaling on top of a row edited outside the app would record the forgery as the
    'before' of a legitimate change; the store refuses and writes nothing."""
    db, info = fresh
    KINDS["update_permit_owner"](db, info)
    with Register.open(db, CLERK) as reg:
        entries = reg.conn.execute("SELECT count(*) FROM journal").fetchone()[0]
        with pytest.raises(NotAllowed, match="changed outside the app"):
            reg.update("permits", info["permits"][0], {"description": "legit"})
        assert reg.conn.execute("SELECT count(*) FROM journal").fetchone()[0] == entries
        # an untouched record still takes edits
        reg.update("permits", info["permits"][1], {"description": "legit"})
    assert [p for p in verify_register(db).problems if "owner_name" in p]


def test_a_rollback_to_an_older_copy_is_named_by_the_head_witness(fresh):
    db, info = fresh
    KINDS["consistent_rollback"](db, info)
    report = verify_register(db)
    assert report.witness and "cut off" in report.witness[0], report.problems
    assert not report.rows  # the older copy is consistent in itself: only the witness knows


def test_an_empty_original_left_by_a_crash_is_rewritten_when_attached_again(fresh, tmp_path):
    from deerfield_desk.store.photos import import_photo

    db, info = fresh
    target = db.parent / "photos" / info["photos"][0]
    data = target.read_bytes()
    target.write_bytes(b"")  # what a crash between create and write leaves
    assert any("empty" in p for p in verify_register(db).problems)
    # the camera still has the photo: attaching it again repairs the original
    source = tmp_path / "again.jpg"
    source.write_bytes(data)
    with Register.open(db, CLERK) as reg:
        import_photo(reg, Paths(db), source, "inspections", info["inspection"])
    assert target.read_bytes() == data
    assert verify_register(db).ok


def test_number_series_steps_are_journaled(fresh):
    db, _info = fresh
    conn = sqlite3.connect(db)
    entries = conn.execute(
        "SELECT record_uuid, after_json FROM journal WHERE table_name = 'number_series' "
        "ORDER BY seq"
    ).fetchall()
    conn.close()
    assert [e[0] for e in entries] == ["permit/2026", "permit/2026"]
    assert json.loads(entries[-1][1]) == {"series": "permit", "year": 2026, "last": 2}


def test_verify_of_a_foreign_sqlite_file_is_one_line(tmp_path, capsys):
    other = tmp_path / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    assert main(["verify", "--db", str(other)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and "not a Deerfield Desk register" in out[0]


def test_photo_file_helper_makes_distinct_photos(tmp_path):
    a = photo_file(tmp_path / "a.jpg", "green").read_bytes()
    b = photo_file(tmp_path / "b.jpg", "blue").read_bytes()
    assert a != b


def test_kill_nine_cycles_lose_no_acknowledged_write(tmp_path):
    """A few cycles of the fault harness's kill -9 loop (make test-faults runs 200), in a
    fresh interpreter: it forks, and a process that has loaded Qt should not."""
    import subprocess
    import sys

    from tests.conftest import REPO_ROOT

    code = (
        "import json, sys; from pathlib import Path; from tests.faults import kill_cycles; "
        "print(json.dumps(kill_cycles.run(Path(sys.argv[1]), cycles=6, max_delay=0.4)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "kill")],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["acknowledged"] > 0, result
    assert result["lost"] == 0 and result["verify_failures"] == 0, result
    assert result["number_gaps"] == 0, result


def test_verify_while_the_app_keeps_writing_finds_nothing(fresh):
    """verify reads one snapshot (and the witness before it): writes landing meanwhile are
    never mistaken for a cut journal or an edited row."""
    import threading
    import time

    db, info = fresh
    stop = threading.Event()
    writes = []

    def keep_writing():
        with Register.open(db, CLERK) as reg:
            n = 0
            while not stop.is_set():
                n += 1
                reg.update("permits", info["permits"][1], {"description": f"edit {n}"})
                reg.insert("people", {"name": f"Person {n}"})
                writes.append(n)

    writer = threading.Thread(target=keep_writing)
    writer.start()
    reports = []
    # Keep verifying until the writer has really written in between (a loaded machine may
    # starve the writer thread for a few verifies); bounded so the test cannot hang.
    deadline = time.monotonic() + 120
    try:
        while (len(reports) < 8 or len(writes) <= 5) and time.monotonic() < deadline:
            reports.append(verify_register(db, photos=False))
            time.sleep(0.01)
    finally:
        stop.set()
        writer.join()
    assert len(writes) > 5
    assert all(r.ok for r in reports), [r.problems for r in reports if not r.ok]
