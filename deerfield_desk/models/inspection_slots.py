"""Office-hours slots for inspections, and the questions an unusual request deserves.

Why: a request taken by phone used to default to "now + 2 days + 1 hour", so a call at 16:10
booked an inspection at 17:10 on a Saturday, and a typo in the year booked one in 2016. The
inspector works the office's hours on the village's working days (``models.calendar``: a
weekday that is not a village holiday), in half-hour slots. An odd request is never simply
refused (the inspector may go at 06:30 for a concrete pour): it is *questioned*: the
screen asks before recording a request dated years ago, in the future, at 04:00, or for a
slot outside office hours. The store refuses such a request unless its caller says it
confirmed exactly those oddities (``Odd`` codes), and keeps what was confirmed with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from enum import StrEnum

from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.inspection_rules import latest_request_time

DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@dataclass(frozen=True)
class OfficeHours:
    """The hours inspections are booked in; the last slot must end by ``closes``. ``days``
    are the weekdays the office books (0 = Monday); a village closure on one of them still
    closes it (``models.calendar``). The village keeps its own in its settings
    (``store.office_hours``); these defaults are Deerfield's hours when none are set."""

    opens: time = time(8, 0)
    closes: time = time(16, 30)
    slot_minutes: int = 30
    days: tuple[int, ...] = (0, 1, 2, 3, 4)

    def describe(self) -> str:
        hours = f"{self.opens:%H:%M}–{self.closes:%H:%M}"
        return f"{self.describe_days()} {hours}, closed on village holidays"

    def describe_days(self) -> str:
        """ "Monday to Friday" for a run of days, else the days named one by one."""
        days = sorted(self.days)
        if len(days) > 2 and days == list(range(days[0], days[-1] + 1)):
            return f"{DAY_NAMES[days[0]]} to {DAY_NAMES[days[-1]]}"
        return ", ".join(DAY_NAMES[d] for d in days)

    def is_open_day(self, day: date, calendar: VillageCalendar) -> bool:
        """One of the office's days and not a village closure (a holiday, an added closure)."""
        return day.weekday() in self.days and not calendar.is_holiday(day)

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
    if not hours.is_open_day(moment.date(), calendar):
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
        if hours.is_open_day(day, calendar):
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


class Odd(StrEnum):
    """What can be odd about a request: the codes a caller confirms (``confirmed_odd``) so
    the store records it, and which are kept with the request."""

    STALE = "stale"  # asked more than a month ago
    FUTURE = "future"  # asked at a time still to come
    NIGHT = "night"  # asked between 21:00 and 06:00
    BEFORE_REQUEST = "before_request"  # inspection booked before the call
    FAR_AHEAD = "far_ahead"  # booked more than six months ahead
    OUTSIDE_HOURS = "outside_hours"  # booked outside office hours
    OFFICE_CLOSED = "office_closed"  # booked on a day the office is closed


@dataclass(frozen=True)
class OddRequest:
    code: Odd
    field: str  # "requested_at" or "scheduled_for"
    question: str


def odd_request(
    requested_at: datetime,
    scheduled_for: datetime | None,
    now: datetime,
    calendar: VillageCalendar,
    hours: OfficeHours = OFFICE_HOURS,
) -> list[OddRequest]:
    """Everything odd about a request, each with the field it is about and the question to
    ask, in the office's words; empty when nothing is odd. The screens ask these, and the
    store refuses an odd request its caller has not confirmed (``store.inspections``)."""
    out = []

    def odd(code: Odd, field: str, question: str) -> None:
        out.append(OddRequest(code, field, question))

    asked = _when(requested_at)
    age = now - requested_at
    if age > timedelta(days=STALE_REQUEST_DAYS):
        years = age.days // 365
        ago = f"{years} year{'s' if years != 1 else ''}" if years else f"{age.days} days"
        odd(Odd.STALE, "requested_at", f"Asked at: {asked} is {ago} ago. Is the date right?")
    elif requested_at - now > timedelta(minutes=5):
        odd(Odd.FUTURE, "requested_at", f"Asked at: {asked} is in the future. Is it right?")
    clock = requested_at.time()
    if clock >= NIGHT_STARTS or clock < NIGHT_ENDS:
        odd(Odd.NIGHT, "requested_at",
            f"Asked at: {requested_at:%H:%M} is the middle of the night. Is it right?")  # fmt: skip
    if scheduled_for is None:
        return out
    when = _when(scheduled_for)
    if scheduled_for < requested_at:
        odd(Odd.BEFORE_REQUEST, "scheduled_for",
            f"Inspect on: {when} is before the request itself ({asked}).")  # fmt: skip
    elif scheduled_for - now > timedelta(days=FAR_AHEAD_DAYS):
        odd(Odd.FAR_AHEAD, "scheduled_for", f"Inspect on: {when} is more than six months ahead.")
    if not is_office_hours(scheduled_for, calendar, hours):
        closed = not hours.is_open_day(scheduled_for.date(), calendar)
        why = "on a day the office is closed" if closed else "outside office hours"
        odd(Odd.OFFICE_CLOSED if closed else Odd.OUTSIDE_HOURS, "scheduled_for",
            f"Inspect on: {when} is {why} ({hours.describe()}).")  # fmt: skip
    return out


def request_questions(
    requested_at: datetime,
    scheduled_for: datetime | None,
    now: datetime,
    calendar: VillageCalendar,
    hours: OfficeHours = OFFICE_HOURS,
) -> list[str]:
    """What to ask the inspector before recording this request; empty when nothing is odd."""
    return [o.question for o in odd_request(requested_at, scheduled_for, now, calendar, hours)]
