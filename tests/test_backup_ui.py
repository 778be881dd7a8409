# ruff: noqa: F811  (pytest fixtures imported from register_fixtures are redefined as arguments)
"""Backups and restores from the window: failures shown and logged, restore from the menu,
and "Restore the newest good backup" offered when the register will not open."""

from __future__ import annotations

import logging
from datetime import datetime

from PySide6.QtWidgets import QMessageBox

from deerfield_desk.store import backup
from deerfield_desk.store.register import Register
from deerfield_desk.ui import backup_actions, session
from deerfield_desk.ui.restore_offer import offer_restore
from tests.register_fixtures import known_permits, window  # noqa: F401
from tests.test_backup_safety import add_permits, damage_an_index

START = datetime(2026, 11, 1, 17, 0)


def test_a_failed_daily_backup_is_shown_in_the_window_and_logged(
    qtbot,
    window,
    db_path,
    sync_workers,
    monkeypatch,
    caplog,
):
    def disk_io_error(db):
        raise backup.BackupFailed("the backup of register.sqlite could not be written: disk I/O")

    monkeypatch.setattr(backup, "back_up", disk_io_error)
    window.backups_enabled = True
    caplog.set_level(logging.ERROR)
    session.daily_backup(window)
    box = window._failure_box
    assert box.isVisible() and box.text() == "Daily backup failed."
    assert "disk I/O" in box.informativeText()
    assert "Daily backup failed: the backup of register.sqlite" in caplog.text
    box.close()
    window.backups_enabled = False  # closing the window must not try (and fail) again


def test_a_failed_backup_on_close_waits_for_the_user(
    qtbot,
    window,
    db_path,
    monkeypatch,
):
    from deerfield_desk.store import backup_deferred

    monkeypatch.setattr(backup_deferred, "back_up_on_close",
                        lambda db: (_ for _ in ()).throw(OSError("disk full")))  # fmt: skip
    shown = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.informativeText()))
    window.backups_enabled = True
    window.close()
    assert len(shown) == 1 and "Disk full" in shown[0]
    window.backups_enabled = False


def test_back_up_now_reports_the_photos_and_the_check(qtbot, window, db_path):
    assert backup_actions.back_up_now(window)
    assert "written and checked" in window.statusBar().currentMessage()
    assert len(backup.list_backups(db_path)) == 1


def test_restore_from_the_menu_reopens_the_restored_register(
    qtbot,
    window,
    db_path,
    clerk,
):
    made = backup.make_backup(db_path, now=START)
    window.register.insert("permits", {"kind": "building", "address_text": "99 New St"})
    asked = []
    assert backup_actions.restore(window, str(made), confirm=lambda t: asked.append(t) or True)
    assert "taken Sunday 01 November 2026 at 17:00" in asked[0]
    assert window.register.query("SELECT * FROM permits WHERE address_text = '99 New St'") == []
    assert window.register.query("SELECT backup_name FROM restores") == [{"backup_name": made.name}]


def test_a_failed_restore_shows_its_error_and_keeps_working(
    qtbot,
    window,
    db_path,
    tmp_path,
):
    other = tmp_path / "elsewhere" / "register.sqlite"
    add_permits(other, window.register.actor, 1)
    theirs = backup.make_backup(other, now=START)
    told = []
    assert not backup_actions.restore(window, str(theirs), confirm=lambda t: True, tell=told.append)
    assert "not a backup of the register" in told[0]
    window.register.insert("permits", {"kind": "building", "address_text": "1 Still St"})


def test_start_up_offers_the_newest_good_backup_with_its_date(db_path, clerk, qtbot):
    add_permits(db_path, clerk, 200)
    good = backup.make_backup(db_path, now=START)
    damage_an_index(db_path)
    offered = []

    def choose(box, restore_button):
        offered.append((box.text(), box.informativeText(), restore_button.text()))
        return True

    assert offer_restore(None, db_path, "The register is damaged.", clerk, choose=choose)
    text, detail, label = offered[0]
    assert label == "Restore the newest good backup (01 Nov 2026 17:00)"
    assert detail == "The register is damaged."
    reg = Register.open(db_path, clerk)  # whole again
    try:
        assert reg.query_one("SELECT backup_name FROM restores")["backup_name"] == good.name
    finally:
        reg.close()


def test_start_up_without_a_good_backup_just_says_so(db_path, clerk, qtbot):
    add_permits(db_path, clerk, 200)
    damage_an_index(db_path)
    told = []
    assert not offer_restore(None, db_path, "damaged", clerk, choose=None, tell=told.append)
    assert told == ["damaged"]


def test_quitting_the_offer_changes_nothing(db_path, clerk, qtbot):
    add_permits(db_path, clerk, 200)
    backup.make_backup(db_path, now=START)
    damage_an_index(db_path)
    before = db_path.read_bytes()

    def choose(box, restore_button):
        assert box.escapeButton() is not restore_button
        return False

    assert not offer_restore(None, db_path, "damaged", clerk, choose=choose)
    assert db_path.read_bytes() == before
