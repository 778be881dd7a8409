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
from deerfield_desk.documents.font_subsets import remember_subsets
from deerfield_desk.errors import InvalidInput

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
        font = TTFont(name, str(path))
        remember_subsets(font)  # the same subset in every document: made once
        pdfmetrics.registerFont(font)
    addMapping(FONT, 0, 0, FONT)
    addMapping(FONT, 1, 0, FONT_BOLD)
    addMapping(FONT, 0, 1, FONT)
    addMapping(FONT, 1, 1, FONT_BOLD)


@cache
def _covered() -> frozenset[int]:
    register_fonts()
    return frozenset(pdfmetrics.getFont(FONT).face.charToGlyph)


#: Fallback fonts, in order, for the characters DejaVu lacks: Chinese/Japanese ideographs and
#: kana (Droid Sans Fallback), then Hangul syllables (NanumSquare, OFL-1.1, from Debian's
#: fonts-nanum; see LICENSE-NanumSquare.txt).
FALLBACKS = ((FALLBACK, _FALLBACK_FILE), ("NanumSquare", "NanumSquareR.ttf"))


@cache
def _fallback_font(name: str) -> frozenset[int]:
    """Register one fallback font (once, on first need) and return the characters it has."""
    filename = dict(FALLBACKS)[name]
    path = asset_path("fonts", filename)
    if not path.exists():
        raise FileNotFoundError(f"font {filename} is missing from {path.parent}")
    font = TTFont(name, str(path))
    remember_subsets(font)
    pdfmetrics.registerFont(font)
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(name, bold, italic, name)
    return frozenset(font.face.charToGlyph)


def _font_for(ch: str) -> str | None:
    """None when DejaVu prints ``ch``; else the first fallback that has it."""
    code = ord(ch)
    if code <= 0x7E or ch in "\n\t" or code in _covered():
        return None
    for name, _file in FALLBACKS:
        if code in _fallback_font(name):
            return name
    return None  # no font has it: DejaVu's empty box, as before


def runs(text: str) -> list[tuple[str | None, str]]:
    """``text`` cut into runs of one font: (None, DejaVu's) / (fallback name, chars)."""
    if text.isascii():
        return [(None, text)]
    out: list[tuple[str | None, str]] = []
    for ch in text:
        name = _font_for(ch)
        if out and out[-1][0] == name:
            out[-1] = (name, out[-1][1] + ch)
        else:
            out.append((name, ch))
    return out


def with_fallback(markup: str) -> str:
    """Paragraph markup with each run DejaVu cannot print set in a fallback font."""
    parts = runs(markup)
    if len(parts) == 1 and parts[0][0] is None:
        return markup
    return "".join(
        f"<font name='{name}'>{chunk}</font>" if name else chunk for name, chunk in parts
    )


def text_width(text: str, font: str, size: float) -> float:
    return sum(pdfmetrics.stringWidth(chunk, name or font, size) for name, chunk in runs(text))


def draw_text(canvas, x: float, y: float, text: str, font: str, size: float, align="left"):
    """``canvas.drawString`` that prints any script: runs DejaVu lacks use the fallback."""
    parts = runs(text)
    if len(parts) == 1 and parts[0][0] is None:
        canvas.setFont(font, size)
        {"left": canvas.drawString, "right": canvas.drawRightString,
         "centre": canvas.drawCentredString}[align](x, y, text)  # fmt: skip
        return
    width = text_width(text, font, size)
    x -= {"left": 0, "right": width, "centre": width / 2}[align]
    for fallback, chunk in parts:
        name = fallback or font
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
    "village.receipt_paper": ("receipt_paper", "letter"),
}

#: Paper a counter receipt prints on (``VillageSettings.receipt_paper``): a letter page for
#: the office printer, or an 80 mm roll for a receipt printer (as long as the receipt).
RECEIPT_PAPERS = {"letter": "Letter page (8½ × 11 in)", "roll80": "80 mm receipt roll"}


@dataclass(frozen=True)
class VillageSettings:
    name: str = "Village of Deerfield"
    address: str = "Village Hall, Deerfield, WI 53531"
    phone: str = ""
    clerk: str = "Village Clerk"
    inspector: str = "Building Inspector"
    seal_path: str = ""
    receipt_paper: str = "letter"
    #: Read from the register (``store.demo_register``), never saved or edited: documents of
    #: the demo register print DEMO across every page (``documents.marks.draw_demo``).
    demo: bool = False

    def __post_init__(self) -> None:
        if self.receipt_paper not in RECEIPT_PAPERS:
            raise InvalidInput("receipt_paper", f"one of {', '.join(RECEIPT_PAPERS)}")

    @property
    def seal(self) -> Path | None:
        path = Path(self.seal_path) if self.seal_path else None
        return path if path and path.is_file() else None


def village_settings(settings: VillageSettings | dict | None) -> VillageSettings:
    """Accept a VillageSettings, a plain dict of its fields, or None (the defaults)."""
    if isinstance(settings, VillageSettings):
        return settings
    names = {f.name for f in fields(VillageSettings)} - {"demo"}
    given = {k: str(v) for k, v in (settings or {}).items() if k in names and v is not None}
    return VillageSettings(**given, demo=bool((settings or {}).get("demo")))


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
    """The settings every document of ``reg`` prints with, and whether ``reg`` is the demo
    register (then every document says DEMO: decided by the register, not by the caller)."""
    from deerfield_desk.store.demo_register import is_demo_register

    values: dict = {"demo": is_demo_register(reg)}
    for key, (field, default) in SETTING_KEYS.items():
        if field in OFFICIAL_FIELDS:  # never a made-up office on an official document
            default = OFFICIAL_FIELDS[field]
        values[field] = reg.get_setting(key, default) or default
    if values["receipt_paper"] not in RECEIPT_PAPERS:  # written by a newer version
        values["receipt_paper"] = "letter"
    return VillageSettings(**values)


def save_village_settings(reg, settings: VillageSettings) -> None:
    """Write every field in one transaction (each change journaled by the register)."""
    with reg.transaction():
        for key, (field, _default) in SETTING_KEYS.items():
            reg.set_setting(key, getattr(settings, field))
