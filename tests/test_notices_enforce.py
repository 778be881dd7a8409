"""Issue 14, items 1-7: notices that enforce and say what the law says. Each test builds its
data through the store, renders the PDF, extracts its text and checks the statement."""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest

from deerfield_desk.documents import RENDERERS
from deerfield_desk.documents.layout import fmt_date
from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.deadlines import compute_deadline
from deerfield_desk.store import inspections, notices, occupancy
from deerfield_desk.store.document_records import approve_raze_wording, load_document
from deerfield_desk.store.journal import history
from deerfield_desk.store.notice_enforcement import lift_stop_work
from deerfield_desk.store.village_calendar import village_calendar
from tests.documents_fixtures import SETTINGS, pdf_text
from tests.notices_fixtures import build_permits

TODAY = date(2026, 12, 1)


@pytest.fixture
def ids(register):
    out = build_permits(register)
    builder = register.insert(
        "people", {"name": "Badger Builders LLC", "mailing_address": "1 Mill Rd, Cambridge WI"}
    )
    out["builder"] = builder
    out["owner"] = register.query_one("SELECT * FROM people WHERE name = 'Owner 1'")
    out["nomail"] = register.insert("people", {"name": "No Address"})
    return out


def printed(reg, notice: dict) -> str:
    kind = {
        "building_stop_work": "stop-work",
        "erosion_stop_work": "stop-work",
        "erosion_revocation": "stop-work",
        "erosion_intent": "stop-work",
        "violation": "violation",
        "house_number": "house-number",
        "raze_order": "raze-order",
    }[notice["kind"]]
    number = reg.get("notices", notice["uuid"])["notice_number"]
    request = load_document(reg, kind, number)
    return pdf_text(RENDERERS[kind](request.record, SETTINGS, calendar=village_calendar(reg)))


def make(reg, ids, kind, *, permit="permit1", details=None, **links):
    base = {"recipient_id": ids["owner"]["id"]}
    if permit:
        base |= {"permit_id": ids[permit]["id"], "parcel_id": ids[permit]["parcel_id"]}
    return notices.draft_notice(
        reg, kind, facts="Found on site.", sections=["12.23(1)"], details=details or {},
        **(base | links),
    )  # fmt: skip


def test_raze_order_goes_to_court_and_is_never_served_by_mail(register, ids):
    """Item 1: §12.17 adopts Wis. Stat. §66.0413: court, personal or posting+publication."""
    row = make(register, ids, "raze_order", details={"correct_by": "2026-11-10"})
    row = notices.issue_notice(register, row["uuid"], datetime(2026, 11, 2, 9, 0))
    with pytest.raises(InvalidInput, match="never by mail") as exc:
        notices.serve_notice(register, row["uuid"], "first_class_mail", date(2026, 11, 3))
    assert exc.value.field == "service_method"
    with pytest.raises(InvalidInput, match="after service") as exc:  # date set before service
        notices.serve_notice(register, row["uuid"], "in_person", date(2026, 11, 12), today=TODAY)
    assert exc.value.field == "correct_by"
    fresh = make(register, ids, "raze_order", details={"correct_by": "2027-02-01"})
    fresh = notices.issue_notice(register, fresh["uuid"], datetime(2026, 11, 2, 9, 0))
    notices.serve_notice(register, fresh["uuid"], "posted_and_published", date(2026, 11, 5),
                         today=TODAY)  # fmt: skip
    text = printed(register, fresh)
    assert "circuit court for Dane County" in text and "within 30 days after service" in text
    assert "§66.0413" in text and "not appealed to the Plan Commission" in text
    assert "Raze or repair by February 1, 2027, the date set by the Building Inspector" in text
    assert "published as a class 3 notice" in text
    assert "for review by the village attorney" in text
    approve_raze_wording(register, "Village Attorney J. Doe", date(2026, 11, 30))
    assert "for review by the village attorney" not in printed(register, fresh)


def test_erosion_appeal_counts_from_the_order_and_stop_work_from_receipt(register, ids):
    """Item 2: §31.15(1)(C) 45 days of the order; §12.24 ten business days of receipt."""
    erosion = make(register, ids, "erosion_stop_work", permit="permit2")
    erosion = notices.issue_notice(register, erosion["uuid"], datetime(2026, 11, 20, 9, 0))
    notices.serve_notice(register, erosion["uuid"], "in_person", date(2026, 11, 30), today=TODAY)
    text = printed(register, erosion)
    assert "January 4, 2027" in text and "January 14, 2027" not in text  # of the order
    stop = make(register, ids, "building_stop_work")
    stop = notices.issue_notice(register, stop["uuid"], datetime(2026, 11, 2, 9, 0))
    served = notices.serve_notice(register, stop["uuid"], "first_class_mail", date(2026, 11, 2),
                                  today=TODAY)  # fmt: skip
    text = printed(register, served)
    assert "within 10 business days after you receive this order" in text
    assert "delivery not yet recorded" in text
    notices.record_receipt(register, stop["uuid"], date(2026, 11, 5), today=TODAY)
    text = printed(register, stop)
    cal = village_calendar(register)
    due = compute_deadline("stop_work_appeal", date(2026, 11, 5), cal).due  # from receipt
    mailed = compute_deadline("stop_work_appeal", date(2026, 11, 2), cal).due
    assert due != mailed and f"no later than {fmt_date(due)}" in text
    # §12.32(7) "served when mailed" is for house numbers only
    house = make(register, ids, "house_number")
    house = notices.issue_notice(register, house["uuid"], datetime(2026, 11, 2, 9, 0))
    house = notices.serve_notice(register, house["uuid"], "first_class_mail", date(2026, 11, 3),
                                 today=TODAY)  # fmt: skip
    assert house["due_date"] == "2026-11-18"


def test_erosion_notice_without_a_permit_states_its_class(register, ids):
    """Item 3: the class, with its reason, drives the penalty and fee; own wording."""
    with pytest.raises(InvalidInput) as exc:
        make(register, ids, "erosion_stop_work", permit=None,
             parcel_id=ids["permit1"]["parcel_id"])  # fmt: skip
    assert exc.value.field == "erosion_class"
    with pytest.raises(InvalidInput) as exc:
        make(register, ids, "erosion_stop_work", permit=None,
             parcel_id=ids["permit1"]["parcel_id"], details={"erosion_class": "major"})  # fmt: skip
    assert exc.value.field == "class_reason"
    stated = {"erosion_class": "major", "class_reason": "1.6 acres stripped"}
    row = make(register, ids, "erosion_stop_work", permit=None,
               parcel_id=ids["permit1"]["parcel_id"], details=stated)  # fmt: skip
    notices.issue_notice(register, row["uuid"], datetime(2026, 11, 20, 9, 0))
    text = printed(register, row)
    assert "$200 to $2,000" in text and "$300" in text and "$25" not in text
    assert "Major land disturbing activity (§31.02(16)): 1.6 acres stripped" in text
    assert "apply to the Village for a land disturbing activity permit" in text
    assert "revoked" not in text


def test_violation_gets_30_days_unless_life_safety_with_a_reason(register, ids):
    """Item 4: §12.23(3)."""
    short = make(register, ids, "violation", details={"correct_by": "2026-11-10"})
    short = notices.issue_notice(register, short["uuid"], datetime(2026, 11, 2, 9, 0))
    with pytest.raises(InvalidInput, match="30 days or more") as exc:
        notices.serve_notice(register, short["uuid"], "in_person", date(2026, 11, 2), today=TODAY)
    assert exc.value.field == "correct_by"
    with pytest.raises(InvalidInput) as exc:
        make(register, ids, "violation", details={"correct_by": "2026-11-05", "life_safety": True})
    assert exc.value.field == "life_safety_reason"
    urgent = make(register, ids, "violation", details={
        "correct_by": "2026-11-05", "life_safety": True,
        "life_safety_reason": "no smoke alarms in the bedrooms"})  # fmt: skip
    urgent = notices.issue_notice(register, urgent["uuid"], datetime(2026, 11, 2, 9, 0))
    notices.serve_notice(register, urgent["uuid"], "in_person", date(2026, 11, 2), today=TODAY)
    text = printed(register, urgent)
    assert "Correct by November 5, 2026" in text and "no smoke alarms in the bedrooms" in text
    plain = make(register, ids, "violation")
    plain = notices.issue_notice(register, plain["uuid"], datetime(2026, 11, 2, 9, 0))
    notices.serve_notice(register, plain["uuid"], "in_person", date(2026, 11, 2), today=TODAY)
    assert "Correct by December 2, 2026" in printed(register, plain)


def test_stop_work_holds_the_permit_until_lifted_with_a_reason(register, ids):
    """Item 5: the register, inspections, occupancy and finals feel the order."""
    permit = ids["permit1"]
    stage = inspections.planned_stages(register, permit["uuid"])[0].stage.code
    visit = inspections.request_inspection(
        register, permit["uuid"], stage, requested_by="Owner 1",
        requested_at=datetime(2026, 11, 30, 8, 0))  # fmt: skip
    row = make(register, ids, "building_stop_work", contractor_id=ids["builder"]["id"])
    row = notices.issue_notice(register, row["uuid"], datetime(2026, 12, 1, 9, 0))
    assert register.get("permits", permit["uuid"])["status"] == "stop_work"
    with pytest.raises(NotAllowed, match="on hold: stop-work order N-2026-0001"):
        inspections.request_inspection(
            register,
            permit["uuid"],
            stage,
            requested_by="x",
            requested_at=datetime(2026, 12, 1, 10),
        )
    with pytest.raises(NotAllowed, match="on hold"):
        inspections.record_result(register, visit["uuid"], "passed")
    with pytest.raises(NotAllowed, match="on hold"):
        occupancy.issue_occupancy(register, permit["uuid"], date(2026, 12, 1))
    text = printed(register, row)
    assert "hold a special meeting to hear the appeal within 10 business days" in text
    assert "hear and decide" not in text
    assert "Badger Builders LLC" in text and "§12.03(15)" in text  # the contractor too
    with pytest.raises(InvalidInput, match="reason"):
        lift_stop_work(register, row["uuid"], " ", date(2026, 12, 2))
    lifted = lift_stop_work(register, row["uuid"], "Footing re-poured", date(2026, 12, 2))
    assert lifted["status"] == "complied"
    assert register.get("permits", permit["uuid"])["status"] == "issued"
    actions = [e["action"] for e in history(register.conn, permit["uuid"])]
    assert actions[-2:] == ["status:stop_work", "status:issued"]
    assert "LIFTED" in printed(register, row)
    inspections.record_result(register, visit["uuid"], "passed")  # allowed again


def test_revocation_needs_a_24_hour_old_order_and_intent_a_posting(register, ids):
    """Item 5: §31.14(2)(B) and (C)."""
    permit = ids["permit2"]
    order = make(register, ids, "erosion_stop_work", permit="permit2")
    order = notices.issue_notice(register, order["uuid"], datetime(2026, 11, 20, 14, 30))
    early = make(register, ids, "erosion_revocation", permit="permit2")
    with pytest.raises(NotAllowed, match="24 hours"):
        notices.issue_notice(register, early["uuid"], datetime(2026, 11, 21, 14, 0))
    intent = make(register, ids, "erosion_intent", permit="permit2")
    with pytest.raises(NotAllowed, match="was ever posted"):
        notices.issue_notice(register, intent["uuid"], datetime(2026, 11, 25, 9, 0))
    notices.serve_notice(register, order["uuid"], "posted", datetime(2026, 11, 23, 8, 0),
                         today=TODAY)  # fmt: skip
    with pytest.raises(NotAllowed, match="posted 2026-11-23T08:00"):
        notices.issue_notice(register, intent["uuid"], datetime(2026, 11, 23, 20, 0))
    notices.issue_notice(register, intent["uuid"], datetime(2026, 11, 24, 8, 0))
    revoked = notices.issue_notice(register, early["uuid"], datetime(2026, 11, 21, 15, 0))
    assert register.get("permits", permit["uuid"])["status"] == "revoked"
    assert "Revocation of Erosion Control Permit" in printed(register, revoked)
    text = printed(register, order)
    assert "November 24, 2026, 8:00 AM" in text  # 24 h after the actual posting


def test_service_rules_run_before_the_official_act(register, ids):
    """Item 6: mail needs an address; no future service, none before issue; proof block."""
    row = make(register, ids, "violation", recipient_id=ids["nomail"]["id"])
    row = notices.issue_notice(register, row["uuid"], datetime(2026, 11, 2, 9, 0))
    with pytest.raises(InvalidInput, match="mailing address"):
        notices.serve_notice(register, row["uuid"], "first_class_mail", date(2026, 11, 2),
                             today=TODAY)  # fmt: skip
    with pytest.raises(InvalidInput, match="future"):
        notices.serve_notice(register, row["uuid"], "in_person", date(2026, 12, 5), today=TODAY)
    with pytest.raises(InvalidInput, match="before it was issued"):
        notices.serve_notice(register, row["uuid"], "in_person", date(2026, 11, 1), today=TODAY)
    assert register.get("notices", row["uuid"])["status"] == "issued"
    text = printed(register, row)
    assert "Proof of service" in text and "Signature" in text
    copy = make(register, ids, "violation", copies_to="Chief of Police")
    notices.issue_notice(register, copy["uuid"], datetime(2026, 11, 2, 9, 0))
    assert "Copies to Chief of Police" in printed(register, copy)


def test_dates_are_fixed_at_service(register, ids):
    """Item 7: a holiday added later changes nothing the served notice said."""
    row = make(register, ids, "violation")
    row = notices.issue_notice(register, row["uuid"], datetime(2026, 6, 1, 9, 0))
    row = notices.serve_notice(register, row["uuid"], "in_person", date(2026, 6, 1), today=TODAY)
    assert row["due_date"] == "2026-07-01"
    stored = json.loads(row["dates_json"])
    assert stored["comply_by"] == "2026-07-01" and stored["fixed_on"] == "2026-06-01"
    before = printed(register, row)
    register.set_setting("holidays_added", ["2026-07-01"])
    after = printed(register, row)
    assert "July 1, 2026" in after and before == after
    archive_text = pdf_text(RENDERERS["violation"](
        load_document(register, "violation", row["notice_number"]).record, SETTINGS))  # fmt: skip
    assert "Correct by July 1, 2026" in archive_text  # no calendar given: same stored date
