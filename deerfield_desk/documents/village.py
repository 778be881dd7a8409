"""Village settings printed on every document, and the embedded fonts.

Documents take a plain mapping (or a :class:`VillageSettings`) so they can be rendered from
tests, the CLI or the app alike. ``load_village_settings`` reads them from a register (anything
with ``get_setting``); the keys below are the ones the Settings page edits.

Fonts: DejaVu Sans ships in ``resources/fonts`` (Bitstream Vera licence, free to
redistribute; see LICENSE-DejaVu.txt) and is embedded (subset) in every PDF, so a document
looks the same on every printer and never falls back to the standard 14 fonts.

Names in any script: DejaVu has no Chinese, Japanese or Korean glyphs, so a name like 王小明
printed as empty boxes. Droid Sans Fallback (Apache-2.0, from Debian's fonts-droid-fallback;
see LICENSE-DroidSansFallback.txt) ships beside it and is used for just the characters DejaVu
lacks (:func:`with_fallback` for paragraphs, :func:`draw_text` for canvas text). reportlab
embeds a subset holding only the glyphs used. It is registered on first need only, so a
document in Latin script never pays for loading it.

Official documents print only once the village's address, phone and inspector are set in
Settings (:func:`require_official`): a notice that names no office or a placeholder inspector
is not an official act.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from deerfield_desk.config import asset_path

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FALLBACK = "DroidSansFallback"
_FONT_FILES = {FONT: "DejaVuSans.ttf", FONT_BOLD: "DejaVuSans-Bold.ttf"}
_FALLBACK_FILE = "DroidSansFallbackFull.ttf"


class SettingsMissing(ValueError):
    """An official document was asked for before Settings name the village's office."""

    def __init__(self, fields: list[str]):
        names = ", ".join(fields)
        super().__init__(
            f"settings: set the village's {names} in Settings before printing official documents"
        )
        self.field = "settings"
        self.fields = fields


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


@cache
def _covered() -> frozenset[int]:
    register_fonts()
    return frozenset(pdfmetrics.getFont(FONT).face.charToGlyph)


@cache
def _fallback_ready() -> frozenset[int]:
    """Register the fallback font (once) and return the characters it has."""
    path = asset_path("fonts", _FALLBACK_FILE)
    if not path.exists():
        raise FileNotFoundError(f"font {_FALLBACK_FILE} is missing from {path.parent}")
    font = TTFont(FALLBACK, str(path))
    pdfmetrics.registerFont(font)
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(FALLBACK, bold, italic, FALLBACK)
    return frozenset(font.face.charToGlyph)


def _needs(ch: str) -> bool:
    return ord(ch) > 0x7E and ch not in "\n\t" and ord(ch) not in _covered()


def runs(text: str) -> list[tuple[bool, str]]:
    """``text`` cut into runs: (True, chars DejaVu lacks) / (False, chars it has)."""
    if text.isascii():
        return [(False, text)]
    out: list[tuple[bool, str]] = []
    for ch in text:
        flag = _needs(ch)
        if out and out[-1][0] == flag:
            out[-1] = (flag, out[-1][1] + ch)
        else:
            out.append((flag, ch))
    return out


def with_fallback(markup: str) -> str:
    """Paragraph markup with each run DejaVu cannot print set in the fallback font."""
    parts = runs(markup)
    if len(parts) == 1 and not parts[0][0]:
        return markup
    _fallback_ready()
    return "".join(
        f"<font name='{FALLBACK}'>{chunk}</font>" if flag else chunk for flag, chunk in parts
    )


def text_width(text: str, font: str, size: float) -> float:
    return sum(
        pdfmetrics.stringWidth(chunk, FALLBACK if flag else font, size)
        for flag, chunk in runs(text)
        if not flag or _fallback_ready()
    )


def draw_text(canvas, x: float, y: float, text: str, font: str, size: float, align="left"):
    """``canvas.drawString`` that prints any script: runs DejaVu lacks use the fallback."""
    parts = runs(text)
    if len(parts) == 1 and not parts[0][0]:
        canvas.setFont(font, size)
        {"left": canvas.drawString, "right": canvas.drawRightString,
         "centre": canvas.drawCentredString}[align](x, y, text)  # fmt: skip
        return
    _fallback_ready()
    width = text_width(text, font, size)
    x -= {"left": 0, "right": width, "centre": width / 2}[align]
    for flag, chunk in parts:
        name = FALLBACK if flag else font
        canvas.setFont(name, size)
        canvas.drawString(x, y, chunk)
        x += pdfmetrics.stringWidth(chunk, name, size)
    canvas.setFont(font, size)


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


#: The fields an official document cannot go without, and the placeholder each starts with.
OFFICIAL_FIELDS = {"address": "", "phone": "", "inspector": "Building Inspector"}


def missing_official(settings: VillageSettings) -> list[str]:
    return [
        f
        for f, placeholder in OFFICIAL_FIELDS.items()
        if not (getattr(settings, f) or "").strip() or getattr(settings, f) == placeholder
    ]


def require_official(settings) -> None:
    """Refuse to print an official document until Settings name the office: its address,
    phone and the inspector who signs. ``None`` (a preview with no register) is refused too."""
    village = settings if isinstance(settings, VillageSettings) else None
    if village is None and isinstance(settings, dict):
        village = village_settings({**{f: "" for f in OFFICIAL_FIELDS}, **settings})
    missing = missing_official(village) if village else list(OFFICIAL_FIELDS)
    if missing:
        raise SettingsMissing(missing)


def load_village_settings(reg) -> VillageSettings:
    values = {}
    for key, (field, default) in SETTING_KEYS.items():
        if field in OFFICIAL_FIELDS:  # never a made-up office on an official document
            default = OFFICIAL_FIELDS[field]
        values[field] = reg.get_setting(key, default) or default
    return VillageSettings(**values)


def save_village_settings(reg, settings: VillageSettings) -> None:
    """Write every field in one transaction (each change journaled by the register)."""
    with reg.transaction():
        for key, (field, _default) in SETTING_KEYS.items():
            reg.set_setting(key, getattr(settings, field))
