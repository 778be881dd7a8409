"""Shared fixtures: offscreen Qt, an isolated data folder, temporary registers.

Background jobs run synchronously in tests (Picard's FakeThreadPool idea), and an exception
in a Qt slot fails the test (pytest-qt's default, kept on).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

import deerfield_desk.ui  # noqa: E402,F401  (guards against PySide6 6.12's refcount bug)
from deerfield_desk.models.actor import Actor, Role  # noqa: E402

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    """Every test gets its own data folder and its own QSettings, never the user's."""
    home = tmp_path / "home"
    monkeypatch.setenv("DEERFIELD_DESK_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    return home


@pytest.fixture(autouse=True)
def wizard_left_open_keeps_editing(monkeypatch):
    """A wizard closed with unsaved work asks "save as draft or discard?". pytest-qt closes
    every widget at teardown; a test that does not answer that question itself must not hang
    on a modal box there, so by default the answer is "keep editing" (nothing is written).
    Likewise the "these figures look unusual" question never blocks a test."""
    from deerfield_desk.ui.wizard import wizard

    monkeypatch.setattr(wizard, "ask_leave", lambda _parent, _people: wizard.STAY)
    # and figures that look unusual are kept as typed unless a test answers otherwise
    monkeypatch.setattr(wizard, "ask_unusual", lambda _parent, _lines: True)


@pytest.fixture
def clerk() -> Actor:
    return Actor("Pat Clerk", Role.CLERK, "test-device")


@pytest.fixture
def inspector() -> Actor:
    return Actor("Lee Inspector", Role.INSPECTOR, "test-device")


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "register.sqlite"


@pytest.fixture
def register(db_path, clerk):
    from deerfield_desk.store.register import Register

    reg = Register.create(db_path, clerk)
    yield reg
    reg.close()


@pytest.fixture
def sync_workers(monkeypatch):
    """Run background jobs inline so tests are deterministic."""
    from deerfield_desk.ui import worker

    monkeypatch.setattr(worker, "run_synchronously", True)

    def unexpected_failure(_parent, title, message):  # a modal box would hang the test
        raise AssertionError(f"background job {title!r} failed: {message}")

    monkeypatch.setattr(worker, "report_failure", unexpected_failure)


@pytest.fixture
def main_window(qtbot, db_path):
    """Build the main window over a register as the app does (the one way every UI test gets
    a window). Daily backups are off, so no test writes one by accident; a test about backups
    turns them on."""
    from deerfield_desk.config import register_paths
    from deerfield_desk.ui.main_window import MainWindow

    def make(register, path=None):
        win = MainWindow(register, register_paths(path or db_path))
        win.backups_enabled = False
        qtbot.addWidget(win)
        return win

    return make


@pytest.fixture
def window(main_window, register):
    """The main window over the test's register; modules override it to add their data."""
    return main_window(register)
