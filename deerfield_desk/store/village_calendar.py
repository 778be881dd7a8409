"""The village calendar as the clerk corrected it (Settings keys ``holidays_added`` and
``holidays_removed``, the same keys the ``deadline`` command reads)."""

from __future__ import annotations

from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.store.register import Register


def village_calendar(reg: Register) -> VillageCalendar:
    return VillageCalendar.from_settings(
        reg.get_setting("holidays_added", []), reg.get_setting("holidays_removed", [])
    )
