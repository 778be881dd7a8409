"""Figures that are possible but unlikely, asked about before they are accepted.

Why: a typo is not an error the engine can refuse — a slope of 2,500 % or a 385,000 sq ft house
parses as a number and is assessed as typed — yet it would be filed, fee and all. These checks
do not refuse anything: the wizard shows each doubt in the office's words and asks "keep it?".
The limits are the counter's sense of a village of single-family homes and small businesses,
kept here in one table so the office can argue with them in one place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from deerfield_desk.models.project import Structure

S = Structure
#: Largest floor area (sq ft) the counter would expect for each structure.
AREA_LIMITS = {
    S.DWELLING: 12_000, S.DETACHED_GARAGE: 3_000, S.ACCESSORY_BUILDING: 2_000, S.DECK: 2_000,
    S.SWIMMING_POOL: 2_500, S.PLAY_STRUCTURE: 1_000,
}  # fmt: skip
AREA_LIMIT_OTHER = 200_000
#: key: (largest expected value, unit, how to say it)
LIMITS = {
    "max_slope_pct": (100, " %", "a slope over 100 % is steeper than 45 degrees"),
    "disturbed_sqft": (2_000_000, " sq ft", "that is more than 45 acres disturbed"),
    "earthwork_cuyd": (100_000, " cu yd", "that is a very large amount of fill or excavation"),
    "utility_ft": (20_000, " ft", "that is nearly 4 miles of pipe or cable"),
    "height_ft": (100, " ft", "that is taller than any building in the village"),
    "stories": (8, " stories", "that is more than the village's tallest building"),
    "dish_diameter_in": (240, " in", "that is a 20-foot dish"),
    "dwelling_units": (200, " units", "that is more than the village's largest building"),
    "roof_layers": (3, " layers", "more roof layers than a re-roofing leaves in place"),
}
#: Dollars per square foot below which a building's cost looks mistyped.
CHEAPEST_PER_SQFT = Decimal(5)
COSTED = frozenset({"new_building", "addition"})
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")


@dataclass(frozen=True)
class Doubt:
    field: str  # the engine's key of the figure in doubt
    value: object  # the figure as typed, so a kept doubt is not asked again
    message: str  # in the office's words


def _number(value) -> Decimal | None:
    if value is None or isinstance(value, bool):
        return None
    try:
        return Decimal(str(value))
    except ArithmeticError:
        return None


def figure_doubts(work: str | None, answers: dict) -> list[Doubt]:
    """Each unlikely figure among ``answers`` (as the wizard stores them)."""
    doubts = []
    for key, (limit, unit, why) in LIMITS.items():
        value = _number(answers.get(key))
        if value is not None and value > limit:
            doubts.append(Doubt(key, answers[key], f"{value:,}{unit} — {why}."))
    area = _number(answers.get("area_sqft"))
    structure = answers.get("structure")
    if area is not None:
        limit = AREA_LIMITS.get(structure, AREA_LIMIT_OTHER) if structure else AREA_LIMIT_OTHER
        if area > limit:
            doubts.append(Doubt("area_sqft", answers["area_sqft"],
                                f"{area:,} sq ft — larger than {limit:,} sq ft, unusual for "
                                "this kind of building."))  # fmt: skip
    cost = _number(answers.get("estimated_cost"))
    if work in COSTED and area and cost is not None and cost / area < CHEAPEST_PER_SQFT:
        doubts.append(Doubt("estimated_cost", answers["estimated_cost"],
                            f"${cost:,.2f} for {area:,} sq ft is ${cost / area:,.2f} a square "
                            "foot — was a figure shifted or cut short?"))  # fmt: skip
    return doubts


def email_doubt(email: str | None) -> str | None:
    """An e-mail address without a domain (``maria@``, ``maria.gonzalez``) is asked about."""
    text = (email or "").strip()
    if not text or EMAIL.match(text):
        return None
    return (f"“{text}” does not look like an e-mail address (name@example.com): notices "
            "sent to it would not arrive.")  # fmt: skip
