"""Labels for the screens issue 17 adds: fonts relative to the application font (so 150 % and
200 % scaling and the user's own font size carry through) and warning colours picked for the
palette in use, so a warning stays legible on a dark or high-contrast palette.

Why not ``style.label``: it sets pixel sizes and fixed dark colours, which vanish on a dark
palette; the existing cards keep it until the accessibility work replaces it app-wide.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QLabel

#: (on a light background, on a dark one)
TONES = {
    "alert": ("#a40000", "#ff8a80"),
    "warn": ("#7a4f00", "#ffd27f"),
    "ok": ("#1b6b27", "#8fe39b"),
}


def relative_font(scale: float = 1.0, bold: bool = False) -> QFont:
    font = QFont(QApplication.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(bold)
    return font


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def tone(kind: str, palette: QPalette | None = None) -> QColor:
    light, dark = TONES[kind]
    return QColor(dark if is_dark(palette or QApplication.palette()) else light)


def text_label(text: str, scale: float = 1.0, bold: bool = False, kind: str | None = None):
    """A word-wrapping label; ``kind`` ("alert", "warn", "ok") colours it for the palette."""
    widget = QLabel(text)
    widget.setWordWrap(True)
    widget.setFont(relative_font(scale, bold))
    if kind:
        palette = widget.palette()
        palette.setColor(QPalette.ColorRole.WindowText, tone(kind, palette))
        widget.setPalette(palette)
    return widget
