"""Deadlines of Chapters 12 and 31, computed from one table.

Each event names its period, the unit it is counted in, whether it runs forward from the event
or backward to it, and the section it rests on. The wizard, the notices and the
``deadline`` command all read ``EVENTS``; no other module knows a period.

Units (see ``VillageCalendar`` for the counting rules):

* ``days`` — calendar days, moved to the next working day when the office is closed;
* ``working_days`` — working days (31.02(36)); "business days" in 12.24 are the same thing;
* ``hours`` — from the event's clock time, never moved;
* ``years`` — validity periods: same date, 29 February → 28 February, never moved.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import Enum

from deerfield_desk.models.calendar import VillageCalendar


class Unit(str, Enum):
    DAYS = "days"
    WORKING_DAYS = "working_days"
    HOURS = "hours"
    YEARS = "years"


class Direction(str, Enum):
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


def _e(name, period, unit, basis, summary, direction=Direction.AFTER) -> Event:
    return Event(name, period, Unit(unit), direction, basis, summary)


_BEFORE = Direction.BEFORE

EVENTS: dict[str, Event] = {
    e.name: e
    for e in (
        _e("stop_work_appeal", 10, "working_days", "12.24",
           "written appeal of a stop work order reaches the clerk"),
        _e("stop_work_hearing", 10, "working_days", "12.24",
           "Plan Commission hears a stop work appeal, counted from the appeal notice"),
        _e("general_appeal", 20, "days", "12.26",
           "appeal of a building inspector order to the Plan Commission"),
        _e("erosion_appeal", 45, "days", "31.15(1)(C)",
           "appeal of an erosion-control order, decision or inaction"),
        _e("erosion_appeal_decision", 30, "days", "31.15(2)(B)",
           "Zoning Board of Appeals hears and decides an erosion appeal or variance"),
        _e("citizen_appeal_copy", 5, "working_days", "31.15(1)(B)",
           "clerk sends the permittee a copy of a citizen appeal"),
        _e("violation_correction", 30, "days", "12.23(3)",
           "violation corrected after the written notice"),
        _e("house_number_compliance", 15, "days", "12.32(7)",
           "house number posted after the notice is served"),
        _e("major_plan_review", 30, "days", "31.10(1)",
           "village engineer decides on a major erosion control plan"),
        _e("minor_plan_review", 3, "working_days", "31.10(2)",
           "building inspector decides on a minor erosion control statement"),
        _e("satellite_decision", 30, "days", "12.29(4)",
           "satellite dish permit issued, or the application is deemed rejected"),
        _e("temporary_occupancy_end", 30, "days", "12.16",
           "temporary occupancy permit runs out"),
        _e("demolition_backfill", 30, "days", "12.18(4)(a)",
           "excavation filled and levelled after demolition is completed"),
        _e("excavation_inspection", 72, "hours", "12.18(4)(b)",
           "inspector inspects an excavation after written notice"),
        _e("stop_work_revocation", 24, "hours", "31.14(2)(B)",
           "permit may be revoked if the stop work order is not obeyed"),
        _e("village_work_notice", 24, "hours", "31.14(2)(C)",
           "village may give notice it will do the work itself"),
        _e("moving_street_repair", 10, "days", "12.19(4)",
           "mover repairs street damage after the inspection"),
        _e("building_permit_expiry", 2, "years", "12.14(1)", "building permit lapses"),
        _e("erosion_permit_expiry", 1, "years", "31.12(1)",
           "land disturbing activity permit lapses"),
        _e("exterior_finish", 2, "years", "12.15",
           "exterior finished, or the completion deposit is forfeited"),
        _e("inspection_request", 48, "hours", "12.12(5)",
           "latest moment to request an inspection", _BEFORE),
        _e("hazardous_removal_notice", 72, "hours", "12.18(5)",
           "latest written notice before hazardous material is removed", _BEFORE),
        _e("erosion_start_notice", 2, "working_days", "31.12(2)(B)",
           "latest day to tell the clerk before land disturbance starts", _BEFORE),
    )
}


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


class DeadlineError(ValueError):
    """The event is unknown or the moment given does not suit it."""


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
        raise DeadlineError(f"unknown event {event!r}") from None
    cal = calendar if calendar is not None else VillageCalendar()
    sign = -1 if rule.direction is Direction.BEFORE else 1

    if rule.unit is Unit.HOURS:
        if not isinstance(when, datetime):
            raise DeadlineError(f"{event} counts hours: give a time, YYYY-MM-DDTHH:MM")
        return Deadline(event, when, when + sign * timedelta(hours=rule.period), rule.basis)

    day = when.date() if isinstance(when, datetime) else when
    if rule.unit is Unit.WORKING_DAYS:
        if sign > 0:
            due = cal.working_days_after(day, rule.period)
        else:
            due = cal.working_days_before(day, rule.period)
    elif rule.unit is Unit.DAYS:
        if sign < 0:  # no such event today; keep the table honest if one is added
            raise DeadlineError(f"{event}: backward calendar-day periods are not defined")
        due = cal.calendar_days_after(day, rule.period)
    else:
        due = cal.years_after(day, rule.period)
    return Deadline(event, when, due, rule.basis)
