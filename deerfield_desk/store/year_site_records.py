"""The year's field and follow-up records for the year-end export: inspection defects and
their corrections, Exhibit A / §31.13 checklist visits and their items, occupancy permits,
extensions, and every record voided in the year with its reason.

Why: the clerk hands the year over complete (issue 18). A failed inspection's defects, what
the builder had to correct and when a re-inspection found it corrected are official findings
(§12.12(6)); a checklist visit is the erosion inspection record (§31.10(2), §31.13); an
occupancy permit (§12.16) and an extension (§12.14(1)) change what a permit allows. Nothing
official is deleted, only voided with a reason: the voided records of the year are listed
once more together, with who voided them and when. The year each record belongs to follows
``store/year_scope.py``.

``json_each`` (the defects are a JSON list on the inspection) is SQLite's; PostgreSQL says
``jsonb_array_elements`` — this module is the one place to change.
"""

from __future__ import annotations

from deerfield_desk.store.rows import (
    ChecklistItemRecord,
    ChecklistVisitRecord,
    DefectRecord,
    ExtensionRecord,
    OccupancyRecord,
    VoidRecord,
)
from deerfield_desk.store.year_records import YearQuery
from deerfield_desk.store.year_scope import (
    INSPECTION_DAY,
    INSPECTION_IN_YEAR,
    NOTICE_IN_YEAR,
    PERMIT_IN_YEAR,
)


def _field(path: str) -> str:
    return f"CASE WHEN json_type(d.value) = 'object' THEN json_extract(d.value, '{path}') END"


DEFECTS: YearQuery[DefectRecord] = YearQuery(
    "SELECT p.permit_number, i.stage, i.inspected_at, i.result, d.key + 1 AS defect_number, "
    f"{_field('$.section')} AS section, "
    "coalesce(CASE WHEN json_type(d.value) = 'text' THEN d.value END, "
    f"{_field('$.description')}) AS description, "
    f"{_field('$.correction')} AS correction, "
    f"coalesce({_field('$.minor')}, 0) AS minor, "
    "(SELECT min(substr(c.inspected_at, 1, 10)) FROM inspections c WHERE c.reinspection_of = i.id"
    " AND c.result = 'passed' AND c.status != 'voided') AS corrected_on, "
    "i.status AS inspection_status, i.uuid AS inspection_uuid "
    "FROM inspections i JOIN permits p ON p.id = i.permit_id, "
    "json_each(CASE WHEN json_valid(i.defects_json) THEN i.defects_json ELSE '[]' END) d "
    f"WHERE {INSPECTION_IN_YEAR} "
    f"ORDER BY p.permit_number IS NULL, p.permit_number, {INSPECTION_DAY}, i.uuid, d.key"
)

_VISIT_IN_YEAR = "substr(v.visited_at, 1, 4) = :y"

CHECKLIST_VISITS: YearQuery[ChecklistVisitRecord] = YearQuery(
    "SELECT p.permit_number, v.checklist, v.checklist_version, v.site_class, v.purpose, "
    "v.visited_at, v.inspector, v.notes, "
    "(SELECT count(*) FROM checklist_responses c WHERE c.visit_id = v.id "
    " AND c.response = 'deficient' AND c.status != 'voided') AS deficient, "
    "v.status, v.void_reason, v.uuid "
    "FROM checklist_visits v JOIN permits p ON p.id = v.permit_id "
    f"WHERE {_VISIT_IN_YEAR} "
    "ORDER BY p.permit_number IS NULL, p.permit_number, v.visited_at, v.uuid"
)

CHECKLIST_ITEMS: YearQuery[ChecklistItemRecord] = YearQuery(
    "SELECT p.permit_number, v.visited_at, c.item_code, c.section, c.response, c.note, "
    "c.status, c.void_reason, v.uuid AS visit_uuid, c.uuid "
    "FROM checklist_responses c JOIN checklist_visits v ON v.id = c.visit_id "
    "JOIN permits p ON p.id = v.permit_id "
    f"WHERE {_VISIT_IN_YEAR} "
    "ORDER BY p.permit_number IS NULL, p.permit_number, v.visited_at, v.uuid, c.item_code"
)

OCCUPANCY: YearQuery[OccupancyRecord] = YearQuery(
    "SELECT o.occupancy_number, p.permit_number, o.kind, o.issued_on, o.issued_by, o.ends_on, "
    "o.term_days, o.use_text, o.conditions, "
    "json_array_length(CASE WHEN json_valid(o.minor_defects_json) THEN o.minor_defects_json "
    "ELSE '[]' END) AS minor_defects, "
    "o.basis, o.status, o.void_reason, o.uuid "
    "FROM occupancy_permits o JOIN permits p ON p.id = o.permit_id "
    "WHERE substr(o.issued_on, 1, 4) = :y "
    "ORDER BY o.issued_on, o.occupancy_number IS NULL, o.occupancy_number, o.uuid"
)

EXTENSIONS: YearQuery[ExtensionRecord] = YearQuery(
    "SELECT p.permit_number, e.granted_at, e.days, e.previous_expiry, e.new_expiry, "
    "e.approved_by, e.reason, f.code AS fee_code, f.amount_cents AS fee_cents, e.status, "
    "e.void_reason, e.uuid "
    "FROM extensions e JOIN permits p ON p.id = e.permit_id "
    "LEFT JOIN fees f ON f.id = e.fee_id "
    "WHERE substr(e.granted_at, 1, 4) = :y "
    "ORDER BY e.granted_at, p.permit_number, e.uuid"
)

#: Where each kind of record is voided, and so which voided records belong to the year (the
#: same rule as its sheet): (table, alias, number column or NULL, the year's condition).
_VOIDABLE = (
    ("permits", "p", "p.permit_number", PERMIT_IN_YEAR),
    ("inspections", "i", "NULL", INSPECTION_IN_YEAR),
    ("notices", "n", "n.notice_number", NOTICE_IN_YEAR),
    ("fees", "f", "NULL", "substr(f.created_at, 1, 4) = :y"),
    ("payments", "y", "y.receipt_number", "substr(y.paid_at, 1, 4) = :y"),
    ("deposits", "d", "NULL", "substr(d.received_at, 1, 4) = :y"),
    ("occupancy_permits", "o", "o.occupancy_number", "substr(o.issued_on, 1, 4) = :y"),
    ("extensions", "e", "NULL", "substr(e.granted_at, 1, 4) = :y"),
    ("checklist_visits", "v", "NULL", _VISIT_IN_YEAR),
)
_VOIDED = " UNION ALL ".join(
    f"SELECT '{table}' AS table_name, {number} AS number, {alias}.void_reason AS reason, "
    f"{alias}.uuid AS uuid FROM {table} {alias} WHERE {alias}.status = 'voided' AND {year}"
    for table, alias, number, year in _VOIDABLE
)
_VOID_ENTRY = (
    "FROM journal j WHERE j.record_uuid = x.uuid AND j.action IN ('void', 'status:voided') "
    "ORDER BY j.seq DESC LIMIT 1"
)

#: Every voided record of the year's sheets, with the reason recorded and, from the journal,
#: when and by whom it was voided (a record voided by a bulk load has no such entry: blank).
VOIDS: YearQuery[VoidRecord] = YearQuery(
    f"SELECT (SELECT j.at_utc {_VOID_ENTRY}) AS voided_at, x.table_name, x.number, "
    f"x.reason, (SELECT j.user_name {_VOID_ENTRY}) AS voided_by, x.uuid "
    f"FROM ({_VOIDED}) x ORDER BY x.table_name, x.number IS NULL, x.number, x.uuid"
)
