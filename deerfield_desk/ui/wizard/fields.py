"""Small builders for a labelled field with its error line underneath (named next to it)."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from deerfield_desk.ui.a11y import theme

ERROR_COLOUR = "#b00020"


def error_style() -> str:
    """Red on the light palette, a lighter red where the palette is dark (ui/a11y/theme)."""
    return f"color:{theme.ink(ERROR_COLOUR)};font-weight:bold;"


def hint_style() -> str:
    """Muted, but still 4.5:1 on every palette (the old #555 vanished on a dark one)."""
    return f"color:{theme.colour('Muted')};"


def error_label() -> QLabel:
    label = QLabel()
    label.setStyleSheet(error_style())
    label.setWordWrap(True)
    label.setVisible(False)
    return label


def hint_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(hint_style())
    label.setWordWrap(True)
    return label


def with_error(widget: QWidget, unit: str | None = None) -> tuple[QWidget, QLabel]:
    """A widget (and its unit) above its error line; returns (container, error label)."""
    box = QWidget()
    box.setFocusProxy(widget)  # the row's label names and focuses the field, not the box
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
