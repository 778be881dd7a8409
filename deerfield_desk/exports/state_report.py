"""The monthly state report: new one- and two-family dwelling permits, due by the 15th of the
month after they were issued.

Why the village sends it: as a certified municipality (§12.11) the village's inspector does
the administrative work the state Department requires under the adopted codes (§12.12(8)),
and the state counts new dwellings from these monthly reports. The due date is the 15th as the
state sets it; it does not move for village holidays, so the list warns a week ahead.

Which permits count is the store's one rule (``store/year_scope.py``): voided and revoked
permits never do, exactly as in the annual report. The engine's "dwelling" structure is the
one- and two-family dwelling; a permit counts when its unit count says one or two, or, where
the wizard recorded no count, when its application's work is a new building (taken as one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from deerfield_desk.store.register import Register, decision
from deerfield_desk.store.year_counts import new_dwellings

SENT_SETTING = "state_report.sent"  # {"2025-03": "2025-04-10", ...}
BASIS = "§12.11, §12.12(8)"
WARN_DAYS = 7


def due_date(month: str) -> date:
    """The 15th of the month after ``month`` (``YYYY-MM``)."""
    year, mon = int(month[:4]), int(month[5:7])
    return date(year + mon // 12, mon % 12 + 1, 15)


@dataclass
class StateReportMonth:
    month: str  # YYYY-MM of issuance
    due: date
    permits: list[dict] = field(default_factory=list)
    sent_on: str | None = None

    def status(self, today: date) -> str:
        if self.sent_on:
            return "sent"
        if today > self.due:
            return "overdue"
        if (self.due - today).days <= WARN_DAYS:
            return "due soon"
        return "upcoming"

    def line(self, today: date) -> str:
        units = sum(p["housing_units"] for p in self.permits)
        what = f"{len(self.permits)} permit(s), {units} dwelling unit(s)"
        state = self.status(today)
        if state == "sent":
            return f"{self.month}: {what}; sent {self.sent_on}"
        days = (self.due - today).days
        when = f"{-days} day(s) late" if days < 0 else f"in {days} day(s)"
        return f"{self.month}: {what}; due {self.due.isoformat()} ({when}), {state.upper()}"


def state_reports(
    reg: Register, today: date | None = None, months: int = 12
) -> list[StateReportMonth]:
    """The reports of the last ``months`` months that have new dwellings, oldest first."""
    today = today or date.today()
    start_year, start_month = divmod(today.year * 12 + today.month - 1 - months, 12)
    since = f"{start_year:04d}-{start_month + 1:02d}-01"
    sent = reg.get_setting(SENT_SETTING, {}) or {}
    by_month: dict[str, StateReportMonth] = {}
    for row in new_dwellings(reg, since, today.isoformat()):
        month = row["issued_date"][:7]
        entry = by_month.setdefault(month, StateReportMonth(month, due_date(month)))
        entry.permits.append(row)
    for entry in by_month.values():
        entry.sent_on = sent.get(entry.month)
    return [by_month[m] for m in sorted(by_month)]


def outstanding(reg: Register, today: date | None = None) -> list[StateReportMonth]:
    """Reports not yet sent (the reminder the app shows)."""
    today = today or date.today()
    return [r for r in state_reports(reg, today) if not r.sent_on]


@decision
def mark_sent(reg: Register, month: str, on: date) -> None:
    """Record that the month's report went to the state (journaled as a settings change)."""
    due_date(month)  # validates the month
    sent = dict(reg.get_setting(SENT_SETTING, {}) or {})
    sent[month] = on.isoformat()
    reg.set_setting(SENT_SETTING, dict(sorted(sent.items())))
