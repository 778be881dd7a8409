"""Small builders for a labelled field with its error line underneath (named next to it)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QDialog,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.ui.a11y import theme
from deerfield_desk.ui.citation_links import link_all

ERROR_COLOUR = "#b00020"


def error_style() -> str:
    """Red on the light palette, a lighter red where the palette is dark (ui/a11y/theme)."""
    return f"color:{theme.ink(ERROR_COLOUR)};font-weight:bold;"


def hint_style() -> str:
    """Muted, but still 4.5:1 on every palette (the old #555 vanished on a dark one)."""
    return f"color:{theme.colour('Muted')};"


class ErrorLabel(QLabel):
    """An error line that makes its dialog grow to show it.

    Why: a dialog keeps the size it opened at; a word-wrapped error shown later was cut to
    its first line, or pushed the buttons off. When the error appears or changes, the dialog
    grows to its new size hint (never beyond the screen; the wizard's pages scroll instead).
    """

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt's name)
        super().setVisible(visible)
        if visible:
            QTimer.singleShot(0, self, self.grow_window)  # not after the label is gone

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        super().setText(text)
        if self.isVisible():
            QTimer.singleShot(0, self, self.grow_window)  # not after the label is gone

    def grow_window(self) -> None:
        window = self.window()
        if window is self or not isinstance(window, QDialog) or not window.isVisible():
            return
        if window.layout() is not None:
            window.layout().activate()
        hint, room = window.sizeHint(), window.screen().availableGeometry()
        width = min(max(window.width(), hint.width()), room.width())
        height = min(max(window.height(), hint.height()), room.height())
        if (width, height) != (window.width(), window.height()):
            window.resize(width, height)


def error_label() -> QLabel:
    label = ErrorLabel()
    label.setStyleSheet(error_style())
    label.setWordWrap(True)
    label.setVisible(False)
    return label


def error_text(text: str) -> QLabel:
    """An error shown at once (not one waiting beside its field)."""
    label = error_label()
    label.setText(text)
    label.setVisible(True)
    return label


def hint_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(hint_style())
    label.setWordWrap(True)
    return label


def with_error(widget: QWidget, unit: str | None = None) -> tuple[QWidget, QLabel]:
    """A widget (and its unit) above its error line; returns (container, error label)."""
    box = QWidget()
    # No focus proxy to the field: Qt gives a proxied box the field's Tab stop at the box's
    # own place in the focus chain, so after the work page reordered its questions, Tab from
    # the last question went back to the first and never reached Back/Next (the tab-order
    # walk found it). The row's label still names and focuses the field (naming.prepare).
    outer = QVBoxLayout(box)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.setSpacing(2)
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(widget, 1)
    if unit is not None:  # a fixed column, so fields with and without units line up
        label = QLabel(unit)
        label.setFixedWidth(44)
        row.addWidget(label)
    outer.addLayout(row)
    error = error_label()
    outer.addWidget(error)
    return box, error


def tab_only_to_fields(container: QWidget) -> None:
    """Tab goes from field to field and nowhere else.

    Why: a clerk at the counter types a value, presses Tab, types the next. Two things took a
    Tab stop of their own without showing it: the scroll area around the work questions, and
    every label whose "§" the citation linker turned into a link (Qt gives such a label keyboard
    focus). Each stop shifted every later value by one field — the house became 80 sq ft
    costing $4.00 and the deposit vanished. Links are made here, before the page is shown, so
    the application-wide linker finds them linked and leaves their focus alone; they still open
    the ordinance reader on a click, and the summary page's links stay reachable by keyboard.
    """
    link_all(container)
    for label in container.findChildren(QLabel):
        label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    for area in container.findChildren(QAbstractScrollArea):
        if not isinstance(area, QTextBrowser):
            area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
