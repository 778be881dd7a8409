"""The rows of the year's open-data feed (BLDS, ``exports/blds.py``), read by the store.

Why its own queries: the feed needs facts the records export does not list (the parcel's
address parts, the fee total, whether any inspection was done, the contractor's state
credential, the certificate of occupancy, the floor area and the kind of work the application
states), and the feed's file layout must not hold SQL (issue 12). Every permit of the year
comes back, numbered or not, and every inspection with its permit's record id: the feed
decides what it can publish and counts what it cannot (nothing is dropped in a WHERE clause).
"""

from __future__ import annotations

from deerfield_desk.models.codes import OccupancyKind, RecordStatus
from deerfield_desk.store.rows import FeedInspection, FeedPermit
from deerfield_desk.store.year_records import YearQuery
from deerfield_desk.store.year_scope import INSPECTION_DAY, INSPECTION_IN_YEAR, PERMIT_IN_YEAR


def _project(path: str) -> str:
    return f"CASE WHEN json_valid(a.project_json) THEN json_extract(a.project_json, '{path}') END"


#: The dwelling units the application states: the permit's count, else the wizard's answer
#: (``dwelling_units``, issue 16.4; ``housing_units`` in older drafts), else none.
UNITS = (
    "coalesce(nullif(p.housing_units, 0), "
    f"{_project('$.answers.dwelling_units')}, {_project('$.answers.housing_units')}, 0)"
)

FEED_PERMITS: YearQuery[FeedPermit] = YearQuery(
    "SELECT p.uuid, p.permit_number, a.application_number, p.description, "
    "p.applied_date, p.issued_date, p.finaled_date, p.status, p.address_text, "
    "pa.unit, pa.city, pa.state, pa.zip, p.structure, p.updated_at, p.kind, "
    f"p.estimated_cost_cents, {UNITS} AS housing_units, p.parcel_number, p.contractor_name, "
    "c.credential_number AS contractor_license, p.expires_date, p.permit_class, "
    f"{_project('$.work')} AS work, {_project('$.answers.area_sqft')} AS area_sqft, "
    "(SELECT min(o.issued_on) FROM occupancy_permits o WHERE o.permit_id = p.id "
    f" AND o.kind = '{OccupancyKind.OCCUPANCY}' AND o.status != '{RecordStatus.VOIDED}') "
    "AS co_issued, "
    "(SELECT sum(f.amount_cents) FROM fees f WHERE f.permit_id = p.id "
    " AND f.status NOT IN ('voided', 'waived')) AS fee_cents, "
    "EXISTS (SELECT 1 FROM inspections i WHERE i.permit_id = p.id "
    " AND i.inspected_at IS NOT NULL) AS inspected "
    "FROM permits p LEFT JOIN applications a ON a.id = p.application_id "
    "LEFT JOIN parcels pa ON pa.id = p.parcel_id "
    "LEFT JOIN people c ON c.id = a.contractor_id "
    f"WHERE {PERMIT_IN_YEAR} "
    "ORDER BY p.permit_number IS NULL, p.permit_number, a.application_number IS NULL, "
    "a.application_number, p.kind, p.uuid"
)

FEED_INSPECTIONS: YearQuery[FeedInspection] = YearQuery(
    "SELECT p.uuid AS permit_uuid, i.stage, i.result, i.scheduled_for, i.inspected_at, "
    "i.notes, i.requested_at, i.inspector, i.status "
    "FROM inspections i JOIN permits p ON p.id = i.permit_id "
    f"WHERE {INSPECTION_IN_YEAR} "
    f"ORDER BY p.permit_number IS NULL, p.permit_number, p.uuid, {INSPECTION_DAY}, i.stage, "
    "i.uuid"
)
