"""How far a register's setup has come: what the first-run wizard's last page, and the window
of a register not set up yet, tell the clerk.

Read from the register itself (its settings and permits), never from what a screen believes it
saved, so the summary is true even when a step was skipped or done from the menus later.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import date

from deerfield_desk.documents.village import load_village_settings, missing_official
from deerfield_desk.models.fee_schedule import SETTING_KEY as FEE_SCHEDULE_KEY
from deerfield_desk.store.village_calendar import confirmed_on

LABELS = {"address": "office address", "phone": "office phone", "inspector": "inspector's name"}


@dataclass(frozen=True)
class SetupState:
    village: str
    missing: tuple[str, ...]
    fee_schedule_saved: bool
    year: int
    calendar_confirmed: date | None
    permits: int

    @property
    def complete(self) -> bool:
        return not self.missing and self.fee_schedule_saved and self.calendar_confirmed is not None

    def lines(self) -> list[str]:
        out = [f"Village: {self.village}."]
        out.append(
            "Official documents: ready to print."
            if not self.missing
            else "Official documents do not print until these are set (Documents → Village "
            f"settings…): {', '.join(LABELS.get(m, m) for m in self.missing)}."
        )
        out.append(
            "Fee schedule: saved."
            if self.fee_schedule_saved
            else "Fee schedule: the ordinance's defaults (Tools → Fee schedule… to change)."
        )
        out.append(
            f"Office closures {self.year}: confirmed on {self.calendar_confirmed.isoformat()}."
            if self.calendar_confirmed
            else f"Office closures {self.year}: not confirmed yet (Tools → Village calendar…)."
        )
        out.append(f"Permits in the register: {self.permits:,}.")
        return out

    def describe(self) -> str:
        return "<br>".join(html.escape(line) for line in self.lines())


def setup_state(reg, today: date | None = None) -> SetupState:
    village = load_village_settings(reg)
    year = (today or date.today()).year
    permits = reg.query_one("SELECT count(*) AS n FROM permits")
    return SetupState(
        village=village.name,
        missing=tuple(missing_official(village)),
        fee_schedule_saved=reg.get_setting(FEE_SCHEDULE_KEY, None) is not None,
        year=year,
        calendar_confirmed=confirmed_on(reg, year),
        permits=int(permits["n"]) if permits else 0,
    )
