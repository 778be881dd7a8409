"""The counter receipt on an 80 mm receipt-printer roll: the same facts as the letter page
(``documents.receipt``), laid out one column wide, on a page exactly as long as the receipt.

Why a page as long as its content: a roll printer cuts where the page ends, so a fixed page
would feed half a metre of blank paper after a two-line receipt, and a long receipt (many
fee lines) must never be split over two "pages" with a cut in the middle. The height is
measured by wrapping every flowable at the roll's width before the page is made.

The village's letterhead is printed as centred lines (the letter page's letterhead puts the
seal and "Building Inspection" side by side, which does not fit 72 mm of print width). The
VOID word of a voided receipt and the DEMO word of the demo register print here too.
"""

from __future__ import annotations

import io
from functools import partial

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Spacer, Table

from deerfield_desk.documents.accessible import declare
from deerfield_desk.documents.blocks import esc
from deerfield_desk.documents.layout import cite, fmt_date, styles
from deerfield_desk.documents.marks import MEANINGS, draw_demo
from deerfield_desk.documents.permit_card import kind_label
from deerfield_desk.documents.village import (
    FONT,
    FONT_BOLD,
    VillageSettings,
    register_fonts,
    require_official,
)
from deerfield_desk.models.money import format_cents

#: The roll and its print margins (80 mm paper, about 72 mm printable on common printers).
ROLL_WIDTH = 80 * mm
SIDE = 4 * mm
END = 5 * mm
WIDTH = ROLL_WIDTH - 2 * SIDE


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("roll", parent=styles()["body"], fontSize=8.5, leading=10.5,
                          spaceAfter=0)  # fmt: skip
    return {
        "body": base,
        "centre": ParagraphStyle("roll-c", parent=base, alignment=TA_CENTER),
        "head": ParagraphStyle(
            "roll-h",
            parent=base,
            fontName=FONT_BOLD,
            fontSize=10.5,
            leading=13,
            alignment=TA_CENTER,
        ),  # fmt: skip
        "title": ParagraphStyle(
            "roll-t",
            parent=base,
            fontName=FONT_BOLD,
            fontSize=13,
            leading=16,
            alignment=TA_CENTER,
            spaceBefore=4,
        ),  # fmt: skip
        "bold": ParagraphStyle("roll-b", parent=base, fontName=FONT_BOLD),
        "right": ParagraphStyle("roll-r", parent=base, alignment=TA_RIGHT),
        "total": ParagraphStyle(
            "roll-tr",
            parent=base,
            fontName=FONT_BOLD,
            fontSize=10,
            leading=12.5,
            alignment=TA_RIGHT,
        ),  # fmt: skip
        "small": ParagraphStyle("roll-s", parent=base, fontSize=7.5, leading=9),
    }


def _two(left, right, left_style="body", right_style="right", s=None) -> Table:
    """One line: a label or a fee at the left, its value or amount at the right."""
    s = s or _styles()
    table = Table(
        [[Paragraph(esc(left), s[left_style]), Paragraph(esc(right), s[right_style])]],
        colWidths=[WIDTH * 0.62, WIDTH * 0.38],
    )
    table.setStyle([("FONTNAME", (0, 0), (-1, -1), FONT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])  # fmt: skip
    return table


def _rule() -> Paragraph:
    style = ParagraphStyle("rule", parent=_styles()["small"], alignment=TA_CENTER,
                           textColor="#555555")  # fmt: skip
    return Paragraph("-" * 48, style)


def receipt_story(record: dict, village: VillageSettings, method: str) -> list:
    s = _styles()
    story: list = [
        Paragraph(esc(village.name), s["head"]),
        Paragraph(esc(village.address), s["centre"]),
    ]
    if village.phone:
        story.append(Paragraph(esc(f"Telephone {village.phone}"), s["centre"]))
    story += [
        Paragraph("Receipt", s["title"]),
        Paragraph(esc(f"No. {record['receipt_number']}"), s["head"]),
        Paragraph(esc(fmt_date(record["received_at"])), s["centre"]),
    ]
    if record.get("status") == "voided":
        when = fmt_date((record.get("voided_at") or "")[:10] or None)
        story += [
            Spacer(1, 3),
            Paragraph(
                f"<b>VOID</b> — {esc(MEANINGS['VOID'])} "
                f"{esc(f'Voided {when}: ' + (record.get('void_reason') or ''))}",
                s["body"],
            ),  # fmt: skip
        ]
    story.append(_rule())
    for label, key in (("Received from", "payer_name"), ("Application", "application_number"),
                       ("Site", "site"), ("Note", "note")):  # fmt: skip
        if record.get(key):
            story.append(Paragraph(f"<b>{label}:</b> {esc(record[key])}", s["body"]))
        if key == "payer_name":
            story.append(Paragraph(f"<b>Paid by:</b> {esc(method)}", s["body"]))
    story.append(_rule())
    for line in record.get("lines") or []:
        number = line.get("permit_number")
        permit = f"Permit {number}" if number else kind_label(line.get("permit_kind")) or ""
        basis = f" ({cite(line['basis'])})" if line.get("basis") else ""
        story.append(_two(line.get("description") or "", format_cents(line["amount_cents"])))
        story.append(Paragraph(esc(f"{permit}{basis}".strip()), s["small"]))
    story += [
        _rule(),
        _two("Total received", format_cents(record["amount_cents"]), "bold", "total"),
        _rule(),
        _two("Received by", record.get("received_by") or village.clerk, "bold"),
        Paragraph(esc(f"for the {village.name}, on behalf of the Village Clerk."), s["small"]),
        Paragraph("Keep this receipt: it is your record of payment.", s["small"]),
    ]
    return story


def _height(story: list) -> float:
    """The story's height at the roll's width (what the page must hold, nothing more)."""
    total = 0.0
    for flowable in story:
        total += flowable.wrap(WIDTH, 100_000)[1]
        total += flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return total


def render_receipt_roll(record: dict, village: VillageSettings, method: str) -> bytes:
    require_official(village)
    register_fonts()
    # Measured on a story of its own (wrapping leaves state on flowables), with a little
    # slack so rounding never pushes the last line onto a second page (a cut mid-receipt).
    story = receipt_story(record, village, method)
    height = _height(receipt_story(record, village, method)) + 2 * END + 8
    pagesize = (ROLL_WIDTH, height)
    buffer = io.BytesIO()
    number = record["receipt_number"]
    doc = BaseDocTemplate(buffer, pagesize=pagesize, title=f"Receipt {number}",
                          author=village.name, subject="Receipt", creator="Deerfield Desk",
                          invariant=1, initialFontName=FONT, leftMargin=SIDE,
                          rightMargin=SIDE, topMargin=END, bottomMargin=END)  # fmt: skip
    frame = Frame(SIDE, END, WIDTH, height - 2 * END, leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0, id="roll")  # fmt: skip

    def on_page(canvas, _doc, *, voided: bool) -> None:
        declare(canvas)  # language and title display, as every document (issue 19.6)
        if voided:
            canvas.saveState()
            canvas.setFillColorRGB(0.55, 0.55, 0.55, alpha=0.35)
            canvas.setFont(FONT_BOLD, 60)
            canvas.translate(ROLL_WIDTH / 2, height / 2)
            canvas.rotate(60)
            canvas.drawCentredString(0, -20, "VOID")
            canvas.restoreState()
        draw_demo(canvas, pagesize, village)

    voided = record.get("status") == "voided"
    doc.addPageTemplates([PageTemplate(id="roll", frames=[frame],
                                       onPage=partial(on_page, voided=voided))])  # fmt: skip
    doc.build(story)
    return buffer.getvalue()
