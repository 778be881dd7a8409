"""What the clerk knows about a proposed project, checked strictly.

Why strict: an assessment cites the ordinance, so a misspelt key (``disturbed_sqf``) must not
quietly fall back to "no disturbance" and hide an erosion permit. Every key, type and value is
checked and the first problem is reported with the field it concerns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from decimal import Decimal
from enum import Enum, StrEnum
from typing import Any

from deerfield_desk.errors import InvalidInput


class Work(StrEnum):
    NEW_BUILDING = "new_building"
    ADDITION = "addition"
    ALTERATION = "alteration"
    REPAIR = "repair"  # a minor repair in the sense of 12.03(14)
    REROOF = "reroof"
    RESIDE = "reside"
    INTERIOR_FINISH = "interior_finish"
    EQUIPMENT_REPLACEMENT = "equipment_replacement"
    SYSTEM_ALTERATION = "system_alteration"  # plumbing, venting, electrical, gas
    DEMOLITION = "demolition"
    MOVE_BUILDING = "move_building"
    SATELLITE_DISH = "satellite_dish"
    LAND_DISTURBANCE = "land_disturbance"


class Structure(StrEnum):
    DWELLING = "dwelling"  # one- and two-family
    MULTIFAMILY = "multifamily"
    COMMERCIAL = "commercial"
    DETACHED_GARAGE = "detached_garage"
    ACCESSORY_BUILDING = "accessory_building"
    AGRICULTURAL_BUILDING = "agricultural_building"
    DECK = "deck"
    SWIMMING_POOL = "swimming_pool"
    PLAY_STRUCTURE = "play_structure"


class Zoning(StrEnum):
    RESIDENTIAL = "residential"
    AGRICULTURAL = "agricultural"
    COMMERCIAL = "commercial"
    INDUSTRIAL = "industrial"


class Mount(StrEnum):
    GROUND = "ground"
    BUILDING = "building"


class FireLimitsException(StrEnum):
    """The kinds of frame building 12.10(2) still allows inside the fire limits."""

    BUILDERS_TEMPORARY = "builders_temporary"  # (a)
    OPEN_SHED = "open_shed"  # (b)
    SMALL_OUTBUILDING = "small_outbuilding"  # (f)
    ELEVATOR_COAL_POCKET_ICE_HOUSE = "elevator_coal_pocket_ice_house"  # (g)


class DishYard(StrEnum):
    """Where on the lot a ground-mounted dish stands (12.30(5), (6))."""

    FRONT = "front"
    SIDE = "side"
    REAR = "rear"


@dataclass(frozen=True)
class Project:
    work: Work
    structure: Structure | None = None
    zoning: Zoning | None = None
    mount: Mount | None = None
    # measurements (None: not known)
    area_sqft: float | None = None  # floor area; for demolition, the part razed
    estimated_cost: Decimal | None = None
    roof_layers: int | None = None  # after the work
    dwelling_units: int | None = None  # in the building after the work (dwellings only)
    dish_diameter_in: float | None = None
    disturbed_sqft: float | None = None
    earthwork_cuyd: float | None = None
    utility_ft: float | None = None
    lots_created: int | None = None
    site_acres: float | None = None
    max_slope_pct: float | None = None
    base_fee: Decimal | None = None
    control_measures_cost: Decimal | None = None
    damage_pct: float | None = None
    equalized_value: Decimal | None = None
    lowest_nearby_value: Decimal | None = None
    fire_damage_pct: float | None = None  # 12.10(3): of present value, foundation excluded
    height_ft: float | None = None
    stories: int | None = None
    lot_line_ft: float | None = None  # to the nearest lot line
    building_distance_ft: float | None = None  # to the nearest other building over one story
    fire_limits_exception: FireLimitsException | None = None
    exception_finding: str | None = None  # the inspector's reason an exception applies
    dish_yard: DishYard | None = None
    dish_structure_ft: float | None = None  # to the principal structure
    dish_lot_line_ft: float | None = None  # to the nearest rear/side lot or alley line
    dish_yard_share_pct: float | None = None  # share of that yard the dish occupies
    existing_dishes: int | None = None  # dishes already on the lot
    uses_public_way: bool | None = None  # 12.19(1), (6)(a): None = not yet answered
    # facts the clerk or the village engineer has established
    street_work: bool = False
    watercourse_work: bool = False
    land_division: bool = False  # needs CSM or plat approval
    on_platted_lot: bool = False
    subdivision: bool = False
    agricultural_use: bool = False
    quarry: bool = False
    state_project: bool = False
    village_project: bool = False
    minor_landscaping: bool = False
    sensitive_area: bool = False  # floodplain, wetland, conservancy, environmental corridor
    channel_originates: bool = False
    engineer_major: bool = False
    engineer_erosion_likely: bool = False
    fire_limits: bool = False
    frame_construction: bool = False
    new_primary_structure: bool = False
    built_before_1980_06_01: bool = False
    started_without_permit: bool = False
    shed_open_incombustible: bool = False  # 12.10(2)(b): open long side, incombustible sides
    exterior_alteration: bool = False  # 12.19(8)(e): moved and altered
    moving_out_of_village: bool = False  # 12.19(5): plans of alterations may be disregarded
    paved_area: bool = False  # 31.06(1)(B): an improvement other than a building
    plat_csm_fees_paid: bool = False  # 31.11(1): plat or CSM review fees paid, same project

    @classmethod
    def from_dict(cls, data: Any) -> Project:
        return parse_project(data)


_ENUMS: dict[str, type[Enum]] = {
    "work": Work,
    "structure": Structure,
    "zoning": Zoning,
    "mount": Mount,
    "fire_limits_exception": FireLimitsException,
    "dish_yard": DishYard,
}
_MONEY = {
    "estimated_cost",
    "base_fee",
    "control_measures_cost",
    "equalized_value",
    "lowest_nearby_value",
}
_COUNTS = {"roof_layers", "lots_created", "stories", "existing_dishes", "dwelling_units"}
_PERCENT = {"damage_pct", "fire_damage_pct", "dish_yard_share_pct"}  # at most 100
_TEXT = {"exception_finding"}
_TRISTATE = {"uses_public_way"}  # yes, no, or not answered yet (None)
_FLAGS = {f.name for f in fields(Project) if f.type == "bool"}
# A threshold the engine must compare; without it the answer would be a guess.
_NEEDED_FOR = {
    Work.DEMOLITION: ("area_sqft", "12.18(1) sets the demolition permit at 400 sq ft"),
    Work.SATELLITE_DISH: ("dish_diameter_in", "12.27 sets the permit at 18 in"),
}


def parse_project(data: Any) -> Project:
    """Turn a JSON-like dict into a ``Project`` or raise ``InvalidInput``."""
    if not isinstance(data, dict):
        raise InvalidInput("project", "expected a JSON object")
    known = {f.name for f in fields(Project)}
    for key in data:
        if key not in known:
            raise InvalidInput(str(key), "unknown key")
    if "work" not in data:
        raise InvalidInput("work", "required")
    values: dict[str, Any] = {}
    for key in sorted(data, key=lambda k: (k != "work", k)):
        value = data[key]
        if value is None and key != "work" and key not in _FLAGS:
            continue  # null means "not known", the same as leaving the key out
        values[key] = _parse_value(key, value)
    values = {k: v for k, v in values.items() if v is not None}
    project = Project(**values)
    needed = _NEEDED_FOR.get(project.work)
    if needed and getattr(project, needed[0]) is None:
        raise InvalidInput(needed[0], f"required for {project.work.value} ({needed[1]})")
    return project


def _parse_value(key: str, value: Any) -> Any:
    if key in _ENUMS:
        enum = _ENUMS[key]
        allowed = ", ".join(m.value for m in enum)
        if not isinstance(value, str):
            raise InvalidInput(key, f"expected one of {allowed}")
        try:
            return enum(value)
        except ValueError:
            raise InvalidInput(key, f"unknown value {value!r}; expected {allowed}") from None
    if key in _TEXT:
        if not isinstance(value, str):
            raise InvalidInput(key, "expected text")
        return value.strip() or None
    if key in _FLAGS or key in _TRISTATE:
        if not isinstance(value, bool):
            raise InvalidInput(key, "expected true or false")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidInput(key, "expected a number")
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidInput(key, "expected a finite number")
    if value < 0:
        raise InvalidInput(key, "must not be negative")
    if key in _PERCENT and value > 100:
        raise InvalidInput(key, "must be at most 100")
    if key in _COUNTS:
        if isinstance(value, float) and not value.is_integer():
            raise InvalidInput(key, "expected a whole number")
        return int(value)
    if key in _MONEY:
        return Decimal(str(value))
    return float(value)
