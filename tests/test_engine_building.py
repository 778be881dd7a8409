"""Chapter 12 building permits: what the clerk tells an applicant at the counter."""

from __future__ import annotations

import pytest

from deerfield_desk.models.assessment import Assessment, assess_project
from deerfield_desk.models.project import parse_project


def assess(**data) -> Assessment:
    return assess_project(parse_project(data))


@pytest.mark.parametrize(
    ("work", "basis"),
    [
        ("new_building", "12.07(2)(a)"),
        ("addition", "12.07(2)(b)"),
        ("alteration", "12.07(2)(c)"),
        ("equipment_replacement", "12.07(2)(d)"),
        ("system_alteration", "12.07(2)(e)"),
    ],
)
def test_work_that_needs_a_building_permit_cites_its_subsection(work, basis):
    a = assess(work=work, structure="dwelling")
    assert a.to_json()["permits"] == [{"type": "building", "class": None, "basis": [basis]}]
    assert a.to_json()["validity"] == [{"permit": "building", "years": 2, "basis": "12.14(1)"}]


@pytest.mark.parametrize(
    ("work", "code"),
    [
        ("repair", "minor_repair"),
        ("reroof", "reroof"),
        ("reside", "reside"),
        ("interior_finish", "interior_finish"),
    ],
)
def test_exempt_work_needs_no_permit_and_says_why(work, code):
    a = assess(work=work, structure="dwelling", estimated_cost=50000)
    assert a.permits == []
    assert a.to_json()["exemptions"] == [{"code": code, "basis": "12.07(3)(a)"}]
    assert "completion_deposit" not in a.codes()  # no permit, so no deposit to collect


@pytest.mark.parametrize(("layers", "offered"), [(1, False), (2, False), (3, True), (4, True)])
def test_third_roof_layer_offers_a_permit_with_calculations(layers, offered):
    a = assess(work="reroof", structure="dwelling", roof_layers=layers)
    assert a.permits == []
    assert ("structural_calculations_optional" in a.codes()) is offered


def test_new_deck_needs_a_permit_but_a_play_structure_does_not():
    assert assess(work="new_building", structure="deck").permit("building")
    play = assess(work="new_building", structure="play_structure")
    assert play.permits == []
    assert play.to_json()["exemptions"] == [{"code": "play_structure", "basis": "12.04"}]


def test_agricultural_buildings_need_a_permit():
    assert assess(work="new_building", structure="agricultural_building").permit("building")


@pytest.mark.parametrize(("cost", "deposit"), [(9999, False), (9999.99, False), (10000, True)])
def test_completion_deposit_from_ten_thousand_dollars(cost, deposit):
    a = assess(work="alteration", structure="commercial", estimated_cost=cost)
    assert ("completion_deposit" in a.codes()) is deposit


def test_new_house_needs_plans_plot_plan_and_house_number_before_issuance():
    a = assess(work="new_building", structure="dwelling", new_primary_structure=True)
    reqs = {r.code: r.basis for r in a.requirements}
    assert reqs == {
        "plans_two_sets": "12.13",
        "plot_plan": "12.13",
        "house_number_placard": "12.32(3)",
    }


def test_alteration_needs_no_plot_plan():
    assert "plot_plan" not in assess(work="alteration", structure="dwelling").codes()


@pytest.mark.parametrize(("area", "slab"), [(200, False), (201, True), (None, False)])
def test_detached_garage_slab_over_200_sq_ft(area, slab):
    data = {"work": "new_building", "structure": "detached_garage"}
    if area is not None:
        data["area_sqft"] = area
    assert ("udc_garage_slab" in assess(**data).codes()) is slab


@pytest.mark.parametrize(("old", "expanded"), [(True, True), (False, False)])
def test_udc_expanded_for_dwellings_before_june_1980(old, expanded):
    a = assess(work="addition", structure="dwelling", built_before_1980_06_01=old)
    assert ("udc_expanded" in a.codes()) is expanded
    # Commercial buildings are outside the Uniform Dwelling Code whatever their age.
    b = assess(work="addition", structure="commercial", built_before_1980_06_01=old)
    assert "udc_expanded" not in b.codes()


def test_fire_limits_frame_building_refused_masonry_gets_incombustible_roof():
    frame = assess(
        work="new_building", structure="commercial", fire_limits=True, frame_construction=True
    )
    assert {(r.code, r.basis) for r in frame.refusals} == {
        ("fire_limits_frame_building", "12.10(2)")
    }
    masonry = assess(work="new_building", structure="commercial", fire_limits=True)
    assert masonry.refusals == []
    assert "incombustible_roof" in masonry.codes()


@pytest.mark.parametrize(
    ("structure", "exception", "area", "height", "refused"),
    [
        ("accessory_building", "small_outbuilding", 150, 8, False),  # 12.10(2)(f)
        ("accessory_building", "small_outbuilding", 151, 8, True),
        ("accessory_building", "small_outbuilding", 150, 8.5, True),  # "and 8 feet in height"
        ("agricultural_building", "elevator_coal_pocket_ice_house", 6000, 40, False),  # (g)
        ("agricultural_building", "elevator_coal_pocket_ice_house", 6001, 40, True),
        ("agricultural_building", "elevator_coal_pocket_ice_house", 6000, 41, True),
        ("agricultural_building", None, 100, 10, True),  # a frame barn is no exception
    ],
)
def test_fire_limits_exceptions(structure, exception, area, height, refused):
    data = {"work": "new_building", "structure": structure, "fire_limits": True}
    data |= {"frame_construction": True, "area_sqft": area, "height_ft": height}
    data |= {"lot_line_ft": 3, "building_distance_ft": 15}
    if exception:
        data["fire_limits_exception"] = exception
    assert bool(assess(**data).refusals) is refused


def test_frame_building_may_not_be_moved_into_fire_limits():
    a = assess(work="move_building", fire_limits=True, frame_construction=True)
    assert ("fire_limits_frame_building", "12.10(2)(h)") in {(r.code, r.basis) for r in a.refusals}


def test_reroof_in_fire_limits_needs_incombustible_covering_even_without_permit():
    a = assess(work="reroof", structure="commercial", fire_limits=True)
    assert a.permits == [] and "incombustible_roof" in a.codes()


def test_work_started_without_permit_doubles_the_fee():
    a = assess(work="addition", structure="dwelling", started_without_permit=True, base_fee=75)
    assert a.to_json()["fees"] == [
        {
            "code": "double_permit_fee",
            "amount": 150.0,
            "basis": "12.22",
            "note": "work started before the permit",
        }
    ]
    unknown = assess(work="addition", structure="dwelling", started_without_permit=True)
    assert unknown.to_json()["fees"][0]["amount"] is None


def test_no_double_fee_for_exempt_work():
    a = assess(work="reside", started_without_permit=True, base_fee=75)
    assert a.fees == []
