"""The address placard (§12.32(3)): handed over when the building permit is issued and posted
at the site where the Building Inspector says, so crews, deliveries and emergency services find
the lot before the numbers go on the building.

One placard per landscape page, black on white. The digits are sized to be far taller than the
2½-inch minimum of §12.32(5)(c): 4 inches when they fit, squeezed horizontally (never below
50 %) for long numbers, and never under 3¼ inches for numbers of up to five digits.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from reportlab.lib.pagesizes import landscape, letter
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from deerfield_desk.documents.accessible import declare
from deerfield_desk.documents.layout import cite
from deerfield_desk.documents.marks import draw_demo
from deerfield_desk.documents.permit_card import kind_label
from deerfield_desk.documents.village import (
    FONT,
    FONT_BOLD,
    draw_text,
    register_fonts,
    require_official,
    text_width,
    village_settings,
)

PAGE = landscape(letter)
EDGE = 0.5 * inch
DIGIT_HEIGHT_EM = 0.729  # DejaVu Sans Bold digits
TARGET_DIGITS = 4 * inch
MIN_SQUEEZE = 50.0


def number_layout(number: str, width: float = PAGE[0] - 2 * EDGE - 0.4 * inch):
    """(font size, horizontal scale %) for ``number`` across ``width``."""
    size = TARGET_DIGITS / DIGIT_HEIGHT_EM
    natural = stringWidth(number, FONT_BOLD, size) or 1.0
    scale = min(100.0, 100.0 * width / natural)
    if scale < MIN_SQUEEZE:
        size *= scale / MIN_SQUEEZE
        scale = MIN_SQUEEZE
    return size, scale


def digit_height(number: str) -> float:
    """Printed height of the digits, in points (72 per inch)."""
    register_fonts()
    return number_layout(number)[0] * DIGIT_HEIGHT_EM


def street_of(record: dict) -> str:
    if record.get("street"):
        return str(record["street"])
    address = str(record.get("address_text") or "")
    number = str(record.get("house_number") or "")
    first = address.split(",")[0].strip()
    return first[len(number) :].strip() if number and first.startswith(number) else first


def _fit(canvas, text: str, font: str, size: float, width: float, x: float, y: float) -> None:
    while size > 8 and text_width(text, font, size) > width:
        size -= 2
    draw_text(canvas, x, y, text, font, size, "centre")


def draw_placard(canvas: Canvas, record: dict, village) -> None:
    w, h = PAGE
    number = str(record.get("house_number") or "").strip() or "?"
    canvas.setLineWidth(6)
    canvas.rect(EDGE, EDGE, w - 2 * EDGE, h - 2 * EDGE, stroke=1, fill=0)
    title = f"{village.name.upper()} — ADDRESS"
    size = 16
    while size > 9 and text_width(title, FONT_BOLD, size) > w - 2 * EDGE - 0.4 * inch:
        size -= 1
    draw_text(canvas, w / 2, h - EDGE - 0.45 * inch, title, FONT_BOLD, size, "centre")
    size, scale = number_layout(number)
    natural = stringWidth(number, FONT_BOLD, size) * scale / 100
    baseline = h - EDGE - 0.75 * inch - size * DIGIT_HEIGHT_EM
    text = canvas.beginText((w - natural) / 2, baseline)
    text.setFont(FONT_BOLD, size)
    text.setHorizScale(scale)
    text.textOut(number)
    text.setHorizScale(100)  # the squeeze is text state: it would leak into later text
    canvas.drawText(text)
    _fit(
        canvas,
        street_of(record).upper(),
        FONT_BOLD,
        60,
        w - 2 * EDGE - 0.6 * inch,
        w / 2,
        baseline - 1.0 * inch,
    )
    canvas.setFont(FONT, 13)
    canvas.drawCentredString(
        w / 2,
        EDGE + 0.55 * inch,
        f"{kind_label(record.get('kind') or 'building')} {record.get('permit_number') or '—'} · "
        f"post at the site where the Building Inspector directs ({cite('12.32(3)')})",
    )
    canvas.setFont(FONT, 10)
    canvas.drawCentredString(
        w / 2,
        EDGE + 0.3 * inch,
        "On the finished building: numbers at least 2½ in tall, visible from the street "
        f"({cite('12.32(5)')})",
    )
    draw_demo(canvas, PAGE, village)  # last: over the big numbers, which would hide it


def render_placards(records: Iterable[dict], settings, *, calendar=None) -> bytes:
    """Many placards, one per page, in one PDF (batch printing)."""
    register_fonts()
    require_official(settings)
    village = village_settings(settings)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=PAGE, invariant=1, initialFontName=FONT)
    canvas.setTitle("Address placards")
    declare(canvas)
    canvas.setAuthor(village.name)
    canvas.setCreator("Deerfield Desk")
    for record in records:
        draw_placard(canvas, record, village)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def render_placard(record: dict, settings, *, calendar=None) -> bytes:
    return render_placards([record], settings)
