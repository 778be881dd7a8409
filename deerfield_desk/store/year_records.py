"""The year's records as the store reads them for the year-end export (no file formats here).

Why in the store: ``exports/`` writes files; it does not query (issue 12). Each query below
selects named columns in a fixed order, so an export run twice gives the same files, and
yields typed rows (``store/rows.py``) the writers read by key. Which records belong to
the year comes from ``store/year_scope.py``, the one definition every year-end file shares.
A deposit belongs to the year it was received, and every deposit still held at year end is
listed too (the treasurer reconciles what the village holds).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import itemgetter
from typing import Generic, TypeVar, cast

from deerfield_desk.store.executor import Executor
from deerfield_desk.store.rows import (
    DepositRecord,
    InspectionRecord,
    MoneyRecord,
    NoticeRecord,
    PermitRecord,
)
from deerfield_desk.store.year_scope import (
    INSPECTION_DAY,
    INSPECTION_IN_YEAR,
    NOTICE_IN_YEAR,
    PERMIT_COUNTS,
    PERMIT_IN_YEAR,
    YEAR_END,
    year_param,
)

R = TypeVar("R")


class YearQuery(Generic[R]):
    """One SELECT over the year (``:y``): its rows as typed dicts, and how many there are."""

    def __init__(self, sql: str):
        self.sql = sql
        self.count_sql = f"SELECT count(*) FROM ({_unordered(sql)})"

    def rows(self, reg: Executor, year: int) -> Iterator[R]:
        cursor = reg.execute(self.sql, year_param(year))
        names = [d[0] for d in cursor.description]
        for row in cursor:  # a cursor's rows always match its description: no strict zip
            yield cast(R, dict(zip(names, row, strict=False)))

    def columns(self, reg: Executor, year: int, keys: Sequence[str]) -> Iterator[tuple]:
        """The rows as tuples of ``keys``, in that order: what a file writer needs, without a
        dict per row (the 10,000-permit year is 140,000 rows)."""
        cursor = reg.execute(self.sql, year_param(year))
        where = {d[0]: i for i, d in enumerate(cursor.description)}  # the last of a name wins
        pick = itemgetter(*(where[k] for k in keys))
        if len(keys) == 1:
            for row in cursor:
                yield (pick(row),)
            return
        for row in cursor:
            yield pick(row)

    def batches(
        self, reg: Executor, year: int, keys: Sequence[str], size: int
    ) -> Iterator[list[tuple]]:
        """The rows of :meth:`columns`, ``size`` at a time (``fetchmany``: no Python step per
        row between SQLite and the writers)."""
        cursor = reg.execute(self.sql, year_param(year))
        where = {d[0]: i for i, d in enumerate(cursor.description)}  # the last of a name wins
        indexes = [where[k] for k in keys]
        pick = itemgetter(*indexes) if len(keys) > 1 else (lambda row: (row[indexes[0]],))
        while batch := cursor.fetchmany(size):
            yield list(map(pick, batch))

    def count(self, reg: Executor, year: int) -> int:
        return reg.execute(self.count_sql, year_param(year)).fetchone()[0]


def _unordered(sql: str) -> str:
    """``sql`` without its final ORDER BY, when that is the statement's own (after every
    parenthesis, no LIMIT after it): counting needs no sort, and the 50,000 inspections' sort
    was most of the time to count them."""
    cut = sql.rfind("ORDER BY")
    tail = sql[cut:]
    if cut < 0 or ")" in tail or "LIMIT" in tail.upper():
        return sql
    return sql[:cut]


#: The permit columns the records export lists (the importer reads the same headers back).
PERMIT_COLUMNS = (
    "permit_number", "kind", "permit_class", "status", "structure", "description",
    "estimated_cost_cents", "housing_units", "address_text", "parcel_number", "owner_name",
    "contractor_name", "applied_date", "issued_date", "expires_date", "finaled_date",
    "conditions", "void_reason", "uuid",
)  # fmt: skip

PERMITS: YearQuery[PermitRecord] = YearQuery(
    f"SELECT {', '.join('p.' + c for c in PERMIT_COLUMNS)}, "
    "a.application_number, a.uuid AS application_uuid, "
    f"CASE WHEN {PERMIT_COUNTS} THEN 1 ELSE 0 END AS counts "
    "FROM permits p LEFT JOIN applications a ON a.id = p.application_id "
    f"WHERE {PERMIT_IN_YEAR} "
    "ORDER BY p.permit_number IS NULL, p.permit_number, p.applied_date, p.uuid"
)

INSPECTIONS: YearQuery[InspectionRecord] = YearQuery(
    "SELECT p.permit_number, i.stage, i.result, i.requested_at, i.requested_by, "
    "i.scheduled_for, i.inspected_at, i.inspector, i.notes, "
    "json_array_length(CASE WHEN json_valid(i.defects_json) THEN i.defects_json "
    "ELSE '[]' END) AS defects, "
    "r.uuid AS reinspection_of_uuid, i.status, i.void_reason, p.uuid AS permit_uuid, i.uuid "
    "FROM inspections i JOIN permits p ON p.id = i.permit_id "
    "LEFT JOIN inspections r ON r.id = i.reinspection_of "
    f"WHERE {INSPECTION_IN_YEAR} "
    f"ORDER BY p.permit_number IS NULL, p.permit_number, {INSPECTION_DAY}, i.stage, i.uuid"
)


def _json(column: str, path: str) -> str:
    return f"CASE WHEN json_valid({column}) THEN json_extract({column}, '{path}') END"


#: A notice's sections are stored as a JSON list; the sheet shows them as the notice prints them.
SECTIONS = (
    "CASE WHEN json_valid(n.sections) AND json_type(n.sections) = 'array' THEN "
    "(SELECT group_concat(value, '; ') FROM json_each(n.sections)) ELSE n.sections END"
)

#: Service and appeal facts: fixed at service in ``dates_json`` (store/notices.py), the
#: appeal's filing in ``details_json``.
NOTICES: YearQuery[NoticeRecord] = YearQuery(
    "SELECT n.notice_number, n.kind, p.permit_number, n.status, "
    "coalesce(r.firm, r.name) AS recipient, n.issued_at, n.served_at, n.service_method, "
    "n.received_at, n.due_date, "
    f"{_json('n.dates_json', '$.appeal_by')} AS appeal_by, "
    f"{_json('n.details_json', '$.appeal_filed_on')} AS appeal_filed_on, "
    f"{_json('n.details_json', '$.appeal_late')} AS appeal_late, "
    f"n.closed_at, {SECTIONS} AS sections, n.facts, n.remedy, n.void_reason, n.uuid "
    "FROM notices n LEFT JOIN permits p ON p.id = n.permit_id "
    "LEFT JOIN people r ON r.id = n.recipient_id "
    f"WHERE {NOTICE_IN_YEAR} "
    "ORDER BY n.notice_number IS NULL, n.notice_number, n.uuid"
)

#: Fees charged in the year and payments received in it, one row each. Every row names the
#: permit's and the application's record ids, so a fee charged before its permit had a number
#: still links to it.
MONEY: YearQuery[MoneyRecord] = YearQuery(
    "SELECT * FROM ("
    "SELECT 'fee' AS entry, p.permit_number AS permit_number, "
    "a.application_number AS application_number, f.code AS code, "
    "f.description AS description, f.amount_cents AS amount_cents, f.created_at AS at, "
    "f.status AS status, NULL AS method, NULL AS receipt_number, NULL AS received_by, "
    "f.void_reason AS void_reason, p.uuid AS permit_uuid, a.uuid AS application_uuid, "
    "f.uuid AS fee_uuid, f.uuid AS uuid "
    "FROM fees f LEFT JOIN permits p ON p.id = f.permit_id "
    "LEFT JOIN applications a ON a.id = coalesce(f.application_id, p.application_id) "
    "WHERE substr(f.created_at, 1, 4) = :y "
    "UNION ALL "
    "SELECT 'payment', p.permit_number, a.application_number, f.code, f.description, "
    "y.amount_cents, y.paid_at, y.status, y.method, y.receipt_number, y.received_by, "
    "y.void_reason, p.uuid, a.uuid, f.uuid, y.uuid "
    "FROM payments y JOIN fees f ON f.id = y.fee_id "
    "LEFT JOIN permits p ON p.id = f.permit_id "
    "LEFT JOIN applications a ON a.id = coalesce(f.application_id, p.application_id) "
    "WHERE substr(y.paid_at, 1, 4) = :y"
    ") ORDER BY permit_number IS NULL, permit_number, application_number, at, entry, uuid"
)

DEPOSITS: YearQuery[DepositRecord] = YearQuery(
    "SELECT p.permit_number, a.application_number, d.kind, d.amount_cents, d.basis, "
    "d.reference, d.received_at, d.status, d.disposition_reason, d.disposition_at, "
    "d.void_reason, p.uuid AS permit_uuid, d.uuid "
    "FROM deposits d LEFT JOIN permits p ON p.id = d.permit_id "
    "LEFT JOIN applications a ON a.id = coalesce(d.application_id, p.application_id) "
    "WHERE substr(d.received_at, 1, 4) = :y "
    f"OR (d.status = 'held' AND d.received_at <= {YEAR_END}) "
    "ORDER BY p.permit_number IS NULL, p.permit_number, a.application_number, d.received_at, "
    "d.uuid"
)


def register_years(reg: Executor) -> tuple[int, int] | None:
    """The first and last year the register holds a permit, an application or an inspection
    for (imported permits reach back before the register was started); None when it holds
    none. The export says so instead of writing empty files for a year outside them."""
    row = reg.execute(
        "SELECT min(y), max(y) FROM ("
        "SELECT substr(coalesce(p.issued_date, p.applied_date), 1, 4) AS y FROM permits p "
        "UNION ALL SELECT substr(a.created_at, 1, 4) FROM applications a "
        "WHERE a.status != 'draft' "
        f"UNION ALL SELECT substr({INSPECTION_DAY}, 1, 4) FROM inspections i"
        ") WHERE y GLOB '[0-9][0-9][0-9][0-9]'"
    ).fetchone()
    return (int(row[0]), int(row[1])) if row and row[0] else None
