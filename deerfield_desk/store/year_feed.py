"""The rows of the year's open-data feed (BLDS, ``exports/blds.py``), read by the store.

Why its own queries: the feed needs facts the records export does not list (the parcel's
address parts, the fee total, whether any inspection was done), and the feed's file layout
must not hold SQL (issue 12). The year is the one definition of ``store/year_scope.py``.
"""

from __future__ import annotations

from deerfield_desk.store.rows import FeedInspection, FeedPermit
from deerfield_desk.store.year_records import YearQuery
from deerfield_desk.store.year_scope import INSPECTION_DAY, INSPECTION_IN_YEAR, PERMIT_IN_YEAR

FEED_PERMITS: YearQuery[FeedPermit] = YearQuery(
    "SELECT coalesce(p.permit_number, a.application_number) AS number, p.description, "
    "p.applied_date, p.issued_date, p.finaled_date, p.status, p.address_text, "
    "pa.unit, pa.city, pa.state, pa.zip, p.structure, p.updated_at, p.kind, "
    "p.estimated_cost_cents, p.housing_units, p.parcel_number, p.contractor_name, "
    "p.expires_date, p.permit_class, "
    "(SELECT sum(f.amount_cents) FROM fees f WHERE f.permit_id = p.id "
    " AND f.status NOT IN ('voided', 'waived')) AS fee_cents, "
    "EXISTS (SELECT 1 FROM inspections i WHERE i.permit_id = p.id "
    " AND i.inspected_at IS NOT NULL) AS inspected "
    "FROM permits p LEFT JOIN applications a ON a.id = p.application_id "
    "LEFT JOIN parcels pa ON pa.id = p.parcel_id "
    f"WHERE {PERMIT_IN_YEAR} AND coalesce(p.permit_number, a.application_number) "
    "IS NOT NULL ORDER BY 1"
)

FEED_INSPECTIONS: YearQuery[FeedInspection] = YearQuery(
    "SELECT p.permit_number, i.stage, i.result, i.scheduled_for, i.inspected_at, i.notes, "
    "i.requested_at, i.inspector FROM inspections i JOIN permits p ON p.id = i.permit_id "
    f"WHERE {INSPECTION_IN_YEAR} AND p.permit_number IS NOT NULL AND i.status != 'voided' "
    f"ORDER BY p.permit_number, {INSPECTION_DAY}, i.stage, i.uuid"
)
