"""Issue 16.4: leaving the wizard keeps the register clean, and errors come before "yes".

Cancel, Esc or the close button ask "save as draft or discard?"; a discarded application
voids (never deletes) the people it added; a saved draft reopens with everything typed; a
submission that would be refused says why in the office's words before any confirmation.
"""

from __future__ import annotations

import pytest
from lifecycle_fixtures import fill, submit
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from deerfield_desk.store.applications import drafts, find_people, save_draft
from deerfield_desk.store.verify import verify_register
from deerfield_desk.ui.wizard import ApplicationWizard
from deerfield_desk.ui.wizard import wizard as wizard_module
from tests.application_builders import TODAY


@pytest.fixture
def leave_with(monkeypatch):
    """Answer the leave question with ``choice``; records the people count it was told."""
    told: list[int] = []

    def answer(choice):
        monkeypatch.setattr(wizard_module, "ask_leave",
                            lambda _parent, people: told.append(people) or choice)  # fmt: skip
        return told

    return answer


def start(qtbot, register) -> ApplicationWizard:
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    fill(wizard, "site_street", "Oak St")
    fill(wizard, "site_parcel_number", "0612-000-0001")
    wizard.next()
    fill(wizard, "person_name", "Maria Gonzalez")
    fill(wizard, "person_phone", "608-555-0142")
    wizard.parties_page.add("owner")
    return wizard


def test_escape_then_discard_voids_the_person_added_and_files_nothing(qtbot, register,
                                                                       leave_with):  # fmt: skip
    told = leave_with(wizard_module.DISCARD)
    wizard = start(qtbot, register)
    QTest.keyClick(wizard, Qt.Key.Key_Escape)
    assert told == [1] and not wizard.isVisible()
    assert find_people(register, "Gonzalez") == []  # no orphan for the next clerk to pick
    person = register.query_one("SELECT * FROM people WHERE name = 'Maria Gonzalez'")
    assert person["status"] == "voided" and "discarded" in person["void_reason"]
    assert register.query("SELECT * FROM applications") == []
    actions = [r["action"] for r in register.query(
        "SELECT action FROM journal WHERE table_name = 'people' ORDER BY seq")]  # fmt: skip
    assert actions == ["insert", "void"]
    assert verify_register(register.path).ok


def test_cancel_then_save_keeps_a_draft_that_reopens_with_its_owner(qtbot, register,
                                                                     leave_with):  # fmt: skip
    leave_with(wizard_module.SAVE)
    wizard = start(qtbot, register)
    owner_uuid = wizard.state["parties"]["owner_uuid"]
    wizard.button(wizard.WizardButton.CancelButton).click()
    assert not wizard.isVisible()
    [draft] = drafts(register)
    again = ApplicationWizard(register, app_uuid=draft["uuid"], today=TODAY)
    qtbot.addWidget(again)
    again.show()
    assert again.site_page.edits["street"].text() == "Oak St"
    again.next()
    assert again.parties_page.combos["owner"].currentData() == owner_uuid
    assert [p["name"] for p in find_people(register, "Gonzalez")] == ["Maria Gonzalez"]


def test_keep_editing_leaves_the_wizard_open(qtbot, register, leave_with):
    told = leave_with(wizard_module.STAY)
    wizard = start(qtbot, register)
    wizard.close()
    assert told == [1] and wizard.isVisible()
    assert find_people(register, "Gonzalez")[0]["status"] == "active"


def test_nothing_entered_closes_without_asking(qtbot, register, leave_with):
    told = leave_with(wizard_module.DISCARD)
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    QTest.keyClick(wizard, Qt.Key.Key_Escape)
    assert told == [] and not wizard.isVisible()


def test_discard_leaves_a_person_another_draft_names(qtbot, register, leave_with):
    leave_with(wizard_module.DISCARD)
    wizard = start(qtbot, register)
    maria = wizard.state["parties"]["owner_uuid"]
    # meanwhile another desk saves a draft naming her as owner
    save_draft(register, {"site": {"street": "Elm St"}, "parties": {"owner_uuid": maria}})
    wizard.reject()
    assert not wizard.isVisible()
    assert register.get("people", maria)["status"] == "active"


def test_a_missing_owner_is_said_before_any_confirmation(qtbot, register, monkeypatch):
    """The pages refuse to move on without an owner; Submit checks again (a draft saved by
    another desk, a person voided meanwhile) and says so before asking for a "yes"."""
    told = []
    monkeypatch.setattr(wizard_module.confirm, "tell", lambda _p, title, text: told.append(text))
    draft = save_draft(register, {
        "site": {"street": "Oak St", "parcel_number": "0612-000-0001"},
        "work": "demolition",
        "answers": {"structure": "detached_garage", "area_sqft": 500, "disturbed_sqft": 0,
                    "earthwork_cuyd": 0, "estimated_cost": "5000.00"},
    })  # fmt: skip
    wizard = ApplicationWizard(register, app_uuid=draft["uuid"], today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    assert submit(wizard) == []  # never asked to confirm what would be refused
    assert told == ["Owner: choose or add the owner of the property — on the Parties page"]
    assert wizard.summary_page.error.text() == told[0]
    assert register.query_one("SELECT status FROM applications")["status"] == "draft"


def test_a_saved_draft_reopens_from_the_review_queue(qtbot, window, leave_with):
    from deerfield_desk.ui.lifecycle_actions import open_review_queue

    leave_with(wizard_module.SAVE)
    wizard = start(qtbot, window.register)
    wizard.back()
    fill(wizard, "site_house_number", "12")
    wizard.reject()
    queue = open_review_queue(window)
    panel = queue.drafts
    assert not panel.isHidden() and panel.table.rowCount() == 1
    assert panel.table.item(0, 1).text() == "12 Oak St"
    assert panel.table.item(0, 2).text() == "not chosen yet"
    panel.table.selectRow(0)
    again = panel.open_selected()
    qtbot.addWidget(again)
    assert again.app_uuid == drafts(window.register)[0]["uuid"]
    assert again.site_page.edits["house_number"].text() == "12"


def test_people_added_after_a_draft_was_saved_go_with_a_discard(qtbot, register, leave_with):
    told = leave_with(wizard_module.DISCARD)
    wizard = start(qtbot, register)
    maria = wizard.state["parties"]["owner_uuid"]
    wizard.save_draft()  # Maria is named by the saved draft from here on
    fill(wizard, "person_name", "Cy Contractor")
    fill(wizard, "person_credential_number", "1234567")
    cy = wizard.parties_page.add("contractor")
    wizard.reject()
    assert told == [1]  # only Cy would go
    assert register.get("people", cy["uuid"])["status"] == "voided"
    assert register.get("people", maria)["status"] == "active"
    assert len(drafts(register)) == 1
