"""Status changes through the status machine, journaled with who and why; review queue order;
extension (12.14(1)) and reapplication (31.12(1)); expiry in "needs action"."""

from __future__ import annotations

from datetime import date

import pytest

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.status import next_action
from deerfield_desk.store import ledger
from deerfield_desk.store.journal import history
from deerfield_desk.store.permits_lifecycle import (
    decide_review,
    extend_permit,
    issue_permit,
    mark_expired,
    review_queue,
    transition,
)
from tests.application_builders import TODAY, file_application, pay_all

CAL = VillageCalendar()
DISH = dict(site={"site_zoning": "residential"}, work="satellite_dish",
            answers={"dish_diameter_in": "24", "mount": "ground"})  # fmt: skip


def test_decisions_need_written_text_and_are_journaled(register):
    file_application(register, **DISH)
    dish = register.query_one("SELECT * FROM permits")
    with pytest.raises(InvalidInput, match="reasons"):
        decide_review(register, dish["uuid"], "reject", "")
    with pytest.raises(InvalidInput, match="conditions"):
        decide_review(register, dish["uuid"], "conditional", " ")
    decided = decide_review(register, dish["uuid"], "conditional", "Screen it with shrubs")
    assert decided["status"] == "conditionally_approved"
    last = history(register.conn, dish["uuid"])[-1]
    assert (last["action"], last["reason"], last["user_name"]) == (
        "status:conditionally_approved",
        "Screen it with shrubs",
        "Pat Clerk",
    )
    with pytest.raises(NotAllowed, match="cannot become rejected"):
        transition(register, dish["uuid"], "rejected", "too late")


def test_review_queue_soonest_first_and_dish_deemed_rejected(register):
    file_application(register, **DISH)  # due 2026-12-30 (12.29(4))
    file_application(
        register,
        site={"site_parcel_number": "0612-9", "site_on_platted_lot": True},
        work="new_building",
        answers={"structure": "dwelling", "area_sqft": "1500"},
    )
    queue = review_queue(register, TODAY)
    assert [(r["kind"], r["review_due"]) for r in queue] == [
        ("erosion_control", "2026-12-03"),
        ("satellite_dish", "2026-12-30"),
        ("building", None),
    ]
    late = review_queue(register, date(2026, 12, 31))
    dish = next(r for r in late if r["kind"] == "satellite_dish")
    assert dish["overdue"] and dish["deemed_rejected"]
    assert not next(r for r in late if r["kind"] == "erosion_control")["deemed_rejected"]


def issued_house(register):
    file_application(
        register,
        site={"site_on_platted_lot": True},
        work="addition",
        answers={"structure": "dwelling", "area_sqft": "200"},
        received=[
            "plans_two_sets",
            "plot_plan",
            "erosion_statement.sample_map",
            "erosion_statement.site_description",
            "erosion_statement.schedule",
        ],
    )
    out = {}
    for p in register.query("SELECT * FROM permits"):
        decide_review(register, p["uuid"], "approve")
        pay_all(register, p)
        out[p["kind"]] = issue_permit(register, p["uuid"], TODAY, CAL)
    return out


def test_building_permit_extends_with_fee_and_approval(register):
    building = issued_house(register)["building"]
    assert building["expires_date"] == "2028-11-30"
    with pytest.raises(InvalidInput, match="approved_by"):
        extend_permit(register, building["uuid"], 90, "", "cash", "R-1", TODAY)
    with pytest.raises(InvalidInput, match="up to 180"):
        extend_permit(register, building["uuid"], 181, "Lee Inspector", "cash", "R-1", TODAY)
    extended = extend_permit(register, building["uuid"], 90, "Lee Inspector", "cash", "R-1",
                             TODAY)  # fmt: skip
    assert (extended["status"], extended["expires_date"]) == ("extended", "2029-02-28")
    fee = ledger.fees_for_permit(register, building["id"])[-1]
    assert (fee["code"], fee["status"], fee["note"]) == ("permit_extension", "paid", "90 days")
    ext = register.query_one("SELECT * FROM extensions")
    assert (ext["previous_expiry"], ext["new_expiry"], ext["approved_by"]) == (
        "2028-11-30",
        "2029-02-28",
        "Lee Inspector",
    )


def test_erosion_permit_is_not_extended_but_reapplied_for(register):
    erosion = issued_house(register)["erosion_control"]
    with pytest.raises(NotAllowed, match=r"31\.12\(1\).*new application"):
        extend_permit(register, erosion["uuid"], 30, "Lee Inspector", "cash", "R-1", TODAY)
    assert register.query("SELECT * FROM extensions") == []
    assert register.get("permits", erosion["uuid"])["status"] == "issued"


def test_expired_permit_needs_action_then_marked_expired(register):
    erosion = issued_house(register)["erosion_control"]
    later = date(2027, 12, 1)
    action = next_action(erosion["status"], expires=erosion["expires_date"], today=later)
    assert action.needs_action and "Expired" in action.text
    with pytest.raises(NotAllowed, match="not passed"):
        mark_expired(register, erosion["uuid"], TODAY)
    assert mark_expired(register, erosion["uuid"], later)["status"] == "expired"


def test_dish_deemed_rejected_only_after_its_thirty_days(register):
    from deerfield_desk.store.permits_lifecycle import record_deemed_rejection

    file_application(register, **DISH)
    dish = register.query_one("SELECT * FROM permits")
    with pytest.raises(NotAllowed, match=r"12\.29\(4\)"):
        record_deemed_rejection(register, dish["uuid"], date(2026, 12, 30))
    done = record_deemed_rejection(register, dish["uuid"], date(2026, 12, 31))
    assert done["status"] == "rejected"
    assert done["decision_reason"] == "deemed rejected: not issued by 2026-12-30 (§12.29(4))"


def test_rejected_plans_resubmitted_get_a_new_review_deadline(register):
    from deerfield_desk.store.permits_lifecycle import resubmit

    file_application(register, site={"site_on_platted_lot": True}, work="addition",
         answers={"structure": "dwelling", "area_sqft": "200"})  # fmt: skip
    erosion = register.query_one("SELECT * FROM permits WHERE kind = 'erosion_control'")
    decide_review(register, erosion["uuid"], "reject", "No silt fence shown")
    with pytest.raises(NotAllowed, match="written reason"):
        resubmit(register, erosion["uuid"], "", date(2026, 12, 4), CAL)
    again = resubmit(register, erosion["uuid"], "corrected plan received", date(2026, 12, 4), CAL)
    # Friday 4 Dec + 3 working days = Wednesday 9 Dec (31.10(2))
    assert (again["status"], again["review_due"]) == ("under_review", "2026-12-09")
    actions = [h["action"] for h in history(register.conn, erosion["uuid"])]
    assert actions[-3:] == ["status:rejected", "status:submitted", "status:under_review"]
