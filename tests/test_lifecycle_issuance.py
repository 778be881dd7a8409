"""Issuance is refused for each unmet precondition, allowed once it is met, and permit
numbers stay gap-free (§12.12(8))."""

from __future__ import annotations

from datetime import date

import pytest

from deerfield_desk.errors import NotAllowed
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.store import ledger
from deerfield_desk.store.applications import mark_received
from deerfield_desk.store.permits_lifecycle import check_issuance, decide_review, issue_permit
from tests.application_builders import TODAY, file_application, pay_all

CAL = VillageCalendar()


def submitted(register, **kw):
    file_application(register, **kw)
    rows = register.query("SELECT * FROM permits ORDER BY id")
    return {p["kind"]: p for p in rows}


def reasons(register, permit):
    return [str(u) for u in check_issuance(register, permit["uuid"], TODAY)]


def receive_everything(register, wizard_keys):
    app = register.query_one("SELECT uuid FROM applications")
    for key in wizard_keys:
        mark_received(register, app["uuid"], key, "2026-11-30")


def house(register):
    return submitted(
        register, site={"site_house_number": "12", "site_on_platted_lot": True},
        work="new_building",
        answers={"structure": "dwelling", "area_sqft": "1800", "estimated_cost": "250000",
                 "new_primary_structure": True},
    )  # fmt: skip


def test_new_house_refused_for_each_precondition_then_issued(register):
    permits = house(register)
    building = permits["building"]
    first = reasons(register, building)
    assert any("Not approved yet" in r for r in first)
    decide_review(register, building["uuid"], "approve")
    unmet = reasons(register, building)
    for expected in ("$410.00 unpaid (§12.22)", "placard (sample): $15.00 unpaid (§12.32(3))",
                     "Completion deposit: not recorded (§12.15)",
                     "placard before the permit is issued: not recorded (§12.32(3))",
                     "Two sets of building plans: not received (§12.13)"):  # fmt: skip
        assert any(expected in r for r in unmet), (expected, unmet)
    with pytest.raises(NotAllowed, match="Completion deposit"):
        issue_permit(register, building["uuid"], TODAY, CAL)
    pay_all(register, building)
    assert not any("unpaid" in r for r in reasons(register, building))
    ledger.record_deposit(register, building["uuid"], "completion_deposit", 50000, "R-9", TODAY)
    assert any("$500.00 recorded, $1,000.00 required" in r for r in reasons(register, building))
    ledger.record_deposit(register, building["uuid"], "completion_deposit", 50000, "R-10", TODAY)
    receive_everything(register, ["plans_two_sets", "plot_plan"])
    assert [r for r in reasons(register, building)] == [
        "Owner procures the official house number and placard before the permit is issued: "
        "not recorded (§12.32(3))"
    ]
    receive_everything(register, ["house_number_placard"])
    assert reasons(register, building) == []
    issued = issue_permit(register, building["uuid"], TODAY, CAL)
    assert issued["permit_number"] == "2026-0001"
    assert (issued["issued_date"], issued["expires_date"]) == ("2026-11-30", "2028-11-30")

    erosion = permits["erosion_control"]
    decide_review(register, erosion["uuid"], "conditional", "Silt fence along the east line")
    assert any("Erosion control statement" in r for r in reasons(register, erosion))
    receive_everything(register, ["erosion_statement.sample_map",
                                  "erosion_statement.site_description",
                                  "erosion_statement.schedule"])  # fmt: skip
    issued = issue_permit(register, erosion["uuid"], TODAY, CAL)
    assert (issued["permit_number"], issued["expires_date"]) == ("2026-0002", "2027-11-30")
    assert issued["conditions"] == "Silt fence along the east line"


def test_rejected_review_refuses_issuance_and_takes_no_number(register):
    permits = submitted(register, site={"site_zoning": "residential"},
                        work="satellite_dish",
                        answers={"dish_diameter_in": "24", "mount": "ground"})  # fmt: skip
    dish = permits["satellite_dish"]
    decide_review(register, dish["uuid"], "reject", "Dish would stand in the front yard")
    assert reasons(register, dish)[0] == "The review rejected this application (§12.29(4))"
    with pytest.raises(NotAllowed):
        issue_permit(register, dish["uuid"], TODAY, CAL)
    assert register.query("SELECT * FROM number_series WHERE series = 'permit'") == []


def test_moving_needs_deposit_of_at_least_5000_and_insurance(register):
    permits = submitted(register, site={}, work="move_building",
                        answers={"structure": "dwelling", "area_sqft": "1400"})  # fmt: skip
    moving = permits["moving"]
    decide_review(register, moving["uuid"], "approve")  # the board's majority vote
    pay_all(register, moving)
    receive_everything(register, ["moving.elevations", "moving.photographs", "moving.site_plan",
                                  "moving_permit_terms", "moving_inspector_investigation",
                                  "moving_repair_plan", "village_view_of_site",
                                  "village_neighbourhood_finding"])  # fmt: skip
    assert reasons(register, moving) == [
        "Moving cash deposit: not recorded (§12.19(6)(a))",
        "Public liability insurance, injury to one person: certificate amount not recorded "
        "(§12.19(7))",
        "Public liability insurance, one accident in aggregate: certificate amount not "
        "recorded (§12.19(7))",
        "Property damage insurance: certificate amount not recorded (§12.19(7))",
    ]
    ledger.record_deposit(register, moving["uuid"], "moving_deposit", 400000, "CHK 1", TODAY)
    assert "$4,000.00 recorded, $5,000.00 required" in reasons(register, moving)[0]
    ledger.record_deposit(register, moving["uuid"], "moving_deposit", 100000, "CHK 2", TODAY)
    amounts = {
        "moving_insurance_person": "500000",
        "moving_insurance_accident": "1000000",
        "moving_insurance_property": "500000",
    }  # the certificate's amounts, §12.19(7)
    app = register.get_by_id("applications", moving["application_id"])
    for key, value in amounts.items():
        mark_received(register, app["uuid"], key, value)
    assert issue_permit(register, moving["uuid"], TODAY, CAL)["permit_number"] == "2026-0001"


def test_major_erosion_needs_security_and_billed_engineering_costs(register):
    permits = submitted(
        register, site={}, work="land_disturbance",
        answers={"disturbed_sqft": "65340", "subdivision": True, "control_measures_cost": "40000"},
    )  # fmt: skip
    erosion = permits["erosion_control"]
    decide_review(register, erosion["uuid"], "approve")
    unmet = reasons(register, erosion)
    assert "Village engineering and legal costs of review and inspection: amount not billed " \
           "yet (§31.11(1))" in unmet  # fmt: skip
    assert "Erosion control security: not recorded (§31.12(2)(A))" in unmet
    ledger.record_deposit(register, erosion["uuid"], "erosion_security", 4000000, "LOC-7", TODAY)
    assert any("$40,000.00 recorded, $50,000.00 required" in r for r in reasons(register, erosion))
    ledger.record_deposit(register, erosion["uuid"], "erosion_security", 1000000, "LOC-8", TODAY)
    pay_all(register, erosion)
    app = register.query_one("SELECT uuid FROM applications")
    from deerfield_desk.models.application_items import item_lists

    plan = item_lists()["erosion_plan"]
    for item in plan.items:
        mark_received(register, app["uuid"], plan.received_key(item), True)
    assert reasons(register, erosion) == []
    assert issue_permit(register, erosion["uuid"], TODAY, CAL)["expires_date"] == "2027-11-30"


def test_engine_refusal_blocks_issuance(register):
    permits = submitted(register, site={}, work="move_building",
                        answers={"structure": "dwelling", "damage_pct": "60"})  # fmt: skip
    moving = permits["moving"]
    decide_review(register, moving["uuid"], "approve")
    assert any("damaged 50 % or more" in r and "12.19(2)" in r for r in reasons(register, moving))


def test_numbers_stay_gap_free_across_refusals(register):
    numbers = []
    for n in range(3):
        file_application(register, site={"site_parcel_number": f"0612-000-00{n}",
                                    "site_zoning": "residential"},
             work="satellite_dish", answers={"dish_diameter_in": "30", "mount": "ground"},
             received=["satellite.applicant_contact", "satellite.relationship",
                       "satellite.legal_description", "satellite.property_map"])  # fmt: skip
        dish = register.query("SELECT * FROM permits ORDER BY id DESC LIMIT 1")[0]
        decide_review(register, dish["uuid"], "approve")
        with pytest.raises(NotAllowed):  # the fee is unpaid: refused, no number taken
            issue_permit(register, dish["uuid"], date(2026, 12, 1), CAL)
        pay_all(register, dish)
        numbers.append(issue_permit(register, dish["uuid"], date(2026, 12, 1), CAL)
                       ["permit_number"])  # fmt: skip
    assert numbers == ["2026-0001", "2026-0002", "2026-0003"]


def test_house_moved_onto_a_lot_needs_its_placard_before_the_moving_permit(register):
    answers = {"structure": "dwelling", "new_primary_structure": True}
    permits = submitted(register, site={}, work="move_building", answers=answers)
    moving = permits["moving"]
    fees = {f["code"]: f["amount_cents"] for f in ledger.fees_for_permit(register, moving["id"])}
    assert fees == {"moving_permit": 10000, "house_number_placard": 1500}
    decide_review(register, moving["uuid"], "approve")
    pay_all(register, moving)
    assert any("placard" in r and "12.32(3)" in r for r in reasons(register, moving))
    receive_everything(register, ["house_number_placard"])
    assert not any("placard" in r for r in reasons(register, moving))
