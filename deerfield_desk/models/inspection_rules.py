"""Results of an inspection, and the two hour rules that time a request.

12.12(5): the holder asks at least 48 hours ahead of the inspection; a shorter request is
flagged (the inspector may still go). 12.18(4)(b): a demolition excavation is inspected within
72 hours of the holder's written notice. 12.12(6): nothing is ever approved by default, so
a request starts as ``requested`` and only a recorded result changes that.
"""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.deadlines import compute_deadline


class Result(StrEnum):
    REQUESTED = "requested"  # the starting state: never "passed" by default (12.12(6))
    PASSED = "passed"
    FAILED = "failed"
    PARTIAL = "partial"
    NOT_READY = "not_ready"
    CANCELLED = "cancelled"


RECORDABLE = (Result.PASSED, Result.FAILED, Result.PARTIAL, Result.NOT_READY, Result.CANCELLED)
# Results after which the stage must be seen again: a failure (12.12(6): not approved), and a
# partial inspection, where the part not yet seen still needs its visit.
NEEDS_REINSPECTION = (Result.FAILED, Result.PARTIAL)
RESULT_LABELS = {
    Result.REQUESTED: "Requested",
    Result.PASSED: "Passed",
    Result.FAILED: "Failed",
    Result.PARTIAL: "Partial",
    Result.NOT_READY: "Not ready",
    Result.CANCELLED: "Cancelled",
}


def _hour_rule(event: str, when: datetime) -> tuple[datetime, str]:
    """The 48 h / 72 h rules come from the engine's deadline table (``models.deadlines``):
    hour periods run from the clock time and never move, so no calendar is needed."""
    deadline = compute_deadline(event, when)
    return deadline.due, deadline.basis


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


def temporary_occupancy_end(
    issued_on: date, term_days: int | None = None, calendar: VillageCalendar | None = None
) -> date:
    """Last day of a temporary occupancy permit (12.16): the engine's 30-day rule, or a set
    term counted the same way: a term ends on its calendar day and never rolls past a closed
    day (only filing deadlines do; ARCHITECTURE.md, "Calendar and deadlines")."""
    cal = calendar if calendar is not None else VillageCalendar()
    if term_days is None:
        return compute_deadline("temporary_occupancy_end", issued_on, cal).due
    return cal.term_days_after(issued_on, term_days)
