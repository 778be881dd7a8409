"""The backup on close is a copy only; its full check runs at the next start, in the
background, before any rotation; ``backup --to FILE`` takes the photos along."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timedelta

from deerfield_desk.config import register_paths
from deerfield_desk.store import backup, backup_deferred, inspections, photos
from deerfield_desk.store.backup_check import check_backup, sidecar
from deerfield_desk.store.register import Register
from tests.inspections_fixtures import NOW, make_permit
from tests.test_backup_safety import _photo, add_permits, break_the_journal

START = datetime(2026, 11, 2, 17, 0)


def _register_with_photo(db_path, inspector, tmp_path):
    reg = Register.create(db_path, inspector)
    permit = make_permit(reg)
    stop = inspections.request_inspection(reg, permit["uuid"], "footing", requested_by="Dana",
                                          requested_at=NOW)  # fmt: skip
    row = photos.import_photo(reg, register_paths(db_path), _photo(tmp_path / "a.jpg", "red"),
                              "inspections", stop["uuid"])  # fmt: skip
    reg.close()
    return row


def test_the_copy_on_close_is_whole_pending_and_checked_at_the_next_start(db_path, clerk):
    add_permits(db_path, clerk, 5)
    quick = backup_deferred.back_up_on_close(db_path, now=START)
    assert quick.path.parent == register_paths(db_path).backups
    assert not sidecar(quick.path).exists()  # no full check ran on close
    assert backup_deferred.pending_backups(db_path) == [quick.path]
    assert not list(quick.path.parent.glob("*.partial"))
    with Register.open(quick.path, clerk) as copy:  # a whole register, chain included
        assert copy.query_one("SELECT count(*) AS n FROM permits")["n"] == 5
    gen = backup_deferred.check_pending(db_path)
    steps = []
    try:
        while True:
            steps.append(next(gen))
    except StopIteration as stop:
        result = stop.value
    assert [p for p, c in result.checked] == [quick.path] and result.bad == []
    assert steps[0].label == f"Checking the backup {quick.name}"
    assert sidecar(quick.path).is_file() and check_backup(quick.path).good
    assert backup_deferred.pending_backups(db_path) == []


def _run(gen):
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def test_a_bad_copy_is_reported_and_never_pushes_out_the_good_backup(db_path, clerk):
    add_permits(db_path, clerk, 3)
    good = backup.back_up(db_path, now=START)  # checked at once: good
    assert good.check.good
    break_the_journal(db_path)  # the register itself goes bad (an edit around the app)
    later = [backup_deferred.back_up_on_close(db_path, now=START + timedelta(hours=h))
             for h in (1, 2)]  # fmt: skip
    result = _run(backup_deferred.check_pending(db_path, keep=1))
    assert sorted(p for p, _c in result.bad) == sorted(q.path for q in later)
    assert "journal" in result.bad[0][1].summary or "chain" in result.bad[0][1].summary
    assert good.path.is_file()  # the newest good backup is kept whatever `keep` says
    assert later[-1].path.is_file()  # the newest (bad) stays too: evidence of the damage
    assert not later[0].path.exists() and later[0].path in result.removed


def test_rotation_waits_for_the_check(db_path, clerk):
    add_permits(db_path, clerk, 2)
    made = [backup_deferred.back_up_on_close(db_path, now=START + timedelta(minutes=m))
            for m in range(3)]  # fmt: skip
    assert all(q.path.is_file() for q in made)  # nothing rotated before being checked
    result = _run(backup_deferred.check_pending(db_path, keep=2))
    assert result.removed == [made[0].path] and not made[0].path.exists()


def test_a_copy_that_cannot_be_written_leaves_nothing(db_path, clerk, tmp_path):
    add_permits(db_path, clerk, 1)
    folder = register_paths(db_path).backups
    folder.write_text("not a folder", encoding="utf-8")  # the backups folder cannot be made
    try:
        backup_deferred.back_up_on_close(db_path, now=START)
    except backup.BackupFailed as exc:
        assert "could not be written" in str(exc)
    else:
        raise AssertionError("the backup should have failed")
    assert backup.list_backups(db_path) == []
    assert folder.read_text(encoding="utf-8") == "not a folder"


def test_the_photos_go_with_the_copy_on_close(db_path, inspector, tmp_path):
    row = _register_with_photo(db_path, inspector, tmp_path)
    quick = backup_deferred.back_up_on_close(db_path, now=START)
    assert quick.photos_copied == 3 and quick.photo_problems == []
    paths = register_paths(db_path)
    stored = paths.backups / "photos" / row["original_path"]
    assert stored.read_bytes() == (paths.photos / row["original_path"]).read_bytes()


def test_backup_to_a_file_carries_the_photos_beside_it(db_path, inspector, tmp_path):
    row = _register_with_photo(db_path, inspector, tmp_path)
    target = tmp_path / "stick" / "register-copy.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "deerfield_desk", "backup", "--db", str(db_path), "--to",
         str(target)],
        capture_output=True, text=True, timeout=300,
        env=dict(os.environ, DEERFIELD_DESK_HOME=str(tmp_path / "home")),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "3 photo files copied" in done.stdout
    for column in ("original_path", "display_path", "thumb_path"):
        copied = tmp_path / "stick" / "photos" / row[column]
        assert copied.read_bytes() == (register_paths(db_path).photos / row[column]).read_bytes()
    # the copy opens as a register with its photos where a register on a stick keeps them
    assert register_paths(target).photos == tmp_path / "stick" / "photos"


def test_closing_the_window_copies_and_the_next_start_checks(qtbot, main_window, register,
                                                              db_path, sync_workers):  # fmt: skip
    from deerfield_desk.ui import session

    register.insert("permits", {"kind": "building", "address_text": "1 Main St"})
    window = main_window(register)
    window.backups_enabled = True
    window.close()
    pending = backup_deferred.pending_backups(db_path)
    assert len(pending) == 1 and not sidecar(pending[0]).exists()
    assert "checked at the next start" in window.statusBar().currentMessage()
    again = main_window(register)
    again.backups_enabled = True
    session.start_of_session(again)  # what the window runs 5 s after it shows
    assert backup_deferred.pending_backups(db_path) == []
    assert check_backup(pending[0]).good
    assert "checked: good" in again.statusBar().currentMessage()
    again.backups_enabled = False


def test_a_bad_backup_from_the_last_close_is_shown_at_the_next_start(
    qtbot, main_window, register, db_path, sync_workers
):
    from deerfield_desk.ui import session

    register.insert("permits", {"kind": "building", "address_text": "1 Main St"})
    quick = backup_deferred.back_up_on_close(db_path, now=START)
    break_the_journal(quick.path)  # damaged on the disk since it was copied
    window = main_window(register)
    window.backups_enabled = True
    session.start_of_session(window)
    box = window._failure_box
    assert quick.name in box.text() and "fails its check" in box.informativeText()
    box.close()
    window.backups_enabled = False
