"""Small building blocks the documents share: escaped paragraphs, label/value tables, grids,
signature lines. Record text is typed by people, so every value is escaped before reportlab's
mini-markup sees it (an owner called "Smith & Sons" must not break a permit card)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape  # not xml.sax.saxutils: it imports urllib, http and ssl (~30 ms)

from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from deerfield_desk.documents.layout import cite, styles
from deerfield_desk.documents.paragraphs import paragraph
from deerfield_desk.documents.village import FONT, with_fallback


def esc(value) -> str:
    """Escaped for reportlab's markup, with any script it cannot set in DejaVu in the
    fallback font (names in Chinese, Japanese, Korean…)."""
    return with_fallback(
        escape("" if value is None else str(value), quote=False).replace("\n", "<br/>")
    )


def para(text: object, style: str = "body", *, markup: bool = False) -> Paragraph:
    """A paragraph of plain text (escaped; any value is printed as its text) or of our own
    markup (``markup=True``)."""
    return paragraph(str(text) if markup else esc(text), styles()[style])


def heading(text: str, section: str | None = None) -> Paragraph:
    suffix = f"  <font name='{FONT}' size='9'>({cite(section)})</font>" if section else ""
    return paragraph(esc(text) + suffix, styles()["heading"])


def kv_table(rows: Sequence[tuple[str, object]], width: float, label_width: float = 1.6 * inch):
    data = [
        [para(label, "label"), para(value if value not in (None, "") else "—", "cell")]
        for label, value in rows
    ]
    table = Table(data, colWidths=[label_width, width - label_width])
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT),  # else Table sets Helvetica
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#999999")),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return table


def grid(
    headers: list[str], rows: Sequence[Sequence[object]], widths: list[float], *, row_height=None
):
    """A ruled table with a bold header row; cells are escaped paragraphs."""
    data = [[para(h, "label") for h in headers]]
    # empty cells stay empty strings: nothing to lay out (a sign-off box is blank by design)
    data += [
        [c if hasattr(c, "wrapOn") or c == "" else para(c, "cell") for c in row] for row in rows
    ]
    table = Table(
        data,
        colWidths=widths,
        repeatRows=1,
        rowHeights=[None] + [row_height] * len(rows) if row_height else None,
    )
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT),  # else Table sets Helvetica
                ("GRID", (0, 0), (-1, -1), 0.6, colors.black),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e6e6e6")),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    table.hAlign = "LEFT"  # stays on the margin when a page shrinks to fit
    return table


def bullet_list(items: list[str]) -> list:
    return [para(f"•&nbsp;&nbsp;{esc(item)}", markup=True) for item in items if item]


def signature(name: str, role: str, lead: list | None = None) -> list:
    """A signature line, kept on one page with ``lead`` (the lines just above it)."""
    return [
        KeepTogether(
            [
                *(lead or []),
                Spacer(1, 0.25 * inch),
                para("_" * 42),
                para(f"{name}, {role}" if name and name != role else role),
            ]
        )
    ]


def text_items(value) -> list[str]:
    """Conditions, reasons, sections: stored as a JSON list or as lines of text."""
    if value in (None, ""):
        return []
    if isinstance(value, list | tuple):
        return [str(v).strip() for v in value if str(v).strip()]
    text = str(value).strip()
    if text.startswith("["):
        try:
            return [str(v).strip() for v in json.loads(text) if str(v).strip()]
        except json.JSONDecodeError:
            pass
    return [line.strip(" -•\t") for line in text.splitlines() if line.strip(" -•\t")]
