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
from dataclasses import dataclass

from deerfield_desk.errors import InvalidInput, RecordNotFound
from deerfield_desk.models.notices import kind_rule
from deerfield_desk.store.document_sources import (
    applicable_stages,
    checklist_visit_record,
    occupancy_of,
    photos_of,
)
from deerfield_desk.store.register import Register

PERMIT_KINDS = {
    "permit-card",
    "placard",
    "occupancy",
    "decision",
    "inspection-report",
    "checklist-report",
}
NOTICE_KINDS = {"stop-work", "violation", "house-number", "raze-order"}
KINDS = sorted(PERMIT_KINDS | NOTICE_KINDS)


@dataclass
class DocumentRequest:
    kind: str
    ref: str
    record: dict


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


def notice_record(reg: Register, number: str) -> dict:
    notice = reg.query_one("SELECT * FROM notices WHERE notice_number = ?", (number,))
    if notice is None:
        raise RecordNotFound(f"no notice numbered {number}")
    record = dict(notice)
    if notice["permit_id"]:
        permit = reg.get_by_id("permits", notice["permit_id"])
        record.update(
            permit_number=permit["permit_number"],
            permit_class=permit["permit_class"],
            site_address=permit["address_text"],
        )
    if notice["parcel_id"]:
        parcel = reg.get_by_id("parcels", notice["parcel_id"])
        record["site_address"] = record.get("site_address") or parcel["address_text"]
        record["house_number"] = parcel["house_number"]
    if notice["recipient_id"]:
        person = reg.get_by_id("people", notice["recipient_id"])
        record.update(recipient_name=person["name"], recipient_address=person["mailing_address"])
    return record


def inspection_record(reg: Register, permit: dict, *, erosion: bool) -> dict:
    where = "AND stage LIKE '%erosion%'" if erosion else ""
    row = reg.query_one(
        f"SELECT * FROM inspections WHERE permit_id = ? AND status != 'voided' {where} "
        "ORDER BY COALESCE(inspected_at, scheduled_for, requested_at) DESC, id DESC LIMIT 1",
        (permit["id"],),
    )
    if row is None:
        what = "erosion control inspection" if erosion else "inspection"
        raise RecordNotFound(f"permit {permit['permit_number']} has no {what} yet")
    record = {**permit, **row, "permit_number": permit["permit_number"]}
    record["photos"] = photos_of(reg, "inspections", [row["uuid"]])
    stored = json.loads(row["defects_json"] or "[]")
    if isinstance(stored, dict):
        record["items"] = stored.get("checklist") or []
        record["defects"] = stored.get("defects") or []
    elif stored and all(isinstance(d, dict) and "answer" in d for d in stored):
        record["items"], record["defects"] = stored, []
    else:
        record["items"], record["defects"] = [], stored
    return record


def load_document(reg: Register, kind: str, ref: str) -> DocumentRequest:
    """The record for ``kind`` and ``ref`` (a permit or notice number); raises
    InvalidInput (bad kind/ref) or RecordNotFound."""
    if kind not in PERMIT_KINDS | NOTICE_KINDS:
        raise InvalidInput("KIND", f"unknown document kind {kind!r} (one of {', '.join(KINDS)})")
    if kind in NOTICE_KINDS:
        if not re.fullmatch(r"N-\d{4}-\d{4,}", ref):
            raise InvalidInput("REF", f"{ref!r} is not a notice number (N-YYYY-NNNN)")
        record = notice_record(reg, ref)
        rule = kind_rule(record["kind"])
        if rule.cli_kind != kind:
            raise InvalidInput(
                "REF", f"notice {ref} is a {rule.title.lower()}; render it as {rule.cli_kind}"
            )
        return DocumentRequest(kind, ref, record)
    if kind == "decision" and re.fullmatch(r"A-\d{4}-\d{4,}", ref):
        # a rejected application never gets a permit number: find it by its application
        return DocumentRequest(kind, ref, application_permit_record(reg, ref))
    if not re.fullmatch(r"\d{4}-\d{4,}", ref):
        raise InvalidInput("REF", f"{ref!r} is not a permit number (YYYY-NNNN)")
    record = permit_record(reg, ref)
    if kind == "permit-card" and not record.get("inspection_stages"):
        stages = applicable_stages(reg, record)
        if stages:
            record["inspection_stages"] = stages
    if kind == "occupancy":
        stored = occupancy_of(reg, record)
        if stored is not None:
            record["occupancy"] = stored
    if kind == "checklist-report":
        visit = checklist_visit_record(reg, record)
        if visit is not None:
            return DocumentRequest(kind, ref, visit)
    if kind in ("inspection-report", "checklist-report"):
        record = inspection_record(reg, record, erosion=kind == "checklist-report")
    return DocumentRequest(kind, ref, record)


def placards_issued(reg: Register, start: str, end: str) -> list[dict]:
    """Placard records for building permits issued from ``start`` to ``end`` (ISO, inclusive),
    in permit-number order; permits without a house number on their parcel are left out (there
    is nothing to print)."""
    rows = reg.query(
        "SELECT p.permit_number, p.address_text, pa.house_number, pa.street "
        "FROM permits p JOIN parcels pa ON pa.id = p.parcel_id "
        "WHERE p.issued_date BETWEEN ? AND ? AND p.permit_number IS NOT NULL "
        "AND p.status NOT IN ('voided', 'revoked') "
        "AND COALESCE(pa.house_number, '') != '' ORDER BY p.permit_number",
        (start, end),
    )
    return rows
