"""Sizes and colours for field screens: targets a gloved thumb can hit on a truck laptop.

Sizes are given in the designer's pixels at the default 12 px text and turned into points
relative to the application font (``relative_pt``), so 150 % and 200 % text make every card,
button and heading grow too (issue 19.5: pixel fonts stayed small). Colours go through the
theme (``ui/a11y/theme.py``): neutral text takes the palette's own colours, meaning colours
(alert red, warning amber) are shaded until they read on the current palette, so the dark
and high-contrast palettes keep every heading and checklist title legible (issue 17.4).
``CARD_STYLE`` is built from the theme each time it is read.
"""

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QPushButton

from deerfield_desk.ui.a11y import theme

TOUCH_HEIGHT = 56  # px; well above the 44 px touch-target guideline
#: The text size the pixel sizes below were designed at (Qt's default 9 pt is 12 px).
DESIGN_PX = 12


def relative_pt(px: float) -> float:
    """A designer's pixel size as points relative to the application font."""
    app = QApplication.instance()
    base = QApplication.font().pointSizeF() if app is not None else 9.0
    return max(base, 1.0) * px / DESIGN_PX


def card_style() -> str:
    """The field dialogs' sheet, in the current theme and text size."""
    ink, pt = theme.ink, relative_pt
    return f"""
QLabel#routeNumber {{ font-size: {pt(28):.1f}pt; font-weight: bold; color: {ink("#1f3a5f")}; }}
QLabel#address {{ font-size: {pt(20):.1f}pt; font-weight: bold; color: palette(window-text); }}
QLabel#stage {{ font-size: {pt(15):.1f}pt; color: palette(window-text); }}
QLabel#meta {{ font-size: {pt(14):.1f}pt; color: palette(window-text); }}
QLabel#lateFlag {{ font-size: {pt(14):.1f}pt; color: {ink(WARN)}; font-weight: bold; }}
QLabel#defects {{ font-size: {pt(14):.1f}pt; color: {ink(ALERT)}; }}
QLabel#result {{ font-size: {pt(15):.1f}pt; font-weight: bold; }}
QLabel, QLineEdit, QComboBox, QPlainTextEdit, QTableWidget {{ font-size: {pt(15):.1f}pt; }}
QRadioButton {{ font-size: {pt(16):.1f}pt; }}
QFrame#itemRule {{ color: palette(mid); }}
QPushButton {{ min-height: 56px; min-width: 56px; font-size: {pt(16):.1f}pt; padding: 0 14px; }}
"""


def error_style() -> str:
    """An error line under a field or at the foot of a dialog, legible on every palette."""
    return f"color: {theme.ink(ALERT)}; font-size: {relative_pt(15):.1f}pt; font-weight: bold;"


def __getattr__(name: str) -> str:
    if name == "CARD_STYLE":  # read at dialog creation, so it follows the current theme
        return card_style()
    raise AttributeError(name)


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
    """A font of the designer's pixel size, relative to the application font."""
    font = QFont()
    font.setPointSizeF(relative_pt(points_px))
    font.setBold(bold)
    return font


def label(text: str, size: int, colour: str, bold: bool = False) -> QLabel:
    """A label with its own font and colour (cheap: no style sheet to cascade); the colour
    is shaded to read on the current palette."""
    widget = QLabel(text)
    widget.setFont(sized_font(size, bold))
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor(theme.ink(colour)))
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
