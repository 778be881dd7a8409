"""The permit card (§12.14(1)): posted at the job site where it can be read from the street.

The permit number is printed with digits over one inch tall so it can be read at about 10 m
(a common sign rule of thumb is 1 inch of letter height per 10 m), squeezed horizontally when
needed so it always fits the page. A QR code carries the permit number so anyone can look up
its status. Below: the site, parties, work, dates, conditions of approval, the §12.12(5)
inspections with sign-off boxes, and the 48-hour request rule with the office phone.

Which inspections apply is decided by the inspections feature; it passes them in
``record["inspection_stages"]`` (a list of labels, or of (section, label) pairs). Without
that, the card lists every stage of §12.12(5), which is what the ordinance requires a
building project to request.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.pagesizes import letter
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import KeepInFrame, Spacer, Table, TableStyle

from deerfield_desk.documents.blocks import bullet_list, grid, heading, para, text_items
from deerfield_desk.documents.card_kinds import card_kind, kind_sections
from deerfield_desk.documents.layout import FRAME_WIDTH, MARGIN, build_pdf, cite, fmt_date
from deerfield_desk.documents.marks import permit_mark, status_mark
from deerfield_desk.documents.qr import draw_qr
from deerfield_desk.documents.village import (
    FONT,
    FONT_BOLD,
    draw_text,
    require_official,
    text_width,
    village_settings,
)
from deerfield_desk.models.project_summary import permit_label

#: Font size of the permit number: DejaVu Sans Bold digits stand 0.729 em tall, so 100 pt
#: gives digits of about 1.01 in.
NUMBER_SIZE = 100
DIGIT_HEIGHT_EM = 0.729
QR_SIZE = 1.7 * inch

#: Fallback: the inspections §12.12(5) lists, (a) to (i).
STAGES_12_12_5 = [
    ("12.12(5)(a)", "Footing"),
    ("12.12(5)(b)", "Foundation"),
    ("12.12(5)(c)", "Rough carpentry, HVAC, electric and plumbing"),
    ("12.12(5)(d)", "Draintile / basement floor"),
    ("12.12(5)(e)", "Underfloor plumbing"),
    ("12.12(5)(f)", "Electric service"),
    ("12.12(5)(g)", "Insulation"),
    ("12.12(5)(h)", "Final carpentry, HVAC, electric and plumbing"),
    ("12.12(5)(i)", "Erosion control"),
]


def kind_label(kind: str | None) -> str:
    """'Building Permit': the lifecycle's permit names (one place), in title case for print."""
    if not kind:
        return "Permit"
    label = permit_label(kind)
    label = label if "permit" in label.lower() else f"{label} permit"
    return " ".join(w[:1].upper() + w[1:] for w in label.split())


def stages_of(record: dict) -> list[tuple[str, str]]:
    given = record.get("inspection_stages")
    if not given:
        return STAGES_12_12_5
    out = []
    for item in given:
        if isinstance(item, list | tuple):
            out.append((str(item[0]), str(item[1])))
        else:
            out.append(("", str(item)))
    return out


def _top_of_card(canvas, record: dict, village) -> float:
    """Band, big number and QR code; returns the y where flowing text starts."""
    w, h = letter
    top = h - MARGIN
    canvas.setFillColor(colors.black)
    canvas.rect(MARGIN, top - 0.55 * inch, FRAME_WIDTH, 0.55 * inch, stroke=0, fill=1)
    canvas.setFillColor(colors.white)
    label = kind_label(record.get("kind"))
    label_size = 17 if text_width(label, FONT_BOLD, 17) < FRAME_WIDTH * 0.45 else 12
    label_w = text_width(label, FONT_BOLD, label_size)
    draw_text(canvas, w - MARGIN - 10, top - 0.37 * inch, label, FONT_BOLD, label_size, "right")
    _band_name(canvas, village.name.upper(), FRAME_WIDTH - label_w - 40, top)
    canvas.setFillColor(colors.black)
    draw_text(canvas, MARGIN, top - 0.75 * inch, card_kind(record.get("kind")).post_rule, FONT, 9)
    number = record.get("permit_number") or "DRAFT"
    natural = stringWidth(number, FONT_BOLD, NUMBER_SIZE)
    scale = min(100.0, 100.0 * FRAME_WIDTH / natural)
    text = canvas.beginText(MARGIN, top - 0.75 * inch - 0.12 * inch - NUMBER_SIZE * DIGIT_HEIGHT_EM)
    text.setFont(FONT_BOLD, NUMBER_SIZE)
    text.setHorizScale(scale)
    text.textOut(number)
    text.setHorizScale(100)  # the squeeze is text state: it would leak into later text
    canvas.drawText(text)
    return top - 0.75 * inch - 0.3 * inch - NUMBER_SIZE * DIGIT_HEIGHT_EM


def _band_name(canvas, name: str, width: float, top: float) -> None:
    """The village name in the black band, left of the permit kind: 17 pt when it fits,
    smaller down to 11 pt, then on two lines; it never runs under the kind label."""
    for size in (17, 15, 13, 11):
        if text_width(name, FONT_BOLD, size) <= width:
            draw_text(canvas, MARGIN + 10, top - 0.37 * inch, name, FONT_BOLD, size)
            return
    words, lines = name.split(), [""]
    for word in words:
        trial = f"{lines[-1]} {word}".strip()
        if text_width(trial, FONT_BOLD, 10) <= width or not lines[-1]:
            lines[-1] = trial
        else:
            lines.append(word)
    for n, line in enumerate(lines[:2]):
        draw_text(canvas, MARGIN + 10, top - 0.22 * inch - n * 12, line, FONT_BOLD, 10)


#: The least a card is shrunk to stay on one sheet (10 pt text stays readable at 7 pt); a card
#: that would need more runs onto a second page instead of shrinking to unreadable print.
MIN_SCALE = 0.7


def short_card(record: dict) -> bool:
    """A card whose text is short enough to fit one sheet without measuring it (measuring
    wraps every paragraph twice; the common card must stay within 30 ms)."""
    conditions = text_items(record.get("conditions"))
    size = sum(len(str(record.get(k) or "")) for k in
               ("address_text", "owner_name", "contractor_name", "description"))  # fmt: skip
    stages = record.get("inspection_stages")
    return (
        len(conditions) <= 4
        and sum(len(c) for c in conditions) <= 400
        and size <= 320
        and (stages is None or len(stages) <= 10)
    )


def fit_card(story: list, frame_top: float) -> list:
    """One sheet when the card fits at ``MIN_SCALE`` or more; else let it flow on."""
    room = frame_top - MARGIN - 0.2 * inch
    height = sum(f.wrap(FRAME_WIDTH, room)[1] + f.getSpaceBefore() + f.getSpaceAfter()
                 for f in story)  # fmt: skip
    if height <= room or height * MIN_SCALE > room:  # fits as it is, or flows on
        return story
    return [KeepInFrame(FRAME_WIDTH, room, story, mode="shrink")]


def render_permit_card(record: dict, settings, *, calendar=None) -> bytes:
    require_official(settings)
    village = village_settings(settings)
    number = record.get("permit_number") or "DRAFT"
    kind = card_kind(record.get("kind"))
    mark = status_mark(permit_mark(record))
    frame_top = letter[1] - MARGIN - 0.75 * inch - 0.3 * inch - NUMBER_SIZE * DIGIT_HEIGHT_EM

    def draw_page(canvas, page):
        mark.draw(canvas, letter)
        if page == 1:
            _top_of_card(canvas, record, village)
            y = frame_top - 0.1 * inch - QR_SIZE
            draw_qr(canvas, number, letter[0] - MARGIN - QR_SIZE, y, QR_SIZE)
            canvas.setFont(FONT, 7.5)
            canvas.drawCentredString(
                letter[0] - MARGIN - QR_SIZE / 2, y - 2, "Scan: permit number for status"
            )

    text_width = FRAME_WIDTH - QR_SIZE - 0.2 * inch
    facts = [
        para(f"<font size='16'><b>{_e(record.get('address_text'))}</b></font>", markup=True),
        Spacer(1, 6),
        para(f"<b>Owner:</b> {_e(record.get('owner_name'))}", markup=True),
        para(f"<b>Contractor:</b> {_e(record.get('contractor_name'))}", markup=True),
        para(f"<b>Work:</b> {_e(record.get('description'))}", markup=True),
        para(
            f"<b>Issued:</b> {fmt_date(record.get('issued_date'))} &nbsp;&nbsp; "
            f"<b>Expires:</b> {fmt_date(record.get('expires_date'))}",
            markup=True,
        ),
    ]
    conditions = text_items(record.get("conditions"))
    phone = village.phone
    story_rest = [
        *mark.flowables(),
        heading("Conditions of approval", kind.conditions_basis),
        *(bullet_list(conditions) or [para("None beyond the rules that apply to all work.")]),
        *kind_sections(record),
    ]
    if kind.stages:
        stages = stages_of(record)
        # an erosion card cites Chapter 31 only: its stages carry no Chapter 12 section
        rows = [[f"{label}" + (f"  ({cite(sec)})" if sec and sec[:3] in kind.stage_cites
                                else ""), "", ""] for sec, label in stages]  # fmt: skip
        story_rest += [
            heading("Required inspections", kind.stage_basis),
            grid(
                ["Stage", "Date", "Inspector's initials"],
                rows,
                [FRAME_WIDTH - 2.6 * inch, 1.2 * inch, 1.4 * inch],
                row_height=0.3 * inch,
            ),
            Spacer(1, 6),
        ]
    if kind.request_rule:
        story_rest.append(para(f"{kind.request_rule} Questions: call {phone}."))
    else:
        story_rest.append(
            para(
                f"<b>Call {_e(phone)} at least 48 hours before each inspection</b> "
                f"({cite('12.12(5)')}). No work is approved by default or for lack of an "
                f"inspection ({cite('12.12(6)')}). Keep this card posted until the final "
                "inspection.",
                markup=True,
            )
        )
    # facts to the left of the QR code; the spacer in the right-hand cell keeps the row at
    # least as tall as the code, so nothing below can run under it
    top_block = Table(
        [[facts, Spacer(1, QR_SIZE + 0.2 * inch)]], colWidths=[text_width, FRAME_WIDTH - text_width]
    )
    top_block.hAlign = "LEFT"
    top_block.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), FONT),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return build_pdf(
        [top_block, *story_rest]
        if short_card(record)
        else fit_card([top_block, *story_rest], frame_top),
        title=kind_label(record.get("kind")),
        ref=number,
        settings=village,
        letterhead=False,
        draw_page=draw_page,
        frame_top=frame_top,
    )


def _e(value) -> str:
    from deerfield_desk.documents.blocks import esc

    return esc(value if value not in (None, "") else "—")
