"""Chapter 12, Part II: when a building permit is needed and what comes with it.

Each function yields findings with the section they rest on. Thresholds live here once.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from deerfield_desk.models.findings import (
    Exemption,
    Fee,
    Item,
    Permit,
    Refusal,
    Requirement,
    Validity,
)
from deerfield_desk.models.project import Project, Structure, Work

COMPLETION_DEPOSIT_COST = Decimal("10000")  # 12.15: "equal or exceed"
UDC_GARAGE_SLAB_SQFT = 200  # 12.09(2): "greater than"
THIRD_ROOF_LAYER = 3  # 12.07(3)(a): "a third or more layer"
BUILDING_PERMIT_YEARS = 2  # 12.14(1)
# 12.10(2) exceptions our project description can recognise; the rest (builders' sheds,
# fences, bay windows ...) are not separate projects and are left to the inspector.
FIRE_LIMITS_OUTBUILDING_SQFT = 150  # 12.10(2)(f)
FIRE_LIMITS_AGRICULTURAL_SQFT = 6000  # 12.10(2)(g): grain elevators, coal pockets, ice houses

# Which subsection of 12.07(2) makes each kind of work need a permit.
PERMIT_WORK = {
    Work.NEW_BUILDING: "12.07(2)(a)",
    Work.ADDITION: "12.07(2)(b)",
    Work.ALTERATION: "12.07(2)(c)",
    Work.EQUIPMENT_REPLACEMENT: "12.07(2)(d)",
    Work.SYSTEM_ALTERATION: "12.07(2)(e)",
}
# 12.07(3)(a) lists these as needing no permit.
EXEMPT_WORK = {
    Work.REPAIR: "minor_repair",
    Work.REROOF: "reroof",
    Work.RESIDE: "reside",
    Work.INTERIOR_FINISH: "interior_finish",
}
EXPANDS_BUILDING = {Work.NEW_BUILDING, Work.ADDITION}  # 12.13 plans and plot plan
ROOF_PLACED = {Work.NEW_BUILDING, Work.ADDITION, Work.REROOF, Work.MOVE_BUILDING}


def needs_building_permit(p: Project) -> bool:
    """12.07(2), less the play-structure carve-out of 12.04 (and 12.03(1))."""
    return p.work in PERMIT_WORK and p.structure is not Structure.PLAY_STRUCTURE


def assess(p: Project) -> Iterator[Item]:
    yield from building_permit(p)
    if needs_building_permit(p):
        yield from building_requirements(p)
        yield from permit_fee(p)
    elif p.work is Work.MOVE_BUILDING and p.new_primary_structure:
        # A house moved onto a lot is "located" in the village and needs its number too.
        yield Requirement("house_number_placard", "12.32(3)")
    yield from fire_limits(p)


def building_permit(p: Project) -> Iterator[Item]:
    if p.work in PERMIT_WORK and p.structure is Structure.PLAY_STRUCTURE:
        # The code does not reach children's play structures at all.
        yield Exemption("play_structure", "12.04")
        return
    if p.work in PERMIT_WORK:
        yield Permit("building", (PERMIT_WORK[p.work],))
        yield Validity("building", BUILDING_PERMIT_YEARS, "12.14(1)")
        return
    if p.work in EXEMPT_WORK:
        yield Exemption(EXEMPT_WORK[p.work], "12.07(3)(a)")
        if p.work is Work.REROOF and (p.roof_layers or 0) >= THIRD_ROOF_LAYER:
            # The owner may still ask for a permit backed by load calculations.
            yield Requirement("structural_calculations_optional", "12.07(3)(a)")


def building_requirements(p: Project) -> Iterator[Item]:
    if p.work in EXPANDS_BUILDING:
        yield Requirement("plans_two_sets", "12.13")
        yield Requirement("plot_plan", "12.13")
    if p.estimated_cost is not None and p.estimated_cost >= COMPLETION_DEPOSIT_COST:
        yield Requirement("completion_deposit", "12.15")
    if p.new_primary_structure:
        yield Requirement("house_number_placard", "12.32(3)")
    if (
        p.structure is Structure.DETACHED_GARAGE
        and p.work in EXPANDS_BUILDING
        and p.area_sqft is not None
        and p.area_sqft > UDC_GARAGE_SLAB_SQFT
    ):
        yield Requirement("udc_garage_slab", "12.09(2)")
    if (
        p.structure is Structure.DWELLING
        and p.built_before_1980_06_01
        and p.work in {Work.ADDITION, Work.ALTERATION, Work.EQUIPMENT_REPLACEMENT}
    ):
        yield Requirement("udc_expanded", "12.09(1)")


def permit_fee(p: Project) -> Iterator[Item]:
    """12.22 doubles the building permit fee when work began before the permit."""
    if p.started_without_permit:
        amount = 2 * p.base_fee if p.base_fee is not None else None
        yield Fee("double_permit_fee", amount, "12.22", "work started before the permit")


def fire_limits(p: Project) -> Iterator[Item]:
    """12.10(2): no new frame buildings in the fire limits, and incombustible roofs."""
    if not p.fire_limits:
        return
    if p.work in ROOF_PLACED:
        yield Requirement("incombustible_roof", "12.10(2)")
    if not p.frame_construction:
        return
    if p.work is Work.MOVE_BUILDING:
        yield Refusal("fire_limits_frame_building", "12.10(2)(h)")
    elif p.work in EXPANDS_BUILDING and not _fire_limits_exception(p):
        yield Refusal("fire_limits_frame_building", "12.10(2)")


def _fire_limits_exception(p: Project) -> bool:
    area = p.area_sqft
    if area is None:
        return False  # size unknown: no exception shown, the inspector may still find one
    if p.structure is Structure.ACCESSORY_BUILDING:
        return area <= FIRE_LIMITS_OUTBUILDING_SQFT
    if p.structure is Structure.AGRICULTURAL_BUILDING:
        return area <= FIRE_LIMITS_AGRICULTURAL_SQFT
    return False
