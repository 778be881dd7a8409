"""The defect library: suggestions while typing a defect (one pick fills the row), and the
village's own entries added (checked, journaled) and voided with a reason."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit

from deerfield_desk.documents import render
from deerfield_desk.documents.village import save_village_settings
from deerfield_desk.errors import InvalidInput
from deerfield_desk.store import defect_library, inspections
from deerfield_desk.ui.field import defect_library_dialog
from deerfield_desk.ui.field.defect_library_dialog import DefectLibraryDialog
from deerfield_desk.ui.field.result_dialog import (
    COL_CORRECTION,
    COL_DESCRIPTION,
    COL_MINOR,
    COL_SECTION,
    ResultDialog,
)
from tests.documents_fixtures import SETTINGS, pdf_text
from tests.inspections_fixtures import NOW, make_permit, open_field_register


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


def test_search_matches_every_word_in_any_order_and_the_section(field_register):
    entries = defect_library.library(field_register)
    assert len(entries) >= 15
    found = defect_library.search(entries, "FENCE silt")
    assert [e.section for e in found] == ["31.06(2)(G)"]
    assert [e.description for e in defect_library.search(entries, "321.16")] == [
        "Footing not below frost depth"
    ]


def test_typing_in_the_result_dialog_suggests_and_a_pick_fills_the_row(field_register, qtbot):
    permit = make_permit(field_register)
    visit = inspections.request_inspection(
        field_register, permit["uuid"], "footing", requested_by="Dana", requested_at=NOW
    )
    dialog = ResultDialog(field_register, visit["uuid"])
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.add_defect()
    table = dialog.defects
    table.setCurrentCell(0, COL_DESCRIPTION)
    table.editItem(table.item(0, COL_DESCRIPTION))
    editor = table.findChild(QLineEdit)
    assert editor is not None and editor.completer() is not None
    QTest.keyClicks(editor, "frost")
    popup = editor.completer().popup()
    shown = [popup.model().index(r, 0).data() for r in range(popup.model().rowCount())]
    assert shown == ["Footing not below frost depth — SPS 321.16"]
    editor.completer().activated[str].emit(shown[0])
    QTest.keyClick(editor, Qt.Key.Key_Return)
    assert table.item(0, COL_SECTION).text() == "SPS 321.16"
    assert table.item(0, COL_DESCRIPTION).text() == "Footing not below frost depth"
    assert table.item(0, COL_CORRECTION).text().startswith("Lower the footing to at least 48 in")
    assert table.cellWidget(0, COL_MINOR).isChecked() is False
    dialog.outcome_buttons["failed"].click()
    # erosion control comes before the footing (issue 17 item 3): the dialog asks why
    dialog.order_reason.setText("controls checked with the footing")
    dialog.save()
    stored, _again = dialog.saved
    assert '"section": "SPS 321.16"' in stored["defects_json"]
    save_village_settings(field_register, SETTINGS)
    printed = pdf_text(render("inspection-report", f"2026-0001/{stored['id']}", field_register))
    assert "SPS 321.16" in printed and "§SPS" not in printed  # cited as the state code does


def test_the_village_adds_checks_and_voids_its_own_entries(field_register, qtbot, monkeypatch):
    dialog = DefectLibraryDialog(field_register)
    qtbot.addWidget(dialog)
    shipped = dialog.table.rowCount()
    dialog.section.setText("12.99")
    dialog.description.setText("Porch posts not on piers")
    dialog.correction.setText("Set the posts on concrete piers below frost")
    dialog.add()
    assert "Section: 12.99 is not a section of the village ordinance" in dialog.message.text()
    assert dialog.table.rowCount() == shipped
    dialog.section.setText("SPS 321.16")
    dialog.add()
    assert dialog.table.rowCount() == shipped + 1
    row = field_register.query_one("SELECT * FROM defect_library")
    assert (row["section"], row["added_by"]) == ("SPS 321.16", "Lee Inspector")
    dialog.search.setText("porch")
    assert dialog.table.rowCount() == 1 and dialog.table.item(0, 4).text() == "village"
    with pytest.raises(InvalidInput, match="description: the library already has this defect"):
        defect_library.add_entry(field_register, "SPS 321.16", "porch posts NOT on piers", "x")
    monkeypatch.setattr(defect_library_dialog, "ask_reason", lambda *a: "duplicate of 12.12(5)(a)")
    dialog.table.selectRow(0)
    dialog.void_selected()
    assert dialog.table.rowCount() == 0
    voided = field_register.get("defect_library", row["uuid"])
    assert voided["status"] == "voided" and voided["void_reason"] == "duplicate of 12.12(5)(a)"
