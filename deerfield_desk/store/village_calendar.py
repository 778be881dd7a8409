"""The village calendar as the clerk corrected it (Settings keys ``holidays_added`` and
``holidays_removed``, the same keys the ``deadline`` command reads).

The one reader of those settings inside the app: lifecycle, inspections, occupancy and notices
all compute their due dates on this calendar.
"""

from __future__ import annotations

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.store.register import Register

HOLIDAY_KEYS = ("holidays_added", "holidays_removed")


def village_calendar(reg: Register) -> VillageCalendar:
    """The engine's calendar corrected by the clerk's holiday settings; a malformed date in
    those settings is reported against the setting rather than crashing a deadline."""
    added, removed = (reg.get_setting(key, []) or [] for key in HOLIDAY_KEYS)
    try:
        return VillageCalendar.from_settings(added, removed)
    except ValueError as exc:
        raise InvalidInput("holidays", str(exc)) from None
