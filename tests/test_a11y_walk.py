"""The accessibility walk (issue 19): every screen and dialog opened offscreen, its
``QAccessible`` tree traversed as Orca or NVDA would, and any interactive control without a
name, any repeated name without context, any table that traps Tab fails the test.

The screens are listed in tests/a11y_screens.py: a new screen is added there, one line."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.ui.a11y import tab_order
from deerfield_desk.ui.a11y.audit import audit, audit_every_tab
from deerfield_desk.ui.a11y.naming import add_context, prepare
from deerfield_desk.ui.wizard.fields import with_error
from tests.a11y_screens import SCREENS, build_desk


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_control_is_named_and_no_table_traps_tab(
    screen, qtbot, register, main_window, tmp_path
):
    desk = build_desk(register, tmp_path, main_window)
    for widget in desk.keep:
        qtbot.addWidget(widget)
    states = 0
    for widget in SCREENS[screen](desk):
        qtbot.waitExposed(widget)
        problems = audit_every_tab(widget) + tab_order.check(widget)
        assert problems == [], f"{screen}, state {states + 1}:\n" + "\n".join(map(str, problems))
        states += 1
    assert states >= 1


def _bad_form() -> tuple[QWidget, QLineEdit, QTableWidget]:
    form = QWidget()
    layout = QVBoxLayout(form)
    field = QLineEdit()
    layout.addWidget(field)
    table = QTableWidget(2, 2)
    table.setAccessibleName("Fees")
    layout.addWidget(table)
    for _ in range(2):
        layout.addWidget(QPushButton("Photo"))
    return form, field, table


def test_the_audit_finds_each_kind_of_problem(qtbot):
    form, _field, _table = _bad_form()
    qtbot.addWidget(form)
    form.show()
    kinds = sorted(p.kind for p in audit(form))
    assert kinds == ["repeated", "repeated", "trap", "unnamed"]


def test_prepare_and_context_fix_what_the_audit_found(qtbot):
    form, field, table = _bad_form()
    qtbot.addWidget(form)
    form.show()
    field.setAccessibleName("Owner")
    prepare(form)  # the table stops trapping Tab
    buttons = form.findChildren(QPushButton)
    for number, button in enumerate(buttons, start=1):
        add_context([button], f"stop {number}, 7 Liberty St")
    assert audit(form) == []
    assert not table.tabKeyNavigation()
    assert buttons[1].accessibleName() == "Photo — stop 2, 7 Liberty St"


def test_a_form_label_names_the_field_inside_its_error_box(qtbot):
    """The wizard wraps each field with its error line; the label must name the field, not
    the box (issue 19: the Site, Parties and Work pages read as unnamed edits)."""
    page = QWidget()
    form = QFormLayout(page)
    street = QLineEdit()
    box, _error = with_error(street)
    form.addRow("&Street", box)
    qtbot.addWidget(page)
    page.show()
    assert [p.kind for p in audit(page)] == ["unnamed"]
    prepare(page)
    assert street.accessibleName() == "Street"
    assert form.labelForField(box).buddy() is street  # Alt+S lands in the field
    assert audit(page) == []


def test_the_tab_order_check_finds_a_row_tabbed_right_to_left(qtbot):
    """Buttons made in one order and laid out in another: Tab went Cancel → Save, backwards
    along the row. The check finds it; order_rows (run on every window as it is shown)
    puts Tab in reading order."""
    form = QWidget()
    layout = QVBoxLayout(form)
    field = QLineEdit()
    field.setAccessibleName("Owner")
    layout.addWidget(field)
    row = QHBoxLayout()
    cancel, save = QPushButton("Cancel", form), QPushButton("Save", form)
    row.addWidget(save)  # laid out Save, Cancel; made (and so chained) Cancel, Save
    row.addWidget(cancel)
    layout.addLayout(row)
    qtbot.addWidget(form)
    form.show()
    qtbot.waitExposed(form)
    QWidget.setTabOrder(field, cancel)  # as a screen built in pieces can leave it
    QWidget.setTabOrder(cancel, save)
    faults = tab_order.check(form)
    assert [f.kind for f in faults] == ["tab order"]
    assert "'Cancel' → QPushButton 'Save'" in faults[0].what
    tab_order.order_rows(form)
    assert tab_order.walk(form) == ([field, save, cancel], [])


def test_the_tab_order_check_finds_controls_tab_never_reaches(qtbot):
    form = QWidget()
    layout = QVBoxLayout(form)
    first, trapped = QLineEdit(), QTableWidget(2, 2)
    layout.addWidget(first)
    layout.addWidget(trapped)  # tab-key navigation on: Tab walks its cells for ever
    layout.addWidget(QPushButton("Save"))
    qtbot.addWidget(form)
    form.show()
    qtbot.waitExposed(form)
    kinds = {f.kind for f in tab_order.check(form)}
    assert "tab unreached" in kinds
