"""Results of an inspection, and the two hour rules that time a request.

12.12(5): the holder asks at least 48 hours ahead of the inspection; a shorter request is
flagged (the inspector may still go). 12.18(4)(b): a demolition excavation is inspected within
72 hours of the holder's written notice. 12.12(6): nothing is ever approved by default, so
a request starts as ``requested`` and only a recorded result changes that.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from enum import StrEnum


class Result(StrEnum):
    REQUESTED = "requested"  # the starting state: never "passed" by default (12.12(6))
    PASSED = "passed"
    FAILED = "failed"
    PARTIAL = "partial"
    NOT_READY = "not_ready"
    CANCELLED = "cancelled"


RECORDABLE = (Result.PASSED, Result.FAILED, Result.PARTIAL, Result.NOT_READY, Result.CANCELLED)
# Results after which the stage must be seen again.
NEEDS_REINSPECTION = (Result.FAILED,)
RESULT_LABELS = {
    Result.REQUESTED: "Requested",
    Result.PASSED: "Passed",
    Result.FAILED: "Failed",
    Result.PARTIAL: "Partial",
    Result.NOT_READY: "Not ready",
    Result.CANCELLED: "Cancelled",
}


def _hour_rule(event: str, when: datetime) -> tuple[datetime, str]:
    """The ONE place the 48 h / 72 h arithmetic lives until the engine's
    ``models.deadlines.compute_deadline`` is merged; then this calls it instead."""
    hours, sign, basis = {
        "inspection_request": (48, -1, "12.12(5)"),
        "excavation_inspection": (72, 1, "12.18(4)(b)"),
    }[event]
    return when + sign * timedelta(hours=hours), basis


def latest_request_time(scheduled_for: datetime) -> tuple[datetime, str]:
    """The last moment a request for an inspection at ``scheduled_for`` is on time."""
    return _hour_rule("inspection_request", scheduled_for)


def is_late_request(requested_at: datetime, scheduled_for: datetime) -> bool:
    """True when the request came less than 48 hours ahead (47:59 is late, 48:00 is not)."""
    latest, _basis = latest_request_time(scheduled_for)
    return requested_at > latest


def excavation_due(notice_at: datetime) -> tuple[datetime, str]:
    """When the inspector must have seen a demolition excavation after written notice."""
    return _hour_rule("excavation_inspection", notice_at)


TEMPORARY_OCCUPANCY_DAYS = 30  # 12.16: "for 30 days or a specified term"


def temporary_occupancy_end(issued_on: date, term_days: int | None = None) -> date:
    """Last day of a temporary occupancy permit (12.16): 30 days unless a term is set.
    Replaced by the engine's ``temporary_occupancy_end`` rule once it is merged."""
    return issued_on + timedelta(days=term_days or TEMPORARY_OCCUPANCY_DAYS)
