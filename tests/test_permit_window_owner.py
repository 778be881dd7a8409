"""Issue 16.1-2, third session: an imported permit's typed owner is corrected from the permit
window by linking or adding a person on file (journaled, before and after shown); the window
and the detail pane say codes in words (a zoning code with its district); the dialogs the
window launches are its own children, so they open in front of it."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QTableWidget

from deerfield_desk.errors import NotAllowed
from deerfield_desk.importing.importer import initial_mapping, read_source, run_import
from deerfield_desk.store.applications import site_parcel
from deerfield_desk.store.owner_on_file import link_owner
from deerfield_desk.store.permit_detail import permit_detail
from deerfield_desk.store.verify import verify_register
from deerfield_desk.ui import confirm, person_picker
from deerfield_desk.ui.permit_detail import render_html
from deerfield_desk.ui.permit_window import actions
from deerfield_desk.ui.permit_window.owner_dialog import OwnerLinkDialog
from deerfield_desk.ui.permit_window.window import PermitWindow
from tests.application_builders import TODAY
from tests.people_builders import builder, file_for, maria_twice

HEADERS = "Permit #,Type,Site Address,Owner,Date Issued"
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # a stored code such as rough_in


@pytest.fixture(autouse=True)
def told(monkeypatch) -> list:
    messages: list = []
    monkeypatch.setattr(confirm, "tell", lambda _p, title, text: messages.append((title, text)))
    return messages


def imported(register, tmp_path, owner: str, number: str = "2019-0007") -> dict:
    """A permit brought in from the old register, as the import command does it."""
    source = tmp_path / "old-register.csv"
    source.write_text(f"{HEADERS}\r\n{number},building,27 Liberty St,{owner},2019-05-02\r\n",
                      encoding="utf-8")  # fmt: skip
    run_import(register, source, initial_mapping(register, read_source(source).headers))
    return register.query_one("SELECT * FROM permits WHERE permit_number = ?", (number,))


def cells(table: QTableWidget, column: int) -> list[str]:
    return [(table.item(r, column).text() if table.item(r, column) else "")
            for r in range(table.rowCount())]  # fmt: skip


def owner_row(pw) -> int:
    return cells(pw.parties, 0).index("Owner")


def answering(**fields):
    """Replaces ``actions.run``: fills the owner dialog by object name and saves."""
    seen: list = []

    def run(dialog) -> bool:
        seen.append(dialog)
        for name, value in fields.items():
            widget = dialog.findChild(object, name)
            assert widget is not None, name
            if isinstance(widget, QComboBox):
                widget.setCurrentIndex(widget.findData(value))
            elif hasattr(widget, "setChecked"):
                widget.setChecked(value)
            else:
                widget.setText(value)
        dialog.findChild(object, "correct_save").click()
        return dialog.result() == QDialog.DialogCode.Accepted

    run.seen = seen
    return run


def test_a_typed_owner_is_linked_to_the_right_person_on_file(qtbot, window, register, tmp_path,
                                                             monkeypatch):  # fmt: skip
    full, empty = maria_twice(register)
    permit = imported(register, tmp_path, "Maria Gonzalez")
    pw = PermitWindow(window, permit["uuid"], TODAY)
    qtbot.addWidget(pw)
    row = owner_row(pw)
    assert "matched by name only" in cells(pw.parties, 6)[row]  # a guess is said as one
    pw.parties.selectRow(row)
    run = answering(owner_use_on_file=True, owner_person=full["uuid"],
                    correct_reason="owner came in; the one with the address")  # fmt: skip
    monkeypatch.setattr(actions, "run", run)
    link = actions.correct_party(pw)
    dialog = run.seen[0]
    assert isinstance(dialog, OwnerLinkDialog)
    # both Maria Gonzalez records are offered, told apart by address and phone
    labels = [dialog.people.itemText(i) for i in range(dialog.people.count())]
    assert any("27 Liberty St" in t and "(608) 555-0142" in t for t in labels)
    assert any("no address on file" in t for t in labels)
    assert "typed on the imported permit" in dialog.preview.text()  # before, shown at once
    assert "27 Liberty St" in dialog.preview.text()  # and after
    stored = register.get("permits", permit["uuid"])
    assert stored["owner_id"] == full["id"] != empty["id"] and link.person["uuid"] == full["uuid"]
    row = owner_row(pw)
    assert cells(pw.parties, 2)[row] == "(608) 555-0142"
    assert "matched" not in cells(pw.parties, 6)[row]  # linked: no longer a guess
    history = [(cells(pw.history, 3)[i], cells(pw.history, 4)[i], cells(pw.history, 5)[i])
               for i in range(pw.history.rowCount())]  # fmt: skip
    assert ("Corrected", "owner came in; the one with the address",
            "Owner: none on file → Maria Gonzalez") in history  # fmt: skip
    assert verify_register(register.path).ok


def test_an_owner_known_by_name_only_is_added_then_correctable(qtbot, window, register, tmp_path,
                                                               monkeypatch):  # fmt: skip
    permit = imported(register, tmp_path, "Renée Côté")
    pw = PermitWindow(window, permit["uuid"], TODAY)
    qtbot.addWidget(pw)
    assert "no person on file" in cells(pw.parties, 6)[owner_row(pw)]
    pw.parties.selectRow(owner_row(pw))
    monkeypatch.setattr(actions, "run", answering(
        owner_add_new=True, owner_new_phone="608-555-0123",
        owner_new_mailing_address="4 Elm St, Deerfield, WI 53531",
        correct_reason="owner called in with her address"))  # fmt: skip
    link = actions.correct_party(pw)
    assert link.created and link.person["name"] == "Renée Côté"
    assert register.get("permits", permit["uuid"])["owner_id"] == link.person["id"]
    assert cells(pw.parties, 3)[owner_row(pw)] == "4 Elm St, Deerfield, WI 53531"
    # from now on she is a person on file: Correct opens the person's own correction
    pw.parties.selectRow(owner_row(pw))
    seen: list = []
    monkeypatch.setattr(actions, "run", lambda d: seen.append(type(d).__name__) and False)
    actions.correct_party(pw)
    assert seen == ["PersonCorrectionDialog"]


def test_adding_an_owner_already_on_file_asks_to_use_that_one(qtbot, window, register, tmp_path,
                                                              monkeypatch):  # fmt: skip
    full, _empty = maria_twice(register)
    permit = imported(register, tmp_path, "M. Gonzalez")
    asked: list = []

    def ask(_parent, matches, name):
        asked.append((name, [m.reasons for m in matches]))
        return "use", matches[0].person

    monkeypatch.setattr(person_picker, "ask_use_on_file", ask)
    people_before = register.query_one("SELECT count(*) AS n FROM people")["n"]
    dialog = OwnerLinkDialog(None, register, permit["uuid"])
    qtbot.addWidget(dialog)
    dialog.new_radio.setChecked(True)
    dialog.new["name"].setText("Maria Gonzalez")
    dialog.new["phone"].setText("608.555.0142")
    dialog.reason.setText("name as on the deed")
    assert dialog.submit()
    assert asked and asked[0][0] == "Maria Gonzalez" and "phone" in asked[0][1][0]
    assert register.query_one("SELECT count(*) AS n FROM people")["n"] == people_before
    assert register.get("permits", permit["uuid"])["owner_id"] == full["id"]


def test_no_reason_is_refused_in_words_and_nothing_is_written(qtbot, register, tmp_path):
    permit = imported(register, tmp_path, "Renée Côté")
    people_before = register.query_one("SELECT count(*) AS n FROM people")["n"]
    dialog = OwnerLinkDialog(None, register, permit["uuid"])
    qtbot.addWidget(dialog)
    dialog.new_radio.setChecked(True)
    assert not dialog.submit()
    assert dialog.error.text().startswith("Reason: say why the owner is corrected")
    assert register.query_one("SELECT count(*) AS n FROM people")["n"] == people_before
    assert register.get("permits", permit["uuid"])["owner_id"] is None


def test_a_filed_permits_owner_is_corrected_as_a_person_not_relinked(register):
    full, _empty = maria_twice(register)
    permit = file_for(register, full, builder(register))[0]
    with pytest.raises(NotAllowed, match="comes from its application"):
        link_owner(register, permit["uuid"], "typo", person_uuid=full["uuid"])


# -- codes in words ---------------------------------------------------------------------------
def test_the_zoning_code_is_shown_with_its_district(register):
    site_parcel(register, {"parcel_number": "0612-000-0001", "house_number": "12",
                           "street": "Oak St", "zoning": "SR-1"})  # fmt: skip
    full, _empty = maria_twice(register)
    permit = file_for(register, full, builder(register))[0]
    html = render_html(permit_detail(register, permit["uuid"]))
    assert "zoning SR-1 — Single-family residential (residential district)" in html


def test_no_tab_of_the_permit_window_shows_a_code_or_json(qtbot, window, register):
    from deerfield_desk.store.inspections import record_result, request_inspection
    from deerfield_desk.store.ledger import record_deposit
    from tests.inspections_fixtures import NOW, make_permit

    permit = make_permit(register)
    visit = request_inspection(register, permit["uuid"], "draintile_basement_floor",
                               requested_by="Dana", requested_at=NOW, now=NOW)  # fmt: skip
    record_result(register, visit["uuid"], "not_ready", inspected_at=NOW)
    record_deposit(register, permit["uuid"], "completion_deposit", 50000, "check 1042", TODAY)
    pw = PermitWindow(window, permit["uuid"], TODAY)
    qtbot.addWidget(pw)
    shown = [pw.summary.toPlainText()]
    for table in pw.findChildren(QTableWidget):
        for column in range(table.columnCount()):
            shown += cells(table, column)
    text = "\n".join(shown)
    assert "Draintile" in text  # the stage by its title
    assert "Not ready" in text and "Completion deposit" in text
    assert not SNAKE.findall(text), SNAKE.findall(text)
    assert "{" not in text and '":' not in text  # no JSON anywhere


# -- parented to the permit window ----------------------------------------------------------
def test_dialogs_from_the_permit_window_are_its_children(qtbot, window, register):
    from deerfield_desk.store.inspections import request_inspection
    from tests.inspections_fixtures import NOW, make_permit

    permit = make_permit(register)
    request_inspection(register, permit["uuid"], "footing", requested_by="Dana", requested_at=NOW)
    pw = PermitWindow(window, permit["uuid"], TODAY)
    qtbot.addWidget(pw)
    parents: list = []

    def note_and_close():
        dialog = QApplication.activeModalWidget()
        parents.append((type(dialog).__name__, dialog.parent() is pw))
        dialog.reject()

    deposits = actions.deposits(pw)
    assert deposits.parent() is pw
    deposits.close()
    pw.inspections.selectRow(0)
    for launch in (actions.record_result, actions.inspections):
        QTimer.singleShot(0, note_and_close)
        launch(pw)
    assert parents == [("ResultDialog", True), ("PermitInspectionsDialog", True)]
    assert window.permit_scope is None


def test_one_word_codes_in_the_history_are_labels_typed_words_are_not():
    from deerfield_desk.models.plain_labels import action_label, column_value, plain_reason

    assert column_value("status", "paid") == "Paid"  # "Status: Due → paid" before
    assert column_value("payment_status", "recorded") == "Recorded"
    assert column_value("notes", "paid in cash") == "paid in cash"  # free text as typed
    assert column_value("inspected_at", "2026-12-01T08:00:00") == "2026-12-01 08:00"
    assert action_label("status:under_review") == "Status: Under review"
    assert plain_reason("not_ready by Pat Clerk") == "not ready by Pat Clerk"


def test_issue_and_print_from_the_permit_window_open_in_front_of_it(qtbot, window, register,
                                                                   tmp_path):  # fmt: skip
    from deerfield_desk.ui.issue_dialog import IssueDialog
    from tests.documents_fixtures import build_register

    full, _empty = maria_twice(register)
    pending = PermitWindow(window, file_for(register, full, builder(register))[0]["uuid"], TODAY)
    qtbot.addWidget(pending)
    pending.issue_button.click()
    issue = [w for w in pending.findChildren(IssueDialog)]
    assert issue and issue[-1].parent() is pending and issue[-1].isVisible()
    issue[-1].close()
    printable = build_register(register, tmp_path)["permit"]  # a permit every paper prints for
    issued = PermitWindow(window, printable["uuid"], TODAY)
    qtbot.addWidget(issued)
    issued.documents.selectRow(0)
    preview = actions.open_document(issued)
    assert preview is not None and preview.parent() is issued
    preview.close()
    assert window.permit_scope is None
