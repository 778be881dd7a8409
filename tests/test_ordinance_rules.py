"""Boundary tests for the rules of issue 13, each citing the section it reads."""

from __future__ import annotations

import pytest

from deerfield_desk.models.assessment import Assessment, assess_project
from deerfield_desk.models.project import parse_project
from deerfield_desk.models.project_summary import summarize

SOIL = {"disturbed_sqft": 0, "earthwork_cuyd": 0, "estimated_cost": 5000}


def assess(**data) -> Assessment:
    return assess_project(parse_project(data))


def refusals(a: Assessment) -> set[tuple[str, str]]:
    return {(r.code, r.basis) for r in a.refusals}


# -- 12.19(2): damaged 50 % or more -------------------------------------------------------
@pytest.mark.parametrize("work", ["repair", "alteration", "addition"])
@pytest.mark.parametrize(("damage", "refused"), [(49.9, False), (50, True), (70, True)])
def test_12_19_2_no_permit_to_repair_or_alter_a_half_damaged_building(work, damage, refused):
    a = assess(work=work, structure="dwelling", damage_pct=damage, **SOIL)
    assert (("damaged_50pct", "12.19(2)") in refusals(a)) is refused


def test_12_19_2_a_70pct_damaged_house_is_not_a_minor_repair():
    a = assess(work="repair", structure="dwelling", damage_pct=70)
    assert "minor_repair" not in a.codes()
    assert a.permit("building") is not None  # filed, so the refusal is on the register


# -- 12.10(3): frame building in the fire limits damaged over half its value ----------------
@pytest.mark.parametrize(("damage", "refused"), [(50, False), (50.1, True)])
def test_12_10_3_damaged_frame_building_is_removed_not_repaired(damage, refused):
    a = assess(work="repair", fire_limits=True, frame_construction=True, fire_damage_pct=damage)
    assert (("fire_limits_damaged_frame", "12.10(3)") in refusals(a)) is refused


# -- 12.10(2) exceptions, exactly ---------------------------------------------------------
FRAME = {"work": "new_building", "fire_limits": True, "frame_construction": True, **SOIL}


@pytest.mark.parametrize(
    ("facts", "refused"),
    [
        ({"lot_line_ft": 3, "building_distance_ft": 15}, False),
        ({"lot_line_ft": 2.9, "building_distance_ft": 15}, True),  # "within 3 feet"
        ({"lot_line_ft": 3, "building_distance_ft": 14.9}, True),  # "less than 15 feet"
    ],
)
def test_12_10_2_f_outbuilding_distances(facts, refused):
    a = assess(**FRAME, structure="accessory_building", fire_limits_exception="small_outbuilding",
               area_sqft=150, height_ft=8, **facts)  # fmt: skip
    assert bool(a.refusals) is refused


def test_12_10_2_f_missing_height_is_asked_not_assumed():
    a = assess(**FRAME, structure="accessory_building", fire_limits_exception="small_outbuilding",
               area_sqft=100, lot_line_ft=5, building_distance_ft=20)  # fmt: skip
    assert [(u.field, u.basis) for u in a.undetermined] == [("height_ft", "12.10(2)(f)")]
    assert a.refusals == []


@pytest.mark.parametrize(
    ("area", "lot_line", "refused"),
    [(500, 1, False), (501, 9.9, True), (501, 10, False), (2000, 10, False), (2001, 50, True)],
)
def test_12_10_2_b_open_shed_sizes_and_clearance(area, lot_line, refused):
    a = assess(**FRAME, structure="accessory_building", fire_limits_exception="open_shed",
               stories=1, height_ft=15, shed_open_incombustible=True, area_sqft=area,
               lot_line_ft=lot_line)  # fmt: skip
    assert bool(a.refusals) is refused


def test_12_10_2_a_temporary_builders_building_is_one_story():
    ok = assess(**FRAME, structure="accessory_building",
                fire_limits_exception="builders_temporary", stories=1)  # fmt: skip
    assert ok.refusals == []
    assert {r.basis for r in ok.requirements} >= {"12.10(2)(a)"}
    two = assess(**FRAME, structure="accessory_building",
                 fire_limits_exception="builders_temporary", stories=2)  # fmt: skip
    assert two.refusals


def test_12_10_2_inspector_finding_replaces_the_refusal_with_a_reason():
    a = assess(**FRAME, structure="commercial",
               exception_finding="piazza under 10 ft wide: (d)")  # fmt: skip
    assert a.refusals == []
    assert [(f.code, f.basis, f.reason) for f in a.findings] == [
        ("fire_limits_frame_building", "12.10(2)", "piazza under 10 ft wide: (d)")
    ]
    moved = assess(work="move_building", fire_limits=True, frame_construction=True,
                   uses_public_way=False, exception_finding="anything")  # fmt: skip
    assert ("fire_limits_frame_building", "12.10(2)(h)") in refusals(moved)  # no exception


# -- 12.19 moving ---------------------------------------------------------------------------
def test_12_19_moved_and_altered_needs_the_8e_deposit_and_no_occupancy_before_exterior():
    a = assess(work="move_building", uses_public_way=True, exterior_alteration=True)
    reqs = {r.code: r for r in a.requirements}
    assert reqs["moving_alteration_deposit"].basis == "12.19(8)(e)"
    assert reqs["moving_alteration_deposit"].amount == 5000
    assert reqs["moving_no_occupancy_before_exterior"].basis == "12.19(8)(f)"
    assert {"village_view_of_site", "village_neighbourhood_finding"} <= set(reqs)


def test_12_19_8e_alteration_plans_are_asked_for_once():
    """A moved-and-altered building: the counter's list asks for the alteration plans once
    (the engine requires them), not again as the 12.19(8) list's optional item; a move without
    alterations keeps the optional item."""
    from deerfield_desk.models.received_items import received_groups

    def texts(a):
        return [i.text for _title, items in received_groups(a, "move_building") for i in items]

    altered = texts(assess(work="move_building", uses_public_way=True, exterior_alteration=True))
    plans = [t for t in altered if "alterations" in t.lower() and "plan" in t.lower()]
    assert plans == ["Plans and specifications of the exterior alterations"], altered
    plain = texts(assess(work="move_building", uses_public_way=True))
    assert any(t.startswith("If the exterior will be altered") for t in plain), plain


def test_12_19_7_insurance_minimums_are_amounts():
    a = assess(work="move_building", uses_public_way=True)
    amounts = {r.code: r.amount for r in a.requirements if r.basis == "12.19(7)"}
    assert amounts == {
        "moving_insurance_person": 500000,
        "moving_insurance_accident": 1000000,
        "moving_insurance_property": 500000,
    }


def test_12_19_public_way_must_be_answered_and_decides_the_deposit():
    unknown = assess(work="move_building")
    assert [u.field for u in unknown.undetermined] == ["uses_public_way"]
    private = assess(work="move_building", uses_public_way=False)
    assert "moving_cash_deposit" not in private.codes()
    assert "moving_route_inspection" not in private.codes()
    assert "moving_repair_plan" in private.codes()  # 12.19(5) still applies


def test_12_19_5_moving_out_of_the_village_is_not_refused_for_damage():
    a = assess(work="move_building", uses_public_way=True, moving_out_of_village=True,
               damage_pct=80)  # fmt: skip
    assert a.refusals == []
    assert "moving_repair_plan" not in a.codes()


# -- unknown is not zero ----------------------------------------------------------------------
@pytest.mark.parametrize("work", ["new_building", "addition", "demolition", "land_disturbance"])
def test_missing_soil_figures_are_undetermined_not_zero(work):
    a = assess(work=work, structure="dwelling", area_sqft=500)
    fields = {u.field for u in a.undetermined}
    assert {"disturbed_sqft", "earthwork_cuyd"} <= fields
    lines = summarize(a)
    assert any(ln.group == "undetermined" and ln.basis == "31.06(1)(C)" for ln in lines)
    zero = assess(work=work, structure="dwelling", area_sqft=500, **SOIL)
    assert zero.undetermined == []


def test_missing_cost_of_a_new_house_is_undetermined_under_12_15():
    a = assess(work="new_building", structure="dwelling", disturbed_sqft=0, earthwork_cuyd=0)
    assert [(u.field, u.basis) for u in a.undetermined] == [("estimated_cost", "12.15")]


# -- 31.06(1)(B), (H) -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("facts", "covered"),
    [
        ({"work": "move_building", "uses_public_way": False}, True),
        ({"work": "land_disturbance", "paved_area": True}, True),
        ({"work": "new_building", "structure": "play_structure"}, False),
        ({"work": "new_building", "structure": "deck"}, True),
    ],
)
def test_31_06_1_B_buildings_and_other_improvements(facts, covered):
    a = assess(on_platted_lot=True, **SOIL, **facts)
    permit = a.permit("erosion_control")
    assert (permit is not None and "31.06(1)(B)" in permit.basis) is covered


def test_31_06_1_H_engineer_major_brings_the_site_under_H():
    a = assess(work="land_disturbance", engineer_major=True, **SOIL)
    assert "31.06(1)(H)" in a.permit("erosion_control").basis
    assert a.permit("erosion_control").permit_class == "major"


# -- 31.11(1) -------------------------------------------------------------------------------
@pytest.mark.parametrize(("paid", "fee"), [(False, 35), (True, 0)])
def test_31_11_1_waiver_only_when_plat_or_csm_fees_were_paid(paid, fee):
    a = assess(work="land_disturbance", subdivision=True, plat_csm_fees_paid=paid, **SOIL)
    fees = {f.code: f.amount for f in a.fees}
    assert fees["erosion_major_application"] == fee


# -- 12.09 ------------------------------------------------------------------------------------
def test_12_09_1_reaches_system_alterations_of_old_dwellings():
    a = assess(work="system_alteration", structure="dwelling", built_before_1980_06_01=True)
    assert ("udc_expanded", "12.09(1)") in {(r.code, r.basis) for r in a.requirements}


@pytest.mark.parametrize(("area", "code"), [(200, "accessory_slab_if_installed"),
                                            (201, "udc_garage_slab")])  # fmt: skip
def test_12_09_2_and_3_garage_slab_boundary(area, code):
    a = assess(work="new_building", structure="detached_garage", area_sqft=area, **SOIL)
    assert code in a.codes()


def test_12_09_2_text_is_the_village_slab_not_frost_rules():
    lines = summarize(assess(work="new_building", structure="detached_garage", area_sqft=400,
                             **SOIL))  # fmt: skip
    slab = next(ln for ln in lines if ln.code == "udc_garage_slab")
    assert "6×6" in slab.text and "ILHR 22" in slab.text and "frost rules" not in slab.text


# -- 12.22 / 12.15 for demolition ------------------------------------------------------------
def test_12_22_doubling_is_not_asked_for_demolition():
    from deerfield_desk.models.wizard_fields import questions_for

    assert "started_without_permit" not in {q.key for q in questions_for("demolition")}
    assert "started_without_permit" in {q.key for q in questions_for("new_building")}


# -- wording (31.06(1)(E), (G), 31.03(3)) -----------------------------------------------------
def test_wizard_wording_follows_the_ordinance():
    from deerfield_desk.models.wizard_fields import QUESTIONS

    labels = {q.key: q.label for q in QUESTIONS}
    assert "alteration of a watercourse" in labels["watercourse_work"]
    assert "construction, enlargement, relocation or reconstruction" in labels["street_work"]
    a = assess(work="land_disturbance", disturbed_sqft=5000, earthwork_cuyd=0,
               agricultural_use=True)  # fmt: skip
    text = next(ln.text for ln in summarize(a) if ln.group == "exemptions")
    assert "generally excluded (§31.03(3))" in text and "§31.07" in text


# -- 12.30 satellite dishes ------------------------------------------------------------------
DISH = {"work": "satellite_dish", "dish_diameter_in": 30, "zoning": "residential",
        "mount": "ground", "dish_structure_ft": 5, "dish_lot_line_ft": 5,
        "dish_yard_share_pct": 20, "existing_dishes": 0}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({}, None),
        ({"dish_yard": "front"}, "satellite_yard_not_allowed"),
        ({"dish_yard": "side"}, "satellite_yard_not_allowed"),
        ({"existing_dishes": 1}, "satellite_second_dish"),
        ({"dish_structure_ft": 4.9}, "satellite_setback"),
        ({"dish_yard_share_pct": 20.1}, "satellite_yard_share"),
    ],
)
def test_12_30_5_residential_dish(change, code):
    a = assess(**{**DISH, "dish_yard": "rear", **change})
    assert {r.code for r in a.refusals} == ({code} if code else set())


@pytest.mark.parametrize(
    ("yard", "share", "refused"),
    [("side", 50, False), ("side", 51, True), ("rear", 75, False), ("front", 1, True)],
)
def test_12_30_6_commercial_dish(yard, share, refused):
    a = assess(**{**DISH, "zoning": "commercial", "dish_yard": yard,
                  "dish_yard_share_pct": share})  # fmt: skip
    assert bool(a.refusals) is refused


def test_12_30_dish_facts_unknown_are_asked_and_federal_warning_is_shown_not_decided():
    a = assess(work="satellite_dish", dish_diameter_in=30, zoning="residential", mount="ground")
    assert {u.field for u in a.undetermined} == {"existing_dishes", "dish_yard"}
    lines = summarize(a)
    warning = [ln for ln in lines if ln.group == "warnings"]
    assert warning and "federal" in warning[0].text and warning[0].basis == "12.30(8)"
    big = assess(**{**DISH, "dish_yard": "rear", "dish_diameter_in": 40})
    assert "satellite_federal_limits" not in big.codes()
