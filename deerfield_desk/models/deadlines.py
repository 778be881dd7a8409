"""Deadlines of Chapters 12 and 31, computed from one table.

Each event names its period, the unit it is counted in, whether it runs forward from the event
or backward to it, and the section it rests on. The wizard, the notices and the
``deadline`` command all read ``EVENTS``; no other module knows a period.

Units (see ``VillageCalendar`` for the counting rules):

* ``days`` — calendar days of a filing deadline, moved to the next working day when the office
  is closed;
* ``term_days`` — calendar days of a term (temporary occupancy, 12.16; "30 consecutive days",
  12.18(4)(a)): ends on its calendar day, never moved, like a validity period;
* ``working_days`` — working days (31.02(36)); "business days" in 12.24 are the same thing;
* ``hours`` — from the event's clock time, never moved;
* ``years`` — validity periods: same date, 29 February → 28 February, never moved.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.calendar import VillageCalendar

__all__ = [
    "EVENTS",
    "Deadline",
    "Direction",
    "Event",
    "Unit",
    "compute_deadline",
]


class Unit(StrEnum):
    DAYS = "days"
    TERM_DAYS = "term_days"
    WORKING_DAYS = "working_days"
    HOURS = "hours"
    YEARS = "years"


class Direction(StrEnum):
    AFTER = "after"  # the deadline falls after the event
    BEFORE = "before"  # the latest moment to act ahead of the event


@dataclass(frozen=True)
class Event:
    name: str
    period: int
    unit: Unit
    direction: Direction
    basis: str
    summary: str  # one line in our own words, for screens and notices


A, B = Direction.AFTER, Direction.BEFORE
D, W, H, Y = Unit.DAYS, Unit.WORKING_DAYS, Unit.HOURS, Unit.YEARS
T = Unit.TERM_DAYS

# fmt: off
_TABLE = (
    # name                      period unit dir basis          what is due, in our words
    ("stop_work_appeal",          10, W, A, "12.24",       "stop work appeal reaches the clerk"),
    ("stop_work_hearing",         10, W, A, "12.24",       "Plan Commission hears the appeal"),
    ("general_appeal",            20, D, A, "12.26",       "appeal of an inspector's order"),
    ("erosion_appeal",            45, D, A, "31.15(1)(C)", "appeal of an erosion-control order"),
    ("erosion_appeal_decision",   30, D, A, "31.15(2)(B)", "Zoning Board decides the appeal"),
    ("citizen_appeal_copy",        5, W, A, "31.15(1)(B)", "clerk sends the citizen appeal on"),
    ("violation_correction",      30, D, A, "12.23(3)",    "violation corrected after notice"),
    ("house_number_compliance",   15, D, A, "12.32(7)",    "house number posted after notice"),
    ("major_plan_review",         30, D, A, "31.10(1)",    "engineer decides on a major plan"),
    ("minor_plan_review",          3, W, A, "31.10(2)",    "inspector decides on a statement"),
    ("satellite_decision",        30, D, A, "12.29(4)",    "dish permit issued or deemed refused"),
    ("temporary_occupancy_end",   30, T, A, "12.16",       "temporary occupancy runs out"),
    ("demolition_backfill",       30, T, A, "12.18(4)(a)", "excavation filled after demolition"),
    ("excavation_inspection",     72, H, A, "12.18(4)(b)", "inspector inspects the excavation"),
    ("stop_work_revocation",      24, H, A, "31.14(2)(B)", "permit may be revoked"),
    ("village_work_notice",       24, H, A, "31.14(2)(C)", "village may announce it will act"),
    ("moving_street_repair",      10, D, A, "12.19(4)",    "mover repairs street damage"),
    ("moving_arrival_report",      1, D, A, "12.19(4)",    "mover reports the building arrived"),
    ("building_permit_expiry",     2, Y, A, "12.14(1)",    "building permit lapses"),
    ("erosion_permit_expiry",      1, Y, A, "31.12(1)",    "erosion control permit lapses"),
    ("exterior_finish",            2, Y, A, "12.15",       "exterior finished or deposit lost"),
    ("inspection_request",        48, H, B, "12.12(5)",    "last moment to ask for inspection"),
    ("hazardous_removal_notice",  72, H, B, "12.18(5)",    "last written notice of removal"),
    ("erosion_start_notice",       2, W, B, "31.12(2)(B)", "last day to tell the clerk"),
)
# fmt: on

EVENTS: dict[str, Event] = {row[0]: Event(*row) for row in _TABLE}


@dataclass(frozen=True)
class Deadline:
    event: str
    start: date | datetime  # the event (or, for BEFORE events, the act) it is counted from
    due: date | datetime
    basis: str

    def to_json(self) -> dict[str, str]:
        return {
            "event": self.event,
            "from": _iso(self.start),
            "due": _iso(self.due),
            "basis": self.basis,
        }


def _iso(value: date | datetime) -> str:
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    return value.isoformat()


def compute_deadline(
    event: str, when: date | datetime, calendar: VillageCalendar | None = None
) -> Deadline:
    """Due date (or date-time, for hour rules) of ``event`` counted from ``when``.

    For BEFORE events ``when`` is the planned act (the inspection, the removal, the start of
    land disturbance) and the result is the latest moment to give notice.

    Hour rules need a clock time: a bare date would silently assume midnight and could make a
    notice late, so it is refused. Day rules given a date-time use its date.
    """
    try:
        rule = EVENTS[event]
    except KeyError:
        raise InvalidInput("event", f"unknown event {event!r}") from None
    cal = calendar if calendar is not None else VillageCalendar()
    sign = -1 if rule.direction is Direction.BEFORE else 1

    if rule.unit is Unit.HOURS:
        if not isinstance(when, datetime):
            raise InvalidInput("when", f"{event} counts hours: give a time, YYYY-MM-DDTHH:MM")
        return Deadline(event, when, when + sign * timedelta(hours=rule.period), rule.basis)

    day = when.date() if isinstance(when, datetime) else when
    if rule.unit is Unit.WORKING_DAYS:
        if sign > 0:
            due = cal.working_days_after(day, rule.period)
        else:
            due = cal.working_days_before(day, rule.period)
    elif rule.unit is Unit.DAYS:
        if sign < 0:  # no such event today; keep the table honest if one is added
            raise InvalidInput("event", f"{event}: backward calendar-day periods are not defined")
        due = cal.calendar_days_after(day, rule.period)
    elif rule.unit is Unit.TERM_DAYS:
        due = cal.term_days_after(day, rule.period)
    else:
        due = cal.years_after(day, rule.period)
    return Deadline(event, when, due, rule.basis)
