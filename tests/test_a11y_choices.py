"""Exclusive choices are radio groups (issue 19.1): the result's outcome and each checklist
item's answer are radio buttons a screen reader announces as such; Tab enters a group once
(on the chosen answer) and the arrow keys choose within it; the walk fails on a checkable push
button in an exclusive group."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QButtonGroup, QPushButton, QRadioButton, QVBoxLayout, QWidget

from deerfield_desk.store import inspections
from deerfield_desk.ui.a11y.audit import audit
from deerfield_desk.ui.field.checklist_dialog import ChecklistDialog
from deerfield_desk.ui.field.result_dialog import ResultDialog
from tests.inspections_fixtures import make_permit


def _result(register, qtbot) -> ResultDialog:
    permit = make_permit(register, number="2026-0007")
    visit = inspections.request_inspection(
        register, permit["uuid"], "footing", requested_by="Owner",
        requested_at=datetime(2026, 11, 20, 8), scheduled_for=datetime(2026, 12, 1, 9),
    )  # fmt: skip
    dialog = ResultDialog(register, visit["uuid"])
    dialog.ask_discard = lambda: True  # closing at teardown never blocks
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    return dialog


def _role(widget) -> QAccessible.Role:
    return QAccessible.queryAccessibleInterface(widget).role()


def test_the_audit_fails_on_a_toggle_drawn_choice(qtbot):
    form = QWidget()
    layout = QVBoxLayout(form)
    group = QButtonGroup(form)
    for text in ("Meets", "Deficient"):
        button = QPushButton(text)
        button.setCheckable(True)
        group.addButton(button)
        layout.addWidget(button)
    qtbot.addWidget(form)
    form.show()
    assert sorted(p.kind for p in audit(form)) == ["toggle choice", "toggle choice"]
    group.setExclusive(False)  # independent toggles (bold, italic…) are fine
    assert audit(form) == []


def test_outcomes_are_a_named_radio_group_heard_as_radio_buttons(register, qtbot):
    dialog = _result(register, qtbot)
    buttons = list(dialog.outcome_buttons.values())
    assert [b.text() for b in buttons] == ["Passed", "Failed", "Partial", "Not ready",
                                           "Cancelled"]  # fmt: skip
    assert all(isinstance(b, QRadioButton) for b in buttons)
    assert {_role(b) for b in buttons} == {QAccessible.Role.RadioButton}
    box = buttons[0].parentWidget()
    assert QAccessible.queryAccessibleInterface(box).text(QAccessible.Text.Name) == "Outcome"
    assert dialog.chosen() is None  # nothing passes by default (12.12(6))
    assert [p for p in audit(dialog) if p.kind == "toggle choice"] == []


def test_arrows_choose_within_the_group_and_tab_leaves_it(register, qtbot):
    dialog = _result(register, qtbot)
    passed, failed = dialog.outcome_buttons["passed"], dialog.outcome_buttons["failed"]
    passed.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(passed, Qt.Key.Key_Space)
    assert dialog.chosen() == "passed"
    qtbot.keyClick(passed, Qt.Key.Key_Right)  # the next answer, chosen as focus moves
    assert dialog.chosen() == "failed" and dialog.focusWidget() is failed
    assert dialog.reinspect_at.isVisibleTo(dialog)  # a failure books the re-inspection
    qtbot.keyClick(failed, Qt.Key.Key_Tab)  # out of the group, not to "Partial"
    assert dialog.focusWidget() is dialog.inspected_at
    qtbot.keyClick(dialog.inspected_at, Qt.Key.Key_Backtab)  # back in: on the chosen one
    assert dialog.focusWidget() is failed


def test_checklist_answers_are_radio_groups_named_by_item(window, qtbot, register, monkeypatch):
    from deerfield_desk.ui.field import checklist_dialog

    monkeypatch.setattr(checklist_dialog, "ask_unsaved", lambda _parent: "discard")
    permit = make_permit(register, kind="erosion_control", structure=None, work=None,
                         permit_class="minor")  # fmt: skip
    dialog = ChecklistDialog(window, permit["uuid"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    first_code = next(iter(dialog.answers))
    group = dialog.answers[first_code]
    assert group.exclusive()
    meets, deficient, not_applicable = group.buttons()
    assert all(isinstance(b, QRadioButton) for b in group.buttons())
    assert meets.accessibleName().startswith("Meets — item 1, ")
    assert "§31." in meets.accessibleName()
    second = dialog.answers[list(dialog.answers)[1]].buttons()[0]
    assert second.accessibleName().startswith("Meets — item 2, ")
    assert [p for p in audit(dialog) if p.kind in ("toggle choice", "repeated")] == []
    deficient.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(deficient, Qt.Key.Key_Space)
    qtbot.keyClick(deficient, Qt.Key.Key_Right)
    assert group.checkedButton() is not_applicable  # arrows stay within the item
    assert dialog.entered()[first_code][0] == "not_applicable"
