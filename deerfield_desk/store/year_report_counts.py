"""The annual report's second half, counted by the store: applications received, the money
reconciled (fees charged, collected, outstanding; deposits held, received, refunded,
forfeited), the Census C-404 counts by month with the permits of $500,000 or more, the
inspections done, passed the first time and re-inspected, and enforcement by notice kind.

Why each figure is defined as it is:
- An application is counted once however many permits it needs (a new house with grading is
  one application, two permits). A permit with no application (imported from the old
  spreadsheets) counts as its own application, so a year kept before the wizard still shows.
- The money must reconcile: deposits held on 1 January plus those received, less refunded and
  forfeited, are those held on 31 December; the report prints the check, not just totals.
- C-404 reports building permits for new housing by the month of issuance; the Census asks
  for each permit valued at $500,000 or more to be listed, in whole dollars.
- "Passed first time" is an inspection that passed and was not a re-inspection (§12.12(6):
  a failed stage is inspected again); a re-inspection is one linked to an earlier failure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deerfield_desk.store.executor import Executor
from deerfield_desk.store.year_scope import INSPECTION_IN_YEAR, YEAR_END, year_param

#: The C-404 threshold for listing a permit by name (whole dollars), in cents.
LARGE_PERMIT_CENTS = 500_000 * 100
_LIVE_DEPOSIT = "d.status != 'voided'"
_YEAR_START = ":y || '-01-01'"
#: An inspection done: a visit made, with a result (not one only requested or cancelled).
DONE = "i.inspected_at IS NOT NULL AND i.result NOT IN ('requested', 'cancelled')"
#: The year's inspections (not voided) by stage and result: all of them, those done, those
#: passed the first time, the re-inspections. One pass over the 50,000 inspections of a busy
#: year serves the report's stage table and its inspections page (they were four passes).
INSPECTION_TALLY = (
    "SELECT i.stage, i.result, count(*), "
    f"sum({DONE}), sum({DONE} AND i.result = 'passed' AND i.reinspection_of IS NULL), "
    f"sum({DONE} AND i.reinspection_of IS NOT NULL) "
    f"FROM inspections i WHERE i.status != 'voided' AND {INSPECTION_IN_YEAR} "
    "GROUP BY 1, 2 ORDER BY 1, 2"
)


@dataclass
class Money:
    fees_charged_cents: int = 0
    fees_waived_cents: int = 0
    fees_collected_cents: int = 0
    payments_voided_cents: int = 0
    outstanding_cents: int = 0  # charged up to 31 Dec, not paid by then
    deposits: dict[str, tuple[int, int]] = field(default_factory=dict)  # step: (n, cents)

    @property
    def deposits_balance(self) -> bool:
        d = {k: v[1] for k, v in self.deposits.items()}
        return d["opening"] + d["received"] - d["refunded"] - d["forfeited"] == d["closing"]


@dataclass
class LargePermit:
    permit_number: str
    issued_date: str
    address: str
    units: int
    value_dollars: int


@dataclass
class ReportCounts:
    applications: int = 0
    applications_without_record: int = 0  # permits without an application row
    money: Money = field(default_factory=Money)
    #: C-404 class key → 12 months of (buildings, units)
    housing_by_month: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    large_permits: list[LargePermit] = field(default_factory=list)
    inspections_done: int = 0
    passed_first_time: int = 0
    reinspections: int = 0
    #: notice kind → {"issued", "complied", "appealed", "withdrawn", "outstanding"}: n
    enforcement: dict[str, dict[str, int]] = field(default_factory=dict)


def count_report(
    reg: Executor, year: int, housing_rows: list[tuple], visits: tuple[int, int, int]
) -> ReportCounts:
    """``housing_rows``: (class key, month 1-12, units, cents, permit number, issued, address)
    of each new-housing permit, as ``year_counts.compute`` classified them; ``visits``: the
    inspections done, passed the first time and re-inspections (``INSPECTION_TALLY``)."""
    y = year_param(year)
    out = ReportCounts()
    out.applications = _one(
        reg,
        "SELECT count(*) FROM applications a WHERE substr(coalesce(a.submitted_at, "
        "a.created_at), 1, 4) = :y AND a.status IN ('submitted', 'no_permit_needed')",
        y,
    )
    out.applications_without_record = _one(
        reg,
        "SELECT count(*) FROM permits p WHERE p.application_id IS NULL "
        "AND substr(p.applied_date, 1, 4) = :y AND p.status != 'voided'",
        y,
    )
    out.money = _money(reg, y)
    months: dict[str, list[tuple[int, int]]] = {}
    for key, month, units, cents, number, issued, address in housing_rows:
        row = months.setdefault(key, [(0, 0)] * 12)
        buildings, total = row[month - 1]
        row[month - 1] = (buildings + 1, total + units)
        if cents >= LARGE_PERMIT_CENTS:
            out.large_permits.append(
                LargePermit(number or "", issued, address or "", units, round(cents / 100))
            )
    out.housing_by_month = months
    out.large_permits.sort(key=lambda p: (p.issued_date, p.permit_number))
    out.inspections_done, out.passed_first_time, out.reinspections = visits
    out.enforcement = _enforcement(reg, y)
    return out


def _money(reg: Executor, y: dict) -> Money:
    money = Money()
    money.fees_charged_cents = _one(
        reg,
        "SELECT coalesce(sum(amount_cents), 0) FROM fees WHERE substr(created_at, 1, 4) = :y "
        "AND status NOT IN ('voided', 'waived')",
        y,
    )
    money.fees_waived_cents = _one(
        reg,
        "SELECT coalesce(sum(amount_cents), 0) FROM fees WHERE substr(created_at, 1, 4) = :y "
        "AND status = 'waived'",
        y,
    )
    money.fees_collected_cents = _one(
        reg,
        "SELECT coalesce(sum(amount_cents), 0) FROM payments WHERE substr(paid_at, 1, 4) = :y "
        "AND status != 'voided'",
        y,
    )
    money.payments_voided_cents = _one(
        reg,
        "SELECT coalesce(sum(amount_cents), 0) FROM payments WHERE substr(paid_at, 1, 4) = :y "
        "AND status = 'voided'",
        y,
    )
    money.outstanding_cents = _one(
        reg,
        "SELECT coalesce(sum(max(coalesce(f.amount_cents, 0) - coalesce((SELECT sum(y.amount_cents)"
        " FROM payments y WHERE y.fee_id = f.id AND y.status != 'voided' "
        f"AND y.paid_at <= {YEAR_END}), 0), 0)), 0) FROM fees f "
        f"WHERE f.created_at <= {YEAR_END} AND f.status NOT IN ('voided', 'waived')",
        y,
    )
    steps = {
        "opening": f"d.received_at < {_YEAR_START} AND (d.status = 'held' "
        f"OR d.disposition_at >= {_YEAR_START})",
        "received": "substr(d.received_at, 1, 4) = :y",
        "refunded": "d.status = 'refunded' AND substr(d.disposition_at, 1, 4) = :y",
        "forfeited": "d.status = 'forfeited' AND substr(d.disposition_at, 1, 4) = :y",
        "closing": f"d.received_at <= {YEAR_END} AND (d.status = 'held' "
        f"OR d.disposition_at > {YEAR_END})",
    }
    for step, where in steps.items():
        n, cents = reg.execute(
            "SELECT count(*), coalesce(sum(d.amount_cents), 0) FROM deposits d "
            f"WHERE {_LIVE_DEPOSIT} AND {where}",
            y,
        ).fetchone()
        money.deposits[step] = (n, cents)
    return money


def _enforcement(reg: Executor, y: dict) -> dict[str, dict[str, int]]:
    appealed = (
        "(n.status = 'appealed' OR (json_valid(n.details_json) "
        "AND json_extract(n.details_json, '$.appeal_filed_on') IS NOT NULL))"
    )
    out: dict[str, dict[str, int]] = {}
    for kind, issued, complied, appeals, withdrawn, outstanding in reg.execute(
        "SELECT n.kind, count(*), sum(n.status = 'complied'), "
        f"sum({appealed}), sum(n.status = 'withdrawn'), "
        "sum(n.status IN ('issued', 'served', 'appealed')) "
        "FROM notices n WHERE substr(n.issued_at, 1, 4) = :y AND n.status != 'voided' "
        "GROUP BY n.kind ORDER BY n.kind",
        y,
    ):
        out[kind] = {
            "issued": issued,
            "complied": complied or 0,
            "appealed": appeals or 0,
            "withdrawn": withdrawn or 0,
            "outstanding": outstanding or 0,
        }
    return out


def _one(reg: Executor, sql: str, params: dict) -> int:
    return reg.execute(sql, params).fetchone()[0] or 0
