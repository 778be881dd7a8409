"""BLDS v1 (Building & Land Development Specification, permitdata.org) permits and
inspections files, so state and regional data portals can read the village's year.

Raw values stay in the raw fields (StatusCurrent, PermitType, InspType, Result); the *Mapped
fields carry the specification's shared vocabulary. Inspection stages are matched by keyword
(``footing``, ``rough``, ``final``…) so every stage code the inspections screens use maps.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from deerfield_desk.exports.cells import dollars
from deerfield_desk.exports.records import PERMITS_IN_YEAR
from deerfield_desk.exports.tabular import write_rows_csv

PERMIT_HEADERS = [
    "PermitNum", "Description", "AppliedDate", "IssuedDate", "CompletedDate", "StatusCurrent",
    "OriginalAddress1", "OriginalAddress2", "OriginalCity", "OriginalState", "OriginalZip",
    "PermitClass", "PermitClassMapped", "StatusCurrentMapped", "StatusDate", "PermitType",
    "PermitTypeMapped", "PermitTypeDesc", "EstProjectCost", "HousingUnits", "PIN",
    "ContractorCompanyName", "ExpiresDate", "Fee", "Publisher", "ExtraFields",
]  # fmt: skip
INSPECTION_HEADERS = [
    "PermitNum", "InspType", "InspTypeMapped", "Result", "ResultMapped", "ScheduledDate",
    "InspectedDate", "InspectionNotes", "Description", "Final", "RequestDate", "ReInspection",
    "Inspector",
]  # fmt: skip
#: The fields BLDS v1 requires (either applied or issued date; completed date or status).
REQUIRED_PERMIT = ["PermitNum", "Description", "AppliedDate", "IssuedDate", "CompletedDate",
                   "StatusCurrent", "OriginalAddress1", "OriginalAddress2", "OriginalCity",
                   "OriginalState", "OriginalZip"]  # fmt: skip
REQUIRED_INSPECTION = ["PermitNum", "InspType", "InspTypeMapped", "Result", "ResultMapped",
                       "ScheduledDate", "InspectedDate"]  # fmt: skip

STATUS_MAPPED = {
    "draft": "Application Accepted",
    "submitted": "Application Accepted",
    "under_review": "In Review",
    "approved": "In Review",
    "conditionally_approved": "In Review",
    "issued": "Permit Issued",
    "extended": "Permit Issued",
    "stop_work": "Inspection Phase",
    "finaled": "Permit Finaled",
    "rejected": "Permit Cancelled",
    "expired": "Permit Cancelled",
    "revoked": "Permit Cancelled",
    "voided": "Permit Cancelled",
}
TYPE_MAPPED = {
    "building": "Building",
    "demolition": "Demolition",
    "moving": "Building",
    "satellite_dish": "Building",
    "erosion_control": "Grading",
}
TYPE_DESC = {
    "building": "Building permit (§12.07)",
    "demolition": "Razing and demolition permit (§12.18)",
    "moving": "Permit to move a building (§12.19)",
    "satellite_dish": "Satellite dish antenna special use permit (§12.27)",
    "erosion_control": "Erosion and runoff control permit (ch. 31)",
}
NON_RESIDENTIAL = {"commercial", "agricultural_building"}
RESULT_MAPPED = {
    "passed": "Passed",
    "failed": "Rejected",
    "partial": "Partial",
    "cancelled": "Cancelled",
    "not_ready": "Cancelled",
}
#: Keyword in the stage code → BLDS inspection type, first match wins (§12.12(5)(a)–(i)).
STAGE_KEYWORDS = (
    ("final", "Final"),
    ("footing", "Footing"),
    ("foundation", "Foundation"),
    ("rough", "Framing"),
    ("draintile", "Plumbing"),
    ("underfloor", "Plumbing"),
    ("plumb", "Plumbing"),
    ("electric", "Electrical"),
    ("insulation", "Insulation"),
    ("erosion", "Erosion Control"),
    ("excavation", "Excavation"),
    ("demolition", "Demolition"),
    ("occupancy", "Occupancy"),
)


def stage_mapped(stage: str | None) -> str:
    code = (stage or "").lower()
    for keyword, mapped in STAGE_KEYWORDS:
        if keyword in code:
            return mapped
    return "Building"


def _date(value: str | None) -> str:
    return (value or "")[:10]


def permit_rows(conn: sqlite3.Connection, year: int) -> Iterator[list]:
    sql = (
        "SELECT coalesce(p.permit_number, a.application_number), p.description, "
        "p.applied_date, p.issued_date, p.finaled_date, p.status, p.address_text, "
        "pa.unit, pa.city, pa.state, pa.zip, p.structure, p.updated_at, p.kind, "
        "p.estimated_cost_cents, p.housing_units, p.parcel_number, p.contractor_name, "
        "p.expires_date, p.permit_class, "
        "(SELECT sum(f.amount_cents) FROM fees f WHERE f.permit_id = p.id "
        " AND f.status NOT IN ('voided', 'waived')), "
        "EXISTS (SELECT 1 FROM inspections i WHERE i.permit_id = p.id "
        " AND i.inspected_at IS NOT NULL) "
        "FROM permits p LEFT JOIN applications a ON a.id = p.application_id "
        "LEFT JOIN parcels pa ON pa.id = p.parcel_id "
        f"WHERE {PERMITS_IN_YEAR} AND coalesce(p.permit_number, a.application_number) "
        "IS NOT NULL ORDER BY 1"
    )
    for row in conn.execute(sql, (str(year), str(year))):
        (num, desc, applied, issued, finaled, status, address, unit, city, state, zipcode,
         structure, updated, kind, cost, units, pin, contractor, expires, pclass, fee,
         inspected) = row  # fmt: skip
        mapped = STATUS_MAPPED.get(status, "")
        if mapped == "Permit Issued" and inspected:
            mapped = "Inspection Phase"
        type_mapped = "Pool/Spa" if structure == "swimming_pool" else TYPE_MAPPED.get(kind, "")
        extra = {"class": pclass} if pclass else {}
        yield [
            num, desc, _date(applied), _date(issued), _date(finaled), status, address,
            unit or "", city or "Deerfield", state or "WI", zipcode or "53531",
            structure or "", _class_mapped(structure), mapped, _date(updated), kind,
            type_mapped, TYPE_DESC.get(kind, kind), dollars(cost), units or 0, pin or "",
            contractor or "", _date(expires), dollars(fee), "Village of Deerfield",
            json.dumps(extra, sort_keys=True) if extra else "",
        ]  # fmt: skip


def _class_mapped(structure: str | None) -> str:
    if not structure:
        return ""
    return "Non-Residential" if structure in NON_RESIDENTIAL else "Residential"


def inspection_rows(conn: sqlite3.Connection, year: int) -> Iterator[list]:
    sql = (
        "SELECT p.permit_number, i.stage, i.result, i.scheduled_for, i.inspected_at, i.notes, "
        "i.requested_at, i.inspector FROM inspections i JOIN permits p ON p.id = i.permit_id "
        "WHERE substr(coalesce(i.inspected_at, i.scheduled_for, i.requested_at), 1, 4) = ? "
        "AND p.permit_number IS NOT NULL AND i.status != 'voided' "
        "ORDER BY p.permit_number, coalesce(i.inspected_at, i.scheduled_for, i.requested_at), "
        "i.stage, i.uuid"
    )
    for num, stage, result, scheduled, inspected, notes, requested, inspector in conn.execute(
        sql, (str(year),)
    ):
        yield [
            num, stage, stage_mapped(stage), result, RESULT_MAPPED.get(result, ""),
            _date(scheduled), _date(inspected), notes or "",
            (stage or "").replace("_", " ").capitalize(),
            "Yes" if "final" in (stage or "").lower() else "No", _date(requested),
            "Yes" if result in ("failed", "partial", "not_ready") else "No", inspector or "",
        ]  # fmt: skip


def write_blds(folder: Path, conn: sqlite3.Connection, year: int) -> Iterator[int]:
    """Write ``permits.csv`` and ``inspections.csv`` into ``folder``; yields rows written."""
    folder.mkdir(parents=True, exist_ok=True)
    yield write_rows_csv(folder / "permits.csv", PERMIT_HEADERS, permit_rows(conn, year))
    yield write_rows_csv(
        folder / "inspections.csv", INSPECTION_HEADERS, inspection_rows(conn, year)
    )
