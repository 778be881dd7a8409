"""Exclusive choices as radio groups (issue 19): one answer of several, heard as such.

The result outcomes and the checklist answers were checkable push buttons in an exclusive
button group: a screen reader announced each as a "toggle button", with nothing to say that
choosing one unchooses the others, and Tab stopped on every one of them. Radio buttons in a
named group say "radio button, 2 of 5, not checked"; Tab enters the group once (on the chosen
answer, else the first) and the arrow keys move between answers, as every desktop does.

The buttons stay large for a gloved finger on a tablet: a tall target with a big indicator,
and the chosen answer filled with its meaning colour (text sizes stay the application's).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QBoxLayout, QButtonGroup, QHBoxLayout, QRadioButton, QWidget

#: Tall enough for a finger (the field screens' touch size), the indicator as big as a box.
TOUCH_STYLE = (
    "QRadioButton {{ min-height: 40px; padding: 2px 10px 2px 6px; border-radius: 6px; }}"
    " QRadioButton::indicator {{ width: 22px; height: 22px; }}"
    " QRadioButton:checked {{ background: {fill}; color: white; font-weight: bold; }}"
)


class ChoiceButton(QRadioButton):
    """A radio button that, when Tab enters its group, hands focus to the chosen answer (Qt
    lands on the first of the group, so a listener heard "Passed, not checked" on a result
    already marked Failed)."""

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        group = self.group()
        chosen = group.checkedButton() if group is not None else None
        reason = event.reason()
        if (
            chosen is not None
            and chosen is not self
            and reason in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)
        ):
            chosen.setFocus(reason)
            return
        super().focusInEvent(event)


def choice_row(
    owner: QWidget,
    options: Iterable[tuple[str, str]],
    *,
    colours: dict[str, str] | None = None,
    layout: QBoxLayout | None = None,
) -> tuple[QButtonGroup, dict[str, ChoiceButton], QBoxLayout]:
    """Radio buttons for ``options`` (value, label) in one exclusive group, laid out in a row.

    Each button carries its value in the ``answer`` property and objectName-free: callers
    name them. Returns the group, the buttons by value and the row layout."""
    group = QButtonGroup(owner)
    group.setExclusive(True)
    row = layout if layout is not None else QHBoxLayout()
    buttons: dict[str, ChoiceButton] = {}
    for value, label in options:
        button = ChoiceButton(label)
        button.setProperty("answer", value)
        fill = (colours or {}).get(value)
        if fill:
            button.setStyleSheet(TOUCH_STYLE.format(fill=fill))
        group.addButton(button)
        buttons[value] = button
        row.addWidget(button)
    return group, buttons, row
