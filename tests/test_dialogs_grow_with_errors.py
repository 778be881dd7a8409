"""Issue 16.8: dialogs grow with their error text. A dialog keeps the size it opened at; a
word-wrapped error shown later was cut to its first line, or pushed the buttons off the
bottom. One dialog of each kind of error line is driven to a long refusal through its own
save path (the store's refusal is made long; the dialog shows it as it shows any): the form
dialogs' ``error_label`` (Extend), the field screens' ``style.label`` (Request), their
``text_label`` (Move inspection), a plain label with a style sheet (Record result) and the
field-exchange dialogs (Check out). Each must show the whole error and keep its buttons in
view, on the screen."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QLabel,
    QPushButton,
    QScrollArea,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.store import inspection_schedule, inspections
from deerfield_desk.ui import confirm, extend_dialog
from deerfield_desk.ui.extend_dialog import ExtendDialog
from deerfield_desk.ui.field.request_dialog import RequestDialog
from deerfield_desk.ui.field.result_dialog import ResultDialog
from deerfield_desk.ui.field.visit_actions import RescheduleDialog
from deerfield_desk.ui.field_exchange.dialogs import CheckoutDialog
from tests.inspections_fixtures import NOW, make_permit, open_field_register

#: A refusal as long as the real ones get when they list what is missing.
LONG = (
    "Not recorded: the footing inspection cannot be booked before the erosion-control "
    "inspection has passed (§12.12(5)); the permit's completion deposit is not held "
    "(§12.15); the contractor's credential expired on 2026-06-30 (the state's list); and "
    "the request was logged after the 48-hour window the ordinance allows for a footing "
    "inspection, so the owner must be told in writing that the inspector may come later."
)


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def window(main_window, field_register):
    win = main_window(field_register)
    win.show()
    return win


def refused(*_args, **_kwargs):
    raise InvalidInput("reason", LONG)


def _error_line(dialog: QDialog) -> QLabel:
    return next(
        label for label in dialog.findChildren(QLabel) if LONG in label.text().replace("\n", " ")
    )


def assert_shown_whole(qtbot, dialog: QDialog, save) -> None:
    """Open ``dialog`` at its own size, refuse its save with a long error, and check the
    whole error, and the buttons under it, are on the dialog and the dialog on the screen."""
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    opened = dialog.height()
    save()
    line = _error_line(dialog)

    def whole() -> bool:
        QApplication.processEvents()
        bottom = line.mapTo(dialog, QPoint(0, line.height())).y()
        return line.height() >= line.heightForWidth(line.width()) and bottom <= dialog.height()

    qtbot.waitUntil(whole, timeout=3000)
    for button in dialog.findChildren(QAbstractButton):
        if button.isVisible():
            bottom = button.mapTo(dialog, QPoint(0, button.height())).y()
            assert bottom <= dialog.height(), f"{button.text()!r} pushed off the dialog"
    room = dialog.screen().availableGeometry()
    assert opened <= dialog.height() <= room.height()


def test_a_form_dialog_grows_with_its_error(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg)
    monkeypatch.setattr(extend_dialog, "extend_permit", refused)
    monkeypatch.setattr(confirm, "confirm", lambda *a: True)
    dialog = ExtendDialog(window, permit["uuid"], today=date(2026, 12, 1))
    assert_shown_whole(qtbot, dialog, dialog.extend)


def test_a_field_request_grows_with_its_error(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg)
    monkeypatch.setattr(inspections, "request_inspection", refused)
    monkeypatch.setattr(confirm, "ask", lambda *a: True)
    dialog = RequestDialog(reg, permit["uuid"], "erosion_control", now=NOW, parent=window)
    assert_shown_whole(qtbot, dialog, dialog.save)


def test_moving_an_inspection_grows_with_its_error(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg)
    visit = inspections.request_inspection(
        reg, permit["uuid"], "erosion_control", requested_by="Dana Builder",
        requested_at=NOW, scheduled_for=datetime(2026, 12, 8, 9), now=NOW,
    )  # fmt: skip
    monkeypatch.setattr(inspection_schedule, "reschedule", refused)
    dialog = RescheduleDialog(reg, visit["uuid"], window)
    dialog.reason.setText("rain")
    assert_shown_whole(qtbot, dialog, dialog.save)


def test_recording_a_result_grows_with_its_error(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg)
    visit = inspections.request_inspection(
        reg, permit["uuid"], "erosion_control", requested_by="Dana Builder",
        requested_at=NOW, scheduled_for=datetime(2026, 12, 1, 9), now=NOW,
    )  # fmt: skip
    monkeypatch.setattr(inspections, "record_result", refused)
    dialog = ResultDialog(reg, visit["uuid"], window, now=datetime(2026, 12, 1, 10))
    # closing it at the end throws the unsaved outcome away: answer the dialog's question
    monkeypatch.setattr(dialog, "ask_discard", lambda: True)
    dialog.outcome_buttons["failed"].setChecked(True)
    assert_shown_whole(qtbot, dialog, dialog.save)


def test_a_field_exchange_dialog_grows_with_its_error(window, qtbot, tmp_path):
    dialog = CheckoutDialog(window, tmp_path, [], refused)
    assert_shown_whole(qtbot, dialog, dialog.save)


def test_an_error_longer_than_the_screen_scrolls_with_the_buttons_in_view(
    window, qtbot, monkeypatch
):
    """On a small screen (1366×768 at 200 % is 683×384) the dialog stops at the screen's
    edge; its body scrolls and Cancel and Move stay on the dialog."""
    reg = window.register
    permit = make_permit(reg)
    visit = inspections.request_inspection(
        reg, permit["uuid"], "erosion_control", requested_by="Dana Builder",
        requested_at=NOW, scheduled_for=datetime(2026, 12, 8, 9), now=NOW,
    )  # fmt: skip

    def very_long(*_args, **_kwargs):
        raise InvalidInput("reason", " ".join([LONG] * 6))

    monkeypatch.setattr(inspection_schedule, "reschedule", very_long)
    dialog = RescheduleDialog(reg, visit["uuid"], window)
    qtbot.addWidget(dialog)
    dialog.reason.setText("rain")
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.save()
    room = dialog.screen().availableGeometry()
    qtbot.waitUntil(lambda: dialog.findChild(QScrollArea, "a11yScrollArea") is not None)
    scroll = dialog.findChild(QScrollArea, "a11yScrollArea")
    assert scroll.isAncestorOf(dialog.error), "the error is in the scrolling body"
    assert dialog.height() <= room.height()
    buttons = [
        b for b in dialog.findChildren(QPushButton) if b.text() in ("Cancel", "Move inspection")
    ]
    assert len(buttons) == 2
    for button in buttons:
        assert not scroll.isAncestorOf(button)
        assert button.mapTo(dialog, QPoint(0, button.height())).y() <= dialog.height()
