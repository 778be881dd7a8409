"""Office-hours slots for inspections, and the questions an unusual request deserves.

Why: a request taken by phone used to default to "now + 2 days + 1 hour", so a call at 16:10
booked an inspection at 17:10 on a Saturday, and a typo in the year booked one in 2016. The
inspector works the office's hours on the village's working days (``models.calendar``: a
weekday that is not a village holiday), in half-hour slots. A request is never refused for
being odd (the inspector may go at 06:30 for a concrete pour), but it is *questioned*: the
screen asks before recording a request dated years ago, in the future, at 04:00, or for a
slot outside office hours.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.inspection_rules import latest_request_time


@dataclass(frozen=True)
class OfficeHours:
    """The hours inspections are booked in; the last slot must end by ``closes``."""

    opens: time = time(8, 0)
    closes: time = time(16, 30)
    slot_minutes: int = 30

    def describe(self) -> str:
        return f"Monday to Friday {self.opens:%H:%M}–{self.closes:%H:%M}, working days only"

    def slot_times(self) -> list[time]:
        """The start of every slot of a day: 08:00, 08:30 … 16:00."""
        out, moment = [], datetime.combine(date.min, self.opens)
        last = datetime.combine(date.min, self.closes) - timedelta(minutes=self.slot_minutes)
        while moment <= last:
            out.append(moment.time())
            moment += timedelta(minutes=self.slot_minutes)
        return out


OFFICE_HOURS = OfficeHours()
#: A request logged further back than this is asked about ("dated years ago" was a typo).
STALE_REQUEST_DAYS = 30
#: An inspection booked further ahead than this is asked about.
FAR_AHEAD_DAYS = 180
#: Calls logged between these hours are asked about (a 04:00 call is usually a typing slip).
NIGHT_STARTS, NIGHT_ENDS = time(21, 0), time(6, 0)


def is_office_hours(
    moment: datetime, calendar: VillageCalendar, hours: OfficeHours = OFFICE_HOURS
) -> bool:
    """True when an inspection at ``moment`` fits inside the office's hours on a working day."""
    if not calendar.is_office_open(moment.date()):
        return False
    ends = moment + timedelta(minutes=hours.slot_minutes)
    return (
        hours.opens <= moment.time()
        and ends.time() <= hours.closes
        and ends.date() == (moment.date())
    )


def next_slot(
    after: datetime, calendar: VillageCalendar, hours: OfficeHours = OFFICE_HOURS
) -> datetime:
    """The first office-hours slot starting at or after ``after``."""
    day = after.date()
    for _ in range(400):  # a year of closures at most; the calendar never closes for good
        if calendar.is_office_open(day):
            for start in hours.slot_times():
                moment = datetime.combine(day, start)
                if moment >= after:
                    return moment
        day += timedelta(days=1)
    raise ValueError("no office-hours slot within a year: check the village calendar")


def default_request_slot(
    requested_at: datetime, calendar: VillageCalendar, hours: OfficeHours = OFFICE_HOURS
) -> datetime:
    """The first slot the 48 hours of §12.12(5) allow: never flagged late, always in hours."""
    earliest = requested_at + (requested_at - latest_request_time(requested_at)[0])
    return next_slot(earliest.replace(second=0, microsecond=0), calendar, hours)


def default_reinspection_slot(
    inspected_at: datetime, calendar: VillageCalendar, hours: OfficeHours = OFFICE_HOURS
) -> datetime:
    """Where a failed or partial stage's re-inspection goes unless the inspector says
    otherwise: the first slot 48 hours on (the holder's time to correct and call), so it is
    on a route and never an undated record nobody sees."""
    return default_request_slot(inspected_at, calendar, hours)


def _when(moment: datetime) -> str:
    return f"{moment:%a %d %b %Y %H:%M}"


def request_questions(
    requested_at: datetime,
    scheduled_for: datetime | None,
    now: datetime,
    calendar: VillageCalendar,
    hours: OfficeHours = OFFICE_HOURS,
) -> list[str]:
    """What to ask the inspector before recording this request; empty when nothing is odd.

    Each question names the field and what is odd about it, in the office's words."""
    questions = []
    age = now - requested_at
    if age > timedelta(days=STALE_REQUEST_DAYS):
        years = age.days // 365
        ago = f"{years} year{'s' if years != 1 else ''}" if years else f"{age.days} days"
        questions.append(f"Asked at: {_when(requested_at)} is {ago} ago. Is the date right?")
    elif requested_at - now > timedelta(minutes=5):
        questions.append(f"Asked at: {_when(requested_at)} is in the future. Is it right?")
    clock = requested_at.time()
    if clock >= NIGHT_STARTS or clock < NIGHT_ENDS:
        questions.append(f"Asked at: {requested_at:%H:%M} is the middle of the night. Is it right?")
    if scheduled_for is None:
        return questions
    if scheduled_for < requested_at:
        questions.append(
            f"Inspect on: {_when(scheduled_for)} is before the request itself "
            f"({_when(requested_at)})."
        )
    elif scheduled_for - now > timedelta(days=FAR_AHEAD_DAYS):
        questions.append(f"Inspect on: {_when(scheduled_for)} is more than six months ahead.")
    if not is_office_hours(scheduled_for, calendar, hours):
        closed = not calendar.is_office_open(scheduled_for.date())
        why = "the office is closed that day" if closed else "outside office hours"
        questions.append(f"Inspect on: {_when(scheduled_for)} is {why} ({hours.describe()}).")
    return questions
