"""WCAG 2.x contrast, in plain Python (no Qt), so the palettes can be checked anywhere.

Text needs 4.5:1 against its background (1.4.3), a focus indicator or a control's edge 3:1
against what is next to it (1.4.11). Issue 19 measured the old screens: focus 1.2:1 on the
current cell, 1.12:1 on the tab bar, placeholder text 4.0:1, selection 3.69:1, grey detail
text 4.48:1. :func:`readable` moves a colour just far enough to pass.
"""

from __future__ import annotations

TEXT = 4.5
NON_TEXT = 3.0
ENHANCED = 7.0  # the high-contrast variant aims at AAA


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` or ``#rgb`` to integers."""
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    if len(value) != 6:
        raise ValueError(f"colour: #rrggbb expected, got {colour!r}")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def hex_of(red: float, green: float, blue: float) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in (red, green, blue))


def luminance(colour: str) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(foreground: str, background: str) -> float:
    """The contrast ratio, 1.0 (none) to 21.0 (black on white)."""
    a, b = luminance(foreground), luminance(background)
    light, dark = max(a, b), min(a, b)
    return (light + 0.05) / (dark + 0.05)


def mix(colour: str, toward: str, amount: float) -> str:
    a, b = rgb(colour), rgb(toward)
    return hex_of(*(x + (y - x) * amount for x, y in zip(a, b, strict=True)))


def readable(colour: str, *backgrounds: str, minimum: float = TEXT) -> str:
    """``colour`` if it reaches ``minimum`` against every background, else the nearest shade
    of it (toward black on light grounds, toward white on dark ones) that does. A red alert
    stays red on a dark palette, only lighter."""
    if all(ratio(colour, bg) >= minimum for bg in backgrounds):
        return colour
    dark_ground = max(luminance(bg) for bg in backgrounds) < 0.18
    toward = "#ffffff" if dark_ground else "#000000"
    for step in range(1, 21):
        candidate = mix(colour, toward, step / 20)
        if all(ratio(candidate, bg) >= minimum for bg in backgrounds):
            return candidate
    return toward
