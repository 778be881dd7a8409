"""Marks for documents that are no longer live: void, withdrawn, complied, lifted, expired,
revoked, draft. A marked document prints a banner above its title saying what happened and a
large diagonal word on every page, so a copy found later is never taken for a live one.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Table, TableStyle

from deerfield_desk.documents.village import FONT_BOLD

#: word → what the banner says (our words).
MEANINGS = {
    "VOID": "This document is void and has no effect. It is kept as a record.",
    "WITHDRAWN": "This notice was withdrawn and has no effect. It is kept as a record.",
    "COMPLIED": "This notice was complied with and is closed. It is kept as a record.",
    "LIFTED": "This stop-work order was lifted: work may resume. It is kept as a record.",
    "EXPIRED": "This permit has expired. No work may be done under it.",
    "REVOKED": "This permit was revoked. No work may be done under it.",
    "DRAFT": "Draft: not issued, not an official act.",
}


@dataclass(frozen=True)
class Mark:
    word: str | None
    detail: str = ""

    def __bool__(self) -> bool:
        return bool(self.word)

    def flowables(self) -> list:
        if not self.word:
            return []
        from deerfield_desk.documents.blocks import esc
        from deerfield_desk.documents.layout import styles

        text = f"<b>{esc(self.word)}</b> — {esc(MEANINGS.get(self.word, ''))}"
        if self.detail:
            text += f" {esc(self.detail)}"
        banner = Table([[Paragraph(text, styles()["cell"])]], colWidths=["100%"])
        banner.setStyle(
            TableStyle(
                [
                    ("BOX", (0, 0), (-1, -1), 1.5, colors.black),
                    ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#eeeeee")),
                    ("TOPPADDING", (0, 0), (-1, -1), 5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
                ]
            )
        )
        return [banner]

    def draw(self, canvas, pagesize) -> None:
        """The diagonal word across the page, light enough to read the text through."""
        if not self.word:
            return
        w, h = pagesize
        canvas.saveState()
        canvas.setFillColor(colors.Color(0.55, 0.55, 0.55, alpha=0.35))
        size = min(110, 1.25 * w / max(len(self.word), 4))
        canvas.setFont(FONT_BOLD, size)
        canvas.translate(w / 2, h / 2)
        canvas.rotate(35)
        canvas.drawCentredString(0, -size / 3, self.word)
        canvas.restoreState()


def status_mark(word: str | None, detail: str = "") -> Mark:
    return Mark(word, detail)


NO_MARK = Mark(None)


def permit_mark(record: dict, today=None) -> str | None:
    """The mark a permit's documents print with: void, revoked, expired (past its expiry
    date while still shown as issued), or none for a live permit."""
    from datetime import date

    status = record.get("status")
    if status == "voided":
        return "VOID"
    if status == "revoked":
        return "REVOKED"
    if status == "expired":
        return "EXPIRED"
    expires = record.get("expires_date")
    today = today or date.today()
    if status in ("issued", "extended") and expires and expires < today.isoformat():
        return "EXPIRED"
    return None


#: Printed across every page of every document of the demo register (``VillageSettings.demo``).
DEMO_WORD = "DEMO"
DEMO_LINE = "DEMO REGISTER: made-up data, not an official document of the village"


def draw_demo(canvas, pagesize, village) -> None:
    """DEMO across the page and a line along its top edge when ``village`` (the settings the
    document was loaded with) belongs to the demo register; nothing for a real register.

    Why every renderer calls this one function with its settings: the decision is the
    register's (``store.demo_register``), carried by the settings every document already
    needs, so no caller can forget to ask for it."""
    if not getattr(village, "demo", False):
        return
    w, h = pagesize
    canvas.saveState()
    canvas.setFillColor(colors.Color(0.8, 0.1, 0.1, alpha=0.25))
    size = min(150, 0.3 * w)
    canvas.setFont(FONT_BOLD, size)
    canvas.translate(w / 2, h / 2)
    canvas.rotate(35 if h > w else 20)
    canvas.drawCentredString(0, -size / 3, DEMO_WORD)
    canvas.restoreState()
    canvas.saveState()
    canvas.setFillColor(colors.Color(0.7, 0, 0))
    # As big as fits the paper's width (a letter page or an 80 mm receipt roll).
    font = min(8.0, (w - 12) / stringWidth(DEMO_LINE, FONT_BOLD, 1))
    canvas.setFont(FONT_BOLD, font)
    canvas.drawCentredString(w / 2, h - font - 3, DEMO_LINE)
    canvas.restoreState()
