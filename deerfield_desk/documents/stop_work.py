"""Stop-work orders and their erosion-control follow-ons.

* building stop-work order, §12.24: work stops at once; appeal to the Plan Commission within
  10 business days of receipt, heard within 10 business days of the appeal;
* erosion stop-work order, §31.14(2)(A): if the work is not stopped or brought into compliance
  within 24 hours the permit may be revoked (§31.14(2)(B)), and 24 hours after posting the
  village may give notice that it will do the work itself (§31.14(2)(C));
* the revocation and the notice of intent themselves.

Erosion orders are appealed to the Zoning Board of Appeals (§31.15), with the fee of
§31.15(1)(A); an appeal does not stop enforcement unless the Village Board agrees (§31.15(4)).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deerfield_desk.documents.blocks import para
from deerfield_desk.documents.layout import cite, fmt_date
from deerfield_desk.documents.notice_common import (
    NoticeParts,
    deadlines_for,
    erosion_fee_text,
    render_notice,
)
from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.notice_deadlines import period_words
from deerfield_desk.models.notices import NoticeKind

if TYPE_CHECKING:
    from deerfield_desk.store.rows import NoticeDocument

NOT_STAYED = (
    "Filing an appeal does not pause this order or any forfeiture proceeding unless the "
    f"Village Board agrees to stay enforcement ({cite('31.15(4)')})."
)


def _erosion_fee(notice: NoticeDocument) -> str:
    return (
        f"The appeal must be accompanied by {erosion_fee_text(notice)}; the Zoning Board's "
        f"time to decide runs from receipt of both ({cite('31.15(2)(B)')}). {NOT_STAYED}"
    )


def _building_stop_work(record: NoticeDocument) -> NoticeParts:
    """§12.24 binds the owner and any contractor or builder (§12.03(15))."""
    return NoticeParts(
        must_do=[
            "Stop all work on this project now. No person, firm or entity may continue "
            f"the project while this order stands ({cite('12.24')}); this order binds the "
            f"owner and every contractor or builder on the project ({cite('12.03(15)')})."
        ],
        by_when="Effective immediately on receipt of this order.",
        extra=[
            para(
                "The order stays in force until the Building Inspector authorizes the work to "
                "resume, or the Plan Commission overrules it or sets other conditions. While it "
                "stands the permit is on hold: no inspections, occupancy permit or final "
                "inspection."
            )
        ],
        appeal_extra=(
            "A valid appeal must reach the Village Clerk in time, identify this "
            "order and state the basis for the appeal. After the hearing the Plan Commission "
            "decides by majority vote; its decision is the final administrative order."
        ),
    )


def render_stop_work(record: NoticeDocument, settings, *, calendar=None) -> bytes:
    """Any notice of the stop-work family, chosen by ``record['kind']``."""
    kind = NoticeKind(record["kind"])
    dl = deadlines_for(record, calendar)
    if kind is NoticeKind.BUILDING_STOP_WORK:
        parts = _building_stop_work(record)
    elif kind is NoticeKind.EROSION_STOP_WORK and not record.get("permit_number"):
        parts = NoticeParts(  # §31.14(2)(A), first case: land disturbing activity without a permit
            must_do=[
                "Cease the land disturbing activity now: it is being done without the "
                f"permit the ordinance requires ({cite('31.08')}, {cite('31.14(2)(A)')}).",
                "Install and maintain erosion controls that keep sediment on the site, and "
                "apply to the Village for a land disturbing activity permit before any work "
                "resumes.",
            ],
            by_when="Effective immediately on receipt of this order.",
            appeal_extra=_erosion_fee(record),
        )
    elif kind is NoticeKind.EROSION_STOP_WORK:
        revoke = fmt_date(dl.comply_by, missing="the end of the period after issue")
        work_from = fmt_date(dl.village_work_from, missing="the end of the period after posting")
        parts = NoticeParts(
            must_do=[
                "Stop the land disturbing activity now, and bring the site into "
                "compliance with the control plan and permit conditions."
            ],
            by_when=f"By {revoke} ({dl.comply_note}; {cite('31.14(2)(B)')}).",
            extra=[
                para(
                    f"If the site is not in compliance {period_words('village_work_notice')} after "
                    "this order is posted "
                    f"({work_from}), the "
                    "village may give notice that it will do the work itself and bill the cost, "
                    f"plus interest, to the permittee or landowner ({cite('31.14(2)(C)')})."
                )
            ],
            appeal_extra=_erosion_fee(record),
        )
    elif kind is NoticeKind.EROSION_REVOCATION:
        parts = NoticeParts(
            must_do=[
                "Your erosion control permit is revoked. All land disturbing activity "
                "under it must stop; a new permit is needed before work resumes."
            ],
            by_when="Effective immediately: the stop-work order was not complied with within "
            f"{period_words('stop_work_revocation')} ({cite('31.14(2)(B)')}).",
            appeal_extra=_erosion_fee(record),
        )
    elif kind is NoticeKind.EROSION_INTENT:
        parts = NoticeParts(
            must_do=[
                "The village intends to enter the site and perform the work needed to "
                "comply with the erosion control ordinance, with the landowner's "
                "permission or under a court order."
            ],
            by_when="The village may start once permission or a court order is obtained.",
            extra=[
                para(
                    "The cost of the work plus interest will be billed to the permittee or "
                    "landowner or recovered from any security posted; if unpaid, the clerk "
                    "enters it on the tax roll as a special assessment against the property "
                    f"({cite('31.14(2)(C)')})."
                )
            ],
            appeal_extra=_erosion_fee(record),
        )
    else:
        raise InvalidInput("kind", f"{kind} is not a stop-work notice")
    return render_notice(record, settings, parts, dl)
