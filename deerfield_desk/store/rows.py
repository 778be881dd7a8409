"""Typed records at the store boundary: one ``TypedDict`` per official record kind.

Why: rows cross from ``store/`` into ``documents/``, ``exports/`` and the UI as dicts, and a
misspelt key or a column that may be NULL used to show only when a clerk hit it. These types
say exactly which columns a row has and which may be None, so ``mypy`` (run by ``make test``)
catches a wrong key or an unchecked None where a row is used. They describe the table as the
migrations leave it; ``tests/test_store_rows.py`` fails when a migration adds, drops or
retypes a column without this file following.

Plain dicts at run time (a ``TypedDict`` costs nothing), so every existing caller keeps
working; the accessors below are the typed way in.
"""

from __future__ import annotations

from typing import TypedDict, cast

from deerfield_desk.store.register import Register


class PermitRow(TypedDict):
    """One row of ``permits`` as the store returns it."""

    id: int
    uuid: str
    application_id: int | None
    permit_number: str | None
    kind: str
    permit_class: str | None
    status: str
    structure: str | None
    description: str | None
    estimated_cost_cents: int | None
    housing_units: int
    parcel_id: int | None
    address_text: str | None
    parcel_number: str | None
    owner_name: str | None
    contractor_name: str | None
    applied_date: str | None
    issued_date: str | None
    expires_date: str | None
    finaled_date: str | None
    review_due: str | None
    conditions: str | None
    decision_reason: str | None
    status_before_hold: str | None
    void_reason: str | None
    updated_at: str | None
    review_by: str | None
    review_basis: str | None
    validity_basis: str | None
    decided_at: str | None
    owner_id: int | None


class ApplicationRow(TypedDict):
    """One row of ``applications`` as the store returns it."""

    id: int
    uuid: str
    application_number: str | None
    parcel_id: int | None
    owner_id: int | None
    applicant_id: int | None
    contractor_id: int | None
    description: str | None
    project_json: str
    assessment_json: str | None
    received_json: str
    status: str
    created_at: str
    submitted_at: str | None
    void_reason: str | None
    dwelling_units: int | None


class InspectionRow(TypedDict):
    """One row of ``inspections`` as the store returns it."""

    id: int
    uuid: str
    permit_id: int
    stage: str
    requested_at: str | None
    requested_by: str | None
    scheduled_for: str | None
    route_order: int | None
    inspected_at: str | None
    inspector: str | None
    result: str
    notes: str | None
    defects_json: str
    reinspection_of: int | None
    status: str
    void_reason: str | None
    contact_phone: str | None
    request_channel: str | None
    late_request: int
    due_by: str | None
    notice_kind: str | None
    schedule_reason: str | None
    cancel_reason: str | None
    order_reason: str | None
    corrects_id: int | None
    odd_confirmed: str | None


class NoticeRow(TypedDict):
    """One row of ``notices`` as the store returns it."""

    id: int
    uuid: str
    notice_number: str | None
    kind: str
    permit_id: int | None
    parcel_id: int | None
    recipient_id: int | None
    status: str
    facts: str | None
    sections: str | None
    remedy: str | None
    details_json: str
    issued_at: str | None
    served_at: str | None
    service_method: str | None
    due_date: str | None
    closed_at: str | None
    void_reason: str | None
    dates_json: str | None
    contractor_id: int | None
    copies_to: str | None
    received_at: str | None
    held_status: str | None
    lift_reason: str | None


class PersonRow(TypedDict):
    """One row of ``people``: an owner, applicant, contractor or firm on file."""

    id: int
    uuid: str
    name: str
    firm: str | None
    is_firm: int
    phone: str | None
    email: str | None
    mailing_address: str | None
    credential_type: str | None
    credential_number: str | None
    status: str
    void_reason: str | None
    credential_expires: str | None


class PermitContractorRow(TypedDict):
    """One contractor named on a permit for one trade (m0011)."""

    id: int
    uuid: str
    permit_id: int
    person_id: int
    trade: str
    credential_number: str | None
    credential_expires: str | None
    added_at: str
    status: str
    void_reason: str | None


class NoticeDocument(NoticeRow, total=False):
    """A notice as printed (``store.document_records.notice_record``): its row plus what the
    page names from the permit, parcel and people it points to. The extra keys are present
    only when the notice points to that record, so a renderer must say what it prints when
    one is absent."""

    permit_number: str | None
    permit_class: str | None
    site_address: str | None
    house_number: str | None
    recipient_name: str | None
    recipient_address: str | None
    contractor_name: str | None
    contractor_address: str | None
    raze_wording_approved: str | None


#: table → its row type (the test compares each with the schema)
class ReceiptRow(TypedDict):
    """One row of ``receipts`` (m0015): a numbered receipt for money taken at the counter."""

    id: int
    uuid: str
    receipt_number: str
    received_at: str
    payer_name: str
    method: str
    check_number: str | None
    amount_cents: int
    application_id: int | None
    received_by: str
    note: str | None
    status: str
    void_reason: str | None
    voided_at: str | None


class SignatureRow(TypedDict):
    """One row of ``signatures`` (m0017): a contractor's or owner's signature on screen."""

    id: int
    uuid: str
    inspection_id: int
    document: str
    signer_name: str
    signer_role: str
    strokes_json: str
    width: int
    height: int
    signed_at: str
    witnessed_by: str
    status: str
    void_reason: str | None


class ChecklistDraftRow(TypedDict):
    """One row of ``checklist_drafts`` (m0017): a half-answered erosion checklist."""

    id: int
    uuid: str
    permit_id: int
    inspection_id: int | None
    site_class: str
    larger_site: int
    purpose: str
    answers_json: str
    inspector: str
    saved_at: str
    status: str
    void_reason: str | None


class DefectLibraryRow(TypedDict):
    """One row of ``defect_library`` (m0017): the village's own frequent defect."""

    id: int
    uuid: str
    section: str
    description: str
    correction: str
    minor: int
    added_by: str
    added_at: str
    status: str
    void_reason: str | None


ROW_TYPES: dict[str, type] = {
    "permits": PermitRow,
    "applications": ApplicationRow,
    "inspections": InspectionRow,
    "notices": NoticeRow,
    "people": PersonRow,
    "permit_contractors": PermitContractorRow,
    "receipts": ReceiptRow,
    "signatures": SignatureRow,
    "checklist_drafts": ChecklistDraftRow,
    "defect_library": DefectLibraryRow,
}


def permit(reg: Register, permit_uuid: str) -> PermitRow:
    return cast(PermitRow, reg.get("permits", permit_uuid))


def permit_by_id(reg: Register, permit_id: int) -> PermitRow:
    return cast(PermitRow, reg.get_by_id("permits", permit_id))


def application(reg: Register, application_uuid: str) -> ApplicationRow:
    return cast(ApplicationRow, reg.get("applications", application_uuid))


def application_by_id(reg: Register, application_id: int) -> ApplicationRow:
    return cast(ApplicationRow, reg.get_by_id("applications", application_id))


def inspection(reg: Register, inspection_uuid: str) -> InspectionRow:
    return cast(InspectionRow, reg.get("inspections", inspection_uuid))


def notice(reg: Register, notice_uuid: str) -> NoticeRow:
    return cast(NoticeRow, reg.get("notices", notice_uuid))


def person(reg: Register, person_uuid: str) -> PersonRow:
    return cast(PersonRow, reg.get("people", person_uuid))


# -- year-end export rows (store/year_records.py): query shapes, not tables --------------------


class PermitRecord(TypedDict):
    """A permit as the records export lists it."""

    permit_number: str | None
    kind: str
    permit_class: str | None
    status: str
    structure: str | None
    description: str | None
    estimated_cost_cents: int | None
    housing_units: int
    address_text: str | None
    parcel_number: str | None
    owner_name: str | None
    contractor_name: str | None
    applied_date: str | None
    issued_date: str | None
    expires_date: str | None
    finaled_date: str | None
    conditions: str | None
    void_reason: str | None
    uuid: str
    application_number: str | None
    application_uuid: str | None
    counts: int  # 1 when the permit counts in the annual report (store/year_scope.py)


class InspectionRecord(TypedDict):
    permit_number: str | None
    stage: str
    result: str
    requested_at: str | None
    requested_by: str | None
    scheduled_for: str | None
    inspected_at: str | None
    inspector: str | None
    notes: str | None
    defects: int
    reinspection_of_uuid: str | None
    status: str
    void_reason: str | None
    permit_uuid: str
    uuid: str


class NoticeRecord(TypedDict):
    notice_number: str | None
    kind: str
    permit_number: str | None
    status: str
    recipient: str | None
    issued_at: str | None
    served_at: str | None
    service_method: str | None
    received_at: str | None
    due_date: str | None
    appeal_by: str | None
    appeal_filed_on: str | None
    appeal_late: int | None
    closed_at: str | None
    sections: str | None
    facts: str | None
    remedy: str | None
    void_reason: str | None
    uuid: str


class MoneyRecord(TypedDict):
    """A fee charged or a payment received (``entry`` says which)."""

    entry: str
    permit_number: str | None
    application_number: str | None
    code: str
    description: str | None
    amount_cents: int | None
    at: str
    status: str
    method: str | None
    receipt_number: str | None
    received_by: str | None
    void_reason: str | None
    permit_uuid: str | None
    application_uuid: str | None
    fee_uuid: str
    uuid: str


class DepositRecord(TypedDict):
    permit_number: str | None
    application_number: str | None
    kind: str
    amount_cents: int | None
    basis: str | None
    reference: str | None
    received_at: str | None
    status: str
    disposition_reason: str | None
    disposition_at: str | None
    void_reason: str | None
    permit_uuid: str | None
    uuid: str


class FeedPermit(TypedDict):
    """A permit as the open-data feed reads it (``store/year_feed.py``)."""

    uuid: str
    permit_number: str | None
    application_number: str | None
    description: str | None
    applied_date: str | None
    issued_date: str | None
    finaled_date: str | None
    status: str
    address_text: str | None
    unit: str | None
    city: str | None
    state: str | None
    zip: str | None
    structure: str | None
    updated_at: str | None
    kind: str
    estimated_cost_cents: int | None
    housing_units: int
    parcel_number: str | None
    contractor_name: str | None
    contractor_license: str | None
    expires_date: str | None
    permit_class: str | None
    work: str | None
    area_sqft: float | None
    co_issued: str | None
    fee_cents: int | None
    inspected: int


class FeedInspection(TypedDict):
    permit_uuid: str
    stage: str
    result: str
    scheduled_for: str | None
    inspected_at: str | None
    notes: str | None
    requested_at: str | None
    inspector: str | None
    status: str


class DefectRecord(TypedDict):
    """One defect found at an inspection, the correction asked for, and when a re-inspection
    found it corrected (``store/year_site_records.py``)."""

    permit_number: str | None
    stage: str
    inspected_at: str | None
    result: str
    defect_number: int
    section: str | None
    description: str | None
    correction: str | None
    minor: int
    corrected_on: str | None
    inspection_status: str
    inspection_uuid: str


class ChecklistVisitRecord(TypedDict):
    permit_number: str | None
    checklist: str
    checklist_version: str | None
    site_class: str
    purpose: str
    visited_at: str
    inspector: str
    notes: str | None
    deficient: int
    status: str
    void_reason: str | None
    uuid: str


class ChecklistItemRecord(TypedDict):
    permit_number: str | None
    visited_at: str
    item_code: str
    section: str
    response: str
    note: str | None
    status: str
    void_reason: str | None
    visit_uuid: str
    uuid: str


class OccupancyRecord(TypedDict):
    occupancy_number: str | None
    permit_number: str | None
    kind: str
    issued_on: str
    issued_by: str
    ends_on: str | None
    term_days: int | None
    use_text: str | None
    conditions: str | None
    minor_defects: int
    basis: str
    status: str
    void_reason: str | None
    uuid: str


class ExtensionRecord(TypedDict):
    permit_number: str | None
    granted_at: str
    days: int
    previous_expiry: str
    new_expiry: str
    approved_by: str
    reason: str | None
    fee_code: str | None
    fee_cents: int | None
    status: str
    void_reason: str | None
    uuid: str


class VoidRecord(TypedDict):
    voided_at: str | None
    table_name: str
    number: str | None
    reason: str | None
    voided_by: str | None
    uuid: str
