"""Say status and errors to a screen reader, and put the keyboard on the field in error.

Issue 19.3: "191 permits match", validation errors and "saved"/"issued" confirmations were
shown but never spoken. ``QAccessibleAnnouncementEvent`` (Qt 6.8) asks the screen reader to
read a sentence without moving focus: polite for status (read when the user pauses),
assertive for errors (read at once).

:func:`show_error` is the one way a screen shows an :class:`~deerfield_desk.errors.InvalidInput`:
the message goes in the screen's error line, is announced, and focus moves to the field the
error names (``exc.field`` matched against object names, then accessible names), so the
user can correct it without hunting. A defect row error (``defects[2].section``) selects
that cell.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QAbstractItemView, QLabel, QScrollArea, QTableWidget, QWidget

#: What was announced, newest last (tests and the log read it; a screen reader hears it).
HEARD: list[str] = []
_ROW = re.compile(r"^(?P<name>\w+)\[(?P<row>\d+)\](?:\.(?P<column>\w+))?$")


def announce(widget: QWidget, text: str, *, assertive: bool = False) -> None:
    """Ask the screen reader to read ``text`` (from ``widget``'s window)."""
    if not text:
        return
    HEARD.append(text)
    del HEARD[:-50]
    event = QAccessibleAnnouncementEvent(widget, text)
    event.setPoliteness(
        QAccessible.AnnouncementPoliteness.Assertive
        if assertive
        else QAccessible.AnnouncementPoliteness.Polite
    )
    QAccessible.updateAccessibility(event)


def field_widget(root: QWidget, field: str) -> QWidget | None:
    """The control an error's field names, or None."""
    match = _ROW.match(field)
    name = match.group("name") if match else field.split(".")[-1]
    candidates = [w for w in root.findChildren(QWidget) if w.isVisibleTo(root)]
    for widget in candidates:
        if widget.objectName() in (field, name):
            return widget
    words = name.replace("_", " ").lower()
    for widget in candidates:
        spoken = widget.accessibleName().lower().split(":")[0].strip()
        if spoken and (spoken == words or spoken.startswith(words + " ")):
            return widget
    return None


def focus_field(root: QWidget, field: str) -> QWidget | None:
    """Move focus to the control ``field`` names (and to the row of a row error)."""
    widget = field_widget(root, field)
    if widget is None:
        return None
    match = _ROW.match(field)
    if match and isinstance(widget, QTableWidget):
        row = int(match.group("row")) - 1
        column = 0
        wanted = (match.group("column") or "").replace("_", " ").lower()
        for index in range(widget.columnCount()):
            header = widget.horizontalHeaderItem(index)
            if header is not None and wanted and wanted in header.text().lower():
                column = index
        if 0 <= row < widget.rowCount():
            widget.setCurrentCell(row, column)
    elif isinstance(widget, QAbstractItemView):
        pass
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    return widget


def scroll_into_view(widget: QWidget) -> None:
    """At 200 % a dialog's body scrolls and its error line sat below the fold: the clerk
    pressed Import and saw nothing happen. Once the line is laid out, scroll to it."""
    area = widget.parentWidget()
    while area is not None and not isinstance(area, QScrollArea):
        area = area.parentWidget()
    if area is not None:
        found = area  # the line is inside the area: while it lives, so does the area
        QTimer.singleShot(0, widget, lambda: found.ensureWidgetVisible(widget))


def show_error(root: QWidget, line: QLabel | None, message: str, field: str | None = None):
    """Show ``message`` in the screen's error line, announce it, focus the field in error."""
    if line is not None:
        line.setText(message)
        line.setVisible(True)
        scroll_into_view(line)
    announce(line or root, message, assertive=True)
    return focus_field(root, field) if field else None
