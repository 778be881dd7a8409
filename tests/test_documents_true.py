"""Issue 14, items 9-16: documents that are true when they are printed. Data is built through
the store's functions where the store has them; each test renders the PDF and reads its text."""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest

from deerfield_desk.documents import RENDERERS
from deerfield_desk.documents.layout import letterhead_height
from deerfield_desk.documents.village import SettingsMissing, VillageSettings
from deerfield_desk.errors import InvalidInput, NotAllowed, RecordNotFound
from deerfield_desk.store import inspections, notices, occupancy
from deerfield_desk.store.document_records import load_document, placards_issued
from deerfield_desk.store.village_calendar import village_calendar
from tests.documents_fixtures import SETTINGS, pdf_text
from tests.notices_fixtures import build_permits


@pytest.fixture
def ids(register):
    out = build_permits(register)
    app = register.get_by_id("applications", out["permit1"]["application_id"])
    project = {"work": "new_building", "structure": "dwelling"}
    register.update("applications", app["uuid"], {"project_json": json.dumps(project)})
    return out


def render(reg, kind, ref, settings=SETTINGS) -> bytes:
    request = load_document(reg, kind, ref)
    return RENDERERS[kind](request.record, settings, calendar=village_calendar(reg))


def text(reg, kind, ref) -> str:
    return pdf_text(render(reg, kind, ref))


def a_permit(reg, ids, number, kind, **values) -> dict:
    base = {k: ids["permit1"][k] for k in ("parcel_id", "application_id", "address_text")}
    return reg.insert("permits", {**base, "permit_number": number, "kind": kind,
                                  "status": "issued", "issued_date": "2026-11-02",
                                  "expires_date": "2028-11-02", "applied_date": "2026-10-20",
                                  "owner_name": "Owner 1", **values})  # fmt: skip


def test_occupancy_only_when_every_stage_passed_and_numbered_from_the_permit(register, ids):
    """Item 9 (§12.16, §12.12(8))."""
    permit = ids["permit1"]
    with pytest.raises(NotAllowed, match="every required inspection"):
        occupancy.issue_occupancy(register, permit["uuid"], date(2026, 11, 30))
    with pytest.raises(RecordNotFound, match="no occupancy permit recorded"):
        render(register, "occupancy", permit["permit_number"])
    assert occupancy.next_occupancy_number(register, permit) == "2026-0041-OC1"


def failed_visit(reg, permit) -> tuple[dict, dict]:
    stage = inspections.planned_stages(reg, permit["uuid"])[0].stage.code
    visit = inspections.request_inspection(
        reg, permit["uuid"], stage, requested_by="Badger Builders",
        requested_at=datetime(2026, 11, 20, 8, 0))  # fmt: skip
    return inspections.record_result(
        reg, visit["uuid"], "failed", inspected_at=datetime(2026, 11, 24, 10, 30),
        defects=[{"section": "12.08", "description": "Footing 30 in deep, 48 in required",
                  "correction": "Deepen to 48 in and call for re-inspection"},
                 {"section": "12.21", "description": "Debris in the side yard",
                  "correction": "Clear the yard", "minor": True}])  # fmt: skip


def test_inspection_report_prints_the_failed_visit_and_its_defects(register, ids):
    """Item 10: not the empty re-inspection; the defects as the store wrote them."""
    permit = ids["permit1"]
    failed, reinspection = failed_visit(register, permit)
    assert reinspection is not None
    report = text(register, "inspection-report", "2026-0041")
    assert "Failed" in report and "Footing 30 in deep, 48 in required" in report
    assert "Deepen to 48 in and call for re-inspection" in report and "(minor)" in report
    chosen = text(register, "inspection-report", f"2026-0041/{failed['id']}")
    assert chosen == report
    with pytest.raises(RecordNotFound):
        render(register, "inspection-report", "2026-0041/99999")
    notice = text(register, "correction-notice", f"2026-0041/{failed['id']}")
    assert "Correction Notice" in notice and "Deepen to 48 in" in notice
    assert "48 hours ahead to request the re-inspection" in notice


def test_decision_letters_say_what_is_true(register, ids):
    """Item 11."""
    approved = a_permit(register, ids, None, "building", status="approved",
                        issued_date=None, updated_at="2026-11-20T10:00")  # fmt: skip
    app = register.get_by_id("applications", approved["application_id"])
    record = load_document(register, "decision", app["application_number"]).record
    record.update(status="approved", still_needed=["Pay the building permit fee (§12.22)"])
    letter = pdf_text(RENDERERS["decision"](record, SETTINGS))
    assert "Approved; the permit will be issued when:" in letter
    assert "Pay the building permit fee" in letter and "permit is issued" not in letter
    erosion = a_permit(register, ids, "2026-0050", "erosion_control", permit_class="minor",
                       conditions="Silt fence on the east line")  # fmt: skip
    letter = text(register, "decision", erosion["permit_number"])
    assert "§31.10(2)" in letter and "§31.12" in letter and "§12.14" not in letter
    assert "was issued on November 2, 2026" in letter
    moving = a_permit(register, ids, "2026-0051", "moving", conditions="Move on a Sunday")
    letter = text(register, "decision", moving["permit_number"])
    assert "Village Board" in letter and "majority vote" in letter and "§12.19(8)(a)" in letter
    assert "not appealed to the Plan Commission" in letter


def test_permit_cards_per_kind(register, ids):
    """Item 12."""
    erosion = a_permit(register, ids, "2026-0060", "erosion_control", permit_class="major")
    card = text(register, "permit-card", erosion["permit_number"])
    assert "§31.12(2)(B)" in card and "§31.12(2)(C)" in card and "§31.12(2)(G)" in card
    assert "§31.12(2)(I)" in card and "§12." not in card
    demo = a_permit(register, ids, "2026-0061", "demolition")
    card = text(register, "permit-card", demo["permit_number"])
    assert "72 hours" in card and "§12.18(4)(b)" in card and "§12.18(5)" in card
    assert "30 consecutive days" in card
    moving = a_permit(register, ids, "2026-0062", "moving", conditions="Escort vehicle")
    card = text(register, "permit-card", moving["permit_number"])
    assert "Route:" in card and "Time limit:" in card and "Escort vehicle" in card
    dish = a_permit(register, ids, "2026-0063", "satellite_dish", conditions="Rear yard only")
    card = text(register, "permit-card", dish["permit_number"])
    assert "Rear yard only" in card and "Required inspections" not in card
    assert "§12.30(1)" in card


def test_placards_only_for_a_primary_structure_with_its_real_kind(register, ids):
    """Item 13 (§12.32(3))."""
    placard = text(register, "placard", "2026-0041")
    assert "Building Permit 2026-0041" in placard and "412" in placard
    with pytest.raises(InvalidInput, match="12.32"):
        render(register, "placard", "2026-0042")  # its application names no new building
    week = placards_issued(register, "2026-01-19", "2026-01-25")
    assert [r["permit_number"] for r in week] == ["2026-0041"]


def test_void_and_withdrawn_print_marked(register, ids):
    """Item 14."""
    live = text(register, "permit-card", "2026-0041")
    assert "VOID" not in live
    register.update("permits", ids["permit1"]["uuid"], {"status": "voided",
                    "void_reason": "entered twice"})  # fmt: skip
    assert "VOID" in text(register, "permit-card", "2026-0041")
    register.update("permits", ids["permit2"]["uuid"], {"expires_date": "2026-01-01"})
    assert "EXPIRED" in text(register, "permit-card", "2026-0042")
    row = notices.draft_notice(register, "violation", facts="x", sections=["12.20"],
                               parcel_id=ids["permit2"]["parcel_id"])  # fmt: skip
    row = notices.issue_notice(register, row["uuid"], datetime(2026, 11, 2, 9, 0))
    notices.withdraw_notice(register, row["uuid"], "Wrong parcel", date(2026, 11, 3))
    assert "WITHDRAWN" in text(register, "violation", row["notice_number"])


def test_layout_pages_long_names_any_script_and_office_settings(register, ids):
    """Item 15."""
    owner = register.insert("people", {"name": "王小明 (Wang Xiaoming) 김민준",
                                       "mailing_address": "北京市朝阳区 1号"})  # fmt: skip
    row = notices.draft_notice(register, "violation", facts="Porch rail missing.",
                               sections=["12.23(1)"], permit_id=ids["permit1"]["id"],
                               recipient_id=owner["id"])  # fmt: skip
    row = notices.issue_notice(register, row["uuid"], datetime(2026, 11, 2, 9, 0))
    pdf = render(register, "violation", row["notice_number"])
    words = pdf_text(pdf)
    assert "王小明" in words and "北京市朝阳区" in words and "Page 1 of 1" in words
    assert "김민준" in words  # Hangul from the second fallback
    assert b"DroidSansFallback" in pdf and b"NanumSquare" in pdf  # subset and embedded
    assert pdf == render(register, "violation", row["notice_number"])  # deterministic
    long_name = SETTINGS.__class__(**{**SETTINGS.__dict__, "name": "Village of Deerfield "
                                      "in the County of Dane, State of Wisconsin, Building "
                                      "Inspection Department"})  # fmt: skip
    pdf = render(register, "violation", row["notice_number"], long_name)
    assert "Building Inspection Department" in pdf_text(pdf)
    assert letterhead_height(long_name) > letterhead_height(SETTINGS)  # wrapped, not cut
    for missing in ({"phone": ""}, {"inspector": "Building Inspector"}, {"address": ""}):
        with pytest.raises(SettingsMissing) as exc:
            render(register, "violation", row["notice_number"],
                   VillageSettings(**{**SETTINGS.__dict__, **missing}))  # fmt: skip
        assert exc.value.field == "settings"
    with pytest.raises(SettingsMissing):
        render(register, "permit-card", "2026-0041", None)


def test_exhibit_a_without_a_visit_prints_no_signed_empty_checklist(register, ids):
    """Item 16: a permit with no recorded visit gets no checklist report."""
    erosion = a_permit(register, ids, "2026-0070", "erosion_control", permit_class="minor")
    inspections.request_inspection(
        register,
        erosion["uuid"],
        "erosion_control",
        requested_by="x",
        requested_at=datetime(2026, 11, 20, 8),
    )
    with pytest.raises((RecordNotFound, InvalidInput)):
        render(register, "checklist-report", erosion["permit_number"])
