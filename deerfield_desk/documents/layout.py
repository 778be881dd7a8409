"""Shared page furniture: letterhead, footer, styles, and the one PDF builder.

Every document goes through :func:`build_pdf`, so all of them are deterministic
(``invariant=1``: no timestamps or random ids, identical bytes for identical input), embed
their fonts, and carry the village letterhead and a footer naming the document and its number.
"""

from __future__ import annotations

import io
from datetime import date, datetime
from functools import cache, partial

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from deerfield_desk.documents.accessible import declare
from deerfield_desk.documents.marks import draw_demo
from deerfield_desk.documents.village import (
    FONT,
    FONT_BOLD,
    VillageSettings,
    draw_text,
    register_fonts,
    require_official,
    village_settings,
)

MARGIN = 0.75 * inch
#: The width of the text frame on a letter page, which every document lays out to.
FRAME_WIDTH = letter[0] - 2 * MARGIN
LETTERHEAD_HEIGHT = 0.95 * inch
FOOTER_HEIGHT = 0.3 * inch


@cache
def styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    base = ParagraphStyle("body", fontName=FONT, fontSize=10, leading=13, spaceAfter=3)
    return {
        "body": base,
        "small": ParagraphStyle("small", parent=base, fontSize=8.5, leading=11),
        "title": ParagraphStyle(
            "title",
            parent=base,
            fontName=FONT_BOLD,
            fontSize=18,
            leading=22,
            alignment=TA_CENTER,
            spaceAfter=6,
        ),
        "subtitle": ParagraphStyle(
            "subtitle",
            parent=base,
            fontSize=10,
            alignment=TA_CENTER,
            spaceAfter=10,
        ),
        "heading": ParagraphStyle(
            "heading",
            parent=base,
            fontName=FONT_BOLD,
            fontSize=11.5,
            leading=15,
            spaceBefore=8,
            spaceAfter=3,
            textColor=colors.black,
        ),
        "label": ParagraphStyle("label", parent=base, fontName=FONT_BOLD, fontSize=9, leading=12),
        "cell": ParagraphStyle("cell", parent=base, fontSize=9.5, leading=12, spaceAfter=0),
        "bold": ParagraphStyle("bold", parent=base, fontName=FONT_BOLD),
        "big": ParagraphStyle(
            "big", parent=base, fontName=FONT_BOLD, fontSize=15, leading=20, spaceAfter=6
        ),
    }


def cite(section: str) -> str:
    """``§12.12(5)`` for a village section; a state code section (``SPS 321.16``, from the
    defect library) as the code writes it: "§SPS" is not how anyone cites it."""
    return f"§{section}" if section[:1].isdigit() else section


def fmt_date(value: date | datetime | str | None, *, missing: str = "—") -> str:
    """'December 14, 2026' (or with time 'December 1, 2026, 2:30 PM'); office style."""
    if value in (None, ""):
        return missing
    if isinstance(value, str):
        value = datetime.fromisoformat(value) if "T" in value else date.fromisoformat(value)
    if isinstance(value, datetime):
        hour = value.hour % 12 or 12
        ampm = "AM" if value.hour < 12 else "PM"
        return f"{value:%B} {value.day}, {value.year}, {hour}:{value.minute:02d} {ampm}"
    return f"{value:%B} {value.day}, {value.year}"


def _letterhead_lines(settings: VillageSettings, width: float):
    """The name and address as paragraphs wrapped to ``width`` (a long village name or
    address wraps; it never runs under "Building Inspection" or off the page)."""
    from reportlab.platypus import Paragraph

    from deerfield_desk.documents.blocks import esc

    base = styles()["body"]
    name_style = ParagraphStyle("lh-name", parent=base, fontName=FONT_BOLD, fontSize=15,
                                leading=17, spaceAfter=0)  # fmt: skip
    small = ParagraphStyle("lh-small", parent=base, fontSize=9.5, leading=12, spaceAfter=0)
    lines = [Paragraph(esc(settings.name), name_style), Paragraph(esc(settings.address), small)]
    if settings.phone:
        lines.append(Paragraph(esc(f"Telephone {settings.phone}"), small))
    heights = [p.wrap(width, 1000)[1] for p in lines]
    return lines, heights


def letterhead_height(settings: VillageSettings, pagesize=letter) -> float:
    _, heights = _letterhead_lines(settings, _letterhead_width(settings, pagesize))
    return max(LETTERHEAD_HEIGHT, sum(heights) + 0.3 * inch)


def _letterhead_width(settings: VillageSettings, pagesize) -> float:
    seal = 0.95 * inch if settings.seal is not None else 0
    return pagesize[0] - 2 * MARGIN - seal - 1.5 * inch


def draw_letterhead(canvas, settings: VillageSettings, pagesize) -> None:
    width, height = pagesize
    top = height - MARGIN
    x = MARGIN
    seal = settings.seal
    if seal is not None:
        size = 0.8 * inch
        canvas.drawImage(
            str(seal), x, top - size, size, size, preserveAspectRatio=True, mask="auto"
        )
        x += size + 0.15 * inch
    canvas.setFillColor(colors.black)
    lines, heights = _letterhead_lines(settings, _letterhead_width(settings, pagesize))
    y = top
    for line, h in zip(lines, heights, strict=True):
        line.drawOn(canvas, x, y - h)
        y -= h
    canvas.setFont(FONT, 8.5)
    canvas.drawRightString(width - MARGIN, top - 16, "Building Inspection")
    canvas.setLineWidth(1.2)
    y = top - letterhead_height(settings, pagesize) + 0.15 * inch
    canvas.line(MARGIN, y, width - MARGIN, y)


def draw_footer(canvas, doc_title: str, ref: str, page: int, pagesize, total: int) -> None:
    width, _ = pagesize
    canvas.setFont(FONT, 7.5)
    canvas.setFillColor(colors.HexColor("#333333"))
    y = MARGIN - 0.25 * inch
    canvas.line(MARGIN, y + 10, width - MARGIN, y + 10)
    draw_text(canvas, MARGIN, y, f"{doc_title} · {ref}" if ref else doc_title, FONT, 7.5)
    canvas.drawRightString(width - MARGIN, y, f"Page {page} of {total}")


class _CountingCanvas(Canvas):
    """Holds each page until the end so the footer can say "Page N of M" (one pass)."""

    def __init__(self, *args, footer=None, **kwargs):
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []
        self._footer = footer
        declare(self)  # language and title display (documents/accessible.py)

    def showPage(self):  # noqa: N802 (reportlab's name)
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._pages)
        for number, state in enumerate(self._pages, 1):
            self.__dict__.update(state)
            if self._footer is not None:
                self.saveState()
                self._footer(self, number, total)
                self.restoreState()
            super().showPage()
        super().save()


def build_pdf(
    story: list,
    *,
    title: str,
    ref: str,
    settings: VillageSettings | dict | None,
    pagesize=letter,
    letterhead: bool = True,
    draw_page=None,
    frame_top: float | None = None,
    mark=None,
) -> bytes:
    """Lay out ``story`` on letter pages with letterhead and footer; return the PDF bytes.

    ``draw_page(canvas, page_number)`` adds fixed furniture of a document (the permit card's
    big number and QR code); ``frame_top`` then says where the flowing text may start.
    ``mark`` (``documents.marks.Mark``) prints a void/withdrawn/expired word on every page.
    Official documents (a letterhead) refuse to print without the village's address, phone
    and inspector (:func:`documents.village.require_official`).
    """
    if letterhead:
        require_official(settings)
    register_fonts()
    village = village_settings(settings)
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=pagesize,
        title=f"{title} {ref}".strip(),
        author=village.name,
        subject=title,
        creator="Deerfield Desk",
        invariant=1,
        initialFontName=FONT,
        initialFontSize=10,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
    )
    top_space = letterhead_height(village, pagesize) if letterhead else 0
    bottom = MARGIN + FOOTER_HEIGHT - 0.2 * inch
    top = frame_top if frame_top is not None else pagesize[1] - MARGIN - top_space
    frame = Frame(
        MARGIN,
        bottom,
        pagesize[0] - 2 * MARGIN,
        top - bottom,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="body",
    )

    def on_page(canvas, doc_):
        canvas.saveState()
        if mark:
            mark.draw(canvas, pagesize)
        draw_demo(canvas, pagesize, village)
        if letterhead:
            draw_letterhead(canvas, village, pagesize)
        if draw_page is not None:
            draw_page(canvas, doc_.page)
        canvas.restoreState()

    def footer(canvas, page, total):
        draw_footer(canvas, title, ref, page, pagesize, total)

    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page)])
    doc.build(story, canvasmaker=partial(_CountingCanvas, footer=footer))
    return buffer.getvalue()
