"""BLDS v1 (Building & Land Development Specification, permitdata.org) permits and
inspections files, so state and regional data portals can read the village's year.

Raw values stay in the raw fields (StatusCurrent, PermitType, InspType, Result); the *Mapped
fields carry the specification's shared vocabulary. Inspection stages are matched by keyword
(``footing``, ``rough``, ``final``…) so every stage code the inspections screens use maps.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from deerfield_desk.exports.cells import dollars
from deerfield_desk.exports.tabular import write_rows_csv
from deerfield_desk.store.executor import Executor
from deerfield_desk.store.year_feed import FEED_INSPECTIONS, FEED_PERMITS

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


def permit_rows(reg: Executor, year: int) -> Iterator[list]:
    for p in FEED_PERMITS.rows(reg, year):
        status, structure, kind = p["status"], p["structure"], p["kind"]
        mapped = STATUS_MAPPED.get(status, "")
        if mapped == "Permit Issued" and p["inspected"]:
            mapped = "Inspection Phase"
        type_mapped = "Pool/Spa" if structure == "swimming_pool" else TYPE_MAPPED.get(kind, "")
        pclass = p["permit_class"]
        extra = {"class": pclass} if pclass else {}
        yield [
            p["number"], p["description"], _date(p["applied_date"]), _date(p["issued_date"]),
            _date(p["finaled_date"]), status, p["address_text"], p["unit"] or "",
            p["city"] or "Deerfield", p["state"] or "WI", p["zip"] or "53531",
            structure or "", _class_mapped(structure), mapped, _date(p["updated_at"]), kind,
            type_mapped, TYPE_DESC.get(kind, kind), dollars(p["estimated_cost_cents"]),
            p["housing_units"] or 0, p["parcel_number"] or "", p["contractor_name"] or "",
            _date(p["expires_date"]), dollars(p["fee_cents"]), "Village of Deerfield",
            json.dumps(extra, sort_keys=True) if extra else "",
        ]  # fmt: skip


def _class_mapped(structure: str | None) -> str:
    if not structure:
        return ""
    return "Non-Residential" if structure in NON_RESIDENTIAL else "Residential"


def inspection_rows(reg: Executor, year: int) -> Iterator[list]:
    for i in FEED_INSPECTIONS.rows(reg, year):
        stage, result = i["stage"], i["result"]
        yield [
            i["permit_number"], stage, stage_mapped(stage), result, RESULT_MAPPED.get(result, ""),
            _date(i["scheduled_for"]), _date(i["inspected_at"]), i["notes"] or "",
            (stage or "").replace("_", " ").capitalize(),
            "Yes" if "final" in (stage or "").lower() else "No", _date(i["requested_at"]),
            "Yes" if result in ("failed", "partial", "not_ready") else "No", i["inspector"] or "",
        ]  # fmt: skip


def write_blds(folder: Path, reg: Executor, year: int) -> Iterator[int]:
    """Write ``permits.csv`` and ``inspections.csv`` into ``folder``; yields rows written."""
    folder.mkdir(parents=True, exist_ok=True)
    yield write_rows_csv(folder / "permits.csv", PERMIT_HEADERS, permit_rows(reg, year))
    yield write_rows_csv(folder / "inspections.csv", INSPECTION_HEADERS, inspection_rows(reg, year))
