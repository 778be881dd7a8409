"""Sizes and colours for field screens: targets a gloved thumb can hit on a truck laptop."""

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


def cite(section: str) -> str:
    """``§12.12(5)(a)`` for a village section; a state code (``SPS 321.04``) as written."""
    return f"§{section}" if section[:1].isdigit() else section
