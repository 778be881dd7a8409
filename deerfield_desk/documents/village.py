"""Village settings printed on every document, and the embedded fonts.

Documents take a plain mapping (or a :class:`VillageSettings`) so they can be rendered from
tests, the CLI or the app alike. ``load_village_settings`` reads them from a register (anything
with ``get_setting``); the keys below are the ones the Settings page edits.

Fonts: DejaVu Sans ships in ``resources/fonts`` (Bitstream Vera licence, free to
redistribute; see LICENSE-DejaVu.txt) and is embedded (subset) in every PDF, so a document
looks the same on every printer and never falls back to the standard 14 fonts.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from deerfield_desk.config import asset_path

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
_FONT_FILES = {FONT: "DejaVuSans.ttf", FONT_BOLD: "DejaVuSans-Bold.ttf"}


def register_fonts() -> None:
    """Register the bundled TTFs once per process (reportlab keeps a global registry)."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    for name, filename in _FONT_FILES.items():
        path = asset_path("fonts", filename)
        if not path.exists():
            raise FileNotFoundError(f"font {filename} is missing from {path.parent}")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    addMapping(FONT, 0, 0, FONT)
    addMapping(FONT, 1, 0, FONT_BOLD)
    addMapping(FONT, 0, 1, FONT)
    addMapping(FONT, 1, 1, FONT_BOLD)


#: register setting key → (field, default). The phone has no default: a wrong number on a
#: permit card is worse than none, so the Settings page asks for it.
SETTING_KEYS = {
    "village.name": ("name", "Village of Deerfield"),
    "village.address": ("address", "Village Hall, Deerfield, WI 53531"),
    "village.phone": ("phone", ""),
    "village.clerk": ("clerk", "Village Clerk"),
    "village.inspector": ("inspector", "Building Inspector"),
    "village.seal_path": ("seal_path", ""),
}


@dataclass(frozen=True)
class VillageSettings:
    name: str = "Village of Deerfield"
    address: str = "Village Hall, Deerfield, WI 53531"
    phone: str = ""
    clerk: str = "Village Clerk"
    inspector: str = "Building Inspector"
    seal_path: str = ""

    @property
    def seal(self) -> Path | None:
        path = Path(self.seal_path) if self.seal_path else None
        return path if path and path.is_file() else None


def village_settings(settings: VillageSettings | dict | None) -> VillageSettings:
    """Accept a VillageSettings, a plain dict of its fields, or None (the defaults)."""
    if isinstance(settings, VillageSettings):
        return settings
    names = {f.name for f in fields(VillageSettings)}
    given = {k: str(v) for k, v in (settings or {}).items() if k in names and v is not None}
    return VillageSettings(**given)


def load_village_settings(reg) -> VillageSettings:
    values = {}
    for key, (field, default) in SETTING_KEYS.items():
        values[field] = reg.get_setting(key, default) or default
    return VillageSettings(**values)


def save_village_settings(reg, settings: VillageSettings) -> None:
    """Write every field in one transaction (each change journaled by the register)."""
    with reg.transaction():
        for key, (field, _default) in SETTING_KEYS.items():
            reg.set_setting(key, getattr(settings, field))
