"""The erosion checklist in the field (issue 17, item 5): the class from the permit and the
§31.06(3) larger-site test, answers kept across a class change, Escape asking, a draft that
survives closing the app, and deficient items turned into the result's defects in one step."""

from datetime import date

import pytest
from PySide6.QtCore import Qt

from deerfield_desk.config import register_paths
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.store import checklist_drafts, erosion_checks, inspections
from deerfield_desk.store.applications import add_person, save_draft, submit_application
from deerfield_desk.store.register import Register
from deerfield_desk.ui.field import checklist_dialog
from deerfield_desk.ui.field.checklist_dialog import ChecklistDialog
from tests.inspections_fixtures import NOW

ACRE = 43_560


@pytest.fixture
def grading_site(register):
    """A 6.4-acre grading site: a major activity (31.02(16)) on a larger site (31.06(3))."""
    owner = add_person(register, {"name": "Ann Owner", "phone": "608-555-0100"})
    state = {
        "site": {"parcel_number": "0612-000-0009", "street": "Oak St"},
        "parties": {"owner_uuid": owner["uuid"]},
        "work": "land_disturbance",
        "answers": {
            "disturbed_sqft": int(6.4 * ACRE),
            "earthwork_cuyd": 0,
            "control_measures_cost": 18000,
        },
    }
    uuid = save_draft(register, state)["uuid"]
    permits = submit_application(register, uuid, date(2026, 11, 30), VillageCalendar())
    permit = next(p for p in permits if p["kind"] == "erosion_control")
    register.update("permits", permit["uuid"], {"status": "issued", "permit_number": "2026-0077"})
    visit = inspections.request_inspection(
        register, permit["uuid"], "erosion_control", requested_by="Ann", requested_at=NOW
    )
    return register.get("permits", permit["uuid"]), visit


def answer_all(dialog, value="meets"):
    for code in dialog.answers:
        dialog.answer(code, value)


def test_a_64_acre_grading_site_gets_the_larger_site_items(window, grading_site, qtbot):
    permit, visit = grading_site
    assert permit["permit_class"] == "major"
    assert erosion_checks.site_class_of(window.register, permit["uuid"]) == "larger"
    dialog = ChecklistDialog(window, permit["uuid"], visit["uuid"])
    qtbot.addWidget(dialog)
    assert dialog.current_class() == "larger"
    assert {"inlet_protection", "sediment_basin", "runoff_measures"} <= set(dialog.answers)
    assert "From the permit: Major activity on a larger site" in dialog.notice.text()


def test_changing_the_class_keeps_answers_that_still_apply(window, grading_site, qtbot):
    permit, visit = grading_site
    dialog = ChecklistDialog(window, permit["uuid"], visit["uuid"])
    qtbot.addWidget(dialog)
    dialog.answer("tracking_pad", "deficient", "mud on Oak St")
    dialog.answer("inlet_protection", "meets")
    dialog.site_class.setCurrentIndex(dialog.site_class.findData("major"))
    assert dialog.entered() == {"tracking_pad": ("deficient", "mud on Oak St")}
    assert "1 answer(s) kept; 1 no longer on this list: inlet_protection" in dialog.notice.text()
    dialog.site_class.setCurrentIndex(dialog.site_class.findData("larger"))
    assert dialog.entered()["tracking_pad"] == ("deficient", "mud on Oak St")


@pytest.mark.parametrize("choice", ["stay", "draft", "discard"])
def test_escape_on_a_half_filled_checklist_asks(window, grading_site, qtbot, monkeypatch, choice):
    permit, visit = grading_site
    asked = []
    monkeypatch.setattr(checklist_dialog, "ask_unsaved", lambda parent: asked.append(1) or choice)
    dialog = ChecklistDialog(window, permit["uuid"], visit["uuid"])
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.answer("tracking_pad", "deficient", "mud on Oak St")
    dialog.save_draft()  # as the autosave does a moment after a change
    dialog.answer("sequencing", "meets")
    dialog.changed()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert asked == [1]
    assert dialog.isVisible() is (choice == "stay")
    draft = checklist_drafts.current_draft(window.register, permit["uuid"], visit["uuid"])
    if choice == "stay":
        assert draft["answers"] == {"tracking_pad": ("deficient", "mud on Oak St")}
    elif choice == "draft":  # what was typed since the last autosave is kept too
        assert draft["answers"] == {"tracking_pad": ("deficient", "mud on Oak St"),
                                    "sequencing": ("meets", "")}  # fmt: skip
    else:
        assert draft is None
        voided = window.register.query("SELECT void_reason FROM checklist_drafts")
        assert voided == [{"void_reason": "discarded by the inspector before saving"}]


def test_escape_on_an_untouched_checklist_just_closes(window, grading_site, qtbot, monkeypatch):
    permit, visit = grading_site
    monkeypatch.setattr(checklist_dialog, "ask_unsaved", lambda parent: pytest.fail("asked"))
    dialog = ChecklistDialog(window, permit["uuid"], visit["uuid"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_a_draft_survives_closing_the_app(main_window, register, grading_site, qtbot, db_path,
                                          inspector):  # fmt: skip
    permit, visit = grading_site
    window = main_window(register)
    dialog = ChecklistDialog(window, permit["uuid"], visit["uuid"])
    qtbot.addWidget(dialog)
    dialog.site_class.setCurrentIndex(dialog.site_class.findData("major"))
    dialog.answer("tracking_pad", "deficient", "mud on Oak St")
    dialog.answer("sequencing", "meets")
    dialog.changed()
    qtbot.waitUntil(lambda: checklist_drafts.current_draft(register, permit["uuid"],
                                                           visit["uuid"]) is not None)  # fmt: skip
    window.close()
    register.close()  # the app closes (the dialog was never saved nor cancelled)

    again = Register.open(db_path, inspector)
    try:
        window = main_window(again, db_path)
        reopened = ChecklistDialog(window, permit["uuid"], visit["uuid"])
        qtbot.addWidget(reopened)
        assert reopened.current_class() == "major"
        assert reopened.entered() == {"tracking_pad": ("deficient", "mud on Oak St"),
                                      "sequencing": ("meets", "")}  # fmt: skip
        assert "restored (2 item(s))" in reopened.notice.text()
        answer_all(reopened, "meets")
        reopened.answer("tracking_pad", "deficient", "mud on Oak St")
        reopened.save()
        assert reopened.saved is not None
        assert checklist_drafts.current_draft(again, permit["uuid"], visit["uuid"]) is None
        closed = again.query_one("SELECT status, void_reason FROM checklist_drafts")
        assert closed["status"] == "voided" and reopened.saved["uuid"] in closed["void_reason"]
    finally:
        again.close()


def test_deficient_items_become_defects_on_the_result_in_one_step(window, grading_site, qtbot,
                                                                  monkeypatch):  # fmt: skip
    permit, visit = grading_site
    shown = []
    monkeypatch.setattr(checklist_dialog, "open_result", shown.append)
    dialog = ChecklistDialog(window, permit["uuid"], visit["uuid"])
    qtbot.addWidget(dialog)
    answer_all(dialog)
    dialog.answer("tracking_pad", "deficient", "mud on Oak St")
    dialog.answer("inlet_protection", "deficient", "inlet on Oak St open")
    dialog.findChild(checklist_dialog.QPushButton, "saveAndResult").click()
    assert dialog.saved is not None and len(shown) == 1
    result = shown[0]
    qtbot.addWidget(result)
    rows = result.defect_rows()
    assert [(r["section"], r["description"]) for r in rows] == [
        ("31.06(2)(C)", "mud on Oak St"),
        ("31.06(3)(A)", "inlet on Oak St open"),
    ]
    assert rows[1]["correction"] == "Storm drain inlets protected"
    result.outcome_buttons["failed"].click()
    result.save()
    stored, follow_up = result.saved
    assert stored["result"] == "failed" and "31.06(3)(A)" in stored["defects_json"]
    assert follow_up is not None
    assert register_paths(window.paths.db).db == window.paths.db
