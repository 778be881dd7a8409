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


def permit_num(
    permit_number: str | None,
    application_number: str | None,
    kind: str,
    uuid: str,
    taken: set[str],
) -> str:
    """The permit's number; unnumbered: its application's number and kind, or its record id
    when it has no application number either (and a suffix if that is ever taken)."""
    if permit_number:
        base = permit_number
    elif application_number:
        base = f"{application_number}-{kind}"
    else:
        base = uuid
    number, n = base, 1
    while number in taken:
        n += 1
        number = f"{base}-{n}"
    taken.add(number)
    return number


#: The feed's columns in the order the row builders unpack them: tuples, not a dict per row
#: (the 10,000-permit year is 60,000 feed rows; building dicts was a third of the feed's time).
PERMIT_KEYS = (
    "uuid", "permit_number", "application_number", "kind", "status", "structure",
    "description", "applied_date", "issued_date", "finaled_date", "address_text", "unit",
    "city", "state", "zip", "updated_at", "work", "estimated_cost_cents", "housing_units",
    "area_sqft", "parcel_number", "contractor_name", "contractor_license", "co_issued",
    "expires_date", "fee_cents", "permit_class", "inspected",
)  # fmt: skip
INSPECTION_KEYS = (
    "permit_uuid", "status", "stage", "result", "scheduled_for", "inspected_at", "notes",
    "requested_at", "inspector",
)  # fmt: skip


def permit_rows(reg: Executor, year: int, counts: FeedCounts) -> Iterator[list]:
    taken: set[str] = set()
    for (
        uuid, permit_number, application_number, kind, status, structure, description,
        applied, issued, finaled, address, unit, city, state, zip_code, updated, work, cost,
        units, area, parcel, contractor, license_number, co_issued, expires, fee_cents, pclass,
        inspected,
    ) in FEED_PERMITS.columns(reg, year, PERMIT_KEYS):  # fmt: skip
        counts.permits_in_year += 1
        if status in UNPUBLISHED_STATUS:
            counts.permits_excluded[UNPUBLISHED_STATUS[status]] += 1
            continue
        if not permit_number:
            counts.unnumbered += 1
        number = counts.numbers[uuid] = permit_num(
            permit_number, application_number, kind, uuid, taken
        )
        counts.permits_written += 1
        mapped = STATUS_MAPPED.get(status, "")
        if mapped == "Permit Issued" and inspected:
            mapped = "Inspection Phase"
        type_mapped = "Pool/Spa" if structure == "swimming_pool" else TYPE_MAPPED.get(kind, "")
        extra = {"class": pclass} if pclass else {}
        if not permit_number:
            extra["record_id"] = uuid
        work = work or ""
        yield [
            number, description, _date(applied), _date(issued), _date(finaled), status,
            address, unit or "", city or "Deerfield", state or "WI", zip_code or "53531",
            structure or "", _class_mapped(structure), mapped, _date(updated), kind,
            type_mapped, TYPE_DESC.get(kind, kind), work,
            ("New" if work in NEW_WORK else "Existing") if work else "",
            dollars(cost), units or 0, f"{area:g}" if area else "", parcel or "",
            contractor or "", license_number or "", _date(co_issued), _date(expires),
            dollars(fee_cents), "Village of Deerfield",
            json.dumps(extra, sort_keys=True) if extra else "",
        ]  # fmt: skip


def _class_mapped(structure: str | None) -> str:
    if not structure:
        return ""
    return "Non-Residential" if structure in NON_RESIDENTIAL else "Residential"


def stage_columns(stage: str | None) -> tuple[str, str, str]:
    """InspTypeMapped, Description and Final of a stage code (worked out once per code)."""
    text = stage or ""
    return (
        stage_mapped(stage),
        text.replace("_", " ").capitalize(),
        "Yes" if "final" in text.lower() else "No",
    )


def result_columns(result: str | None) -> tuple[str, str]:
    """ResultMapped and ReInspection of a result code."""
    return (
        RESULT_MAPPED.get(result or "", ""),
        "Yes" if result in ("failed", "partial", "not_ready") else "No",
    )


def inspection_rows(reg: Executor, year: int, counts: FeedCounts) -> Iterator[list]:
    numbers = counts.numbers
    # a year has a dozen stage codes and five results: each is mapped once, not per row
    stages: dict[str | None, tuple[str, str, str]] = {}
    results: dict[str | None, tuple[str, str]] = {}
    for (
        permit_uuid, status, stage, result, scheduled, inspected, notes, requested, inspector,
    ) in FEED_INSPECTIONS.columns(reg, year, INSPECTION_KEYS):  # fmt: skip
        counts.inspections_in_year += 1
        number = numbers.get(permit_uuid)
        if status == "voided":
            counts.inspections_excluded["voided (entered in error; see the records export)"] += 1
            continue
        if number is None:
            counts.inspections_excluded["on a permit not published (see above)"] += 1
            continue
        counts.inspections_written += 1
        staged = stages.get(stage)
        if staged is None:
            staged = stages[stage] = stage_columns(stage)
        resulted = results.get(result)
        if resulted is None:
            resulted = results[result] = result_columns(result)
        yield [
            number, stage, staged[0], result, resulted[0], (scheduled or "")[:10],
            (inspected or "")[:10], notes or "", staged[1], staged[2], (requested or "")[:10],
            resulted[1], inspector or "",
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
