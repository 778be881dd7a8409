"""The result dialog by keyboard (issue 19.2-3): the defects grid edits on F2 or typing, not
on arrows; Escape asks before throwing away what was entered; an error puts the focus on the
field or defect cell it names and is announced."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit

from deerfield_desk.store import inspections
from deerfield_desk.ui.a11y import announce
from deerfield_desk.ui.field.result_dialog import ResultDialog
from tests.inspections_fixtures import make_permit


def _dialog(register, qtbot, number: str = "2026-0001") -> ResultDialog:
    permit = make_permit(register, number=number)
    visit = inspections.request_inspection(
        register, permit["uuid"], "footing", requested_by="Owner",
        requested_at=datetime(2026, 11, 20, 8), scheduled_for=datetime(2026, 12, 1, 9),
    )  # fmt: skip
    dialog = ResultDialog(register, visit["uuid"])
    dialog.ask_discard = lambda: True  # closing at the end of the test never blocks
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    return dialog


def test_arrows_move_f2_and_typing_edit(register, qtbot):
    dialog = _dialog(register, qtbot)
    dialog.add_defect()
    table = dialog.defects
    table.setFocus()
    table.setCurrentCell(0, 1)
    qtbot.keyClick(table, Qt.Key.Key_Right)
    assert table.currentColumn() == 2
    assert table.state() != QAbstractItemView.State.EditingState  # moving is not editing
    qtbot.keyClick(table, Qt.Key.Key_F2)
    assert table.state() == QAbstractItemView.State.EditingState
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QLineEdit))
    editor = QApplication.focusWidget()
    qtbot.keyClicks(editor, "Set bolts 6 ft on centre")
    assert editor.text() == "Set bolts 6 ft on centre"
    qtbot.keyClick(editor, Qt.Key.Key_Tab)  # Tab commits the cell, as Enter does
    assert table.item(0, 2).text() == "Set bolts 6 ft on centre"


def test_escape_asks_before_discarding_a_result(register, qtbot):
    dialog = _dialog(register, qtbot)
    asked = []
    dialog.ask_discard = lambda: asked.append(True) or False  # the inspector says "keep"
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert asked == [] and not dialog.isVisible()  # nothing entered: closes at once

    dialog = _dialog(register, qtbot, "2026-0002")
    dialog.ask_discard = lambda: asked.append(True) or False
    dialog.outcome_buttons["failed"].click()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert asked == [True] and dialog.isVisible()  # kept, with the outcome still chosen
    assert dialog.chosen() == "failed"
    dialog.ask_discard = lambda: True
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_an_error_is_announced_and_focuses_the_defect_cell(register, qtbot):
    dialog = _dialog(register, qtbot)
    dialog.outcome_buttons["failed"].click()
    dialog.add_defect("12.12(5)(a)", "Footing too shallow", "")  # no correction given
    dialog.save()
    assert dialog.saved is None
    assert "correction" in dialog.error.text()
    assert announce.HEARD[-1] == dialog.error.text()
    assert dialog.focusWidget() is dialog.defects  # where the keyboard is in this dialog
    assert (dialog.defects.currentRow(), dialog.defects.currentColumn()) == (0, 2)
