"""Chapter 31 erosion and runoff control: coverage, exclusions, class, plans, fees, reviews."""

from __future__ import annotations

import pytest

from deerfield_desk.models.assessment import Assessment, assess_project
from deerfield_desk.models.project import parse_project


def assess(**data) -> Assessment:
    data.setdefault("work", "land_disturbance")
    return assess_project(parse_project(data))


def erosion(a: Assessment):
    return a.permit("erosion_control")


@pytest.mark.parametrize(
    ("data", "trigger"),
    [
        ({"land_division": True}, "31.06(1)(A)"),
        ({"work": "new_building", "on_platted_lot": True}, "31.06(1)(B)"),
        ({"disturbed_sqft": 4000}, "31.06(1)(C)"),
        ({"earthwork_cuyd": 400}, "31.06(1)(D)"),
        ({"street_work": True}, "31.06(1)(E)"),
        ({"utility_ft": 300}, "31.06(1)(F)"),
        ({"watercourse_work": True}, "31.06(1)(G)"),
        ({"engineer_erosion_likely": True}, "31.06(1)(H)"),
    ],
)
def test_each_applicability_paragraph_brings_a_permit(data, trigger):
    permit = erosion(assess(**data))
    assert permit is not None
    assert trigger in permit.basis and "31.08(1)" in permit.basis


@pytest.mark.parametrize(
    "data",
    [
        {"disturbed_sqft": 3999},
        {"earthwork_cuyd": 399},
        {"utility_ft": 299},
        {"work": "alteration", "on_platted_lot": True},  # no construction on the lot
        {},
    ],
)
def test_just_below_thresholds_no_erosion_permit(data):
    assert erosion(assess(**data)) is None


@pytest.mark.parametrize(
    ("data", "major"),
    [
        ({"disturbed_sqft": 43_559}, False),
        ({"disturbed_sqft": 43_560}, True),
        ({"disturbed_sqft": 5_000, "subdivision": True}, True),
        ({"disturbed_sqft": 5_000, "engineer_major": True}, True),
    ],
)
def test_major_at_one_acre_subdivision_or_engineer(data, major):
    permit = erosion(assess(**data))
    assert permit.permit_class == ("major" if major else "minor")
    assert ("31.02(16)" if major else "31.02(17)") in permit.basis


def test_minor_needs_statement_20_dollars_and_3_working_day_review():
    data = assess(disturbed_sqft=5000).to_json()
    codes = {r["code"] for r in data["requirements"]}
    assert "erosion_control_statement" in codes and "erosion_control_plan" not in codes
    assert data["fees"] == [
        {"code": "erosion_minor_application", "amount": 20.0, "basis": "31.11(2)", "note": None}
    ]
    assert data["reviews"] == [
        {
            "permit": "erosion_control",
            "by": "building_inspector",
            "days": None,
            "working_days": 3,
            "basis": "31.10(2)",
        }
    ]
    assert {"permit": "erosion_control", "years": 1, "basis": "31.12(1)"} in data["validity"]


def test_minor_fee_covered_by_building_permit_fee_for_same_work():
    data = assess(work="new_building", structure="dwelling", disturbed_sqft=5000).to_json()
    fee = next(f for f in data["fees"] if f["code"] == "erosion_minor_application")
    assert fee["amount"] == 0.0 and fee["note"]


def test_major_needs_plan_security_engineer_review_and_fees():
    data = assess(disturbed_sqft=50_000, control_measures_cost=8_000).to_json()
    reqs = {r["code"]: r for r in data["requirements"]}
    assert reqs["erosion_control_plan"]["basis"] == "31.09(1)"
    assert reqs["erosion_security"] == {
        "code": "erosion_security",
        "basis": "31.12(2)(A)",
        "amount": 10_000.0,
    }
    fees = {f["code"]: f for f in data["fees"]}
    assert fees["erosion_major_application"]["amount"] == 35.0
    assert fees["erosion_engineering_legal"]["amount"] is None
    assert data["reviews"][0]["by"] == "village_engineer" and data["reviews"][0]["days"] == 30


def test_security_amount_unknown_until_the_engineer_estimates_the_measures():
    reqs = {r.code: r for r in assess(disturbed_sqft=50_000).requirements}
    assert reqs["erosion_security"].amount is None


def test_major_application_fee_waived_for_land_division_but_engineering_still_due():
    data = {"land_division": True, "disturbed_sqft": 50_000, "plat_csm_fees_paid": True}
    fees = {f.code: f for f in assess(**data).fees}
    assert fees["erosion_major_application"].amount == 0 and fees["erosion_major_application"].note
    assert fees["erosion_engineering_legal"].amount is None


@pytest.mark.parametrize(
    ("exclusion", "basis"),
    [
        ({"agricultural_use": True}, "31.03(3)(B)"),
        ({"quarry": True}, "31.03(3)(B)"),
        ({"minor_landscaping": True, "utility_ft": 0, "street_work": True}, "31.03(3)(C)"),
    ],
)
def test_exclusions_lifted_by_the_engineer(exclusion, basis):
    data = {"disturbed_sqft": 3_000, "street_work": True, **exclusion}
    if "minor_landscaping" not in exclusion:
        data["disturbed_sqft"] = 20_000
    excluded = assess(**data)
    assert erosion(excluded) is None
    assert [e.basis for e in excluded.exemptions] == [basis]
    lifted = assess(**data, engineer_erosion_likely=True)
    assert erosion(lifted) is not None
    assert basis in erosion(lifted).basis and "31.06(1)(H)" in erosion(lifted).basis


def test_state_projects_stay_excluded_even_with_the_engineer_finding():
    a = assess(disturbed_sqft=100_000, state_project=True, engineer_erosion_likely=True)
    assert erosion(a) is None
    assert [(e.code, e.basis) for e in a.exemptions] == [("erosion_state_project", "31.03(3)(A)")]


def test_landscaping_at_4000_sq_ft_is_not_small():
    a = assess(disturbed_sqft=4_000, minor_landscaping=True)
    assert erosion(a) is not None


def test_village_project_needs_a_plan_but_no_permit_or_fee():
    data = assess(disturbed_sqft=60_000, village_project=True).to_json()
    assert data["permits"] == [] and data["fees"] == [] and data["reviews"] == []
    assert {"code": "erosion_control_plan", "basis": "31.08(2)", "amount": None} in data[
        "requirements"
    ]


@pytest.mark.parametrize(
    ("data", "larger"),
    [
        ({"land_division": True, "lots_created": 4, "site_acres": 4.9}, False),
        ({"land_division": True, "lots_created": 5}, True),
        ({"subdivision": True, "site_acres": 5}, True),
        ({"site_acres": 10, "disturbed_sqft": 5000}, False),  # no division, small disturbance
        ({"disturbed_sqft": 5 * 43_560 - 1}, False),
        ({"disturbed_sqft": 5 * 43_560}, True),
    ],
)
def test_larger_site_standards(data, larger):
    assert ("larger_site_standards" in assess(**data).codes()) is larger


def test_channel_originating_needs_a_basin_whatever_the_size():
    a = assess(disturbed_sqft=4_000, channel_originates=True)
    assert {r.code: r.basis for r in a.requirements}["sedimentation_basin"] == "31.06(3)(B)"


@pytest.mark.parametrize(
    ("data", "extraordinary"),
    [
        ({"max_slope_pct": 20}, False),
        ({"max_slope_pct": 20.5}, True),
        ({"sensitive_area": True}, True),
    ],
)
def test_extraordinary_sites(data, extraordinary):
    a = assess(disturbed_sqft=4_000, **data)
    assert ("extraordinary_site" in a.codes()) is extraordinary
