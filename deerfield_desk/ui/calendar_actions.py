"""Tools → Village calendar…, and the December reminder to confirm next year's closures.

The reminder is a status-bar button, not a modal box: it must not stop the clerk's work (or a
test), yet stays in view until next year's list is confirmed.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QPushButton

from deerfield_desk.store.village_calendar import reminder
from deerfield_desk.ui.a11y import theme

REMINDER = "#8a4b00"


def install(window, today: date | None = None) -> None:
    action = QAction("Village &calendar…", window)
    action.setObjectName("village_calendar_action")
    action.triggered.connect(lambda: open_calendar(window))
    window.menu("Tools").addAction(action)
    button = QPushButton()
    button.setObjectName("calendar_reminder")
    button.setFlat(True)
    button.setStyleSheet(reminder_style())
    button.clicked.connect(lambda: open_calendar(window))
    window.statusBar().addPermanentWidget(button)
    window.calendar_reminder = button

    def refresh(*_args) -> None:
        text = reminder(window.register, today or date.today())  # December, until confirmed
        button.setStyleSheet(reminder_style())  # the palette may have changed since
        button.setText(text or "")
        button.setVisible(bool(text))

    window.refresh_calendar_reminder = refresh
    refresh()


def reminder_style() -> str:
    """The reminder's amber, shaded to read on the current palette (a fixed #8a4b00 was
    2.6:1 on the dark status bar)."""
    return f"color:{theme.ink(REMINDER)};font-weight:bold"


def open_calendar(window):
    from deerfield_desk.ui.calendar_dialog import CalendarDialog

    dialog = CalendarDialog(window, window.register)
    dialog.finished.connect(lambda _r: window.refresh_calendar_reminder())
    dialog.open()
    return dialog
