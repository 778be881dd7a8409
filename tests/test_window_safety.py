"""Issue 11 in the window: File → New register…, the uncaught-exception handler, and the
stray descriptor a file dialog leaves (finding 1) inside the window's own process."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

from PySide6.QtWidgets import QLabel, QMessageBox

from deerfield_desk import logs
from deerfield_desk.config import register_paths
from deerfield_desk.store.register_file import APPLICATION_ID
from deerfield_desk.ui import crash, register_actions
from deerfield_desk.ui.main_window import MainWindow


def make_window(qtbot, register, db_path):
    window = MainWindow(register, register_paths(db_path))
    window.backups_enabled = False
    qtbot.addWidget(window)
    return window


def test_file_new_register_creates_one_and_never_overwrites(qtbot, register, db_path):
    from deerfield_desk.ui.start.setup_wizard import SetupWizard

    window = make_window(qtbot, register, db_path)
    assert any(a.text() == "&New register…" for a in window.menu("File").actions())
    target = db_path.parent / "second.sqlite"
    wizard = SetupWizard(register.actor, target, window)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()  # the register is made at the first step; the rest is left for later
    wizard.reject()
    made = register_actions.new_register(window, str(target), wizard=wizard)
    qtbot.addWidget(made)
    assert made.paths.db == target.resolve()
    assert made.register.query_one("PRAGMA application_id")["application_id"] == APPLICATION_ID
    refused = SetupWizard(register.actor, db_path, made)  # an existing register's place
    qtbot.addWidget(refused)
    refused.show()
    before = db_path.stat().st_size
    refused.next()
    assert refused.register is None and db_path.stat().st_size == before
    assert "already exists" in refused.findChild(QLabel, "setup_location_error").text()
    made.close()


def test_an_uncaught_error_is_logged_shown_and_rolled_back(qtbot, register, monkeypatch):
    logs.setup()
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: shown.append(a[2]))
    register.conn.execute("BEGIN IMMEDIATE")
    register.conn.execute("INSERT INTO people (uuid, name) VALUES ('half', 'Half done')")
    try:
        raise RuntimeError("the printer driver fell over")
    except RuntimeError as exc:
        text = crash.handle(type(exc), exc, exc.__traceback__, lambda: register)
    assert shown == [text]
    assert "the printer driver fell over" in text and str(logs.log_file()) in text
    assert "was not saved" in text
    assert not register.conn.in_transaction
    assert register.query("SELECT * FROM people WHERE uuid = 'half'") == []
    register.insert("people", {"name": "Later"})  # the register works on
    log = logs.log_file().read_text(encoding="utf-8")
    assert "Traceback" in log and "the printer driver fell over" in log


def test_a_file_dialog_in_the_window_then_another_process(qtbot, register, db_path, tmp_path):
    """The issue's test: a second descriptor opened and closed in the app process (as Qt's
    file dialog does), then other processes against the register: the window's later writes
    are visible to them and verify passes."""
    window = make_window(qtbot, register, db_path)
    window.register.insert("people", {"name": "Before the dialog"})
    with open(db_path, "rb") as sniff:
        sniff.read(512)
    for args in (["verify"], ["backup", "--to", str(tmp_path / "b.sqlite")]):
        done = subprocess.run(
            [sys.executable, "-m", "deerfield_desk", *args, "--db", str(db_path)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stdout + done.stderr
    second = subprocess.run(  # a writer in another process is refused, naming this one
        [sys.executable, "-m", "deerfield_desk", "init", "--db", str(db_path)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DEERFIELD_DESK_LOCK_WAIT": "0.5"},
    )
    assert second.returncode == 2 and f"process {os.getpid()}" in second.stderr
    window.register.insert("people", {"name": "After the dialog"})
    done = subprocess.run(
        [sys.executable, "-m", "deerfield_desk", "verify", "--db", str(db_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout
    reader = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        names = {r[0] for r in reader.execute("SELECT name FROM people")}
    finally:
        reader.close()
    assert {"Before the dialog", "After the dialog"} <= names
