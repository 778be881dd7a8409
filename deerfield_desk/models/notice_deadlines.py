"""The dates a notice carries, computed through the ordinance engine's deadline table.

Why a separate module: the notice register (to flag overdue notices), the documents (to print
"by when" and "appeal by") and the CLI must agree to the day. They all call
:func:`notice_deadlines`; it only chooses the engine event and the moment to count from (see
``models.notices``); the periods live in ``models.deadlines.EVENTS`` alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime

from deerfield_desk.models.deadlines import EVENTS, compute_deadline
from deerfield_desk.models.notices import (
    NoticeKind,
    as_day,
    kind_rule,
    parse_moment,
    service_moment,
)


@dataclass(frozen=True)
class NoticeDeadlines:
    comply_by: date | datetime | None  # None: immediate (stop work) or not yet served
    comply_basis: str | None
    comply_note: str  # why this date, in our words (e.g. shortened for life safety)
    appeal_by: date | None
    appeal_basis: str
    decision_by: date | None  # latest hearing/decision if the appeal is filed on the last day
    village_work_from: datetime | None = None  # 31.14(2)(C): 24 hours after posting

    @property
    def register_due(self) -> date | None:
        """The one date the register sorts and flags on: compliance, else the appeal."""
        return as_day(self.comply_by) or self.appeal_by


def period_words(event: str) -> str:
    """'10 business days', '30 days'… read from the engine's table, never typed here."""
    rule = EVENTS[event]
    unit = {
        "working_days": "business days",
        "days": "days",
        "term_days": "days",
        "hours": "hours",
        "years": "years",
    }[str(rule.unit)]
    return f"{rule.period} {unit}"


def details_of(notice: dict) -> dict:
    raw = notice.get("details_json") or notice.get("details") or {}
    return json.loads(raw) if isinstance(raw, str) else dict(raw)


def notice_deadlines(notice: dict, calendar=None) -> NoticeDeadlines:
    rule = kind_rule(notice["kind"])
    details = details_of(notice)
    start = service_moment(notice)
    issued = parse_moment(notice.get("issued_at"))
    comply_by, comply_basis, note = None, None, ""

    if rule.kind is NoticeKind.EROSION_STOP_WORK:
        if isinstance(issued, datetime):
            comply_by = compute_deadline(rule.comply_event, issued, calendar).due
        comply_basis = "31.14(2)(B)"
        note = (
            f"{period_words(rule.comply_event)} from issue of the order; after that the "
            "permit may be revoked"
        )
    elif rule.comply_event and start is not None:
        comply_by = compute_deadline(rule.comply_event, as_day(start), calendar).due
        comply_basis = rule.authority
    override = details.get("correct_by")
    if override and rule.kind in (NoticeKind.VIOLATION, NoticeKind.RAZE_ORDER):
        comply_by = date.fromisoformat(override)
        comply_basis = rule.authority
        note = details.get("correct_by_reason") or "date set by the Building Inspector"
    elif rule.kind is NoticeKind.VIOLATION:
        note = f"{period_words(rule.comply_event)} after written notice is given"
    elif rule.kind is NoticeKind.HOUSE_NUMBER:
        note = f"{period_words(rule.comply_event)} from service"

    appeal_by = decision_by = None
    if start is not None:
        appeal_by = compute_deadline(rule.appeal.event, as_day(start), calendar).due
        if rule.appeal.decision_event:
            decision_by = compute_deadline(rule.appeal.decision_event, appeal_by, calendar).due

    village_work = None
    if rule.kind is NoticeKind.EROSION_STOP_WORK:
        posted = (
            parse_moment(notice.get("served_at"))
            if notice.get("service_method") == "posted"
            else issued
        )
        if isinstance(posted, datetime):
            village_work = compute_deadline("village_work_notice", posted, calendar).due
    return NoticeDeadlines(
        comply_by, comply_basis, note, appeal_by, rule.appeal.basis, decision_by, village_work
    )
