"""Violation / correction notice (§12.23(3)) and the raze-or-repair order (§12.17).

A violation must be corrected within 30 days after written notice, or a longer time the
inspector allows; life-safety violations within a shorter time the inspector sets. Both the
30-day date and an inspector's own date come through ``models.notice_deadlines``.
"""

from __future__ import annotations

from deerfield_desk.documents.blocks import para
from deerfield_desk.documents.layout import cite, fmt_date
from deerfield_desk.documents.notice_common import NoticeParts, deadlines_for, render_notice
from deerfield_desk.models.notice_deadlines import details_of


def render_violation(record: dict, settings, *, calendar=None) -> bytes:
    dl = deadlines_for(record, calendar)
    life_safety = bool(details_of(record).get("life_safety"))
    when = fmt_date(dl.comply_by, missing="the end of the period after service")
    parts = NoticeParts(
        must_do=[
            "Correct each violation listed above and call the Building Inspector to "
            "inspect the correction."
        ],
        by_when=f"Correct by {when} ({dl.comply_note}; {cite('12.23(3)')}).",
        extra=[
            para(
                "This violation involves life safety, so the Building Inspector has set a "
                "shorter time to correct it.",
                "bold",
            )
        ]
        if life_safety
        else [],
    )
    return render_notice(record, settings, parts, dl)


def render_raze_order(record: dict, settings, *, calendar=None) -> bytes:
    dl = deadlines_for(record, calendar)
    when = fmt_date(dl.comply_by, missing="the date the Building Inspector sets")
    parts = NoticeParts(
        must_do=[
            "The Building Inspector has found this building unsafe, unfit for use, or so "
            "out of repair that repairing it would be unreasonable.",
            "Raze and remove the building (or the part named above). Where the inspector "
            "finds it can be made safe and sanitary by repairs, you may repair it "
            "instead.",
        ],
        by_when=f"Raze or repair by {when} ({cite('12.17')}).",
        extra=[
            para(
                "This order and any further proceedings follow §66.05(5), Wis. Stats., as "
                "§12.17 requires (renumbered §66.0413 in current statutes). If the order "
                "is not obeyed the village may proceed as that statute allows."
            )
        ],
    )
    return render_notice(record, settings, parts, dl)
