"""Sizes and colours for field screens: targets a gloved thumb can hit on a truck laptop."""

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton

TOUCH_HEIGHT = 56  # px; well above the 44 px touch-target guideline
CARD_STYLE = """
QFrame#stopCard { background: #ffffff; border: 1px solid #c8ccd2; border-radius: 8px; }
QFrame#stopCard[late="true"] { border-left: 8px solid #d98c00; }
QLabel#routeNumber { font-size: 28px; font-weight: bold; color: #1f3a5f; min-width: 44px; }
QLabel#address { font-size: 20px; font-weight: bold; color: #111; }
QLabel#stage { font-size: 15px; color: #222; }
QLabel#meta { font-size: 14px; color: #444; }
QLabel#lateFlag { font-size: 14px; color: #8a5a00; font-weight: bold; }
QLabel#defects { font-size: 14px; color: #a40000; }
QLabel#result { font-size: 15px; font-weight: bold; }
QLabel, QLineEdit, QComboBox, QPlainTextEdit, QTableWidget { font-size: 15px; }
QFrame#itemRule { color: #c8ccd2; }
QPushButton { min-height: 56px; min-width: 56px; font-size: 16px; padding: 0 14px; }
"""
RESULT_COLOURS = {
    "passed": "#1b7f2a",
    "failed": "#a40000",
    "partial": "#a05a00",
    "not_ready": "#5a5a5a",
    "cancelled": "#5a5a5a",
    "requested": "#1f3a5f",
}

# One sheet for every card's result label: a per-widget setStyleSheet costs a re-polish each.
RESULT_STYLE = "".join(
    f'QLabel#result[result="{result}"] {{ color: {colour}; }}\n'
    for result, colour in RESULT_COLOURS.items()
)


def cite(section: str) -> str:
    """``§12.12(5)(a)`` for a village section; a state code (``SPS 321.04``) as written."""
    return f"§{section}" if section[:1].isdigit() else section


ALERT = "#a40000"
WARN = "#8a5a00"
LATE_BG = "#fff4dc"


def sized_font(points_px: int, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(points_px)
    font.setBold(bold)
    return font


def label(text: str, size: int, colour: str, bold: bool = False) -> QLabel:
    """A label with its own font and colour (cheap: no style sheet to cascade)."""
    widget = QLabel(text)
    widget.setFont(sized_font(size, bold))
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor(colour))
    widget.setPalette(palette)
    return widget


def touch_button(text: str) -> QPushButton:
    button = QPushButton(text)
    button.setFont(sized_font(16))
    button.setMinimumSize(TOUCH_HEIGHT + 8, TOUCH_HEIGHT)
    return button


def save_cancel_row(dialog, save_text: str, cancel_text: str = "Close without saving"):
    """The field dialogs' bottom row: a safe Cancel on the left, the default Save on the right
    (so Enter saves and a stray tap on the left never does). Returns (layout, save button)."""
    row = QHBoxLayout()
    cancel = touch_button(cancel_text)
    cancel.setAutoDefault(False)
    cancel.clicked.connect(dialog.reject)
    save = touch_button(save_text)
    save.setDefault(True)
    save.clicked.connect(dialog.save)
    row.addWidget(cancel)
    row.addStretch(1)
    row.addWidget(save)
    return row, save
