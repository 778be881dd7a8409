"""The village's office hours for inspections, kept in the register's settings.

Why a setting and not a constant: villages book inspections on their own days and hours
(some open Saturday mornings, some book hour-long slots), and every device working from this
register must book the same slots. The request dialog, the week calendar, the odd-request
check of ``store.inspections`` and the re-inspection default all read them here. A change
goes through ``Register.set_setting`` and so lands in the journal; bad values are refused
naming the field and the rule, before anything is written.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, time

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.inspection_slots import DAY_NAMES, OFFICE_HOURS, OfficeHours
from deerfield_desk.store.register import Register

KEY = "office_hours"
#: Slot lengths an inspector can plan a route with (a quarter hour to half a day).
SLOT_MINUTES = (15, 20, 30, 45, 60, 90, 120, 180, 240)


def office_hours(reg: Register) -> OfficeHours:
    """The hours set for this register; Deerfield's defaults (Mon–Fri 08:00–16:30, 30-minute
    slots) until the clerk sets others. A malformed stored value is reported against the
    setting rather than crashing the calendar."""
    stored = reg.get_setting(KEY)
    if not stored:
        return OFFICE_HOURS
    try:
        return make_hours(stored["days"], stored["opens"], stored["closes"],
                          int(stored["slot_minutes"]))  # fmt: skip
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInput("office_hours", f"the stored office hours are damaged ({exc}): "
                           "set them again under Tools → Village settings") from None  # fmt: skip


def _clock(text: str | time, field: str) -> time:
    if isinstance(text, time):
        return text
    try:
        return datetime.strptime(str(text).strip(), "%H:%M").time()
    except ValueError:
        raise InvalidInput(field, "give a time of day as HH:MM, e.g. 08:00") from None


def make_hours(days: Iterable[int], opens: str | time, closes: str | time,
               slot_minutes: int) -> OfficeHours:  # fmt: skip
    """Check and build office hours; each refusal names the field and the rule."""
    chosen = tuple(sorted({int(d) for d in days}))
    if not chosen:
        raise InvalidInput("office_days", "choose at least one day the office books inspections")
    if any(d not in range(7) for d in chosen):
        raise InvalidInput("office_days", "days are Monday (0) to Sunday (6)")
    start, end = _clock(opens, "opens"), _clock(closes, "closes")
    if end <= start:
        raise InvalidInput("closes", f"the office closes after it opens ({start:%H:%M})")
    if slot_minutes not in SLOT_MINUTES:
        allowed = ", ".join(str(m) for m in SLOT_MINUTES)
        raise InvalidInput("slot_minutes", f"one of {allowed} minutes")
    hours = OfficeHours(opens=start, closes=end, slot_minutes=slot_minutes, days=chosen)
    if not hours.slot_times():
        raise InvalidInput("slot_minutes", f"a {slot_minutes}-minute slot does not fit between "
                           f"{start:%H:%M} and {end:%H:%M}")  # fmt: skip
    return hours


def set_office_hours(reg: Register, days: Iterable[int], opens: str | time,
                     closes: str | time, slot_minutes: int) -> OfficeHours:  # fmt: skip
    """Check and keep the office hours (journaled as a settings change); returns them."""
    hours = make_hours(days, opens, closes, slot_minutes)
    reg.set_setting(KEY, as_setting(hours))
    return hours


def as_setting(hours: OfficeHours) -> dict:
    return {
        "days": list(hours.days),
        "opens": f"{hours.opens:%H:%M}",
        "closes": f"{hours.closes:%H:%M}",
        "slot_minutes": hours.slot_minutes,
    }


def day_names(hours: OfficeHours) -> list[str]:
    return [DAY_NAMES[d] for d in hours.days]
