"""The contractor's or owner's signature, given on the inspector's screen, on a visit's
inspection report or correction notice (issue 17).

Why strokes and not a picture: the pen's path is small (a few kilobytes of points), goes into
the journal like every record (so ``verify`` proves it was not altered), and prints sharp at
any size. A tap or a dot is not a signature: the ink must run a real distance. Signing again
voids the earlier signature with a reason (never deleted), so the record shows both.
"""

from __future__ import annotations

import json
import math
from datetime import datetime

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import RecordStatus, SignedDocument, SignerRole
from deerfield_desk.models.inspection_rules import Result
from deerfield_desk.store.register import Register, decision

Stroke = list[tuple[float, float]]
MAX_POINTS = 6000
#: The ink must run at least this share of the pad's width: a tap or a dot is not a signature.
MIN_INK_SHARE = 0.25
NAME_MAX = 120
DOCUMENT_LABELS = {
    SignedDocument.INSPECTION_REPORT: "Inspection report",
    SignedDocument.CORRECTION_NOTICE: "Correction notice",
}
#: The correction notice exists only after these results (documents/correction_notice.py).
NEEDS_CORRECTION = (Result.FAILED, Result.PARTIAL)


def ink_length(strokes: list[Stroke]) -> float:
    return sum(
        math.dist(a, b) for stroke in strokes for a, b in zip(stroke, stroke[1:], strict=False)
    )


def _clean_strokes(strokes: list[Stroke], width: int, height: int) -> list[Stroke]:
    if width <= 0 or height <= 0:
        raise InvalidInput("signature", "the signing box has no size")
    cleaned = []
    for stroke in strokes:
        points = [(round(float(x), 1), round(float(y), 1)) for x, y in stroke]
        if any(not (0 <= x <= width and 0 <= y <= height) for x, y in points):
            raise InvalidInput("signature", "every stroke must lie inside the signing box")
        if points:
            cleaned.append(points)
    if sum(len(s) for s in cleaned) > MAX_POINTS:
        raise InvalidInput("signature", f"at most {MAX_POINTS:,} points: clear and sign again")
    if ink_length(cleaned) < MIN_INK_SHARE * width:
        raise InvalidInput("signature", "sign in the box with a pen or a finger (a tap is not a "
                           "signature)")  # fmt: skip
    return cleaned


@decision
def record_signature(
    reg: Register,
    inspection_uuid: str,
    document: str,
    signer_name: str,
    signer_role: str,
    strokes: list[Stroke],
    size: tuple[int, int],
    *,
    signed_at: datetime | None = None,
) -> dict:
    """Store one signature on a visit's document; an earlier one by the same role on the same
    document is voided ("signed again"), never deleted."""
    if document not in tuple(SignedDocument):
        raise InvalidInput("document", "the inspection report or the correction notice")
    if signer_role not in tuple(SignerRole):
        raise InvalidInput("signer_role", "the contractor or the owner")
    name = " ".join((signer_name or "").split())
    if not name:
        raise InvalidInput("signer_name", "print the name of the person signing")
    if len(name) > NAME_MAX:
        raise InvalidInput("signer_name", f"at most {NAME_MAX} characters")
    width, height = size
    cleaned = _clean_strokes(strokes, width, height)
    visit = reg.get("inspections", inspection_uuid)
    if visit["status"] != RecordStatus.ACTIVE:
        raise NotAllowed("this visit was voided: sign the visit recorded in its place")
    if visit["result"] == Result.REQUESTED or not visit["inspected_at"]:
        raise NotAllowed("record the visit's result before it is signed")
    if document == SignedDocument.CORRECTION_NOTICE and visit["result"] not in NEEDS_CORRECTION:
        raise NotAllowed(
            f"a correction notice follows a failed or partial visit; this one {visit['result']}"
        )
    for earlier in signatures_for(reg, visit["id"], document):
        if earlier["signer_role"] == signer_role:
            reg.void("signatures", earlier["uuid"], f"signed again by {name}")
    return reg.insert(
        "signatures",
        {
            "inspection_id": visit["id"],
            "document": document,
            "signer_name": name,
            "signer_role": signer_role,
            "strokes_json": json.dumps(cleaned, separators=(",", ":")),
            "width": int(width),
            "height": int(height),
            "signed_at": (signed_at or datetime.now()).strftime("%Y-%m-%dT%H:%M"),
            "witnessed_by": reg.actor.name,
        },
    )


def signatures_for(reg: Register, inspection_id: int, document: str | None = None) -> list[dict]:
    """The visit's signatures in force (of one document, or all), oldest first."""
    sql = "SELECT * FROM signatures WHERE inspection_id = ? AND status = 'active'"
    params: tuple = (inspection_id,)
    if document:
        sql += " AND document = ?"
        params += (document,)
    return reg.query(sql + " ORDER BY id", params)


def strokes_of(signature: dict) -> list[Stroke]:
    return [[(float(x), float(y)) for x, y in s] for s in json.loads(signature["strokes_json"])]
