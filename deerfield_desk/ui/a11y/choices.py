"""Exclusive choices as radio groups (issue 19): one answer of several, heard as such.

The result outcomes and the checklist answers were checkable push buttons in an exclusive
button group: a screen reader announced each as a "toggle button", with nothing to say that
choosing one unchooses the others, and Tab stopped on every one of them. Radio buttons in a
named group say "radio button, 2 of 5, not checked"; Tab enters the group once (on the chosen
answer, else the first) and the arrow keys move between answers and choose, as every desktop does.

The buttons stay large for a gloved finger on a tablet: a tall target with a big indicator,
and the chosen answer filled with its meaning colour (text sizes stay the application's).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QBoxLayout, QButtonGroup, QHBoxLayout, QRadioButton, QWidget

KEYPAD = Qt.KeyboardModifier.KeypadModifier
#: Tall enough for a finger (the field screens' touch size), the indicator as big as a box.
TOUCH_STYLE = (
    "QRadioButton {{ min-height: 40px; padding: 2px 10px 2px 6px; border-radius: 6px; }}"
    " QRadioButton::indicator {{ width: 22px; height: 22px; }}"
    " QRadioButton:checked {{ background: {fill}; color: white; font-weight: bold; }}"
)


#: Arrow keys and the step each takes through a group (both axes, as a row may wrap).
STEPS = {Qt.Key.Key_Right: 1, Qt.Key.Key_Down: 1, Qt.Key.Key_Left: -1, Qt.Key.Key_Up: -1}


class ChoiceButton(QRadioButton):
    """A radio button whose arrow keys step through its group in order and choose (Qt moves
    by geometry: Down in a row found nothing, and in a dialog fitted into a scroll area Right
    found nothing either). Which answer takes the group's one Tab stop is :func:`rove`'s."""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        step = STEPS.get(Qt.Key(event.key()))
        group = self.group()
        if step is None or group is None or event.modifiers() & ~KEYPAD:
            super().keyPressEvent(event)
            return
        buttons = [b for b in group.buttons() if b.isEnabled() and b.isVisibleTo(self.window())]
        if self not in buttons or len(buttons) < 2:
            super().keyPressEvent(event)
            return
        target = buttons[(buttons.index(self) + step) % len(buttons)]
        target.setFocus(Qt.FocusReason.OtherFocusReason)
        target.click()  # the arrow chooses, as on every desktop; clicked() tells the dialog


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
    group.buttonToggled.connect(lambda *_: rove(group))
    rove(group)
    return group, buttons, row


def rove(group: QButtonGroup) -> None:
    """One Tab stop per group, on the chosen answer (else the first): Tab enters the group
    where the choice is and leaves it at once; the other answers take focus from a click or
    an arrow key only. Qt stopped on every answer, and entered a group at its first answer
    even when another was chosen ("Passed, not checked" on a result marked Failed)."""
    buttons = group.buttons()
    stop = group.checkedButton() or (buttons[0] if buttons else None)
    for button in buttons:
        tab = button is stop
        button.setFocusPolicy(Qt.FocusPolicy.StrongFocus if tab else Qt.FocusPolicy.ClickFocus)
