"""The app's colours and focus style, in one place (issue 19.4, issue 17.4).

Three palettes: ``light`` (the default), ``dark`` and ``high-contrast``. Every pair a user
reads is listed in :data:`TEXT_PAIRS` and checked by tests/test_a11y_theme.py: text 4.5:1
(7:1 in high contrast), placeholder and muted text included, the selection highlight with its
text, and the focus colour 3:1 against the window and field backgrounds.

Colours screens set for meaning (an alert in red, a late request in amber) go through
:func:`ink`, which keeps the hue but darkens or lightens it until it reads on the current
palette: on the old screens the dark palette made checklist titles and dialog headings
(#111 and #222 on #202124) vanish. :class:`FocusStyle` draws every focus indicator as a
2 px ring in the focus colour, so the keyboard user always sees where they are (the current
table cell was 1.2:1, the tab bar 1.12:1).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSettings, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle

from deerfield_desk.ui.a11y.contrast import ENHANCED, NON_TEXT, TEXT, ratio, readable, rgb

R = QPalette.ColorRole
SETTING = "appearance/theme"
THEMES = ("light", "dark", "high-contrast")

PALETTES: dict[str, dict[str, str]] = {
    "light": {
        "Window": "#efefef", "WindowText": "#1a1a1a", "Base": "#ffffff",
        "AlternateBase": "#f5f5f5", "Text": "#1a1a1a", "Button": "#e6e6e6",
        "ButtonText": "#1a1a1a", "Highlight": "#1d5c9c", "HighlightedText": "#ffffff",
        "PlaceholderText": "#5e5e5e", "ToolTipBase": "#ffffdc", "ToolTipText": "#1a1a1a",
        "Link": "#0b4f94", "LinkVisited": "#5b2a86", "BrightText": "#ffffff",
        "Light": "#ffffff", "Midlight": "#d6d6d6", "Mid": "#8c8c8c", "Dark": "#6b6b6b",
        "Shadow": "#4a4a4a", "Muted": "#555555", "Focus": "#1d5c9c",
    },
    "dark": {
        "Window": "#202124", "WindowText": "#e8eaed", "Base": "#2b2c2f",
        "AlternateBase": "#323336", "Text": "#e8eaed", "Button": "#35363a",
        "ButtonText": "#e8eaed", "Highlight": "#8ab4f8", "HighlightedText": "#111418",
        "PlaceholderText": "#aeb2b8", "ToolTipBase": "#35363a", "ToolTipText": "#e8eaed",
        "Link": "#8ab4f8", "LinkVisited": "#c58af9", "BrightText": "#ffffff",
        "Light": "#5f6368", "Midlight": "#4a4d51", "Mid": "#80868b", "Dark": "#9aa0a6",
        "Shadow": "#000000", "Muted": "#bdc1c6", "Focus": "#8ab4f8",
    },
    "high-contrast": {
        "Window": "#000000", "WindowText": "#ffffff", "Base": "#000000",
        "AlternateBase": "#1a1a1a", "Text": "#ffffff", "Button": "#000000",
        "ButtonText": "#ffffff", "Highlight": "#ffff00", "HighlightedText": "#000000",
        "PlaceholderText": "#e0e0e0", "ToolTipBase": "#000000", "ToolTipText": "#ffffff",
        "Link": "#00ffff", "LinkVisited": "#ff80ff", "BrightText": "#ffffff",
        "Light": "#ffffff", "Midlight": "#ffffff", "Mid": "#ffffff", "Dark": "#ffffff",
        "Shadow": "#ffffff", "Muted": "#ffffff", "Focus": "#ffff00",
    },
}  # fmt: skip

#: (foreground, background) pairs a user reads: each must reach the text contrast.
TEXT_PAIRS = (
    ("WindowText", "Window"), ("Text", "Base"), ("Text", "AlternateBase"),
    ("ButtonText", "Button"), ("HighlightedText", "Highlight"), ("PlaceholderText", "Base"),
    ("ToolTipText", "ToolTipBase"), ("Link", "Base"), ("Link", "Window"),
    ("LinkVisited", "Base"), ("Muted", "Window"), ("Muted", "Base"),
)  # fmt: skip
#: The focus ring against what surrounds it: 3:1 (a non-text indicator).
FOCUS_PAIRS = (("Focus", "Window"), ("Focus", "Base"), ("Focus", "Button"))


def minimum_for(theme: str) -> float:
    return ENHANCED if theme == "high-contrast" else TEXT


def failing_pairs(theme: str) -> list[str]:
    """Every pair of ``theme`` below its required contrast, described (empty: all pass)."""
    colours = PALETTES[theme]
    found = []
    for fg, bg in TEXT_PAIRS:
        value = ratio(colours[fg], colours[bg])
        if value < minimum_for(theme):
            found.append(f"{theme}: {fg} on {bg} {value:.2f}:1")
    for fg, bg in FOCUS_PAIRS:
        value = ratio(colours[fg], colours[bg])
        if value < NON_TEXT:
            found.append(f"{theme}: {fg} on {bg} {value:.2f}:1")
    return found


def palette_of(theme: str) -> QPalette:
    palette = QPalette()
    for role, colour in PALETTES[theme].items():
        if hasattr(R, role):
            palette.setColor(getattr(R, role), QColor(colour))
    muted = QColor(PALETTES[theme]["Muted"])
    for role in (R.WindowText, R.Text, R.ButtonText):  # disabled: dimmer, still legible
        palette.setColor(QPalette.ColorGroup.Disabled, role, muted)
    return palette


def current() -> str:
    """The theme the app shows (the setting, else light)."""
    app = QApplication.instance()
    name = app.property("deskTheme") if app is not None else None
    return name if name in THEMES else "light"


def saved_theme() -> str:
    value = QSettings().value(SETTING, "light")
    return value if value in THEMES else "light"


def apply(theme: str | None = None, *, save: bool = False) -> str:
    """Use ``theme`` (default: the saved one) for the whole app, with the focus style."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    name = theme if theme in THEMES else saved_theme()
    if not isinstance(app.style(), FocusStyle):
        app.setStyle(FocusStyle("Fusion"))
    app.setProperty("deskTheme", name)
    app.setPalette(palette_of(name))
    if save:
        QSettings().setValue(SETTING, name)
    return name


def colour(role: str) -> str:
    """A colour of the current palette by role name ("Muted", "Focus", "Window"…)."""
    return PALETTES[current()][role]


def ink(wanted: str, *, on: str | None = None) -> str:
    """``wanted`` (a meaning colour: alert red, warning amber, a result's green) made legible
    on the current palette's window and field backgrounds, or on ``on`` when given."""
    grounds = (on,) if on else (colour("Window"), colour("Base"))
    if current() == "high-contrast":
        red, green, blue = rgb(wanted)
        if max(red, green, blue) - min(red, green, blue) < 64:  # a grey or near-black
            return colour("WindowText")  # plain white, not a dim grey
        return readable(wanted, *grounds, minimum=ENHANCED)
    return readable(wanted, *grounds)


def surface(light_tint: str) -> str:
    """A background that marks something (a late request's amber card) on any palette: the
    tint as given on the light palette, a dark shade of it on the dark ones."""
    if current() == "light":
        return light_tint
    from deerfield_desk.ui.a11y.contrast import mix

    return mix(light_tint, colour("Base"), 0.82)


#: Controls whose edge Fusion draws from the window colour (invisible on black).
HIGH_CONTRAST_EDGES = (
    QStyle.PrimitiveElement.PE_PanelButtonCommand,
    QStyle.PrimitiveElement.PE_FrameLineEdit,
    QStyle.PrimitiveElement.PE_PanelLineEdit,
    QStyle.PrimitiveElement.PE_IndicatorCheckBox,
    QStyle.PrimitiveElement.PE_IndicatorRadioButton,
)


class FocusStyle(QProxyStyle):
    """Draws each focus indicator as a 2 px ring in the focus colour (or, on a selected cell
    where that colour would not show, in the selection's text colour)."""

    def drawPrimitive(self, element, option, painter: QPainter, widget=None) -> None:  # noqa: N802
        super().drawPrimitive(element, option, painter, widget)
        if current() == "high-contrast" and element in HIGH_CONTRAST_EDGES:
            # control edges 3:1 or more: Fusion derives them from black and they vanish
            painter.save()
            painter.setPen(QPen(QColor(colour("Mid")), 1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5))
            painter.restore()
        focused = bool(option.state & QStyle.StateFlag.State_HasFocus)
        if (
            element == QStyle.PrimitiveElement.PE_FrameFocusRect
            or focused
            and element
            in (
                QStyle.PrimitiveElement.PE_FrameLineEdit,
                QStyle.PrimitiveElement.PE_PanelLineEdit,
            )
        ):
            self._ring(option, painter, inset=1)

    def _ring(self, option, painter: QPainter, inset: int) -> None:
        ring = QColor(colour("Focus"))
        background = getattr(option, "backgroundColor", None)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        if selected or (
            isinstance(background, QColor)
            and background.isValid()
            and ratio(ring.name(), background.name()) < NON_TEXT
        ):
            ring = QColor(colour("HighlightedText"))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        pen = QPen(ring, 2)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        rect = QRectF(option.rect).adjusted(inset, inset, -inset, -inset)
        painter.drawRect(rect)
        painter.restore()
