"""Show an existing settings dialog as one step of a larger flow (the first-run setup).

Why embed rather than copy: the village settings, fee schedule, village calendar and import
screens already validate, save and journal what they edit. The first-run setup shows the very
same screens as steps, with its own Back/Next instead of their Save/Close buttons, so a rule
fixed in one place is fixed in both.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QScrollArea


def embedded(dialog: QDialog, hide_buttons: tuple[str, ...] = ()) -> QScrollArea:
    """``dialog`` as a plain child widget in a scroll area (a step must fit a 1366x768 screen
    at 200 %), its own button box hidden, and staying visible when it saves (its ``accept``
    would hide it)."""
    dialog.setWindowFlags(Qt.WindowType.Widget)
    for box in dialog.findChildren(QDialogButtonBox):
        box.hide()
    for button in dialog.findChildren(QPushButton):
        if button.text() in hide_buttons:
            button.hide()
    dialog.accepted.connect(dialog.show)
    dialog.rejected.connect(dialog.show)
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    scroll.setWidget(dialog)
    return scroll
