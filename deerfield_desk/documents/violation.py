"""Violation / correction notice (§12.23(3)) and the raze-or-repair order (§12.17).

A violation must be corrected within 30 days after written notice, or a longer time the
inspector allows; life-safety violations within a shorter time the inspector sets. Both the
30-day date and an inspector's own date come through ``models.notice_deadlines``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deerfield_desk.documents.blocks import para
from deerfield_desk.documents.layout import cite, fmt_date
from deerfield_desk.documents.notice_common import NoticeParts, deadlines_for, render_notice
from deerfield_desk.models.notice_deadlines import details_of

if TYPE_CHECKING:
    from deerfield_desk.store.rows import NoticeDocument


def _when(dl, missing: str) -> str:
    if dl.comply_by:
        return fmt_date(dl.comply_by)
    return dl.comply_words or missing


def render_violation(record: NoticeDocument, settings, *, calendar=None) -> bytes:
    dl = deadlines_for(record, calendar)
    details = details_of(record)
    life_safety = bool(details.get("life_safety"))
    when = _when(dl, "30 days after written notice is given")
    by_when = (
        f"Correct by {when} ({dl.comply_note}; {cite('12.23(3)')})."
        if dl.comply_by
        else f"Correct within {when} ({cite('12.23(3)')})."
    )
    parts = NoticeParts(
        must_do=[
            "Correct each violation listed above and call the Building Inspector to "
            "inspect the correction."
        ],
        by_when=by_when,
        extra=[
            para(
                "This violation involves life safety, so the Building Inspector has set a "
                f"shorter time to correct it ({cite('12.23(3)')}): "
                f"{details.get('life_safety_reason') or ''}",
                "bold",
            )
        ]
        if life_safety
        else [],
    )
    return render_notice(record, settings, parts, dl)


def render_raze_order(record: NoticeDocument, settings, *, calendar=None) -> bytes:
    """§12.17 adopts the state statute (then §66.05(5), now §66.0413, Wis. Stats.): the order
    sets a reasonable time to act, is served personally or by posting plus publication, and
    is contested by applying to circuit court, not by a Plan Commission appeal."""
    dl = deadlines_for(record, calendar)
    when = fmt_date(dl.comply_by, missing="the date the Building Inspector sets")
    parts = NoticeParts(
        must_do=[
            "The Building Inspector has found this building so old, dilapidated or out of "
            "repair as to be dangerous, unsafe, insanitary or otherwise unfit for human "
            "habitation, occupancy or use, and that repairing it would be unreasonable.",
            "Raze and remove the building (or the part named above). Where it can be made "
            "safe and sanitary by repairs, you may repair it instead, at your option.",
        ],
        by_when=f"Raze or repair by {when}, the date set by the Building Inspector "
        f"({cite('12.17')}).",
        extra=[
            para(
                "This order and any further proceedings follow §66.0413, Wis. Stats. (formerly "
                "§66.05(5), which §12.17 names). If the order is not obeyed by the date above, "
                "the village may raze the building and charge the cost against the property."
            ),
            *_attorney_mark(record),
        ],
    )
    return render_notice(record, settings, parts, dl)


def _attorney_mark(record: NoticeDocument) -> list:
    """Until the village attorney approves this wording (Settings), every raze order says so."""
    if record.get("raze_wording_approved"):
        return []
    return [
        para(
            "Wording for review by the village attorney: not yet approved in Settings.",
            "bold",
        )
    ]
