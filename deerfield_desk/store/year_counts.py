"""The numbers in the village board's annual report, counted by the store from the register.

Why here: the report (``documents/annual_report.py``) only lays numbers out; what counts is
said once, in ``store/year_scope.py`` (voided and revoked permits never count), and the
queries below build on it, so the report, the records export and the state report agree.

New housing follows the Census Bureau's C-404 survey of building permits, which counts new
residential buildings in four classes by the number of housing units in the building:
single-family, two units, three and four units, five or more. A permit counts there when it is
a building permit issued in the year that creates housing units (``housing_units`` > 0) and has
not been voided or revoked. The application wizard records the kind of work but not always
the unit count: a new dwelling (one- or two-family) without a count is counted as one
single-family unit, a new multifamily building without a count is listed as unclassified, and
the report says how many of each there were, so the board knows the figure is partly assumed.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from deerfield_desk.store.executor import Executor
from deerfield_desk.store.year_report_counts import INSPECTION_TALLY, ReportCounts, count_report
from deerfield_desk.store.year_scope import (
    ISSUED_AND_COUNTS,
    PERMIT_COUNTS,
    YEAR_END,
    year_param,
)

C404_CLASSES = (
    ("single", "Single-family", 1, 1),
    ("two", "Two units", 2, 2),
    ("three_four", "Three and four units", 3, 4),
    ("five_plus", "Five or more units", 5, 10**9),
)
#: The §12.12(5)(a)–(i) order, by keyword in the stage code, for tables that list stages.
STAGE_ORDER = ("footing", "foundation", "rough", "draintile", "underfloor", "electric",
               "insulation", "final", "erosion", "excavation", "demolition")  # fmt: skip
RESULT_ORDER = ("passed", "partial", "failed", "not_ready", "cancelled", "scheduled", "requested")
CLOSED_NOTICE = ("draft", "voided", "closed", "complied", "withdrawn", "cancelled", "rescinded")


@dataclass
class HousingClass:
    label: str
    buildings: int = 0
    units: int = 0
    value_cents: int = 0


@dataclass
class AnnualStats:
    year: int
    by_kind_month: dict[str, list[int]] = field(default_factory=dict)
    applied: int = 0
    issued: int = 0
    finaled: int = 0
    fees_charged_cents: int = 0
    fees_collected_cents: int = 0
    collected_by_code: dict[str, int] = field(default_factory=dict)
    deposits_held: dict[str, tuple[int, int]] = field(default_factory=dict)  # kind: (n, cents)
    inspections: dict[str, dict[str, int]] = field(default_factory=dict)  # stage: result: n
    notices_issued: dict[str, int] = field(default_factory=dict)
    notices_outstanding: dict[str, int] = field(default_factory=dict)
    housing: dict[str, HousingClass] = field(default_factory=dict)
    housing_assumed: int = 0  # new dwellings without a unit count, counted single-family
    housing_unclassified: int = 0  # new multifamily buildings without a unit count
    journal_entries: int = 0
    #: applications, money reconciled, C-404 by month, inspections, enforcement
    report: ReportCounts = field(default_factory=ReportCounts)

    @property
    def permits_issued_by_month(self) -> list[int]:
        return [sum(m[i] for m in self.by_kind_month.values()) for i in range(12)]


def compute(reg: Executor, year: int) -> AnnualStats:
    y = year_param(year)
    stats = AnnualStats(year)
    by_kind: dict[str, list[int]] = defaultdict(lambda: [0] * 12)
    for kind, month, n in reg.execute(
        "SELECT p.kind, CAST(substr(p.issued_date, 6, 2) AS INTEGER), count(*) FROM permits p "
        f"WHERE {ISSUED_AND_COUNTS} GROUP BY 1, 2",
        y,
    ):
        if 1 <= (month or 0) <= 12:
            by_kind[kind][month - 1] += n
    stats.by_kind_month = dict(sorted(by_kind.items()))
    stats.issued = sum(stats.permits_issued_by_month)
    stats.applied = _one(
        reg, "SELECT count(*) FROM permits p WHERE substr(p.applied_date, 1, 4) = :y", y
    )
    stats.finaled = _one(
        reg, "SELECT count(*) FROM permits p WHERE substr(p.finaled_date, 1, 4) = :y", y
    )
    stats.fees_charged_cents = _one(
        reg,
        "SELECT coalesce(sum(amount_cents), 0) FROM fees WHERE substr(created_at, 1, 4) = :y "
        "AND status NOT IN ('voided', 'waived')",
        y,
    )
    for code, cents in reg.execute(
        "SELECT f.code, sum(y.amount_cents) FROM payments y JOIN fees f ON f.id = y.fee_id "
        "WHERE substr(y.paid_at, 1, 4) = :y AND y.status != 'voided' GROUP BY 1 ORDER BY 1",
        y,
    ):
        stats.collected_by_code[code] = cents
    stats.fees_collected_cents = sum(stats.collected_by_code.values())
    for kind, n, cents in reg.execute(
        "SELECT kind, count(*), coalesce(sum(amount_cents), 0) FROM deposits "
        f"WHERE status = 'held' AND received_at <= {YEAR_END} GROUP BY 1 ORDER BY 1",
        y,
    ):
        stats.deposits_held[kind] = (n, cents)
    inspections: dict[str, dict[str, int]] = defaultdict(dict)
    visits = [0, 0, 0]  # done, passed the first time, re-inspections
    for stage, result, n, *tally in reg.execute(INSPECTION_TALLY, y):
        inspections[stage][result] = n
        visits = [total + (k or 0) for total, k in zip(visits, tally, strict=True)]
    stats.inspections = {s: inspections[s] for s in sorted(inspections, key=stage_key)}
    for kind, n in reg.execute(
        "SELECT kind, count(*) FROM notices WHERE substr(issued_at, 1, 4) = :y "
        "AND status != 'voided' GROUP BY 1 ORDER BY 1",
        y,
    ):
        stats.notices_issued[kind] = n
    closed = ", ".join(f"'{s}'" for s in CLOSED_NOTICE)
    for kind, n in reg.execute(
        f"SELECT kind, count(*) FROM notices WHERE issued_at IS NOT NULL "
        f"AND issued_at <= {YEAR_END} AND (closed_at IS NULL OR closed_at > {YEAR_END}) "
        f"AND status NOT IN ({closed}) GROUP BY 1 ORDER BY 1",
        y,
    ):
        stats.notices_outstanding[kind] = n
    stats.housing = {key: HousingClass(label) for key, label, _lo, _hi in C404_CLASSES}
    housing_rows: list[tuple] = []
    for units, cents, structure, work, number, issued, address in reg.execute(NEW_HOUSING, y):
        if not units:
            if work != "new_building" or structure not in ("dwelling", "multifamily"):
                continue
            if structure == "multifamily":
                stats.housing_unclassified += 1
                continue
            units = 1
            stats.housing_assumed += 1
        for key, _label, low, high in C404_CLASSES:
            if low <= units <= high:
                entry = stats.housing[key]
                entry.buildings += 1
                entry.units += units
                entry.value_cents += cents
                housing_rows.append((key, int(issued[5:7]), units, cents, number, issued, address))
    stats.journal_entries = _one(reg, "SELECT coalesce(max(entries), 0) FROM journal_head")
    stats.report = count_report(reg, year, housing_rows, (visits[0], visits[1], visits[2]))
    return stats


#: The application's kind of work (``new_building``…), where the wizard recorded it.
WORK = "CASE WHEN json_valid(a.project_json) THEN json_extract(a.project_json, '$.work') END"

NEW_HOUSING = (
    f"SELECT p.housing_units, coalesce(p.estimated_cost_cents, 0), p.structure, {WORK}, "
    "p.permit_number, p.issued_date, p.address_text "
    "FROM permits p LEFT JOIN applications a ON a.id = p.application_id "
    f"WHERE p.kind = 'building' AND {ISSUED_AND_COUNTS}"
)

#: New one- and two-family dwellings issued between two days (the monthly state report,
#: ``exports/state_report.py``): counted by the same rule as the annual report. ``+p.kind``
#: keeps SQLite off the kind index: by kind it walked every building permit ever (2.9 s at a
#: million permits, at every start); by issue date it reads the months asked for (0.4 s).
NEW_DWELLINGS = (
    "SELECT p.permit_number, p.issued_date, p.address_text, p.owner_name, "
    "max(p.housing_units, 1) AS housing_units, p.uuid FROM permits p "
    "LEFT JOIN applications a ON a.id = p.application_id "
    "WHERE +p.kind = 'building' AND (p.structure IS NULL OR p.structure = 'dwelling') "
    f"AND p.issued_date IS NOT NULL AND {PERMIT_COUNTS} "
    "AND p.issued_date >= :since AND p.issued_date <= :until "
    "AND (p.housing_units BETWEEN 1 AND 2 OR (p.housing_units = 0 "
    f"AND p.structure = 'dwelling' AND {WORK} = 'new_building')) "
    "ORDER BY p.issued_date, p.permit_number"
)


def new_dwellings(reg: Executor, since: str, until: str) -> list[dict]:
    cursor = reg.execute(NEW_DWELLINGS, {"since": since, "until": until})
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor]


def stage_key(stage: str) -> tuple[int, str]:
    code = (stage or "").lower()
    for index, keyword in enumerate(STAGE_ORDER):
        if keyword in code:
            return index, code
    return len(STAGE_ORDER), code


def result_key(result: str) -> tuple[int, str]:
    order = RESULT_ORDER.index(result) if result in RESULT_ORDER else len(RESULT_ORDER)
    return order, result or ""


def _one(reg: Executor, sql: str, params: dict | None = None) -> int:
    return reg.execute(sql, params or {}).fetchone()[0] or 0
