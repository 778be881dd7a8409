"""Enforcement notices as the ordinance shapes them: who hears an appeal, which deadline runs,
which forfeiture applies.

One row per kind of notice. The due dates themselves are NOT computed here: they come from the
ordinance engine's deadline table (``models.deadlines.compute_deadline``) by event name, so a
period changes in exactly one place. This module only says which event applies to which notice
and from which moment it is counted.

Each period starts where its section says (ARCHITECTURE, "Calendar and deadlines"):

* "of the order": §31.15(1)(C) (45 days) and §12.26 ("within twenty days thereafter") count
  from the day the order was made, i.e. issued;
* "of receipt": §12.24 (10 business days) counts from receipt. In person or posted, that is
  the service; by mail it is the recorded delivery date, and until one is recorded the notice
  prints the rule in words instead of a date that may be wrong;
* "after service": compliance periods (§12.23(3) "after written notice is given", §12.32(7))
  and the raze order's court application (Wis. Stat. §66.0413(1)(h), §893.76). §12.32(7)'s
  "served when mailed" applies to house-number notices only.

The dates are computed once, when the notice is served, and stored (``dates_json``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Any, overload

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
    POSTED_AND_PUBLISHED = "posted_and_published"

    @property
    def label(self) -> str:
        return {
            "in_person": "handed to the recipient in person",
            "posted": "posted at the site",
            "first_class_mail": "sent by first-class mail, postage prepaid",
            "posted_and_published": "posted on the main entrance of the building and "
            "published as a class 3 notice (owner not found)",
        }[self.value]


#: Starts of appeal periods (see the module docstring).
ORDER, RECEIPT, SERVICE = "order", "receipt", "service"

#: §12.17 adopts Wis. Stat. §66.0413: a raze order is served like a summons (personally) or,
#: when the owner cannot be found, by posting plus publication; never by mail.
RAZE_SERVICE = (ServiceMethod.IN_PERSON, ServiceMethod.POSTED_AND_PUBLISHED)
#: The raze order's remedy: an application to circuit court within this many days after
#: service (Wis. Stat. §66.0413(1)(h), §893.76). Printed in words with the service date.
RAZE_COURT_DAYS = 30


@dataclass(frozen=True)
class Appeal:
    event: str | None  # deadline event for filing the appeal (None: a court, in words)
    body: str  # who hears it
    basis: str
    decision_event: str | None  # when the body must hear or decide, counted from the appeal
    filed_with: str = "the Village Clerk"
    starts: str = ORDER  # ORDER, RECEIPT or SERVICE
    decision_words: str = "hear and decide the appeal"


PLAN_COMMISSION_STOP_WORK = Appeal(
    "stop_work_appeal",
    "Plan Commission",
    "12.24",
    "stop_work_hearing",
    starts=RECEIPT,
    decision_words="hold a special meeting to hear the appeal",
)
PLAN_COMMISSION_GENERAL = Appeal("general_appeal", "Plan Commission", "12.26", None)
ZONING_BOARD = Appeal(
    "erosion_appeal", "Zoning Board of Appeals", "31.15(1)(C)", "erosion_appeal_decision"
)
CIRCUIT_COURT = Appeal(
    None,
    "circuit court",
    "66.0413(1)(h), Wis. Stats.",
    None,
    filed_with="the circuit court for Dane County",
    starts=SERVICE,
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
            CIRCUIT_COURT,
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


@overload
def as_day(moment: date | datetime) -> date: ...
@overload
def as_day(moment: None) -> None: ...
@overload
def as_day(moment: date | datetime | None) -> date | None: ...
def as_day(moment: date | datetime | None) -> date | None:
    """The calendar day of a moment (a date stays itself)."""
    return moment.date() if isinstance(moment, datetime) else moment


def service_moment(notice: Mapping[str, Any]) -> date | datetime | None:
    """The moment a period "after service" counts from, or None when it is not yet known.

    In person, posted, posted and published: the recorded service. By first-class mail: the
    mailing day for a house-number notice (§12.32(7) "served when mailed"); for any other
    notice the recorded delivery date (``received_at``), else None (print the rule in words).
    """
    served = parse_moment(notice.get("served_at"))
    if served is None:
        return None
    if notice.get("service_method") == ServiceMethod.FIRST_CLASS_MAIL:
        if notice.get("kind") == NoticeKind.HOUSE_NUMBER:
            return served
        return parse_moment(notice.get("received_at"))
    return served


def receipt_moment(notice: Mapping[str, Any]) -> date | datetime | None:
    """When the recipient received the notice (§12.24 "of receipt"): service in person or by
    posting; for mail the recorded delivery date only."""
    served = parse_moment(notice.get("served_at"))
    if served is None:
        return None
    if notice.get("service_method") == ServiceMethod.FIRST_CLASS_MAIL:
        return parse_moment(notice.get("received_at"))
    return served


def start_of(notice: Mapping[str, Any], starts: str) -> date | datetime | None:
    if starts == ORDER:
        return parse_moment(notice.get("issued_at"))
    if starts == RECEIPT:
        return receipt_moment(notice)
    return service_moment(notice)
