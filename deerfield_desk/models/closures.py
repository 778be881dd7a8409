"""The village office's default closures, computed from ``checklists/village_closures.toml``.

Why data: 31.02(36) makes a working day any weekday "excluding ... any such day officially
observed by the Village as a legal holiday". Which days those are is the Village's decision,
so the default list is a data file the clerk's per-year corrections sit on top of (see
``VillageCalendar``), never a third-party holiday library that would add commemorative days
(Susan B. Anthony Day) on which the office is open.
"""

from __future__ import annotations

import calendar as _cal
import tomllib
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from deerfield_desk.config import asset_path

CLOSURES_FILE = "village_closures.toml"
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


@dataclass(frozen=True)
class ClosureRule:
    name: str
    month: int
    day: int | None = None  # a fixed date ...
    weekday: int | None = None  # ... or the nth weekday (0 = Monday) of the month
    nth: int | None = None  # -1: the last
    offset_days: int = 0

    def natural(self, year: int) -> date:
        if self.day is not None:
            return date(year, self.month, self.day)
        days = [
            d
            for d in range(1, _cal.monthrange(year, self.month)[1] + 1)
            if date(year, self.month, d).weekday() == self.weekday
        ]
        return date(year, self.month, days[self.nth if self.nth < 0 else self.nth - 1]) + (
            timedelta(days=self.offset_days)
        )

    def describe(self) -> str:
        """The rule in words, for the Settings screen."""
        if self.day is not None:
            when = f"{_cal.month_name[self.month]} {self.day}; Saturday → Friday, Sunday → Monday"
        else:
            nth = "last" if self.nth == -1 else ("first", "second", "third", "fourth")[self.nth - 1]
            when = f"{nth} {WEEKDAYS[self.weekday].title()} of {_cal.month_name[self.month]}"
            if self.offset_days:
                when += f", plus {self.offset_days} day"
        return when


@lru_cache(maxsize=4)
def load_rules(path: str | None = None) -> tuple[ClosureRule, ...]:
    with open(path or asset_path("checklists", CLOSURES_FILE), "rb") as handle:
        data = tomllib.load(handle)
    rules = []
    for raw in data["closure"]:
        weekday = raw.get("weekday")
        rule = ClosureRule(
            name=raw["name"],
            month=int(raw["month"]),
            day=raw.get("day"),
            weekday=WEEKDAYS.index(weekday) if weekday else None,
            nth=raw.get("nth"),
            offset_days=int(raw.get("offset_days", 0)),
        )
        if (rule.day is None) == (rule.weekday is None):
            raise ValueError(f"{CLOSURES_FILE}: {rule.name}: give either day or weekday")
        rules.append(rule)
    return tuple(rules)


def default_closures(year: int, rules: tuple[ClosureRule, ...] | None = None) -> dict[date, str]:
    """The default closed days falling in ``year`` (a New Year's Day on a Saturday closes the
    office on 31 December of the year before, so neighbouring years are computed too)."""
    rules = rules or load_rules()
    out: dict[date, str] = {}
    for y in (year - 1, year, year + 1):
        for d, name in _year(y, rules).items():
            out[d] = f"{out[d]}; {name}" if d in out else name
    return {d: name for d, name in sorted(out.items()) if d.year == year}


@lru_cache(maxsize=64)
def _year(year: int, rules: tuple[ClosureRule, ...]) -> dict[date, str]:
    taken: dict[date, str] = {}
    moved = []
    for rule in rules:
        d = rule.natural(year)
        if d.weekday() < 5:
            taken.setdefault(d, rule.name)
        else:
            moved.append((rule, d))
    for rule, d in moved:
        step = -1 if d.weekday() == 5 else 1
        d = d + timedelta(days=step if step < 0 else 7 - d.weekday())
        while d in taken or d.weekday() >= 5:
            d += timedelta(days=step)
        taken[d] = f"{rule.name} (observed)"
    return taken
