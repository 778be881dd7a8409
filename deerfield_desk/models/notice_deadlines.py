"""The dates a notice carries, computed through the ordinance engine's deadline table.

Why a separate module: the notice register (to flag overdue notices), the documents (to print
"by when" and "appeal by") and the CLI must agree to the day. They all call
:func:`notice_deadlines`; it only chooses the engine event and the moment to count from (see
``models.notices``); the periods live in ``models.deadlines.EVENTS`` alone.

Dates are fixed at service: the store computes them once when the notice is served and keeps
them in ``dates_json``; :func:`notice_deadlines` returns the stored dates whenever there are
some, so a notice prints the same ever after, whatever the calendar later says. Where a start
is not known (a mailed order whose delivery is not recorded) the notice carries the rule in
words (``appeal_words``/``comply_words``) instead of a date that may be wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import date, datetime
from typing import Any

from deerfield_desk.models.deadlines import EVENTS, compute_deadline
from deerfield_desk.models.notices import (
    ORDER,
    RAZE_COURT_DAYS,
    RECEIPT,
    NoticeKind,
    ServiceMethod,
    as_day,
    kind_rule,
    parse_moment,
    service_moment,
    start_of,
)


@dataclass(frozen=True)
class NoticeDeadlines:
    comply_by: date | datetime | None  # None: immediate (stop work) or not yet known
    comply_basis: str | None
    comply_note: str  # why this date, in our words (e.g. shortened for life safety)
    appeal_by: date | None
    appeal_basis: str
    decision_by: date | None  # latest hearing/decision if the appeal is filed on the last day
    village_work_from: datetime | None = None  # 31.14(2)(C): 24 hours after posting
    appeal_words: str = ""  # the appeal period in words, when no date can be given
    comply_words: str = ""  # the compliance period in words, when no date can be given
    fixed_on: str | None = None  # ISO moment the dates were fixed (service), if stored

    @property
    def register_due(self) -> date | None:
        """The one date the register sorts and flags on: compliance, else the appeal."""
        return as_day(self.comply_by) or self.appeal_by

    def to_json(self) -> str:
        out = {}
        for key, value in asdict(self).items():
            out[key] = _iso(value) if isinstance(value, date) else value
        return json.dumps(out, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> NoticeDeadlines:
        raw = json.loads(text)
        for key in ("comply_by", "appeal_by", "decision_by", "village_work_from"):
            raw[key] = parse_moment(raw.get(key))
        return cls(**raw)


def _iso(value: date | datetime) -> str:
    return value.isoformat(timespec="minutes") if isinstance(value, datetime) else value.isoformat()


def period_words(event: str | None) -> str:
    """'10 business days', '30 days'… read from the engine's table, never typed here ("" for
    a kind whose law sets no period)."""
    if event is None:
        return ""
    rule = EVENTS[event]
    unit = {
        "working_days": "business days",
        "days": "days",
        "term_days": "days",
        "hours": "hours",
        "years": "years",
    }[str(rule.unit)]
    return f"{rule.period} {unit}"


def details_of(notice: Mapping[str, Any]) -> dict:
    raw = notice.get("details_json") or notice.get("details") or {}
    return json.loads(raw) if isinstance(raw, str) else dict(raw)


def stored_deadlines(notice: Mapping[str, Any]) -> NoticeDeadlines | None:
    text = notice.get("dates_json")
    return NoticeDeadlines.from_json(text) if text else None


def notice_deadlines(notice: Mapping[str, Any], calendar=None) -> NoticeDeadlines:
    """The stored dates of a served notice; else the dates as they would be computed now."""
    return stored_deadlines(notice) or compute_notice_deadlines(notice, calendar)


def compute_notice_deadlines(notice: Mapping[str, Any], calendar=None) -> NoticeDeadlines:
    rule = kind_rule(notice["kind"])
    details = details_of(notice)
    start = service_moment(notice)
    issued = parse_moment(notice.get("issued_at"))
    comply_by, comply_basis, note, comply_words = None, None, "", ""

    if rule.kind is NoticeKind.EROSION_STOP_WORK:
        if isinstance(issued, datetime) and rule.comply_event:
            comply_by = compute_deadline(rule.comply_event, issued, calendar).due
        comply_basis = "31.14(2)(B)"
        note = (
            f"{period_words(rule.comply_event)} from issue of the order; after that the "
            "permit may be revoked"
        )
    elif rule.comply_event:
        comply_basis = rule.authority
        if start is not None:
            comply_by = compute_deadline(rule.comply_event, as_day(start), calendar).due
        else:
            comply_words = (
                f"{period_words(rule.comply_event)} after you receive this notice"
                if notice.get("service_method") == ServiceMethod.FIRST_CLASS_MAIL
                else f"{period_words(rule.comply_event)} after this notice is served"
            )
    override = details.get("correct_by")
    if override and rule.kind in (NoticeKind.VIOLATION, NoticeKind.RAZE_ORDER):
        comply_by = date.fromisoformat(override)
        comply_basis = rule.authority
        comply_words = ""
        if details.get("life_safety"):
            note = f"life safety: {details.get('life_safety_reason') or 'set by the inspector'}"
        else:
            note = details.get("correct_by_reason") or "date set by the Building Inspector"
    elif rule.kind is NoticeKind.VIOLATION:
        note = f"{period_words(rule.comply_event)} after written notice is given"
    elif rule.kind is NoticeKind.HOUSE_NUMBER:
        note = f"{period_words(rule.comply_event)} from service; served when mailed"

    appeal_by = decision_by = None
    appeal_words = ""
    appeal = rule.appeal
    if appeal.event is None:  # the raze order: a court application, in words
        appeal_words = f"within {RAZE_COURT_DAYS} days after service of this order"
    else:
        begin = start_of(notice, appeal.starts)
        if begin is not None:
            appeal_by = compute_deadline(appeal.event, as_day(begin), calendar).due
            if appeal.decision_event:
                decision_by = compute_deadline(appeal.decision_event, appeal_by, calendar).due
        elif appeal.starts == RECEIPT:
            appeal_words = f"within {period_words(appeal.event)} after you receive this order"
        elif appeal.starts == ORDER:
            appeal_words = f"within {period_words(appeal.event)} of the date of this order"

    village_work: datetime | None = None
    if rule.kind is NoticeKind.EROSION_STOP_WORK:
        posted = parse_moment(notice.get("served_at"))
        if notice.get("service_method") == ServiceMethod.POSTED and isinstance(posted, datetime):
            due = compute_deadline("village_work_notice", posted, calendar).due
            village_work = due if isinstance(due, datetime) else None
    return NoticeDeadlines(
        comply_by,
        comply_basis,
        note,
        appeal_by,
        appeal.basis,
        decision_by,
        village_work,
        appeal_words,
        comply_words,
    )
