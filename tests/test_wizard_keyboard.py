"""Issue 16.4: the wizard filled from the keyboard alone, Tab by Tab, and what it stored.

Why this test exists: a hidden Tab stop (the scroll area around the work questions, a § link
in a label) once shifted every typed value one field on — the house became 80 sq ft costing
$4.00 and its completion deposit vanished. Here each value is typed into whatever has the focus
after a Tab, the focused field is checked before typing, and the register's rows are read back.
"""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from deerfield_desk.models.wizard_fields import questions_for
from deerfield_desk.store.applications import add_person
from deerfield_desk.store.ledger import fees_for_permit
from deerfield_desk.ui import confirm
from deerfield_desk.ui.wizard import ApplicationWizard
from tests.application_builders import TODAY

#: What the clerk types into each work question of a new house (by the engine's key); the
#: questions not listed are passed over with Tab.
HOUSE = {
    "structure": "One",  # keyboard search picks "One- or two-family dwelling"
    "dwelling_units": "1",  # asked now that the structure is a dwelling
    "area_sqft": "1800",
    "estimated_cost": "250,000",
    "new_primary_structure": " ",
    "disturbed_sqft": "9000",
    "earthwork_cuyd": "40",
    "utility_ft": "60",
    "max_slope_pct": "4",
    "control_measures_cost": "1,200",
}


def focused():
    return QApplication.focusWidget()


def tab_to(qtbot, name: str) -> None:
    """One Tab, and the focus must land on ``name`` (no stop in between)."""
    QTest.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is not None and focused().objectName() == name, (
        f"Tab went to {focused() and focused().objectName()!r}, not {name!r}"
    )


def type_here(text: str) -> None:
    if text == " ":
        QTest.keyClick(focused(), Qt.Key.Key_Space)
    else:
        QTest.keyClicks(focused(), text)
    QApplication.processEvents()  # as between two keystrokes: new questions get shown


def next_page(wizard) -> None:
    """Enter, which presses the default button (Next)."""
    before = wizard.currentId()
    QTest.keyClick(focused(), Qt.Key.Key_Return)
    assert wizard.currentId() == before + 1, wizard.currentPage().title()


def test_a_new_house_typed_by_keyboard_alone_is_stored_as_typed(qtbot, register, monkeypatch):
    asked = []
    monkeypatch.setattr(confirm, "ask", lambda _p, title, text: asked.append(text) or True)
    owner = add_person(register, {"name": "Ann Owner", "phone": "608-555-0100"})
    builder = add_person(register, {"name": "Bo Builder", "credential_number": "1234567"},
                         contractor=True)  # fmt: skip
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    with qtbot.waitActive(wizard):
        wizard.show()
        wizard.activateWindow()
    assert focused().objectName() == "site_parcel"  # the page opens on its first field

    for name, text in (("site_parcel_number", "0612-000-0001"), ("site_house_number", "12"),
                       ("site_street", "Oak St"), ("site_legal_description", "Lot 4, CSM 77"),
                       ("site_on_platted_lot", " "), ("site_fire_limits", ""),
                       ("site_sensitive_area", ""), ("site_zoning", "SR-1")):  # fmt: skip
        tab_to(qtbot, name)
        type_here(text)
    next_page(wizard)

    assert focused().objectName() == "party_owner"
    type_here("Ann")
    tab_to(qtbot, "party_applicant")
    tab_to(qtbot, "party_contractor")
    type_here("Bo")
    next_page(wizard)

    assert focused().objectName() == "work_kind"
    type_here("New")  # a space would open the list
    tab_to(qtbot, "work_description")
    type_here("Two-storey house")
    for q in questions_for("new_building"):
        tab_to(qtbot, f"q_{q.key}")
        type_here(HOUSE.get(q.key, ""))
    next_page(wizard)
    next_page(wizard)  # nothing received yet
    assert wizard.currentPage() is wizard.summary_page
    entered = wizard.summary_page.view.toPlainText()
    for shown in ("0612-000-0001", "Lot 4, CSM 77", "On a platted lot: Yes",
                  "SR-1 — Single-family residential (residential)",
                  "Ann Owner · 608-555-0100", "Bo Builder · credential 1234567", "New building",
                  "Two-storey house", "One- or two-family dwelling", "after the work: 1 unit",
                  "1,800 sq ft", "$250,000.00", "9,000 sq ft", "40 cu yd", "60 ft", "4 %",
                  "$1,200.00"):  # fmt: skip
        assert shown in entered, f"the summary does not repeat {shown!r}"
    QTest.keyClick(focused(), Qt.Key.Key_Return)  # Submit application, the default button

    app = register.query_one("SELECT * FROM applications")
    assert app["status"] == "submitted", app
    state = json.loads(app["project_json"])
    assert state["site"] == {"parcel_number": "0612-000-0001", "house_number": "12",
                             "street": "Oak St", "legal_description": "Lot 4, CSM 77",
                             "on_platted_lot": True, "zoning": "SR-1"}  # fmt: skip
    assert state["parties"] == {"owner_uuid": owner["uuid"], "contractor_uuid": builder["uuid"]}
    assert state["description"] == "Two-storey house"
    assert app["dwelling_units"] == 1  # for the Census and state reports
    assert state["answers"] == {
        "structure": "dwelling", "dwelling_units": 1, "area_sqft": 1800,
        "estimated_cost": "250000.00",
        "new_primary_structure": True, "disturbed_sqft": 9000, "earthwork_cuyd": 40,
        "utility_ft": 60, "max_slope_pct": 4, "control_measures_cost": "1200.00",
    }  # fmt: skip
    permits = {p["kind"]: p for p in register.query("SELECT * FROM permits")}
    house = permits["building"]
    assert house["estimated_cost_cents"] == 25_000_000 and house["housing_units"] == 1
    assert house["address_text"] == "12 Oak St" and house["owner_name"] == "Ann Owner"
    fees = {f["code"]: f["amount_cents"] for f in fees_for_permit(register, house["id"])}
    # the sample schedule's per-square-foot building fee, on 1,800 sq ft — not on 80
    assert fees["building_permit"] > 400, fees
    assert "erosion_control" in permits  # 9,000 sq ft disturbed on a platted lot
    assert asked, "submitting is an official act and is confirmed first"
