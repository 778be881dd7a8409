"""Permits → People and firms on file (issue 16.2): search, add with the "use the one on
file?" question, correct with the reason kept."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QPushButton

from deerfield_desk.ui.permit_window import actions, open_directory
from deerfield_desk.ui.person_picker import OnFileDialog
from tests.people_builders import builder, maria_twice
from tests.test_permit_window import cells, filler


def test_the_directory_is_on_the_permits_menu_and_searches(qtbot, window, register):
    full, empty = maria_twice(register)
    builder(register)
    action = window.findChild(object, "people_directory_action")
    action.trigger()
    directory = window.people_directory
    assert directory.isVisible()
    assert directory.table.rowCount() == 3
    directory.search.setText("555-0142")
    qtbot.waitUntil(lambda: directory.table.rowCount() == 1, timeout=3000)
    assert cells(directory.table, 0) == ["Maria Gonzalez"]
    assert cells(directory.table, 3) == ["27 Liberty St, Deerfield, WI 53531"]
    directory.search.setText("gonzalez")
    qtbot.waitUntil(lambda: not directory.debounce.isActive(), timeout=3000)
    assert directory.table.rowCount() == 2
    notes = dict(zip(cells(directory.table, 3), cells(directory.table, 7), strict=True))
    assert notes["—"] == "no mailing address on file"  # the empty duplicate is seen as such
    assert open_directory(window) is directory  # one directory, raised again


def test_adding_a_duplicate_asks_and_uses_the_one_on_file(qtbot, window, register, monkeypatch):
    full, _empty = maria_twice(register)
    directory = open_directory(window)
    before = register.query_one("SELECT count(*) AS n FROM people")["n"]

    def use_on_file():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, OnFileDialog)
        dialog.findChild(QPushButton, "useOnFile").click()

    QTimer.singleShot(0, use_on_file)
    monkeypatch.setattr(actions, "run", filler(add_name="Maria Gonzalez",
                                               add_phone="608 555 0142"))  # fmt: skip
    chosen = directory.add()
    assert chosen["uuid"] == full["uuid"]
    assert register.query_one("SELECT count(*) AS n FROM people")["n"] == before


def test_a_contractor_without_credential_is_refused_naming_the_field(qtbot, window, register,
                                                                     monkeypatch):  # fmt: skip
    directory = open_directory(window)
    run = filler(add_name="Ed Electric")
    dialog_box = []

    def fill_and_tick(dialog):
        dialog.contractor.setChecked(True)
        dialog_box.append(dialog)
        return run(dialog)

    monkeypatch.setattr(actions, "run", fill_and_tick)
    assert directory.add() is None
    error = dialog_box[0].errors["credential_number"]
    assert not error.isHidden() and "credential number is required" in error.text()
    assert register.query_one("SELECT count(*) AS n FROM people")["n"] == 0


def test_correcting_from_the_directory_is_journaled(qtbot, window, register, monkeypatch):
    _full, empty = maria_twice(register)
    directory = open_directory(window)
    directory.search.setText("gonzalez")
    qtbot.waitUntil(lambda: not directory.debounce.isActive(), timeout=3000)
    directory.table.selectRow(cells(directory.table, 3).index("—"))
    run = filler(
        correct_mailing_address="5 Elm St, Deerfield", correct_reason="address from the tax roll"
    )
    monkeypatch.setattr(actions, "run", run)
    done = directory.correct()
    assert done.changed == [("Mailing address", "—", "5 Elm St, Deerfield")]
    assert "5 Elm St, Deerfield" in cells(directory.table, 3)
    entry = register.query_one(
        "SELECT action, reason FROM journal WHERE record_uuid = ? ORDER BY seq DESC LIMIT 1",
        (empty["uuid"],),
    )
    assert entry == {"action": "correct", "reason": "address from the tax roll"}
