"""People and firms on file (issue 16.2): duplicates are caught before they are made, every
picker tells two people of one name apart, and a notice goes to the record with the address."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QPushButton

from deerfield_desk.store.people import (
    credential_warning,
    owner_of_record,
    people_matching,
    person_label,
    search_people,
)
from deerfield_desk.ui.notice_dialogs import DraftNoticeDialog
from deerfield_desk.ui.person_picker import OnFileDialog
from deerfield_desk.ui.wizard import ApplicationWizard
from tests.application_builders import TODAY
from tests.lifecycle_fixtures import fill
from tests.people_builders import builder, file_for, maria_twice


def people_count(register) -> int:
    return register.query_one("SELECT count(*) AS n FROM people")["n"]


def test_a_person_on_file_is_found_by_name_phone_or_address(register):
    full, empty = maria_twice(register)
    by_name = people_matching(register, {"name": "  maria   GONZALEZ "})
    assert [m.person["uuid"] for m in by_name] == [full["uuid"], empty["uuid"]]
    assert by_name[0].reasons == ["name"]
    by_phone = people_matching(register, {"name": "M. Gonzales", "phone": "608.555.0142"})
    assert [(m.person["uuid"], m.reasons) for m in by_phone] == [(full["uuid"], ["phone"])]
    by_address = people_matching(
        register, {"name": "Jose Gonzalez", "mailing_address": "27 Liberty St. Deerfield WI 53531"}
    )
    assert [(m.person["uuid"], m.reasons) for m in by_address] == [(full["uuid"], ["address"])]
    assert people_matching(register, {"name": "Ann Owner", "phone": "608-555-0100"}) == []


def test_labels_tell_two_people_of_one_name_apart(register):
    full, empty = maria_twice(register)
    assert person_label(full) == (
        "Maria Gonzalez · 27 Liberty St, Deerfield, WI 53531 · (608) 555-0142"
    )
    assert person_label(empty) == "Maria Gonzalez · no address on file · no phone on file"


def test_the_directory_finds_by_phone_digits_firm_and_credential(register):
    full, _empty = maria_twice(register)
    bo = builder(register)
    assert [p["uuid"] for p in search_people(register, "555 0142")] == [full["uuid"]]
    assert [p["uuid"] for p in search_people(register, "builder & sons")] == [bo["uuid"]]
    assert [p["uuid"] for p in search_people(register, "1234567")] == [bo["uuid"]]


def test_an_expired_credential_is_warned_not_refused(register):
    bo = builder(register, credential_expires="2026-10-31")
    assert credential_warning(bo, TODAY) == "Credential 1234567 expired on 2026-10-31"
    assert credential_warning({**bo, "credential_expires": "2027-10-31"}, TODAY) is None


def _parties_page(qtbot, register) -> ApplicationWizard:
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    fill(wizard, "site_parcel_number", "0612-000-0009")
    fill(wizard, "site_street", "Elm St")
    wizard.next()
    assert wizard.currentPage().title() == "Parties"
    return wizard


def _answer(button: str):
    """Press ``button`` on the "use the one on file?" dialog once it is open."""
    seen: list[list[str]] = []

    def press():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, OnFileDialog), dialog
        seen.append([dialog.list.item(i).text() for i in range(dialog.list.count())])
        target = dialog.findChild(QPushButton, button)
        if target is None:  # never leave a modal dialog open: the test would hang
            dialog.reject()
            seen.append([f"no button {button}"])
            return
        target.click()

    QTimer.singleShot(0, press)
    return seen


def test_adding_someone_on_file_asks_and_uses_the_one_on_file(qtbot, register):
    full, _empty = maria_twice(register)
    wizard = _parties_page(qtbot, register)
    page = wizard.currentPage()
    page.new["name"].setText("Maria Gonzalez")
    page.new["phone"].setText("608 555 0142")
    before = people_count(register)
    seen = _answer("useOnFile")
    chosen = page.add("owner")
    assert chosen["uuid"] == full["uuid"]
    assert seen[0][0].startswith("Maria Gonzalez · 27 Liberty St")
    assert seen[0][0].endswith("(same name, phone)")
    assert people_count(register) == before  # no third Maria
    assert wizard.state["parties"]["owner_uuid"] == full["uuid"]
    assert "27 Liberty St" in page.combos["owner"].currentText()


def test_the_clerk_may_still_add_a_new_person_or_cancel(qtbot, register):
    maria_twice(register)
    wizard = _parties_page(qtbot, register)
    page = wizard.currentPage()
    page.new["name"].setText("Maria Gonzalez")
    page.new["mailing_address"].setText("4 Main St, Deerfield")
    before = people_count(register)
    seen = _answer("cancelOnFile")  # nothing added, the fields stay for another try
    assert page.add("owner") is None
    assert len(seen) == 1
    assert people_count(register) == before
    assert page.new["name"].text() == "Maria Gonzalez"
    _answer("addNewAnyway")
    added = page.add("applicant")
    assert people_count(register) == before + 1
    assert added["mailing_address"] == "4 Main St, Deerfield"
    assert wizard.state["parties"]["applicant_uuid"] == added["uuid"]


def test_the_owner_of_record_is_filled_in_from_the_parcel(qtbot, register):
    full, _empty = maria_twice(register)
    file_for(register, full, builder(register), parcel="0612-000-0042", street="Liberty St")
    parcel = register.query_one("SELECT * FROM parcels WHERE parcel_number = '0612-000-0042'")
    assert owner_of_record(register, parcel["uuid"])["uuid"] == full["uuid"]
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    fill(wizard, "site_parcel", parcel["uuid"])
    wizard.next()
    page = wizard.currentPage()
    assert wizard.state["parties"]["owner_uuid"] == full["uuid"]
    assert page.combos["owner"].currentData() == full["uuid"]
    assert page.owner_hint.isVisibleTo(page)
    assert "from the parcel: Maria Gonzalez" in page.owner_hint.text()


def test_a_notice_goes_to_the_record_with_the_address(qtbot, register):
    full, empty = maria_twice(register)
    permit = file_for(register, empty, builder(register))[0]
    dialog = DraftNoticeDialog(None, register, permit)
    qtbot.addWidget(dialog)
    labels = [dialog.recipient.itemText(i) for i in range(dialog.recipient.count())]
    assert labels[0] == "Maria Gonzalez · no address on file · no phone on file"
    assert "Maria Gonzalez · 27 Liberty St, Deerfield, WI 53531 · (608) 555-0142" in labels
    assert "no mailing address" in dialog.recipient_warning.text()
    assert not dialog.recipient_warning.isHidden()
    dialog.recipient.setCurrentIndex(dialog.recipient.findData(full["uuid"]))
    assert dialog.recipient_warning.isHidden()
    dialog.set_kind("building_stop_work")
    dialog.facts.setPlainText("Framing without an inspection of the footings")
    dialog.sections.setText("12.12(5)")
    dialog.remedy.setPlainText("Stop all work")
    assert dialog.submit(), [dialog.error_text(f) for f in dialog.errors]
    assert dialog.result_row["recipient_id"] == full["id"]
