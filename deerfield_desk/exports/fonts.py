"""The fonts the annual report embeds (DejaVu Sans: full Latin, so "Müller" prints right).

Embedded fonts keep the PDF identical on every computer; the 14 standard PDF fonts are not
embedded and differ between viewers. The copies shipped in the package (``resources/fonts/``)
win (they travel with the installer); the system DejaVu is the fallback on a developer's
Linux machine.
"""

from __future__ import annotations

from pathlib import Path

from deerfield_desk.config import asset_path

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
SYSTEM_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/Library/Fonts"),
    Path("C:/Windows/Fonts"),
)


def font_file(name: str) -> Path:
    for folder in (asset_path("fonts"), *SYSTEM_DIRS):
        candidate = folder / f"{name}.ttf"
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(
        f"font {name}.ttf: not found in resources/fonts or the system font folders; "
        "reinstall Deerfield Desk"
    )


def register_fonts() -> tuple[str, str]:
    """Register regular and bold once; returns their names for paragraph styles."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if REGULAR not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(REGULAR, str(font_file(REGULAR))))
        pdfmetrics.registerFont(TTFont(BOLD, str(font_file(BOLD))))
        addMapping(REGULAR, 0, 0, REGULAR)
        addMapping(REGULAR, 1, 0, BOLD)
        addMapping(REGULAR, 0, 1, REGULAR)
        addMapping(REGULAR, 1, 1, BOLD)
    return REGULAR, BOLD
