"""Chapter 12's special permits: demolition (12.18), moving (12.19), satellite dishes (12.27).

Each function yields findings with the section they rest on. Thresholds live here once.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from deerfield_desk.models.findings import Item, Permit, Refusal, Requirement, Review
from deerfield_desk.models.project import Mount, Project, Work, Zoning

DEMOLITION_PERMIT_SQFT = 400  # 12.18(1): "greater than 400 square feet"
MOVING_DEPOSIT_MINIMUM = Decimal("5000")  # 12.19(6)(a): "not less than"
MOVING_DAMAGE_PCT = 50  # 12.19(2): "fifty (50) percent or more"
MOVING_VALUE_SHARE = Decimal("0.80")  # 12.19(2): within 20 % of the lowest nearby value
SATELLITE_PERMIT_INCHES = 18  # 12.27: "greater than 18 inches"
SATELLITE_DECISION_DAYS = 30  # 12.29(4)


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
    yield Permit("moving", ("12.19(1)",))
    yield Requirement("moving_cash_deposit", "12.19(6)(a)", MOVING_DEPOSIT_MINIMUM)
    yield Requirement("moving_insurance", "12.19(7)")
    yield Requirement("moving_route_inspection", "12.19(4)")
    yield Requirement("village_approval_vote", "12.19(8)(a)")
    yield Review("moving", "village_board", "12.19(8)")
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
    # Not issued within 30 days means deemed rejected.
    yield Review("satellite_dish", "building_inspector", "12.29(4)", days=SATELLITE_DECISION_DAYS)


def _satellite_placement(p: Project) -> str | None:
    """Where the dish may stand depends on the zoning district and how it is mounted."""
    if p.mount is Mount.BUILDING:
        return "12.30(7)"
    if p.zoning in {Zoning.RESIDENTIAL, Zoning.AGRICULTURAL}:
        return "12.30(5)"  # one per lot, rear yard only
    if p.zoning in {Zoning.COMMERCIAL, Zoning.INDUSTRIAL}:
        return "12.30(6)"
    return None
