"""Property tests: any valid project can be assessed, and more work never means fewer permits."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from deerfield_desk.models.assessment import assess_project
from deerfield_desk.models.citations import citation_exists
from deerfield_desk.models.project import Mount, Structure, Work, Zoning, parse_project

FLAGS = [
    "street_work", "watercourse_work", "land_division", "on_platted_lot", "subdivision",
    "agricultural_use", "quarry", "state_project", "village_project", "minor_landscaping",
    "sensitive_area", "channel_originates", "engineer_major", "engineer_erosion_likely",
    "fire_limits", "frame_construction", "new_primary_structure", "built_before_1980_06_01",
    "started_without_permit",
]  # fmt: skip
NUMBERS = {
    "area_sqft": 100_000, "estimated_cost": 5_000_000, "dish_diameter_in": 240,
    "disturbed_sqft": 500_000, "earthwork_cuyd": 5_000, "utility_ft": 5_000, "site_acres": 200,
    "max_slope_pct": 100, "base_fee": 10_000, "control_measures_cost": 1_000_000,
    "damage_pct": 100, "equalized_value": 2_000_000, "lowest_nearby_value": 2_000_000,
}  # fmt: skip
COUNTS = {"roof_layers": 6, "lots_created": 200}
# Adding any of these to a project may add permits, never take one away.
TRIGGER_FLAGS = [
    "street_work", "watercourse_work", "land_division", "on_platted_lot", "subdivision",
    "engineer_major", "engineer_erosion_likely", "channel_originates", "sensitive_area",
    "fire_limits", "frame_construction", "new_primary_structure", "built_before_1980_06_01",
    "started_without_permit",
]  # fmt: skip
TRIGGER_NUMBERS = [
    "area_sqft", "dish_diameter_in", "disturbed_sqft", "earthwork_cuyd", "utility_ft",
    "estimated_cost", "site_acres", "max_slope_pct", "damage_pct",
]  # fmt: skip


def _number(key: str, top: float):
    if key == "damage_pct":
        return st.integers(0, 100) | st.floats(0, 100)
    return st.integers(0, int(top)) | st.floats(0, top, allow_nan=False)


@st.composite
def projects(draw) -> dict:
    data: dict = {"work": draw(st.sampled_from([w.value for w in Work]))}
    for key, enum in (("structure", Structure), ("zoning", Zoning), ("mount", Mount)):
        if draw(st.booleans()):
            data[key] = draw(st.sampled_from([m.value for m in enum]))
    for key, top in NUMBERS.items():
        if draw(st.booleans()):
            data[key] = draw(_number(key, top))
    for key, top in COUNTS.items():
        if draw(st.booleans()):
            data[key] = draw(st.integers(0, top))
    for key in FLAGS:
        if draw(st.booleans()):
            data[key] = draw(st.booleans())
    # The two thresholds that cannot be guessed are required for their kind of work.
    if data["work"] == "demolition":
        data.setdefault("area_sqft", draw(_number("area_sqft", 2_000)))
    if data["work"] == "satellite_dish":
        data.setdefault("dish_diameter_in", draw(_number("dish_diameter_in", 60)))
    return data


@settings(max_examples=400)
@given(projects())
def test_engine_never_crashes_and_output_is_json(data):
    assessment = assess_project(parse_project(data))
    text = json.dumps(assessment.to_json())
    back = json.loads(text)
    for permit in back["permits"]:
        assert permit["basis"], "every permit rests on a section"
        assert permit["class"] in {None, "major", "minor"}
    # A permit's validity and its existence go together.
    assert {v["permit"] for v in back["validity"]} <= {p["type"] for p in back["permits"]}


@settings(max_examples=400)
@given(projects(), st.data())
def test_adding_a_trigger_never_removes_a_permit(data, more):
    before = assess_project(parse_project(data))
    bigger = dict(data)
    if more.draw(st.booleans()):
        bigger[more.draw(st.sampled_from(TRIGGER_FLAGS))] = True
    else:
        key = more.draw(st.sampled_from(TRIGGER_NUMBERS))
        bigger[key] = data.get(key, 0) + more.draw(st.integers(1, 100_000))
        if key == "damage_pct":
            bigger[key] = min(bigger[key], 100)
    after = assess_project(parse_project(bigger))
    assert before.permit_types() <= after.permit_types()
    was, now = before.permit("erosion_control"), after.permit("erosion_control")
    if was and was.permit_class == "major":
        assert now.permit_class == "major"


@settings(max_examples=200)
@given(projects())
def test_every_citation_an_assessment_returns_exists(data):
    for citation in assess_project(parse_project(data)).citations():
        assert citation_exists(citation), citation
