"""Applications at the counter: drafts saved and resumed, parties and parcels, submission.

A draft is the wizard's whole state in ``applications.project_json`` (status ``draft``), so
the clerk can stop mid-way and resume. Submitting assesses the project with the engine,
numbers the application, creates one permit row per permit the engine names, starts each
review with its deadline, and writes the fee lines, all in one transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from typing import Any, cast

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.assessment import Assessment, assess_project
from deerfield_desk.models.codes import ApplicationStatus
from deerfield_desk.models.dwelling_units import check_dwelling_units, housing_units
from deerfield_desk.models.fee_lines import FeeLine, base_building_fee, fee_lines
from deerfield_desk.models.money import parse_dollars
from deerfield_desk.models.project import Project, parse_project
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.models.wizard_fields import project_input
from deerfield_desk.store import rows
from deerfield_desk.store.journal import utc_now
from deerfield_desk.store.ledger import add_fee, fee_schedule
from deerfield_desk.store.numbering import assign_application_number
from deerfield_desk.store.permits_lifecycle import start_review
from deerfield_desk.store.register import Register, decision
from deerfield_desk.store.rows import ApplicationRow, PermitRow
from deerfield_desk.store.zoning_table import district_for

EMPTY_STATE: dict[str, Any] = {
    "site": {}, "parties": {}, "work": None, "answers": {}, "received": {}, "description": ""
}  # fmt: skip


@dataclass
class Preview:
    project: Project
    assessment: Assessment
    fees: list[FeeLine]


# -- parties and parcels ---------------------------------------------------------------------
ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def contains_pattern(text: str) -> str:
    """A ``LIKE`` pattern for "contains ``text``, ignoring case", the same on every engine:
    both sides are lower-cased explicitly (SQLite's LIKE ignores ASCII case, PostgreSQL's does
    not), and ``%``, ``_`` and ``\\`` typed by the clerk match themselves. Only ASCII letters
    are folded, as SQLite's ``lower()`` folds only those: "É" still finds "É"."""
    escaped = text.strip().translate(ASCII_LOWER)
    for char in ("\\", "%", "_"):
        escaped = escaped.replace(char, "\\" + char)
    return f"%{escaped}%"


def find_people(reg: Register, text: str = "", limit: int = 50) -> list[dict]:
    like = contains_pattern(text)
    return reg.query(
        "SELECT * FROM people WHERE status = 'active' AND (lower(name) LIKE ? ESCAPE '\\' "
        "OR lower(firm) LIKE ? ESCAPE '\\' OR lower(credential_number) LIKE ? ESCAPE '\\') "
        "ORDER BY name LIMIT ?",
        (like, like, like, limit),
    )


@decision
def add_person(reg: Register, person: dict, *, contractor: bool = False) -> dict:
    """A new owner, applicant or contractor; a contractor needs a state credential number."""
    name = (person.get("name") or "").strip()
    if not name:
        raise InvalidInput("name", "say who this is")
    if contractor and not (person.get("credential_number") or "").strip():
        raise InvalidInput(
            "credential_number", "a contractor's state credential number is required"
        )
    keys = ("firm", "phone", "email", "mailing_address", "credential_type", "credential_number",
            "credential_expires")  # fmt: skip
    values = {"name": name, **{k: (person.get(k) or "").strip() or None for k in keys}}
    if values["credential_expires"]:
        try:
            expires = date.fromisoformat(values["credential_expires"])
            values["credential_expires"] = expires.isoformat()
        except ValueError:
            raise InvalidInput("credential_expires", "a date as YYYY-MM-DD") from None
    values["is_firm"] = int(bool(person.get("is_firm")))
    return reg.insert("people", values)


def find_parcels(reg: Register, text: str = "", limit: int = 50) -> list[dict]:
    like = contains_pattern(text)
    return reg.query(
        "SELECT * FROM parcels WHERE status = 'active' AND (lower(address_text) LIKE ? "
        "ESCAPE '\\' OR lower(parcel_number) LIKE ? ESCAPE '\\') "
        "ORDER BY street, house_number LIMIT ?",
        (like, like, limit),
    )


def check_site(site: dict) -> None:
    if not site.get("parcel_uuid"):
        if not (site.get("street") or "").strip():
            raise InvalidInput("street", "the street of the site is required")
        if not (site.get("parcel_number") or "").strip():
            raise InvalidInput("parcel_number", "the tax parcel number is required")


@decision
def site_parcel(reg: Register, site: dict) -> dict:
    """The chosen parcel, or a new parcel record made from the site page."""
    if site.get("parcel_uuid"):
        return reg.get("parcels", site["parcel_uuid"])
    check_site(site)
    number = site["parcel_number"].strip()
    existing = reg.query_one("SELECT * FROM parcels WHERE parcel_number = ?", (number,))
    if existing:
        return existing
    house, street = (site.get("house_number") or "").strip(), site["street"].strip()
    return reg.insert(
        "parcels",
        {
            "parcel_number": number,
            "house_number": house or None,
            "street": street,
            "legal_description": (site.get("legal_description") or "").strip() or None,
            "platted_lot": int(bool(site.get("on_platted_lot"))),
            "fire_limits": int(bool(site.get("fire_limits"))),
            "sensitive_area": int(bool(site.get("sensitive_area"))),
            "zoning": site.get("zoning") or None,
            "address_text": f"{house} {street}".strip(),
        },
    )


# -- drafts ---------------------------------------------------------------------------------
@decision
def save_draft(reg: Register, state: dict, app_uuid: str | None = None) -> ApplicationRow:
    """Store the wizard state; a new draft on first save, the same row after."""
    state = {**EMPTY_STATE, **state}
    values = {
        "project_json": json.dumps(state, sort_keys=True),
        "received_json": json.dumps(state.get("received") or {}, sort_keys=True),
        "description": (state.get("description") or "").strip() or None,
    }
    if app_uuid is None:
        created = reg.insert(
            "applications", {**values, "status": ApplicationStatus.DRAFT, "created_at": utc_now()}
        )
        return cast(ApplicationRow, created)
    current = rows.application(reg, app_uuid)
    if current["status"] != ApplicationStatus.DRAFT:
        raise NotAllowed("only a draft application can be edited; this one was submitted")
    return cast(ApplicationRow, reg.update("applications", app_uuid, values, action="save_draft"))


def load_state(reg: Register, app_uuid: str) -> dict:
    row = rows.application(reg, app_uuid)
    return {**EMPTY_STATE, **json.loads(row["project_json"] or "{}")}


def drafts(reg: Register) -> list[dict]:
    return reg.query(
        "SELECT uuid, description, created_at, project_json FROM applications "
        "WHERE status = 'draft' ORDER BY id DESC"
    )


@decision
def mark_received(reg: Register, app_uuid: str, key: str, value=True) -> ApplicationRow:
    """Tick (or untick, value False) one received item of any application, journaled."""
    row = rows.application(reg, app_uuid)
    received = json.loads(row["received_json"] or "{}")
    if value:
        received[key] = value
    else:
        received.pop(key, None)
    updated = reg.update("applications", app_uuid,
                         {"received_json": json.dumps(received, sort_keys=True)},
                         action="received", reason=key)  # fmt: skip
    return cast(ApplicationRow, updated)


# -- assessment -----------------------------------------------------------------------------
def preview(reg: Register, state: dict, on: date) -> Preview:
    """The engine's assessment of the wizard state and the fee lines it brings."""
    if not state.get("work"):
        raise InvalidInput("work", "choose the kind of work")
    site = dict(state.get("site") or {})
    district = district_for(reg, site.get("zoning"))  # the parcel's code, through the table
    site["zoning"] = district.value if district else None
    data = project_input(site, state["work"], state.get("answers") or {})
    schedule = fee_schedule(reg)
    base = base_building_fee(schedule, on, data.get("area_sqft"))
    if base is not None and data.get("started_without_permit"):
        data["base_fee"] = int(base) if base == base.to_integral_value() else float(base)
    project = parse_project(data)
    assessment = assess_project(project)
    return Preview(project, assessment, fee_lines(assessment, schedule, on, project.area_sqft))


def check_determined(assessment) -> None:
    """Unknown is not zero: a rule that needs a figure nobody gave blocks submission, naming
    the field and the section, instead of filing "no permit" or "no deposit" by default."""
    for u in assessment.undetermined:
        raise InvalidInput(u.field, f"still to determine before filing (§{u.basis}); "
                           "enter a figure, 0 if none")  # fmt: skip


def check_parties(parties: dict) -> None:
    if not parties.get("owner_uuid"):
        raise InvalidInput("owner", "choose or add the owner of the property")


@decision
def submit_application(reg: Register, app_uuid: str, on: date, calendar) -> list[PermitRow]:
    """Assess, number and file the application; returns the permits created (empty when the
    engine finds no permit is needed: the application is then closed as such)."""
    state = load_state(reg, app_uuid)
    check_site(state["site"])
    result = preview(reg, state, on)
    check_determined(result.assessment)
    with reg.transaction():
        app = rows.application(reg, app_uuid)
        if app["status"] != ApplicationStatus.DRAFT:
            raise NotAllowed("this application was already submitted")
        assessment_json = json.dumps(result.assessment.to_json(), sort_keys=True)
        if not result.assessment.permits:
            reg.update("applications", app_uuid, {"status": ApplicationStatus.NO_PERMIT_NEEDED,
                       "assessment_json": assessment_json}, action="close",
                       reason="the ordinance requires no permit for this work")  # fmt: skip
            return []
        check_parties(state["parties"])
        from deerfield_desk.store.application_contractors import check_trades, name_trades

        check_trades(reg, state["parties"])  # (imported here: it reads people, which reads us)
        parcel = site_parcel(reg, state["site"])
        people = {
            role: reg.get("people", state["parties"][f"{role}_uuid"])
            for role in ("owner", "applicant", "contractor")
            if state["parties"].get(f"{role}_uuid")
        }
        units = check_dwelling_units(state["work"], state["answers"], required=False)
        assign_application_number(reg, app_uuid, on)
        app = cast(ApplicationRow, reg.update(
            "applications",
            app_uuid,
            {
                "status": ApplicationStatus.SUBMITTED,
                "submitted_at": on.isoformat(),
                "assessment_json": assessment_json,
                "parcel_id": parcel["id"],
                "dwelling_units": units,
                **{f"{r}_id": p["id"] for r, p in people.items()},
            },
            action="submit",
        ))  # fmt: skip
        cost = state["answers"].get("estimated_cost")
        permits = []
        for p in result.assessment.permits:
            review = next((r for r in result.assessment.reviews if r.permit == p.type), None)
            validity = next((v for v in result.assessment.validity if v.permit == p.type), None)
            contractor = people.get("contractor")
            permit = reg.insert(
                "permits",
                {
                    "application_id": app["id"],
                    "kind": p.type,
                    "permit_class": p.permit_class,
                    "status": PermitStatus.SUBMITTED,
                    "structure": state["answers"].get("structure"),
                    "description": app["description"],
                    "estimated_cost_cents": parse_dollars(cost) if cost else None,
                    "housing_units": housing_units(state["work"], p.type, units),
                    "parcel_id": parcel["id"],
                    "address_text": parcel["address_text"],
                    "parcel_number": parcel["parcel_number"],
                    "owner_name": people["owner"]["name"],
                    "contractor_name": contractor["firm"] or contractor["name"]
                    if contractor
                    else None,
                    "applied_date": on.isoformat(),
                    "review_by": review.by if review else "building_inspector",
                    "review_basis": review.basis if review else None,
                    "validity_basis": validity.basis if validity else None,
                    "updated_at": utc_now(),
                },
            )
            for line in result.fees:
                if line.permit == p.type:
                    add_fee(
                        reg,
                        permit=permit,
                        code=line.code,
                        description=line.description,
                        amount_cents=line.amount_cents,
                        basis=line.basis,
                        note=line.note,
                    )
            permits.append(start_review(reg, permit["uuid"], on, calendar, review))
        name_trades(reg, cast(list[dict], permits), state["parties"])
    return permits
