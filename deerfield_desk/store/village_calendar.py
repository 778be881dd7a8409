"""The village calendar as the clerk corrected it (Settings keys ``holidays_added`` and
``holidays_removed``, the same keys the ``deadline`` command reads), and the clerk's yearly
confirmation of the list (``calendar_confirmed``: year → the day it was confirmed).

The one reader of those settings inside the app: lifecycle, inspections, occupancy and notices
all compute their due dates on this calendar. Every change goes through ``set_setting`` and so
lands in the journal.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.closures import default_closures
from deerfield_desk.store.register import Register

HOLIDAY_KEYS = ("holidays_added", "holidays_removed")
CONFIRMED_KEY = "calendar_confirmed"
NAMES_KEY = "holiday_names"
#: The month in which the clerk is reminded to confirm next year's closures.
REMINDER_MONTH = 12


@dataclass(frozen=True)
class Closure:
    day: date
    name: str
    origin: str  # "default" (the Village's standing list) or "added" (by the clerk)


def village_calendar(reg: Register) -> VillageCalendar:
    """The engine's calendar corrected by the clerk's holiday settings; a malformed date in
    those settings is reported against the setting rather than crashing a deadline."""
    added, removed = (reg.get_setting(key, []) or [] for key in HOLIDAY_KEYS)
    try:
        return VillageCalendar.from_settings(added, removed)
    except ValueError as exc:
        raise InvalidInput("holidays", str(exc)) from None


def closures_for_year(reg: Register, year: int) -> list[Closure]:
    """The days the office is closed in ``year`` (weekends aside), as the clerk sees them."""
    cal = village_calendar(reg)
    names = reg.get_setting(NAMES_KEY, {}) or {}
    defaults = default_closures(year)
    out = []
    for day, name in cal.closures(year).items():
        if day in cal.added and day not in defaults:
            out.append(Closure(day, names.get(day.isoformat(), name), "added"))
        else:
            out.append(Closure(day, name, "default"))
    return out


def removed_for_year(reg: Register, year: int) -> list[Closure]:
    """Default closures the clerk took off the list for ``year`` (the office opens)."""
    cal = village_calendar(reg)
    return [Closure(d, n, "removed") for d, n in default_closures(year).items() if d in cal.removed]


def add_closure(reg: Register, day: date, name: str) -> None:
    """The office is closed on ``day`` (a weekday): it is no working day (31.02(36))."""
    name = (name or "").strip()
    if not name:
        raise InvalidInput("name", "say why the office is closed (e.g. Good Friday afternoon)")
    if day.weekday() >= 5:
        raise InvalidInput("date", "weekends are never working days; choose a weekday")
    added, removed = (set(reg.get_setting(key, []) or []) for key in HOLIDAY_KEYS)
    iso = day.isoformat()
    removed.discard(iso)
    if day not in default_closures(day.year):
        added.add(iso)
    names = dict(reg.get_setting(NAMES_KEY, {}) or {})
    names[iso] = name
    with reg.transaction():
        reg.set_setting("holidays_added", sorted(added))
        reg.set_setting("holidays_removed", sorted(removed))
        reg.set_setting(NAMES_KEY, names)
        _unconfirm(reg, day.year)


def remove_closure(reg: Register, day: date) -> None:
    """The office is open on ``day`` after all: it counts as a working day again."""
    added, removed = (set(reg.get_setting(key, []) or []) for key in HOLIDAY_KEYS)
    iso = day.isoformat()
    if iso not in added and day not in default_closures(day.year):
        raise InvalidInput("date", f"{iso} is not on the list of closures")
    added.discard(iso)
    if day in default_closures(day.year):
        removed.add(iso)
    with reg.transaction():
        reg.set_setting("holidays_added", sorted(added))
        reg.set_setting("holidays_removed", sorted(removed))
        _unconfirm(reg, day.year)


def confirm_year(reg: Register, year: int, on: date) -> None:
    """The clerk confirms ``year``'s list as the Village's; journaled like any setting."""
    confirmed = dict(reg.get_setting(CONFIRMED_KEY, {}) or {})
    confirmed[str(year)] = on.isoformat()
    reg.set_setting(CONFIRMED_KEY, confirmed)


def confirmed_on(reg: Register, year: int) -> date | None:
    value = (reg.get_setting(CONFIRMED_KEY, {}) or {}).get(str(year))
    return date.fromisoformat(value) if value else None


def reminder(reg: Register, today: date) -> str | None:
    """In December, until next year's closures are confirmed: what to tell the clerk."""
    if today.month != REMINDER_MONTH or confirmed_on(reg, today.year + 1):
        return None
    return (
        f"Confirm the village office closures for {today.year + 1} (Tools → Village calendar): "
        "deadlines count only the days the office is open (§31.02(36))."
    )


def _unconfirm(reg: Register, year: int) -> None:
    """A changed list must be confirmed again."""
    confirmed = dict(reg.get_setting(CONFIRMED_KEY, {}) or {})
    if confirmed.pop(str(year), None) is not None:
        reg.set_setting(CONFIRMED_KEY, confirmed)
