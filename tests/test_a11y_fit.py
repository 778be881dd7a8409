"""Dialogs fit a 1366×768 laptop at 150 % and 200 % (issue 17.4, 19.5): after fitting to the
logical screen (911×512 and 683×384 pixels) the dialog is no larger than the screen and every
button outside a scrolling body lies inside the dialog (Print preview's Print/Save and the
Result dialog's Save were off the bottom edge)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QScrollArea, QWizard

from deerfield_desk.ui.a11y.fit import FRAME_MARGIN, fit_to_screen
from tests.a11y_screens import SCREENS, build_desk

LAPTOP = {"150 %": QRect(0, 0, 911, 512), "200 %": QRect(0, 0, 683, 384)}


def off_screen_buttons(dialog) -> list[str]:
    inside = dialog.rect()
    lost = []
    for button in dialog.findChildren(QAbstractButton):
        if not button.isVisibleTo(dialog):
            continue
        parent = button.parentWidget()
        scrolled = False
        while parent is not None and parent is not dialog:
            if isinstance(parent, QScrollArea):
                scrolled = True  # reachable by scrolling (and Tab scrolls to it)
            parent = parent.parentWidget()
        if scrolled:
            continue
        top_left = button.mapTo(dialog, QPoint(0, 0))
        if not inside.contains(QRect(top_left, button.size())):
            lost.append(button.text() or button.accessibleName() or type(button).__name__)
    return lost


@pytest.mark.parametrize("scale", sorted(LAPTOP))
def test_every_dialog_fits_the_laptop_screen(scale, qtbot, register, main_window, tmp_path):
    screen = LAPTOP[scale]
    desk = build_desk(register, tmp_path, main_window)
    checked = []
    for name, make in SCREENS.items():
        for widget in make(desk):
            if not isinstance(widget, QDialog | QWizard):
                continue
            qtbot.addWidget(widget)
            QApplication.processEvents()  # pending growth (an error line) happens first
            fit_to_screen(widget, screen)
            if widget.layout() is not None:
                widget.layout().activate()
            room_w = screen.width() - FRAME_MARGIN.width()
            room_h = screen.height() - FRAME_MARGIN.height()
            assert widget.width() <= room_w and widget.height() <= room_h, (
                f"{name} at {scale}: {widget.width()}×{widget.height()} on {room_w}×{room_h}"
            )
            assert off_screen_buttons(widget) == [], f"{name} at {scale}"
            checked.append(name)
            break  # the first state of each dialog
    assert {"print preview", "result", "checklist", "money", "take payment"} <= set(checked)
