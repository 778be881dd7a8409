"""BLDS v1 (Building & Land Development Specification, permitdata.org) permits and
inspections files, so state and regional data portals can read the village's year.

Raw values stay in the raw fields (StatusCurrent, PermitType, InspType, Result, WorkClass);
the *Mapped fields carry the specification's shared vocabulary. Inspection stages are matched
by keyword (``footing``, ``rough``, ``final``…) so every stage code the inspections screens
use maps.

A machine feed, not an office file (issue 18): plain UTF-8 without a byte-order mark, values
exactly as recorded (no apostrophe before text that starts with ``=``: the consumer is a
program, and the prefix would corrupt the data), one row per permit with a unique
``PermitNum``. A permit not yet numbered is published under its application's number and its
kind (``A-2025-0007-building``), so two permits of one application never share a number; a
permit with neither number under its register record id. Nothing is left out silently: what
is not published (a draft never filed; a voided inspection) is counted by reason in the
``README.txt`` beside the files.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deerfield_desk.exports.cells import dollars
from deerfield_desk.store.executor import Executor
from deerfield_desk.store.rows import FeedPermit
from deerfield_desk.store.year_feed import FEED_INSPECTIONS, FEED_PERMITS

PERMIT_HEADERS = [
    "PermitNum", "Description", "AppliedDate", "IssuedDate", "CompletedDate", "StatusCurrent",
    "OriginalAddress1", "OriginalAddress2", "OriginalCity", "OriginalState", "OriginalZip",
    "PermitClass", "PermitClassMapped", "StatusCurrentMapped", "StatusDate", "PermitType",
    "PermitTypeMapped", "PermitTypeDesc", "WorkClass", "WorkClassMapped", "EstProjectCost",
    "HousingUnits", "TotalSqFt", "PIN", "ContractorCompanyName", "ContractorLicNum",
    "COIssuedDate", "ExpiresDate", "Fee", "Publisher", "ExtraFields",
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


#: Permit statuses not published: a draft is no application on file.
UNPUBLISHED_STATUS = {"draft": "drafts never filed (not an application on file)"}
#: The kinds of work that make something new; every other kind works on what exists.
NEW_WORK = {"new_building", "move_building", "satellite_dish", "land_disturbance"}


@dataclass
class FeedCounts:
    """What the feed holds and what it left out, by reason (written into README.txt)."""

    permits_in_year: int = 0
    permits_written: int = 0
    permits_excluded: Counter = field(default_factory=Counter)
    unnumbered: int = 0
    inspections_in_year: int = 0
    inspections_written: int = 0
    inspections_excluded: Counter = field(default_factory=Counter)
    numbers: dict[str, str] = field(default_factory=dict)  # permit uuid → PermitNum


def permit_num(p: FeedPermit, taken: set[str]) -> str:
    """The permit's number; unnumbered: its application's number and kind, or its record id
    when it has no application number either (and a suffix if that is ever taken)."""
    if p["permit_number"]:
        base = p["permit_number"]
    elif p["application_number"]:
        base = f"{p['application_number']}-{p['kind']}"
    else:
        base = p["uuid"]
    number, n = base, 1
    while number in taken:
        n += 1
        number = f"{base}-{n}"
    taken.add(number)
    return number


def permit_rows(reg: Executor, year: int, counts: FeedCounts) -> Iterator[list]:
    taken: set[str] = set()
    for p in FEED_PERMITS.rows(reg, year):
        counts.permits_in_year += 1
        status, structure, kind = p["status"], p["structure"], p["kind"]
        if status in UNPUBLISHED_STATUS:
            counts.permits_excluded[UNPUBLISHED_STATUS[status]] += 1
            continue
        if not p["permit_number"]:
            counts.unnumbered += 1
        number = counts.numbers[p["uuid"]] = permit_num(p, taken)
        counts.permits_written += 1
        mapped = STATUS_MAPPED.get(status, "")
        if mapped == "Permit Issued" and p["inspected"]:
            mapped = "Inspection Phase"
        type_mapped = "Pool/Spa" if structure == "swimming_pool" else TYPE_MAPPED.get(kind, "")
        pclass = p["permit_class"]
        extra = {"class": pclass} if pclass else {}
        if not p["permit_number"]:
            extra["record_id"] = p["uuid"]
        work = p["work"] or ""
        area = p["area_sqft"]
        yield [
            number, p["description"], _date(p["applied_date"]), _date(p["issued_date"]),
            _date(p["finaled_date"]), status, p["address_text"], p["unit"] or "",
            p["city"] or "Deerfield", p["state"] or "WI", p["zip"] or "53531",
            structure or "", _class_mapped(structure), mapped, _date(p["updated_at"]), kind,
            type_mapped, TYPE_DESC.get(kind, kind), work,
            ("New" if work in NEW_WORK else "Existing") if work else "",
            dollars(p["estimated_cost_cents"]), p["housing_units"] or 0,
            f"{area:g}" if area else "", p["parcel_number"] or "", p["contractor_name"] or "",
            p["contractor_license"] or "", _date(p["co_issued"]), _date(p["expires_date"]),
            dollars(p["fee_cents"]), "Village of Deerfield",
            json.dumps(extra, sort_keys=True) if extra else "",
        ]  # fmt: skip


def _class_mapped(structure: str | None) -> str:
    if not structure:
        return ""
    return "Non-Residential" if structure in NON_RESIDENTIAL else "Residential"


def inspection_rows(reg: Executor, year: int, counts: FeedCounts) -> Iterator[list]:
    for i in FEED_INSPECTIONS.rows(reg, year):
        counts.inspections_in_year += 1
        number = counts.numbers.get(i["permit_uuid"])
        if i["status"] == "voided":
            counts.inspections_excluded["voided (entered in error; see the records export)"] += 1
            continue
        if number is None:
            counts.inspections_excluded["on a permit not published (see above)"] += 1
            continue
        counts.inspections_written += 1
        stage, result = i["stage"], i["result"]
        yield [
            number, stage, stage_mapped(stage), result, RESULT_MAPPED.get(result, ""),
            _date(i["scheduled_for"]), _date(i["inspected_at"]), i["notes"] or "",
            (stage or "").replace("_", " ").capitalize(),
            "Yes" if "final" in (stage or "").lower() else "No", _date(i["requested_at"]),
            "Yes" if result in ("failed", "partial", "not_ready") else "No", i["inspector"] or "",
        ]  # fmt: skip


def write_blds(folder: Path, reg: Executor, year: int) -> Iterator[int]:
    """Write ``permits.csv``, ``inspections.csv`` and ``README.txt`` into ``folder``; yields
    rows written."""
    folder.mkdir(parents=True, exist_ok=True)
    counts = FeedCounts()
    yield write_feed_csv(folder / "permits.csv", PERMIT_HEADERS, permit_rows(reg, year, counts))
    yield write_feed_csv(
        folder / "inspections.csv", INSPECTION_HEADERS, inspection_rows(reg, year, counts)
    )
    (folder / "README.txt").write_text(readme(year, counts), encoding="utf-8")


def write_feed_csv(path: Path, headers: list[str], rows: Iterable[list]) -> int:
    """Plain UTF-8 CSV (no BOM: machine readers take it as part of the first header), values
    as recorded."""
    count = 0
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(headers)
        for row in rows:
            writer.writerow(row)
            count += 1
    return count


def readme(year: int, counts: FeedCounts) -> str:
    lines = [
        f"Village of Deerfield, WI - building permits {year} (BLDS v1, permitdata.org)",
        "",
        "permits.csv      one row per permit of the year (issued in it, or applied for in it",
        "                 and not yet issued)",
        "inspections.csv  one row per inspection done, scheduled or requested in the year",
        "",
        "Plain UTF-8 CSV, no byte-order mark; values exactly as recorded (text that starts with",
        "=, +, - or @ is not altered: open the file as data, not as a spreadsheet formula).",
        "PermitNum is unique. A permit not yet numbered carries its application's number and",
        "its kind (A-YYYY-NNNN-kind); its register record id is in ExtraFields.",
        "",
        f"Permits of the year:       {counts.permits_in_year:>7,}",
        f"  published:               {counts.permits_written:>7,}"
        f"  ({counts.unnumbered:,} not yet numbered)",
    ]
    lines += _excluded(counts.permits_excluded)
    lines += [
        f"Inspections of the year:   {counts.inspections_in_year:>7,}",
        f"  published:               {counts.inspections_written:>7,}",
    ]
    lines += _excluded(counts.inspections_excluded)
    return "\n".join(lines) + "\n"


def _excluded(reasons: Counter) -> list[str]:
    if not reasons:
        return ["  not published:                 0"]
    return [f"  not published: {n:>13,}  {reason}" for reason, n in sorted(reasons.items())]
