"""Gather what a document prints from the register, as one plain dict per document.

The renderers know nothing of SQL; this module joins permits, parcels, people, notices,
inspections and attachments into the flat records they take. ``load_document(reg, kind, ref)``
is what the ``render`` command and the print preview call.

Data other features own is read defensively, so documents print whichever features are
installed: the permit card takes the applicable stages from the inspections feature
(``store.inspections.planned_stages``) when present, else all of §12.12(5); the Exhibit A
report takes the latest ``checklist_visits`` visit when that table exists, else answers kept
in an erosion inspection's ``defects_json``. Photo paths are resolved against the register's
photos folder.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from deerfield_desk.errors import DeskError, InvalidInput, RecordNotFound
from deerfield_desk.models.notices import kind_rule
from deerfield_desk.store.document_sources import (
    applicable_stages,
    checklist_visit_record,
    occupancy_of,
    photos_of,
)
from deerfield_desk.store.register import Register
from deerfield_desk.store.rows import NoticeDocument
from deerfield_desk.store.signatures import signatures_for
from deerfield_desk.store.visit_carry import photo_owners, signatures_in_force

PERMIT_KINDS = {
    "permit-card",
    "placard",
    "occupancy",
    "decision",
    "inspection-report",
    "checklist-report",
    "correction-notice",
}
NOTICE_KINDS = {"stop-work", "violation", "house-number", "raze-order"}
#: Cashiering documents (store/receipt_records.py): a receipt by its number, the daily
#: deposit report by its day.
CASH_KINDS = {"receipt", "deposit-report"}
#: Reports of a whole year, by the year (``2025``): the Village Board's annual report.
YEAR_KINDS = {"annual-report"}
KINDS = sorted(PERMIT_KINDS | NOTICE_KINDS | CASH_KINDS | YEAR_KINDS)


@dataclass
class DocumentRequest:
    kind: str
    ref: str
    #: a notice as printed (``NoticeDocument``) or a permit with what its documents name
    record: Mapping[str, Any]


def permit_record(reg: Register, number: str) -> dict:
    permit = reg.query_one("SELECT * FROM permits WHERE permit_number = ?", (number,))
    if permit is None:
        raise RecordNotFound(f"no permit numbered {number}")
    return _with_links(reg, dict(permit))


def _with_links(reg: Register, record: dict) -> dict:
    permit = dict(record)
    if permit["parcel_id"]:
        parcel = reg.get_by_id("parcels", permit["parcel_id"])
        record.update(house_number=parcel["house_number"], street=parcel["street"])
        record["address_text"] = record["address_text"] or parcel["address_text"]
    if permit["application_id"]:
        app = reg.get_by_id("applications", permit["application_id"])
        record["application_number"] = app["application_number"]
        person_id = app["applicant_id"] or app["owner_id"]
        if person_id:
            person = reg.get_by_id("people", person_id)
            record["applicant_name"] = person["name"]
            record["applicant_address"] = person["mailing_address"]
        stages = json.loads(app["assessment_json"] or "{}").get("inspection_stages")
        if stages:
            record["inspection_stages"] = stages
        project = json.loads(app.get("project_json") or "{}")
        if isinstance(project, dict):  # §12.19(1): a moving permit names route and time limit
            for key in ("route", "time_limit", "structure_use"):
                if project.get(key):
                    record.setdefault(key, project[key])
    return record


def application_permit_record(reg: Register, number: str) -> dict:
    row = reg.query_one(
        "SELECT p.permit_number, p.uuid FROM permits p JOIN applications a "
        "ON a.id = p.application_id WHERE a.application_number = ? ORDER BY "
        "p.status NOT IN ('approved', 'conditionally_approved', 'rejected'), p.id LIMIT 1",
        (number,),
    )
    if row is None:
        raise RecordNotFound(f"no permit application numbered {number}")
    if row["permit_number"]:
        return permit_record(reg, row["permit_number"])
    permit = reg.get("permits", row["uuid"])
    return _with_links(reg, dict(permit))


def notice_record(reg: Register, number: str) -> NoticeDocument:
    notice = reg.query_one("SELECT * FROM notices WHERE notice_number = ?", (number,))
    if notice is None:
        raise RecordNotFound(f"no notice numbered {number}")
    record = cast(NoticeDocument, dict(notice))
    if notice["permit_id"]:
        permit = reg.get_by_id("permits", notice["permit_id"])
        record["permit_number"] = permit["permit_number"]
        record["permit_class"] = permit["permit_class"]
        record["site_address"] = permit["address_text"]
    if notice["parcel_id"]:
        parcel = reg.get_by_id("parcels", notice["parcel_id"])
        record["site_address"] = record.get("site_address") or parcel["address_text"]
        record["house_number"] = parcel["house_number"]
    if notice["recipient_id"]:
        person = reg.get_by_id("people", notice["recipient_id"])
        record["recipient_name"] = person["name"]
        record["recipient_address"] = person["mailing_address"]
    if notice.get("contractor_id"):
        person = reg.get_by_id("people", notice["contractor_id"])
        record["contractor_name"] = person["name"]
        record["contractor_address"] = person["mailing_address"]
    if notice["kind"] == "raze_order":
        record["raze_wording_approved"] = raze_wording_approval(reg)
    return record


RAZE_WORDING_KEY = "notices.raze_wording_approved_by"


def raze_wording_approval(reg: Register) -> str | None:
    """Who approved the raze order's wording, and when ("Name, 2026-12-01"), else None: the
    wording is marked "for review by the village attorney" until someone approves it."""
    return reg.get_setting(RAZE_WORDING_KEY) or None


def approve_raze_wording(reg: Register, approved_by: str, on) -> None:
    if not (approved_by or "").strip():
        raise InvalidInput("approved_by", "name who approved the raze order's wording")
    reg.set_setting(RAZE_WORDING_KEY, f"{approved_by.strip()}, {on.isoformat()}")


def still_needed(reg: Register, permit: dict) -> list[str] | None:
    """What an approved permit still needs before it is issued (the lifecycle's own issuance
    check); None when the check cannot be made for this permit (no assessment on file)."""
    from datetime import date

    from deerfield_desk.store.permits_lifecycle import check_issuance

    try:
        return [str(u) for u in check_issuance(reg, permit["uuid"], date.today())]
    except (DeskError, KeyError, ValueError, TypeError):
        return None


def inspection_record(
    reg: Register, permit: dict, *, erosion: bool, visit_id: int | None = None
) -> dict:
    """The visit the user chose (``visit_id``), else the latest visit with a result: never
    the empty re-inspection a failed visit opens (it has nothing to report yet)."""
    where = "AND stage LIKE '%erosion%'" if erosion else ""
    if visit_id is not None:
        row = reg.query_one(
            "SELECT * FROM inspections WHERE permit_id = ? AND id = ?", (permit["id"], visit_id)
        )
        if row is None:
            raise RecordNotFound(f"permit {permit['permit_number']} has no visit {visit_id}")
    else:
        row = reg.query_one(
            f"SELECT * FROM inspections WHERE permit_id = ? AND status != 'voided' {where} "
            "AND result NOT IN ('requested') AND inspected_at IS NOT NULL "
            "ORDER BY inspected_at DESC, id DESC LIMIT 1",
            (permit["id"],),
        )
    if row is None:
        what = "erosion control inspection" if erosion else "inspection"
        raise RecordNotFound(f"permit {permit['permit_number']} has no recorded {what} yet")
    record = {**permit, **row, "permit_number": permit["permit_number"]}
    # a visit recorded again shows what its voided record had (store.visit_carry)
    record["photos"] = photos_of(reg, "inspections", photo_owners(reg, row))
    record["signatures"] = signatures_in_force(reg, row, signatures_for(reg, row["id"]))
    stored = json.loads(row["defects_json"] or "[]")
    if isinstance(stored, dict):
        record["items"] = stored.get("checklist") or []
        record["defects"] = stored.get("defects") or []
    elif stored and all(isinstance(d, dict) and "answer" in d for d in stored):
        record["items"], record["defects"] = stored, []
    else:
        record["items"], record["defects"] = [], [defect_as_printed(d) for d in stored]
    return record


def defect_as_printed(defect) -> dict:
    """A defect as ``store.inspections`` writes it (section, description, correction, minor)
    in the report's words (item, section, note); older rows already in those words pass."""
    if not isinstance(defect, dict):
        return {"item": str(defect), "section": "", "note": ""}
    return {
        "item": defect.get("item") or defect.get("description") or "",
        "section": defect.get("section") or "",
        "note": defect.get("note") or defect.get("correction") or "",
        "minor": bool(defect.get("minor")),
    }


def inspection_visits(reg: Register, permit_number: str) -> list[dict]:
    """The permit's recorded visits, newest first, for choosing which report to print."""
    return reg.query(
        "SELECT i.id, i.stage, i.result, i.inspected_at FROM inspections i "
        "JOIN permits p ON p.id = i.permit_id WHERE p.permit_number = ? "
        "AND i.status != 'voided' AND i.inspected_at IS NOT NULL "
        "ORDER BY i.inspected_at DESC, i.id DESC",
        (permit_number,),
    )


def year_report_record(reg: Register, ref: str) -> dict:
    """The annual report's record: ``{"stats": AnnualStats}`` of year ``ref`` (``2025``).
    A year before the register begins, or one still to come, is refused by name rather than
    printed as a report of zeros (a quiet year in between is a report of what happened)."""
    from datetime import date

    from deerfield_desk.store import year_counts
    from deerfield_desk.store.year_records import register_years

    if not re.fullmatch(r"\d{4}", ref.strip()):
        raise InvalidInput("REF", f"{ref!r} is not a year (YYYY, e.g. 2025)")
    year = int(ref)
    years = register_years(reg)
    if years is None:
        raise InvalidInput("REF", "the register holds no permits yet: there is no annual report")
    first, last = years[0], max(years[1], date.today().year)
    if not first <= year <= last:
        raise InvalidInput(
            "REF", f"no annual report for {year}: the register covers {first} to {last}"
        )
    return {"stats": year_counts.compute(reg, year)}


def load_document(reg: Register, kind: str, ref: str) -> DocumentRequest:
    """The record for ``kind`` and ``ref`` (a permit or notice number); raises
    InvalidInput (bad kind/ref) or RecordNotFound."""
    if kind not in PERMIT_KINDS | NOTICE_KINDS | CASH_KINDS | YEAR_KINDS:
        raise InvalidInput("KIND", f"unknown document kind {kind!r} (one of {', '.join(KINDS)})")
    if kind in YEAR_KINDS:
        return DocumentRequest(kind, ref, year_report_record(reg, ref))
    if kind in CASH_KINDS:
        from deerfield_desk.store import receipt_records

        if kind == "receipt":
            return DocumentRequest(kind, ref, receipt_records.receipt_record(reg, ref))
        return DocumentRequest(kind, ref, receipt_records.deposit_report_record(reg, ref))
    if kind in NOTICE_KINDS:
        if not re.fullmatch(r"N-\d{4}-\d{4,}", ref):
            raise InvalidInput("REF", f"{ref!r} is not a notice number (N-YYYY-NNNN)")
        notice = notice_record(reg, ref)
        rule = kind_rule(notice["kind"])
        if rule.cli_kind != kind:
            raise InvalidInput(
                "REF", f"notice {ref} is a {rule.title.lower()}; render it as {rule.cli_kind}"
            )
        return DocumentRequest(kind, ref, notice)
    if kind == "decision" and re.fullmatch(r"A-\d{4}-\d{4,}", ref):
        # a rejected application never gets a permit number: find it by its application
        return DocumentRequest(kind, ref, application_permit_record(reg, ref))
    visit_id = None
    if kind in ("inspection-report", "correction-notice") and "/" in ref:
        ref, _, visit = ref.partition("/")  # 2026-0042/17: that visit of the permit
        if not visit.isdigit():
            raise InvalidInput("REF", f"{visit!r} is not a visit number")
        visit_id = int(visit)
    if not re.fullmatch(r"\d{4}-\d{4,}", ref):
        raise InvalidInput("REF", f"{ref!r} is not a permit number (YYYY-NNNN)")
    record = permit_record(reg, ref)
    if kind == "placard":
        refusal = placard_refusal(reg, record)
        if refusal:
            raise InvalidInput("REF", refusal)
    if kind == "decision" and record["status"] in ("approved", "conditionally_approved"):
        record["still_needed"] = still_needed(reg, record)
    if kind == "permit-card" and not record.get("inspection_stages"):
        stages = applicable_stages(reg, record)
        if stages:
            record["inspection_stages"] = stages
    if kind == "occupancy":
        recorded = occupancy_of(reg, record)
        if recorded is None:
            raise RecordNotFound(
                f"permit {ref} has no occupancy permit recorded: issue it in the register "
                "first (§12.16); it is issued only when every required inspection passed"
            )
        record["occupancy"] = recorded
    if kind == "checklist-report":
        latest = checklist_visit_record(reg, record)
        if latest is not None:
            return DocumentRequest(kind, ref, latest)
    if kind in ("inspection-report", "checklist-report", "correction-notice"):
        record = inspection_record(
            reg, record, erosion=kind == "checklist-report", visit_id=visit_id
        )
    return DocumentRequest(kind, ref, record)


#: §12.32(3): a placard goes with the permit for a house, building or primary structure that
#: is erected or located in the village: new buildings, and buildings moved in.
PLACARD_WORK = ("new_building", "move_building")
PLACARD_SQL = (
    "EXISTS (SELECT 1 FROM applications a WHERE a.id = p.application_id AND "
    "json_extract(a.project_json, '$.work') IN ('new_building', 'move_building'))"
)


def placard_refusal(reg: Register, permit: dict) -> str | None:
    """Why this permit gets no address placard, or None when it does (§12.32(3))."""
    row = reg.query_one(
        f"SELECT {PLACARD_SQL} AS ok FROM permits p WHERE p.id = ?", (permit["id"],)
    )
    if not row or not row["ok"]:
        return (
            f"permit {permit['permit_number']} is not for a house, building or primary "
            "structure erected or moved into the village: no address placard (§12.32(3))"
        )
    if not (permit.get("house_number") or "").strip():
        return f"the parcel of permit {permit['permit_number']} has no house number assigned"
    return None


def placards_issued(reg: Register, start: str, end: str) -> list[dict]:
    """Placard records for permits issued from ``start`` to ``end`` (ISO, inclusive) for a
    house, building or primary structure (§12.32(3)), in permit-number order; permits without
    a house number on their parcel are left out (there is nothing to print)."""
    rows = reg.query(
        "SELECT p.permit_number, p.kind, p.address_text, pa.house_number, pa.street "
        "FROM permits p JOIN parcels pa ON pa.id = p.parcel_id "
        "WHERE p.issued_date BETWEEN ? AND ? AND p.permit_number IS NOT NULL "
        f"AND p.status NOT IN ('voided', 'revoked') AND {PLACARD_SQL} "
        "AND COALESCE(pa.house_number, '') != '' ORDER BY p.permit_number",
        (start, end),
    )
    return rows
