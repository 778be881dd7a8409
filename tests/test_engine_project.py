"""Reading a project description: strict, so a typo cannot hide a permit."""

from __future__ import annotations

from decimal import Decimal

import pytest

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.assessment import assess_project
from deerfield_desk.models.project import (
    Project,
    Structure,
    Work,
    parse_project,
)


def test_minimal_project_is_just_the_work():
    assert parse_project({"work": "reroof"}) == Project(work=Work.REROOF)


def test_values_are_typed_and_money_is_exact():
    p = parse_project(
        {"work": "addition", "structure": "dwelling", "estimated_cost": 9999.99, "base_fee": 0.1}
    )
    assert p.structure is Structure.DWELLING
    assert p.estimated_cost == Decimal("9999.99") and p.base_fee == Decimal("0.1")


def test_null_means_not_known():
    assert parse_project({"work": "addition", "area_sqft": None}).area_sqft is None


def test_misspelt_key_is_refused_not_ignored():
    with pytest.raises(InvalidInput) as exc:
        parse_project({"work": "land_disturbance", "disturbed_sqf": 50_000})
    assert exc.value.field == "disturbed_sqf"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"work": "addition", "roof_layers": 2.5}, "roof_layers"),
        ({"work": "addition", "area_sqft": float("nan")}, "area_sqft"),
        ({"work": "addition", "area_sqft": float("inf")}, "area_sqft"),
        ({"work": "addition", "fire_limits": None}, "fire_limits"),
        ({"work": "addition", "fire_limits": 1}, "fire_limits"),
        ({"work": ["addition"]}, "work"),
        ({"work": None}, "work"),
        ({"work": "demolition", "area_sqft": None}, "area_sqft"),
    ],
)
def test_invalid_values_name_their_field(data, field):
    with pytest.raises(InvalidInput) as exc:
        parse_project(data)
    assert exc.value.field == field
    assert str(exc.value).startswith(f"{field}: ")


def test_whole_float_counts_are_accepted():
    assert parse_project({"work": "reroof", "roof_layers": 3.0}).roof_layers == 3


def test_a_typical_new_home_on_a_platted_lot():
    """The case the clerk sees most: house, garage slab, erosion statement, deposit."""
    a = assess_project(
        parse_project(
            {
                "work": "new_building",
                "structure": "dwelling",
                "area_sqft": 2400,
                "estimated_cost": 320_000,
                "on_platted_lot": True,
                "disturbed_sqft": 9_000,
                "new_primary_structure": True,
            }
        )
    )
    assert a.permit_types() == {"building", "erosion_control"}
    assert a.permit("erosion_control").permit_class == "minor"
    assert {"completion_deposit", "house_number_placard", "erosion_control_statement"} <= a.codes()
    assert [(f.code, f.amount) for f in a.fees] == [("erosion_minor_application", 0)]
