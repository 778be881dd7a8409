"""Chapter 12's special permits: demolition (12.18), moving (12.19), satellite dishes (12.27).

Each function yields findings with the section they rest on. Thresholds live here once.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from deerfield_desk.models.findings import (
    Item,
    Permit,
    Refusal,
    Requirement,
    Review,
    Undetermined,
)
from deerfield_desk.models.project import DishYard, Mount, Project, Work, Zoning

DEMOLITION_PERMIT_SQFT = 400  # 12.18(1): "greater than 400 square feet"
MOVING_DEPOSIT_MINIMUM = Decimal("5000")  # 12.19(6)(a): "not less than"
MOVING_DAMAGE_PCT = 50  # 12.19(2): "fifty (50) percent or more"
MOVING_VALUE_SHARE = Decimal("0.80")  # 12.19(2): within 20 % of the lowest nearby value
SATELLITE_PERMIT_INCHES = 18  # 12.27: "greater than 18 inches"
SATELLITE_DECISION_DAYS = 30  # 12.29(4)
MOVING_ALTERATION_DEPOSIT = Decimal("5000")  # 12.19(8)(e): "not less than $5,000"
# 12.19(7): public liability per person and per accident, property damage; each "not less than"
MOVING_INSURANCE = (
    ("moving_insurance_person", Decimal("500000")),
    ("moving_insurance_accident", Decimal("1000000")),
    ("moving_insurance_property", Decimal("500000")),
)
DISH_SETBACK_FT = 5  # 12.30(5), (6): "no closer than five feet"
# Share of the yard a ground-mounted dish may occupy, "not more than" (residential?, yard).
DISH_YARD_SHARE = {
    (True, DishYard.REAR): 20,  # 12.30(5)
    (False, DishYard.SIDE): 50,  # 12.30(6)
    (False, DishYard.REAR): 75,  # 12.30(6)
}
FEDERAL_DISH_INCHES = 39.37  # one metre: the size federal antenna rules speak of


def assess(p: Project) -> Iterator[Item]:
    if p.work is Work.DEMOLITION:
        yield from demolition(p)
    elif p.work is Work.MOVE_BUILDING:
        yield from moving(p)
    elif p.work is Work.SATELLITE_DISH:
        yield from satellite_dish(p)


def demolition(p: Project) -> Iterator[Item]:
    if p.area_sqft is not None and p.area_sqft > DEMOLITION_PERMIT_SQFT:
        yield Permit("demolition", ("12.18(1)",))
        # 12.18(2)(a)-(i): owner, contractor, dates, hazardous materials, waste route,
        # method, runoff and dust, and the utilities' release.
        yield Requirement("demolition_application", "12.18(2)")


def moving(p: Project) -> Iterator[Item]:
    """12.19: the moving permit and everything the Village asks before it is issued.

    Readings (recorded because the text is loose):

    * The cash deposit (6)(a), the insurance of (7), the route walk and the street inspection
      of (4) concern moving "over any public way"; the clerk must say whether one is used
      (unknown blocks submission), and a move that uses none is not charged them.
    * 12.19(2) and (5) govern buildings moved "within or into the Village"; a building moved
      out of the village is not refused for its damage or value, and its alteration plans
      may be disregarded, as (5) says.
    * (8)(d) says the Village may not issue "unless it finds that the exterior ... will not be
      consistent" with the neighbourhood; read as the evident intent, a finding that it WILL
      be consistent and will not substantially depreciate neighbouring values.
    """
    yield Permit("moving", ("12.19(1)",))
    yield Requirement("moving_permit_terms", "12.19(1)")
    if p.uses_public_way is None:
        yield Undetermined("uses_public_way", "12.19(6)(a)")
    elif p.uses_public_way:
        yield Requirement("moving_cash_deposit", "12.19(6)(a)", MOVING_DEPOSIT_MINIMUM)
        for code, amount in MOVING_INSURANCE:
            yield Requirement(code, "12.19(7)", amount)
        yield Requirement("moving_route_inspection", "12.19(4)")
        yield Requirement("moving_arrival_report", "12.19(4)")
    if not p.moving_out_of_village:
        yield Requirement("moving_inspector_investigation", "12.19(5)")
        yield Requirement("moving_repair_plan", "12.19(5)")
    yield Requirement("moving_relocation_documents", "12.19(8)(b)")
    yield Requirement("village_view_of_site", "12.19(8)(c)")
    yield Requirement("village_neighbourhood_finding", "12.19(8)(d)")
    yield Requirement("village_approval_vote", "12.19(8)(a)")
    yield Review("moving", "village_board", "12.19(8)")
    if p.exterior_alteration:
        yield Requirement("moving_alteration_plans", "12.19(8)(e)")
        yield Requirement("moving_alteration_deposit", "12.19(8)(e)", MOVING_ALTERATION_DEPOSIT)
        yield Requirement("moving_no_occupancy_before_exterior", "12.19(8)(f)")
    if p.moving_out_of_village:
        return
    if p.damage_pct is not None and p.damage_pct >= MOVING_DAMAGE_PCT:
        yield Refusal("moving_damage_50pct", "12.19(2)")
    if (
        p.equalized_value is not None
        and p.lowest_nearby_value is not None
        and p.equalized_value < MOVING_VALUE_SHARE * p.lowest_nearby_value
    ):
        yield Refusal("moving_value_below_neighbourhood", "12.19(2)")


def satellite_dish(p: Project) -> Iterator[Item]:
    if p.dish_diameter_in is None or p.dish_diameter_in <= SATELLITE_PERMIT_INCHES:
        return
    yield Permit("satellite_dish", ("12.27",))
    yield Requirement("satellite_site_map", "12.28(3)")
    yield Requirement("satellite_wind_and_materials", "12.30(1)")
    placement = _satellite_placement(p)
    if placement:
        yield Requirement("satellite_placement", placement)
    yield from dish_placement(p)
    if p.dish_diameter_in <= FEDERAL_DISH_INCHES:
        # Federal rules on antennas up to one metre may limit what the village may enforce;
        # whether they do is for the village attorney, so this is a warning, not a decision.
        yield Requirement("satellite_federal_limits", "12.30(8)")
    # Not issued within 30 days means deemed rejected.
    yield Review("satellite_dish", "building_inspector", "12.29(4)", days=SATELLITE_DECISION_DAYS)


def dish_placement(p: Project) -> Iterator[Item]:
    """12.30(5) and (6): one dish per lot and rear yards only in residential and agricultural
    districts; side or back yards in commercial and industrial ones; setbacks and the share of
    the yard. A fact not given is asked for (Undetermined), never assumed to comply.

    The setback and share limits may be met "subject to a condition or exception" the inspector
    writes down (12.29(2)), so those refusals can be lifted by his finding; the yard and the
    one-dish rule cannot (a variance, 12.31(4), is the Plan Commission's).
    """
    if p.zoning is None:
        yield Undetermined("zoning", "12.30(5)")
        return
    residential = p.zoning in {Zoning.RESIDENTIAL, Zoning.AGRICULTURAL}
    if residential:
        if p.existing_dishes is None:
            yield Undetermined("existing_dishes", "12.30(5)")
        elif p.existing_dishes >= 1:
            yield Refusal("satellite_second_dish", "12.30(5)")
    if p.mount is None:
        yield Undetermined("mount", "12.30(7)")
        return
    if p.mount is Mount.BUILDING:
        return  # 12.30(7): the district's setbacks, which the zoning administrator checks
    basis = "12.30(5)" if residential else "12.30(6)"
    if p.dish_yard is None:
        yield Undetermined("dish_yard", basis)
        return
    allowed = {DishYard.REAR} if residential else {DishYard.SIDE, DishYard.REAR}
    if p.dish_yard not in allowed:
        yield Refusal("satellite_yard_not_allowed", basis)
        return
    share = DISH_YARD_SHARE[(residential, p.dish_yard)]
    needed = ("dish_structure_ft", "dish_lot_line_ft", "dish_yard_share_pct")
    missing = [name for name in needed if getattr(p, name) is None]
    if missing:
        yield from (Undetermined(name, basis) for name in missing)
        return
    if min(p.dish_structure_ft, p.dish_lot_line_ft) < DISH_SETBACK_FT:
        yield Refusal("satellite_setback", basis, "building_inspector")
    if p.dish_yard_share_pct > share:
        yield Refusal("satellite_yard_share", basis, "building_inspector")


def _satellite_placement(p: Project) -> str | None:
    """Where the dish may stand depends on the zoning district and how it is mounted."""
    if p.mount is Mount.BUILDING:
        return "12.30(7)"
    if p.zoning in {Zoning.RESIDENTIAL, Zoning.AGRICULTURAL}:
        return "12.30(5)"  # one per lot, rear yard only
    if p.zoning in {Zoning.COMMERCIAL, Zoning.INDUSTRIAL}:
        return "12.30(6)"
    return None
