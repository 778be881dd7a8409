"""The numbers in the village board's annual report, computed from the register alone.

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

import sqlite3
from collections import defaultdict
from dataclasses import dataclass, field

C404_CLASSES = (
    ("single", "Single-family", 1, 1),
    ("two", "Two units", 2, 2),
    ("three_four", "Three and four units", 3, 4),
    ("five_plus", "Five or more units", 5, 10**9),
)
NOT_COUNTED = ("voided", "revoked")
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

    @property
    def permits_issued_by_month(self) -> list[int]:
        return [sum(m[i] for m in self.by_kind_month.values()) for i in range(12)]


def compute(conn: sqlite3.Connection, year: int) -> AnnualStats:
    y = str(year)
    end = f"{y}~"  # sorts after every timestamp of the year
    stats = AnnualStats(year)
    not_counted = "('voided', 'revoked')"
    by_kind: dict[str, list[int]] = defaultdict(lambda: [0] * 12)
    for kind, month, n in conn.execute(
        "SELECT kind, CAST(substr(issued_date, 6, 2) AS INTEGER), count(*) FROM permits "
        f"WHERE substr(issued_date, 1, 4) = ? AND status NOT IN {not_counted} GROUP BY 1, 2",
        (y,),
    ):
        if 1 <= (month or 0) <= 12:
            by_kind[kind][month - 1] += n
    stats.by_kind_month = dict(sorted(by_kind.items()))
    stats.issued = sum(stats.permits_issued_by_month)
    stats.applied = _one(
        conn, "SELECT count(*) FROM permits WHERE substr(applied_date, 1, 4) = ?", y
    )
    stats.finaled = _one(
        conn, "SELECT count(*) FROM permits WHERE substr(finaled_date, 1, 4) = ?", y
    )
    stats.fees_charged_cents = _one(
        conn,
        "SELECT coalesce(sum(amount_cents), 0) FROM fees WHERE substr(created_at, 1, 4) = ? "
        "AND status NOT IN ('voided', 'waived')",
        y,
    )
    for code, cents in conn.execute(
        "SELECT f.code, sum(y.amount_cents) FROM payments y JOIN fees f ON f.id = y.fee_id "
        "WHERE substr(y.paid_at, 1, 4) = ? AND y.status != 'voided' GROUP BY 1 ORDER BY 1",
        (y,),
    ):
        stats.collected_by_code[code] = cents
    stats.fees_collected_cents = sum(stats.collected_by_code.values())
    for kind, n, cents in conn.execute(
        "SELECT kind, count(*), coalesce(sum(amount_cents), 0) FROM deposits "
        "WHERE status = 'held' AND received_at <= ? GROUP BY 1 ORDER BY 1",
        (end,),
    ):
        stats.deposits_held[kind] = (n, cents)
    inspections: dict[str, dict[str, int]] = defaultdict(dict)
    for stage, result, n in conn.execute(
        "SELECT stage, result, count(*) FROM inspections WHERE status != 'voided' AND "
        "substr(coalesce(inspected_at, scheduled_for, requested_at), 1, 4) = ? "
        "GROUP BY 1, 2 ORDER BY 1, 2",
        (y,),
    ):
        inspections[stage][result] = n
    stats.inspections = {s: inspections[s] for s in sorted(inspections, key=stage_key)}
    for kind, n in conn.execute(
        "SELECT kind, count(*) FROM notices WHERE substr(issued_at, 1, 4) = ? "
        "AND status != 'voided' GROUP BY 1 ORDER BY 1",
        (y,),
    ):
        stats.notices_issued[kind] = n
    closed = ", ".join(f"'{s}'" for s in CLOSED_NOTICE)
    for kind, n in conn.execute(
        "SELECT kind, count(*) FROM notices WHERE issued_at IS NOT NULL AND issued_at <= ? "
        f"AND (closed_at IS NULL OR closed_at > ?) AND status NOT IN ({closed}) "
        "GROUP BY 1 ORDER BY 1",
        (end, end),
    ):
        stats.notices_outstanding[kind] = n
    stats.housing = {key: HousingClass(label) for key, label, _lo, _hi in C404_CLASSES}
    for units, cents, structure, work in conn.execute(NEW_HOUSING, (y,)):
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
    stats.journal_entries = _one(conn, "SELECT coalesce(max(entries), 0) FROM journal_head")
    return stats


NEW_HOUSING = (
    "SELECT p.housing_units, coalesce(p.estimated_cost_cents, 0), p.structure, "
    "CASE WHEN json_valid(a.project_json) THEN json_extract(a.project_json, '$.work') END "
    "FROM permits p LEFT JOIN applications a ON a.id = p.application_id "
    "WHERE p.kind = 'building' AND substr(p.issued_date, 1, 4) = ? "
    "AND p.status NOT IN ('voided', 'revoked')"
)


def stage_key(stage: str) -> tuple[int, str]:
    code = (stage or "").lower()
    for index, keyword in enumerate(STAGE_ORDER):
        if keyword in code:
            return index, code
    return len(STAGE_ORDER), code


def result_key(result: str) -> tuple[int, str]:
    order = RESULT_ORDER.index(result) if result in RESULT_ORDER else len(RESULT_ORDER)
    return order, result or ""


def _one(conn: sqlite3.Connection, sql: str, *params) -> int:
    return conn.execute(sql, params).fetchone()[0] or 0
