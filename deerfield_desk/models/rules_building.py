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
    Undetermined,
    Validity,
)
from deerfield_desk.models.project import FireLimitsException, Project, Structure, Work

COMPLETION_DEPOSIT_COST = Decimal("10000")  # 12.15: "equal or exceed"
UDC_GARAGE_SLAB_SQFT = 200  # 12.09(2): "greater than"
THIRD_ROOF_LAYER = 3  # 12.07(3)(a): "a third or more layer"
BUILDING_PERMIT_YEARS = 2  # 12.14(1)
# 12.10(2) exceptions that are buildings of their own; fences (c), piazzas (d) and bay
# windows (e) are parts of a building, not projects, and are left to the inspector.
SHED_MAX_HEIGHT_FT = 15  # 12.10(2)(b): "not over 15 feet high"
SHED_SQFT = 500  # 12.10(2)(b): "not exceeding 500 square feet"
SHED_CLEAR_SQFT = 2000  # ... "not more than 2000 square feet" ...
SHED_CLEARANCE_FT = 10  # ... "if no part ... is less than 10 feet" from any adjoining lot line
OUTBUILDING_SQFT = 150  # 12.10(2)(f): "not exceeding 150 square feet"
OUTBUILDING_HEIGHT_FT = 8  # ... "and 8 feet in height"
OUTBUILDING_LOT_LINE_FT = 3  # ... not "within 3 feet of any lot line"
OUTBUILDING_BUILDING_FT = 15  # ... nor "less than 15 feet" from a building over one story
ELEVATOR_HEIGHT_FT = 40  # 12.10(2)(g): "not more than 40 feet high"
ELEVATOR_SQFT = 6000  # ... "nor more than 6000 square feet in ground area"
FIRE_LIMITS_DAMAGE_PCT = 50  # 12.10(3): "greater than one-half of its present value"
# 12.09(3): detached accessory buildings other than the garages of 12.09(2).
ACCESSORY = {Structure.ACCESSORY_BUILDING, Structure.DETACHED_GARAGE}
# 12.10(3) speaks of a building to be "repaired or rebuilt": the work the damage question
# is asked for.
REPAIR_WORK = {Work.REPAIR, Work.ALTERATION, Work.ADDITION}

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
    refusals = list(damage_refusals(p))
    if refusals and p.work not in PERMIT_WORK:
        # Heavy damage makes the repair more than "minor" (12.03(14)): it is construction
        # that needs a permit (12.07(1)), and the permit is refused. Filing it keeps the
        # refusal on the register instead of calling the work "no permit needed".
        yield Permit("building", ("12.07(1)",))
    yield from refusals
    if refusals and p.work in EXEMPT_WORK:
        yield from fire_limits(p)
        return
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
    yield from accessory_slabs(p)
    if (
        p.structure is Structure.DWELLING
        and p.built_before_1980_06_01
        and p.work in UDC_EXPANDED_WORK
    ):
        yield Requirement("udc_expanded", "12.09(1)")


# 12.09(1): "additions, alterations and major equipment replacements"; an alteration of the
# heating, electrical or plumbing system is an alteration (12.07(2)(c) names it so).
UDC_EXPANDED_WORK = {
    Work.ADDITION,
    Work.ALTERATION,
    Work.EQUIPMENT_REPLACEMENT,
    Work.SYSTEM_ALTERATION,
}


def accessory_slabs(p: Project) -> Iterator[Item]:
    """12.09(2) and (3): the village slab for garages over 200 sq ft; for other detached
    accessory buildings a slab or footing is optional but, if built, follows the same spec.

    A garage of unknown size cannot be placed on either side of 200 sq ft, so the size is
    asked for rather than guessed.
    """
    if p.structure not in ACCESSORY or p.work not in EXPANDS_BUILDING:
        return
    if p.structure is Structure.DETACHED_GARAGE:
        if p.area_sqft is None:
            yield Undetermined("area_sqft", "12.09(2)")
            return
        if p.area_sqft > UDC_GARAGE_SLAB_SQFT:
            yield Requirement("udc_garage_slab", "12.09(2)")
            return
    yield Requirement("accessory_slab_if_installed", "12.09(3)")


def damage_refusals(p: Project) -> Iterator[Refusal]:
    """12.19(2): no permit to repair, alter or move a building damaged 50 % or more of its
    equalized value; 12.10(3): a frame building in the fire limits damaged more than half its
    present value (foundation excluded, as the inspector determines) is removed, not repaired.

    Reading: 12.19(2) names repair, alteration and moving; an addition alters the building, so
    it is asked too. Other work (a furnace swap) is not read into it: the narrower reading
    refuses fewer owners. Moving is refused in ``rules_special``, next to the other 12.19 rules.
    """
    if p.work in REPAIR_WORK and p.damage_pct is not None and p.damage_pct >= 50:
        yield Refusal("damaged_50pct", "12.19(2)")
    if (
        p.fire_limits
        and p.frame_construction
        and p.work in REPAIR_WORK
        and p.fire_damage_pct is not None
        and p.fire_damage_pct > FIRE_LIMITS_DAMAGE_PCT
    ):
        yield Refusal("fire_limits_damaged_frame", "12.10(3)")


def permit_fee(p: Project) -> Iterator[Item]:
    """12.22 doubles the building permit fee when work began before the permit."""
    if p.started_without_permit:
        amount = 2 * p.base_fee if p.base_fee is not None else None
        yield Fee("double_permit_fee", amount, "12.22", "work started before the permit")


def fire_limits(p: Project) -> Iterator[Item]:
    """12.10(2): no new frame buildings in the fire limits, and incombustible roofs.

    A frame building the applicant says falls under an exception is checked against every
    limit of that exception; a limit not yet measured is asked for (Undetermined), never
    assumed met or broken. Where the measurements show no exception, the inspector may still
    find that one applies: that finding, with its reason, replaces the refusal (``Finding``).
    Moving a frame building into the fire limits (12.10(2)(h)) admits no exception.
    """
    if not p.fire_limits:
        return
    if p.work in ROOF_PLACED:
        yield Requirement("incombustible_roof", "12.10(2)")
    if not p.frame_construction:
        return
    if p.work is Work.MOVE_BUILDING:
        yield Refusal("fire_limits_frame_building", "12.10(2)(h)")
        return
    if p.work not in EXPANDS_BUILDING:
        return
    basis = "12.10(2)"
    if p.fire_limits_exception is not None:
        basis, missing, met = _exception_limits(p)
        if missing:
            yield from (Undetermined(name, basis) for name in missing)
            return
        if met:
            yield Requirement("fire_limits_exception", basis)
            return
    # Cite the exception that was claimed and not met, so the refusal says which limit failed.
    yield Refusal("fire_limits_frame_building", basis, "building_inspector")


def _exception_limits(p: Project) -> tuple[str, list[str], bool]:
    """(section, measurements still missing, whether every limit is met) for the exception
    claimed. "Not over", "not exceeding" and "not more than" include the limit itself."""
    e = FireLimitsException
    kind = p.fire_limits_exception
    if kind is e.BUILDERS_TEMPORARY:
        checks = {"stories": lambda: p.stories <= 1}
        basis = "12.10(2)(a)"
    elif kind is e.OPEN_SHED:
        checks = {
            "stories": lambda: p.stories <= 1,
            "height_ft": lambda: p.height_ft <= SHED_MAX_HEIGHT_FT,
            "area_sqft": lambda: p.area_sqft <= SHED_CLEAR_SQFT,
        }
        if p.area_sqft is not None and p.area_sqft > SHED_SQFT:
            checks["lot_line_ft"] = lambda: p.lot_line_ft >= SHED_CLEARANCE_FT
        basis = "12.10(2)(b)"
    elif kind is e.SMALL_OUTBUILDING:
        checks = {
            "area_sqft": lambda: p.area_sqft <= OUTBUILDING_SQFT,
            "height_ft": lambda: p.height_ft <= OUTBUILDING_HEIGHT_FT,
            "lot_line_ft": lambda: p.lot_line_ft >= OUTBUILDING_LOT_LINE_FT,
            "building_distance_ft": lambda: p.building_distance_ft >= OUTBUILDING_BUILDING_FT,
        }
        basis = "12.10(2)(f)"
    else:
        checks = {
            "height_ft": lambda: p.height_ft <= ELEVATOR_HEIGHT_FT,
            "area_sqft": lambda: p.area_sqft <= ELEVATOR_SQFT,
        }
        basis = "12.10(2)(g)"
    missing = [name for name in checks if getattr(p, name) is None]
    if missing:
        return basis, missing, False
    met = all(check() for check in checks.values())
    if kind is e.OPEN_SHED:
        met = met and p.shed_open_incombustible
    return basis, [], met
