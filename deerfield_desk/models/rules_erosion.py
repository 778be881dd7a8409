"""Chapter 31: when erosion and runoff control applies, its class, and what follows.

Coverage is decided in two steps, as the ordinance does: a site is covered when one of
31.06(1)(A)-(H) applies, unless an exclusion of 31.03(3) takes it out again. Exclusions (B) and
(C) fall away when the village engineer finds erosion or runoff likely; exclusion (A), state
projects under the state's own plan, has no such override.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from deerfield_desk.models.findings import (
    Exemption,
    Fee,
    Item,
    Permit,
    Requirement,
    Review,
    Validity,
)
from deerfield_desk.models.project import Project, Structure, Work

ACRE_SQFT = 43_560
DISTURBED_SQFT = 4_000  # 31.06(1)(C): "or more"
EARTHWORK_CUYD = 400  # 31.06(1)(D): "or more"
UTILITY_FT = 300  # 31.06(1)(F): "or more"
MAJOR_SQFT = ACRE_SQFT  # 31.02(16): "one or more acres"
LARGER_SITE_ACRES = 5  # 31.06(3): five or more acres ...
LARGER_SITE_LOTS = 5  # ... or five or more lots or building sites
EXTRAORDINARY_SLOPE_PCT = 20  # 31.06(4): slopes of "more than" 20 %
SECURITY_SHARE = Decimal("1.25")  # 31.12(2)(A): 125 % of the control measures
MAJOR_APPLICATION_FEE = Decimal("35")  # 31.11(1)
MINOR_APPLICATION_FEE = Decimal("20")  # 31.11(2)
MAJOR_REVIEW_DAYS = 30  # 31.10(1)
MINOR_REVIEW_WORKING_DAYS = 3  # 31.10(2)
PERMIT_YEARS = 1  # 31.12(1)

# 31.06(1)(B): "construction of buildings or other improvements" on a platted lot. A building
# moved onto the lot is constructed there (12.03(4) counts "locating" and "siting"); a paved
# area is an improvement of the land. A children's play set is neither a building (12.03(1))
# nor an improvement of that kind, so it does not bring the lot under the chapter.
BUILDS_ON_LOT = {Work.NEW_BUILDING, Work.ADDITION, Work.MOVE_BUILDING}
NOT_AN_IMPROVEMENT = {Structure.PLAY_STRUCTURE}


def triggers(p: Project) -> list[str]:
    """The subsections of 31.06(1) that bring the site under Chapter 31."""
    found = []
    if p.land_division or p.subdivision:
        found.append("31.06(1)(A)")
    if p.on_platted_lot and (
        (p.work in BUILDS_ON_LOT and p.structure not in NOT_AN_IMPROVEMENT) or p.paved_area
    ):
        found.append("31.06(1)(B)")
    if (p.disturbed_sqft or 0) >= DISTURBED_SQFT:
        found.append("31.06(1)(C)")
    if (p.earthwork_cuyd or 0) >= EARTHWORK_CUYD:
        found.append("31.06(1)(D)")
    if p.street_work:
        found.append("31.06(1)(E)")
    if (p.utility_ft or 0) >= UTILITY_FT:
        found.append("31.06(1)(F)")
    if p.watercourse_work:
        found.append("31.06(1)(G)")
    if p.engineer_erosion_likely or p.engineer_major:
        # A "major" finding rests on topography, watercourses or sensitive land (31.02(16)):
        # the engineer has found the disturbance serious, which is the situation (H) covers.
        found.append("31.06(1)(H)")
    return found


def exclusion(p: Project) -> tuple[Exemption | None, list[str]]:
    """The exclusion that takes the site out, or None; and the exclusions the engineer lifted.

    A "small" activity under 31.03(3)(C) is read as one below the size thresholds of
    31.06(1)(C) and (D): landscaping that disturbs 4,000 sq ft is not small, and where the
    ordinance is unclear the stricter reading controls (31.01(6)).
    """
    if p.state_project:
        return Exemption("erosion_state_project", "31.03(3)(A)"), []
    small = (p.disturbed_sqft or 0) < DISTURBED_SQFT and (p.earthwork_cuyd or 0) < EARTHWORK_CUYD
    candidates = []
    if p.agricultural_use:
        candidates.append(("erosion_agricultural_use", "31.03(3)(B)"))
    if p.quarry:
        candidates.append(("erosion_quarry", "31.03(3)(B)"))
    if p.minor_landscaping and small:
        candidates.append(("erosion_minor_landscaping", "31.03(3)(C)"))
    if not candidates:
        return None, []
    if p.engineer_erosion_likely:
        return None, sorted({basis for _, basis in candidates})
    return Exemption(*candidates[0]), []


def is_major(p: Project) -> bool:
    """31.02(16): an acre or more disturbed, a subdivision, or the engineer's finding."""
    return (p.disturbed_sqft or 0) >= MAJOR_SQFT or p.subdivision or p.engineer_major


def assess(p: Project, *, building_permit: bool = False) -> Iterator[Item]:
    """``building_permit``: a building permit fee is paid for the same work (31.11(2))."""
    found = triggers(p)
    if not found:
        return
    excluded, lifted = exclusion(p)
    if excluded:
        yield excluded
        return
    major = is_major(p)
    if p.village_project:
        # The village needs an approved plan for its own work, but no permit and no fee.
        yield Exemption("erosion_village_project", "31.08(2)")
        yield Requirement("erosion_control_plan", "31.08(2)")
    else:
        class_basis = "31.02(16)" if major else "31.02(17)"
        basis = (*found, *lifted, "31.08(1)", class_basis)
        yield Permit("erosion_control", basis, "major" if major else "minor")
        yield Validity("erosion_control", PERMIT_YEARS, "31.12(1)")
        yield from _major(p) if major else _minor(building_permit)
    yield from site_standards(p)


def _major(p: Project) -> Iterator[Item]:
    yield Requirement("erosion_control_plan", "31.09(1)")
    security = None
    if p.control_measures_cost is not None:
        security = (SECURITY_SHARE * p.control_measures_cost).quantize(Decimal("0.01"))
    yield Requirement("erosion_security", "31.12(2)(A)", security)
    yield Review("erosion_control", "village_engineer", "31.10(1)", days=MAJOR_REVIEW_DAYS)
    if p.plat_csm_fees_paid:
        # Only fees actually paid for this project waive it: a subdivision whose plat fees
        # were paid elsewhere, or not yet, still owes the $35.
        yield Fee(
            "erosion_major_application",
            Decimal("0"),
            "31.11(1)",
            "waived: plat or certified survey map review fees paid for this project",
        )
    else:
        yield Fee("erosion_major_application", MAJOR_APPLICATION_FEE, "31.11(1)")
    yield Fee(
        "erosion_engineering_legal",
        None,
        "31.11(1)",
        "actual engineering and legal costs of review and inspection, billed by the village",
    )


def _minor(building_permit: bool) -> Iterator[Item]:
    yield Requirement("erosion_control_statement", "31.09(2)")
    yield Review(
        "erosion_control", "building_inspector", "31.10(2)", working_days=MINOR_REVIEW_WORKING_DAYS
    )
    if building_permit:
        yield Fee(
            "erosion_minor_application",
            Decimal("0"),
            "31.11(2)",
            "no separate fee: the building permit fee for the same work covers it",
        )
    else:
        yield Fee("erosion_minor_application", MINOR_APPLICATION_FEE, "31.11(2)")


def site_standards(p: Project) -> Iterator[Item]:
    """Extra control standards that depend on the site, not on the class of permit."""
    divides = p.land_division or p.subdivision
    big_division = divides and (
        (p.site_acres or 0) >= LARGER_SITE_ACRES or (p.lots_created or 0) >= LARGER_SITE_LOTS
    )
    if big_division or (p.disturbed_sqft or 0) >= LARGER_SITE_ACRES * ACRE_SQFT:
        yield Requirement("larger_site_standards", "31.06(3)")
    if p.channel_originates:
        # A sedimentation basin is required whatever the size of the site.
        yield Requirement("sedimentation_basin", "31.06(3)(B)")
    if (p.max_slope_pct or 0) > EXTRAORDINARY_SLOPE_PCT or p.sensitive_area:
        yield Requirement("extraordinary_site", "31.06(4)")
