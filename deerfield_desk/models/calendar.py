"""The village calendar: which days the office is open, and how periods are counted.

Why one class: every deadline in Chapters 12 and 31 is counted against the same calendar, and
the clerk must be able to correct it (a day the office closes that the default list misses, or a
listed holiday the village works through). The rules are those of ARCHITECTURE.md, "Calendar
and deadlines":

* a working day is Monday to Friday except village holidays (31.02(36));
* calendar-day periods leave out the day of the event and include the last day, and a last day
  on which the office is closed moves to the next working day;
* working-day periods count working days after the event day;
* validity periods end on the same calendar date years later (29 February → 28 February) and
  never move; neither do terms in days (a 30-day temporary occupancy, 12.16; "30 consecutive
  days" to fill an excavation, 12.18(4)(a)): only a *filing* deadline rolls past a closed day.

The default closures are the Village's own list (``checklists/village_closures.toml`` through
``models.closures``), never a holiday library's.

Pure Python, no I/O: the clerk's additions and removals are handed in by the caller (see
``from_settings``); reading them from the register belongs to the store or the CLI.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.closures import default_closures


@dataclass(frozen=True)
class VillageCalendar:
    """Office days of the Village of Deerfield.

    ``added`` are extra closed days the clerk entered; ``removed`` are default holidays on which
    the village office is open after all. Removal wins over the default list; an added date is
    a holiday even if it was also removed (the clerk's last positive word).
    """

    added: frozenset[date] = frozenset()
    removed: frozenset[date] = frozenset()

    @classmethod
    def from_settings(
        cls, added: Iterable[str] = (), removed: Iterable[str] = ()
    ) -> VillageCalendar:
        """Build the calendar from the ISO date strings kept in the village settings.

        Raises ``ValueError`` naming the bad entry, so the caller can tell the clerk which
        setting to fix.
        """
        return cls(
            added=_parse_dates(added, "holidays_added"),
            removed=_parse_dates(removed, "holidays_removed"),
        )

    def is_holiday(self, d: date) -> bool:
        if d in self.added:
            return True
        return d not in self.removed and d in default_closures(d.year)

    def holiday_name(self, d: date) -> str | None:
        if d in self.added:
            return "Village holiday"
        if d in self.removed:
            return None
        return default_closures(d.year).get(d)

    def closures(self, year: int) -> dict[date, str]:
        """Every day of ``year`` the office is closed besides weekends, with its name: the
        default list less the clerk's removals, plus the clerk's additions."""
        out = {d: n for d, n in default_closures(year).items() if d not in self.removed}
        out.update({d: "Village holiday" for d in self.added if d.year == year})
        return dict(sorted(out.items()))

    def is_office_open(self, d: date) -> bool:
        """A working day in the sense of 31.02(36): a weekday that is not a village holiday."""
        return d.weekday() < 5 and not self.is_holiday(d)

    def next_open_day(self, d: date) -> date:
        """``d`` itself when the office is open, else the next day it is."""
        while not self.is_office_open(d):
            d += timedelta(days=1)
        return d

    def working_days_after(self, d: date, n: int) -> date:
        """The n-th working day after ``d`` (the event day itself never counts)."""
        _check_count(n)
        while n > 0:
            d += timedelta(days=1)
            if self.is_office_open(d):
                n -= 1
        return d

    def working_days_before(self, d: date, n: int) -> date:
        """The latest day leaving n working days before ``d``: the mirror of the above.

        Acting on the returned day and then counting n working days forward reaches ``d``,
        which is what "at least n working days prior" asks (31.12(2)(B)).
        """
        _check_count(n)
        while n > 0:
            d -= timedelta(days=1)
            if self.is_office_open(d):
                n -= 1
        return d

    def calendar_days_after(self, d: date, n: int) -> date:
        """Day n after ``d``, moved to the next working day if the office is closed then."""
        _check_count(n)
        return self.next_open_day(d + timedelta(days=n))

    @staticmethod
    def term_days_after(d: date, n: int) -> date:
        """Day n after ``d``, never moved: a term (12.16's 30-day temporary occupancy, the
        "30 consecutive days" of 12.18(4)(a)) ends on its calendar day like a validity period."""
        _check_count(n)
        return d + timedelta(days=n)

    @staticmethod
    def years_after(d: date, n: int) -> date:
        """Same calendar date n years on; 29 February falls back to 28 February. No roll:
        a permit valid for two years (12.14(1)) lapses on that date whatever weekday it is."""
        _check_count(n)
        try:
            return d.replace(year=d.year + n)
        except ValueError:  # 29 February in a common year
            return d.replace(year=d.year + n, day=28)


def _check_count(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidInput("period", f"must be a whole number of zero or more, not {n!r}")


def _parse_dates(values: Iterable[str], name: str) -> frozenset[date]:
    if not isinstance(values, list | tuple | set | frozenset):
        raise ValueError(f"{name}: expected a list of ISO dates")
    out = set()
    for value in values:
        try:
            out.add(date.fromisoformat(value))
        except (TypeError, ValueError):
            raise ValueError(f"{name}: {value!r} is not a YYYY-MM-DD date") from None
    return frozenset(out)
