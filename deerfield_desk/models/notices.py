"""Enforcement notices as the ordinance shapes them: who hears an appeal, which deadline runs,
which forfeiture applies.

One row per kind of notice. The due dates themselves are NOT computed here: they come from the
ordinance engine's deadline table (``models.deadlines.compute_deadline``) by event name, so a
period changes in exactly one place. This module only says which event applies to which notice
and from which moment it is counted.

Service: a period runs from service of the notice. Service by first-class mail counts from the
day the notice was mailed (§12.32(7) says so for house numbers; the office applies the same
reading to its other written notices), so the register stores the mailing date as ``served_at``.
Before service (a draft being previewed) the issue date stands in.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

from deerfield_desk.errors import InvalidInput


class NoticeKind(StrEnum):
    BUILDING_STOP_WORK = "building_stop_work"
    EROSION_STOP_WORK = "erosion_stop_work"
    EROSION_REVOCATION = "erosion_revocation"
    EROSION_INTENT = "erosion_intent"
    VIOLATION = "violation"
    HOUSE_NUMBER = "house_number"
    RAZE_ORDER = "raze_order"


class ServiceMethod(StrEnum):
    IN_PERSON = "in_person"
    POSTED = "posted"
    FIRST_CLASS_MAIL = "first_class_mail"

    @property
    def label(self) -> str:
        return {
            "in_person": "handed to the recipient in person",
            "posted": "posted at the site",
            "first_class_mail": "sent by first-class mail, postage prepaid (served when mailed)",
        }[self.value]


@dataclass(frozen=True)
class Appeal:
    event: str  # deadline event for filing the appeal
    body: str  # who hears it
    basis: str
    decision_event: str | None  # when the body must hear or decide, counted from the appeal
    filed_with: str = "the Village Clerk"


PLAN_COMMISSION_STOP_WORK = Appeal(
    "stop_work_appeal", "Plan Commission", "12.24", "stop_work_hearing"
)
PLAN_COMMISSION_GENERAL = Appeal("general_appeal", "Plan Commission", "12.26", None)
ZONING_BOARD = Appeal(
    "erosion_appeal", "Zoning Board of Appeals", "31.15(1)(C)", "erosion_appeal_decision"
)


@dataclass(frozen=True)
class KindRule:
    kind: NoticeKind
    title: str
    authority: str  # the section that empowers the notice
    comply_event: str | None  # engine event for the compliance deadline, if the law sets one
    appeal: Appeal
    forfeiture: str | None  # key into models.forfeitures.FORFEITURES ("erosion" = by class)
    cli_kind: str  # the `render` kind that prints it


K = NoticeKind
KIND_RULES: dict[NoticeKind, KindRule] = {
    r.kind: r
    for r in (
        KindRule(
            K.BUILDING_STOP_WORK,
            "Stop Work Order",
            "12.24",
            None,
            PLAN_COMMISSION_STOP_WORK,
            "building",
            "stop-work",
        ),
        KindRule(
            K.EROSION_STOP_WORK,
            "Stop Work Order — Erosion Control",
            "31.14(2)(A)",
            "stop_work_revocation",
            ZONING_BOARD,
            "erosion",
            "stop-work",
        ),
        KindRule(
            K.EROSION_REVOCATION,
            "Revocation of Erosion Control Permit",
            "31.14(2)(B)",
            None,
            ZONING_BOARD,
            "erosion",
            "stop-work",
        ),
        KindRule(
            K.EROSION_INTENT,
            "Notice of Intent to Perform Work",
            "31.14(2)(C)",
            None,
            ZONING_BOARD,
            "erosion",
            "stop-work",
        ),
        KindRule(
            K.VIOLATION,
            "Notice of Violation and Order to Correct",
            "12.23(3)",
            "violation_correction",
            PLAN_COMMISSION_GENERAL,
            "building",
            "violation",
        ),
        KindRule(
            K.HOUSE_NUMBER,
            "Notice to Post House Number",
            "12.32(7)",
            "house_number_compliance",
            PLAN_COMMISSION_GENERAL,
            "house_number",
            "house-number",
        ),
        KindRule(
            K.RAZE_ORDER,
            "Order to Raze or Repair an Unsafe Building",
            "12.17",
            None,
            PLAN_COMMISSION_GENERAL,
            None,
            "raze-order",
        ),
    )
}


def kind_rule(kind: str) -> KindRule:
    try:
        return KIND_RULES[NoticeKind(kind)]
    except ValueError:
        known = ", ".join(k.value for k in NoticeKind)
        raise InvalidInput("kind", f"unknown notice kind {kind!r} (one of {known})") from None


def parse_moment(text: str | date | None) -> date | datetime | None:
    """ISO text from the register → date (no time given) or datetime."""
    if text is None or text == "":
        return None
    if isinstance(text, date):
        return text
    return datetime.fromisoformat(text) if "T" in text or " " in text else date.fromisoformat(text)


def as_day(moment: date | datetime | None) -> date | None:
    return moment.date() if isinstance(moment, datetime) else moment


def service_moment(notice: dict) -> date | datetime | None:
    """The moment periods count from: service (the mailing date for mail), else issue."""
    return parse_moment(notice.get("served_at")) or parse_moment(notice.get("issued_at"))
