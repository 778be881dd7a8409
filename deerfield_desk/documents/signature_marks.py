"""Signatures given on the screen, drawn on the printed report or notice (issue 17).

The strokes are vectors (``store.signatures``): they print sharp at any size, scaled into a
box the width of a signature line, with the printed name, the role, when it was signed and who
witnessed it beneath, so the paper says exactly what the register holds.
"""

from __future__ import annotations

import json

from reportlab.graphics.shapes import Drawing, Line, PolyLine
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import KeepTogether, Spacer

from deerfield_desk.documents.blocks import para
from deerfield_desk.documents.layout import fmt_date

BOX_W, BOX_H = 3.0 * inch, 0.9 * inch
INK = colors.HexColor("#0b1f4d")
ROLES = {"contractor": "Contractor", "owner": "Owner"}


def signature_drawing(signature: dict) -> Drawing:
    """The strokes scaled into the box (y turned up: the screen counts down, PDF counts up)."""
    width, height = float(signature["width"]), float(signature["height"])
    scale = min(BOX_W / width, BOX_H / height)
    drawing = Drawing(BOX_W, BOX_H)
    for stroke in json.loads(signature["strokes_json"]):
        points: list[float] = []
        for x, y in stroke:
            points += [x * scale, BOX_H - y * scale]
        if len(points) >= 4:
            drawing.add(PolyLine(points, strokeColor=INK, strokeWidth=1.2, strokeLineCap=1,
                                 strokeLineJoin=1))  # fmt: skip
    drawing.add(Line(0, 1, BOX_W, 1, strokeColor=colors.grey, strokeWidth=0.5))
    return drawing


def _carried_line(signature: dict) -> list:
    """A signature carried from the voided earlier record of this visit says so
    (``store.visit_carry``): it was given on that record's document, not on this one."""
    if not signature.get("carried_from"):
        return []
    when = fmt_date((signature.get("carried_from_at") or "")[:10] or None)
    return [para(f"Given on the earlier record of this visit ({when}), voided: "
                 f"{signature.get('carried_reason') or ''}", "small")]  # fmt: skip


def signed_blocks(signatures: list[dict], document: str) -> list:
    """One kept-together block per signature in force on ``document``."""
    blocks: list = []
    for signature in signatures:
        if signature.get("document") != document or signature.get("status") != "active":
            continue
        role = ROLES.get(signature["signer_role"], signature["signer_role"])
        when = fmt_date(signature["signed_at"])
        blocks.append(
            KeepTogether(
                [
                    Spacer(1, 0.15 * inch),
                    signature_drawing(signature),
                    para(f"{signature['signer_name']}, {role}", "small"),
                    para(
                        f"Signed on screen {when}, in the presence of {signature['witnessed_by']}",
                        "small",
                    ),
                    *_carried_line(signature),
                ]
            )  # fmt: skip
        )
    return blocks
