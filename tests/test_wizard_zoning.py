"""Issue 16.4: a parcel's zoning code reaches the engine through the village's zoning table.

Before, every parcel on file was refused ("unknown value 'LI'"): parcels carry the zoning
map's codes, the engine reads four kinds of district (§12.30(5)–(6)).
"""

from __future__ import annotations

from datetime import date

from lifecycle_fixtures import fill, submit
from PySide6.QtWidgets import QComboBox

from deerfield_desk.demo import generate_demo
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store.applications import add_person, site_parcel
from deerfield_desk.store.register import Register
from deerfield_desk.store.zoning_table import parcel_codes_not_in_table, zoning_table
from deerfield_desk.ui.wizard import ApplicationWizard
from deerfield_desk.ui.zoning_dialog import ZoningDialog
from tests.application_builders import TODAY, complete_answers, typed

DISH = {"dish_diameter_in": "30", "mount": "ground", "dish_yard": "side",
        "dish_structure_ft": "10", "dish_lot_line_ft": "10", "dish_yard_share_pct": "20",
        "existing_dishes": "0"}  # fmt: skip


def parcel(register, number: str, zoning: str) -> dict:
    return site_parcel(register, {"parcel_number": number, "house_number": "5",
                                  "street": "Industrial Dr", "zoning": zoning})  # fmt: skip


def dish_on(qtbot, register, parcel_row) -> ApplicationWizard:
    owner = add_person(register, {"name": "Acme Tool Co"})
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    fill(wizard, "site_parcel", parcel_row["uuid"])
    return wizard, owner


def test_a_light_industrial_parcel_on_file_is_assessed_as_industrial(qtbot, register):
    wizard, owner = dish_on(qtbot, register, parcel(register, "0812-054-1001-0", "LI"))
    assert wizard.state["site"]["zoning"] == "LI"
    assert wizard.validateCurrentPage()
    wizard.next()
    fill(wizard, "party_owner", owner["uuid"])
    wizard.next()
    fill(wizard, "work_kind", "satellite_dish")
    for key, value in DISH.items():
        fill(wizard, f"q_{key}", value)
    assert wizard.validateCurrentPage()
    wizard.next()
    wizard.next()
    # a side-yard dish is allowed in an industrial district (§12.30(6)), refused in a
    # residential one (§12.30(5)): no refusal here means LI was read as industrial
    assert wizard.summary_page.result.project.zoning == "industrial"
    assert not wizard.summary_page.result.assessment.refusals
    assert submit(wizard) == ["Submit application"]
    assert register.query_one("SELECT kind FROM permits")["kind"] == "satellite_dish"


def test_a_code_missing_from_the_table_is_named_and_added_in_settings(qtbot, register,
                                                                      main_window):  # fmt: skip
    wizard, _owner = dish_on(qtbot, register, parcel(register, "0812-054-1002-0", "PUD-3"))
    combo = wizard.site_page.findChild(QComboBox, "site_zoning")
    assert combo.currentText() == "PUD-3 — not in the zoning table"
    assert not wizard.validateCurrentPage()
    error = wizard.binder.errors[("site", "zoning")].text()
    assert "PUD-3 is not in the village's zoning table" in error
    assert "Tools → Zoning districts" in error and "unknown value" not in error

    window = main_window(register)
    dialog = ZoningDialog(window)
    qtbot.addWidget(dialog)
    assert "PUD-3" in dialog.missing.text()
    dialog.add_row("pud-3 ", "Planned unit development 3", None)
    assert not dialog.save()  # no kind of district chosen yet
    assert dialog.error.text().startswith("District: row 10:")
    last = dialog.table.rowCount() - 1
    dialog.table.cellWidget(last, 2).setCurrentIndex(1)  # Residential
    assert dialog.save()
    assert zoning_table(register)[-1].code == "PUD-3"
    entry = register.query_one(
        "SELECT action FROM journal WHERE table_name = 'settings' ORDER BY seq DESC LIMIT 1"
    )
    assert entry["action"] == "insert"  # the table is a journaled setting
    assert wizard.validateCurrentPage()


def test_a_code_twice_in_the_table_is_refused_with_its_row(qtbot, register, main_window):
    dialog = ZoningDialog(main_window(register))
    qtbot.addWidget(dialog)
    dialog.add_row("SR-1", "again", "residential")
    assert not dialog.save()
    assert dialog.error.text() == "Code: row 10: SR-1 is already in the table"
    assert register.get_setting("zoning_table") is None  # nothing half-written


def test_every_code_on_the_demo_registers_parcels_is_in_the_sample_table(tmp_path):
    path = tmp_path / "demo.sqlite"
    list(generate_demo(path, permits=40, seed=2, today=date(2026, 11, 30)))
    demo = Register.open(path, Actor("Pat Clerk", Role.CLERK, "test-device"))
    try:
        codes = {r["zoning"] for r in demo.query("SELECT DISTINCT zoning FROM parcels")}
        assert {"SR-1", "GB", "LI"} <= codes  # what the demo's parcels hold
        assert parcel_codes_not_in_table(demo) == []
    finally:
        demo.close()


def test_a_code_typed_in_another_case_is_the_same_code(register):
    from deerfield_desk.store.applications import preview

    state = {"site": {"zoning": " gb"}, "work": "satellite_dish",
             "answers": {k: typed(k, v) for k, v in {**complete_answers("satellite_dish"),
                         "dish_diameter_in": "30", "mount": "ground"}.items()}}  # fmt: skip
    assert preview(register, state, TODAY).project.zoning == "commercial"


def test_the_dialog_grows_to_show_its_error(qtbot, register, main_window):
    """Issue 16.8: a dialog opened small grows with its error text instead of cutting it."""
    dialog = ZoningDialog(main_window(register))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.resize(360, 200)
    qtbot.waitUntil(lambda: dialog.height() <= 260)
    before = dialog.height()
    dialog.add_row("", "a code nobody typed", "residential")
    assert not dialog.save()
    qtbot.waitUntil(lambda: dialog.height() > before)
    error = dialog.error
    assert error.isVisible() and error.geometry().bottom() < dialog.height()
    assert dialog.height() >= min(dialog.sizeHint().height(),
                                  dialog.screen().availableGeometry().height())  # fmt: skip
