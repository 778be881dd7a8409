"""File → New register…, Open register…, Open recent, Exit: the window really moves to the
chosen register, and the one left behind is closed and given back."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtWidgets import QApplication

from deerfield_desk.config import register_paths
from deerfield_desk.store.register import Register
from deerfield_desk.store.register_lock import RegisterLock, held_by_this_process
from deerfield_desk.ui import prefs, register_actions
from deerfield_desk.ui.main_window import MainWindow
from deerfield_desk.ui.start import switching
from deerfield_desk.ui.start.opening import open_for_window
from deerfield_desk.ui.start.setup_wizard import SetupWizard


@pytest.fixture
def warnings(monkeypatch):
    said: list[str] = []
    monkeypatch.setattr(switching, "warn", lambda _parent, text: said.append(text))
    return said


def owned_window(qtbot, path, actor):
    """A window as the app makes it: it owns its register and the register's lock."""
    opened = open_for_window(path, actor, pytest.fail)
    window = switching.build_window(opened)
    window.backups_enabled = False
    qtbot.addWidget(window)
    window.show()
    return window


def windows():
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)
            and w.isVisible()]  # fmt: skip


def test_open_register_moves_the_window_and_releases_the_old_one(qtbot, clerk, tmp_path,
                                                                  warnings):  # fmt: skip
    first, second = tmp_path / "a" / "register.sqlite", tmp_path / "b" / "register.sqlite"
    Register.create(first, clerk).close()
    with Register.create(second, clerk) as reg:
        reg.set_setting("village_name", "Second")
    window = owned_window(qtbot, first, clerk)
    assert held_by_this_process(first)
    new = register_actions.open_register(window, str(second))
    qtbot.addWidget(new)
    assert new is not window and new.paths.db == second.resolve()
    assert new.register.path.resolve() == second.resolve() and new.isVisible()
    assert not window.isVisible() and windows() == [new]
    assert not held_by_this_process(first)  # the old register is closed and its lock given back
    assert held_by_this_process(second)
    assert second.name in new.windowTitle() and "DEMO" not in new.windowTitle()
    assert prefs.recent_registers()[:2] == [second.resolve(), first.resolve()]
    assert warnings == []


def test_recent_registers_reopen_the_previous_one(qtbot, clerk, tmp_path, warnings):
    first, second = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    Register.create(first, clerk).close()
    Register.create(second, clerk).close()
    window = owned_window(qtbot, first, clerk)
    new = register_actions.open_register(window, str(second))
    qtbot.addWidget(new)
    register_actions.fill_recent(new, new.recent_menu)
    entries = [a for a in new.recent_menu.actions() if a.isEnabled()]
    assert [a.text() for a in entries] == [f"&1 a.sqlite — {first.parent.resolve()}"]
    entries[0].trigger()
    back = windows()
    assert len(back) == 1 and back[0].paths.db == first.resolve()
    qtbot.addWidget(back[0])


def test_a_recent_register_that_is_gone_is_shown_disabled(qtbot, clerk, tmp_path):
    gone = tmp_path / "moved.sqlite"
    prefs.remember_register(gone)
    here = tmp_path / "here.sqlite"
    Register.create(here, clerk).close()
    window = owned_window(qtbot, here, clerk)
    register_actions.fill_recent(window, window.recent_menu)
    texts = {a.text(): a.isEnabled() for a in window.recent_menu.actions()}
    assert texts == {f"moved.sqlite — {tmp_path.resolve()} (not found)": False}


def test_opening_a_file_that_is_no_register_keeps_the_window(qtbot, clerk, tmp_path, warnings):
    here = tmp_path / "register.sqlite"
    Register.create(here, clerk).close()
    window = owned_window(qtbot, here, clerk)
    notes = tmp_path / "notes.sqlite"  # another program's database
    with sqlite3.connect(notes) as conn:
        conn.execute("CREATE TABLE notes (text)")
    before = notes.read_bytes()
    assert register_actions.open_register(window, str(notes)) is window
    assert window.isVisible() and window.register.path.resolve() == here.resolve()
    assert len(warnings) == 1 and "notes.sqlite" in warnings[0]
    assert notes.read_bytes() == before
    assert held_by_this_process(here)


def test_a_damaged_register_is_offered_its_backup_and_declining_keeps_the_window(
    qtbot, clerk, tmp_path, warnings, monkeypatch
):
    from deerfield_desk.ui import restore_offer

    here, damaged = tmp_path / "here.sqlite", tmp_path / "old" / "register.sqlite"
    Register.create(here, clerk).close()
    Register.create(damaged, clerk).close()
    data = bytearray(damaged.read_bytes())
    data[0:16] = b"this is not sql!"
    damaged.write_bytes(bytes(data))
    offered = []
    monkeypatch.setattr(
        restore_offer,
        "offer_restore",
        lambda parent, db, message, actor: offered.append(message) or False,
    )
    window = owned_window(qtbot, here, clerk)
    assert register_actions.open_register(window, str(damaged)) is window
    assert len(offered) == 1 and "damaged" in offered[0]
    assert window.isVisible() and not held_by_this_process(damaged)


def test_a_register_another_program_holds_is_refused_naming_it(qtbot, clerk, tmp_path,
                                                                warnings):  # fmt: skip
    here, theirs = tmp_path / "here.sqlite", tmp_path / "theirs.sqlite"
    Register.create(here, clerk).close()
    Register.create(theirs, clerk).close()
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from deerfield_desk.models.actor import Actor, Role
            from deerfield_desk.store.register import Register
            reg = Register.open({str(theirs)!r}, Actor("Sam Other", Role.CLERK, "other"))
            print("open", flush=True)
            sys.stdin.readline()
        """)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "open"
        window = owned_window(qtbot, here, clerk)
        assert register_actions.open_register(window, str(theirs)) is window
        assert window.isVisible() and len(warnings) == 1 and "Sam Other" in warnings[0]
        assert RegisterLock(theirs).holder().name == "Sam Other"
    finally:
        holder.stdin.close()
        holder.wait(timeout=60)


def test_new_register_runs_the_setup_and_switches_to_it(qtbot, clerk, tmp_path, monkeypatch):
    here = tmp_path / "register.sqlite"
    Register.create(here, clerk).close()
    window = owned_window(qtbot, here, clerk)
    target = tmp_path / "second-village.sqlite"
    wizard = SetupWizard(clerk, target, window)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()  # the register is made; the clerk leaves the rest for later
    wizard.reject()
    new = register_actions.new_register(window, str(target), wizard=wizard)
    qtbot.addWidget(new)
    assert new is not window and new.paths.db == target.resolve() and not window.isVisible()
    assert new.register is wizard.register
    assert not held_by_this_process(here)
    new.close()  # the new window owns what the wizard made: closing gives it back
    assert not held_by_this_process(target)


def test_new_register_cancelled_before_it_is_made_changes_nothing(qtbot, clerk, tmp_path):
    here = tmp_path / "register.sqlite"
    Register.create(here, clerk).close()
    window = owned_window(qtbot, here, clerk)
    wizard = SetupWizard(clerk, tmp_path / "never.sqlite", window)
    qtbot.addWidget(wizard)
    wizard.reject()
    assert register_actions.new_register(window, str(tmp_path / "never.sqlite"),
                                         wizard=wizard) is window  # fmt: skip
    assert not (tmp_path / "never.sqlite").exists() and window.isVisible()


def test_exit_is_ctrl_q_last_in_file_and_closes_the_register(qtbot, clerk, tmp_path):
    here = tmp_path / "register.sqlite"
    Register.create(here, clerk).close()
    window = owned_window(qtbot, here, clerk)
    file_menu = window.menu("File").actions()
    assert file_menu[-1] is window.exit_action
    assert window.exit_action.shortcut().toString() == "Ctrl+Q"
    window.exit_action.trigger()
    assert not window.isVisible() and not held_by_this_process(here)


def test_the_demo_says_so_and_offers_the_way_out(qtbot, clerk, tmp_path, monkeypatch):
    from deerfield_desk.config import demo_paths
    from deerfield_desk.demo import ensure_demo_register

    ensure_demo_register(demo_paths().db, permits=5)
    window = owned_window(qtbot, demo_paths().db, clerk)
    assert window.demo and "(DEMO DATA)" in window.windowTitle()
    banner = window.findChild(object, "demoBanner")
    assert banner.isVisible() and "Nothing here is an official record" in window.findChild(
        object, "demoBannerText").text()  # fmt: skip
    assert demo_paths().db.resolve() not in prefs.recent_registers()  # never offered as recent
    opened = []
    monkeypatch.setattr(register_actions, "open_register", lambda w: opened.append(w))
    window.findChild(object, "demo_open").click()
    assert opened == [window]


def test_preferences_live_in_the_data_folder(qtbot, clerk, tmp_path, monkeypatch):
    from deerfield_desk.ui import identity

    identity.remember(clerk)
    assert prefs.settings_path().parent == register_paths().db.parent
    assert "Pat Clerk" in prefs.settings_path().read_text(encoding="utf-8")
    monkeypatch.setenv("DEERFIELD_DESK_HOME", str(tmp_path / "elsewhere"))
    assert identity.stored_actor() is None  # another data folder: another keyboard
