"""Photos in reports: scaled to fit, two across, each with its caption and time taken.

A photo file that has gone missing is named in the report rather than failing the whole
report: the inspector still needs the written result on paper.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import inch
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Image, Table, TableStyle

from deerfield_desk.documents.blocks import para
from deerfield_desk.documents.layout import fmt_date
from deerfield_desk.documents.village import FONT

CELL_W = 3.3 * inch
CELL_H = 2.5 * inch


def photo_cell(photo: dict) -> list:
    path = Path(photo.get("display_path") or photo.get("original_path") or photo.get("path") or "")
    caption = photo.get("caption") or photo.get("filename") or path.name
    when = f" — {fmt_date(photo['taken_at'])}" if photo.get("taken_at") else ""
    if not path.is_file():
        return [para(f"[photo missing: {path}]", "small"), para(caption + when, "small")]
    iw, ih = ImageReader(str(path)).getSize()
    scale = min(CELL_W / iw, CELL_H / ih)
    return [Image(str(path), iw * scale, ih * scale), para(caption + when, "small")]


def photo_grid(photos: list[dict]) -> list:
    if not photos:
        return []
    cells = [photo_cell(p) for p in photos]
    rows = [cells[i : i + 2] + [[]] * (2 - len(cells[i : i + 2])) for i in range(0, len(cells), 2)]
    table = Table(rows, colWidths=[CELL_W + 0.2 * inch] * 2)
    # FONTNAME: a Table otherwise sets Helvetica, a standard font we never embed
    table.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONTNAME", (0, 0), (-1, -1), FONT)])
    )
    return [table]
