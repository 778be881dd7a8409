"""Demolition, moving and satellite dish permits (12.18, 12.19, 12.27-12.30)."""

from __future__ import annotations

import pytest

from deerfield_desk.models.assessment import Assessment, assess_project
from deerfield_desk.models.project import parse_project


def assess(**data) -> Assessment:
    return assess_project(parse_project(data))


@pytest.mark.parametrize(
    ("area", "permit"), [(399, False), (400, False), (400.5, True), (401, True)]
)
def test_demolition_permit_only_over_400_sq_ft(area, permit):
    a = assess(work="demolition", area_sqft=area)
    assert (a.permit("demolition") is not None) is permit
    assert ("demolition_application" in a.codes()) is permit
    assert a.permit("building") is None  # razing is not construction under 12.07


def test_demolition_permit_cites_12_18_and_the_application_list():
    data = assess(work="demolition", area_sqft=1200).to_json()
    assert data["permits"] == [{"type": "demolition", "class": None, "basis": ["12.18(1)"]}]
    assert data["requirements"] == [
        {"code": "demolition_application", "basis": "12.18(2)", "amount": None}
    ]


def test_moving_needs_deposit_insurance_route_inspection_and_board_vote():
    data = assess(work="move_building", structure="dwelling", uses_public_way=True).to_json()
    assert data["permits"] == [{"type": "moving", "class": None, "basis": ["12.19(1)"]}]
    reqs = {r["code"]: r for r in data["requirements"]}
    assert {
        "moving_cash_deposit",
        "moving_insurance_person",
        "moving_route_inspection",
        "moving_arrival_report",
        "village_approval_vote",
        "village_view_of_site",
        "village_neighbourhood_finding",
        "moving_permit_terms",
    } <= set(reqs)
    assert reqs["moving_cash_deposit"]["amount"] == 5000.0  # the floor the board may raise
    assert data["reviews"] == [
        {
            "permit": "moving",
            "by": "village_board",
            "days": None,
            "working_days": None,
            "basis": "12.19(8)",
        }
    ]
    assert data["refusals"] == []


@pytest.mark.parametrize(
    ("damage", "refused"), [(49, False), (49.9, False), (50, True), (80, True)]
)
def test_moving_refused_at_half_damage(damage, refused):
    a = assess(work="move_building", damage_pct=damage)
    assert ("moving_damage_50pct" in a.codes()) is refused


@pytest.mark.parametrize(("value", "refused"), [(79_999, True), (80_000, False), (120_000, False)])
def test_moving_refused_below_80_percent_of_lowest_neighbour(value, refused):
    a = assess(work="move_building", equalized_value=value, lowest_nearby_value=100_000)
    assert ("moving_value_below_neighbourhood" in a.codes()) is refused
    assert all(r.basis == "12.19(2)" for r in a.refusals)


def test_moving_value_check_needs_both_values():
    assert assess(work="move_building", equalized_value=1).refusals == []


@pytest.mark.parametrize(("inches", "permit"), [(18, False), (18.5, True), (19, True)])
def test_satellite_permit_only_over_18_inches(inches, permit):
    a = assess(work="satellite_dish", dish_diameter_in=inches)
    assert (a.permit("satellite_dish") is not None) is permit


def test_satellite_review_within_30_days_by_inspector():
    data = assess(work="satellite_dish", dish_diameter_in=24).to_json()
    assert data["reviews"] == [
        {
            "permit": "satellite_dish",
            "by": "building_inspector",
            "days": 30,
            "working_days": None,
            "basis": "12.29(4)",
        }
    ]


@pytest.mark.parametrize(
    ("zoning", "mount", "basis"),
    [
        ("residential", "ground", "12.30(5)"),
        ("agricultural", None, "12.30(5)"),
        ("commercial", "ground", "12.30(6)"),
        ("industrial", "building", "12.30(7)"),
    ],
)
def test_satellite_placement_rule_follows_zoning_and_mount(zoning, mount, basis):
    data = {"work": "satellite_dish", "dish_diameter_in": 30, "zoning": zoning}
    if mount:
        data["mount"] = mount
    reqs = {r.code: r.basis for r in assess(**data).requirements}
    assert reqs["satellite_placement"] == basis


def test_house_moved_onto_a_lot_needs_its_house_number():
    a = assess(work="move_building", structure="dwelling", new_primary_structure=True)
    assert {r.code: r.basis for r in a.requirements}["house_number_placard"] == "12.32(3)"
