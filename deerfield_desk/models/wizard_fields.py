"""Which questions the wizard asks for each kind of work (a helper the engine does not have).

This is not an ordinance rule: it decides which of the engine's input keys are *relevant* to
a kind of work, so the work page shows only those (a satellite dish never asks about
earthwork), and ``project_input`` drops answers left over from a kind the clerk switched away
from. Whether a permit follows from the answers is for ``assess_project`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from deerfield_desk.models.project import Mount, Structure, Work

W = Work
BUILDING_WORK = frozenset(
    {
        W.NEW_BUILDING, W.ADDITION, W.ALTERATION, W.REPAIR, W.REROOF, W.RESIDE,
        W.INTERIOR_FINISH, W.EQUIPMENT_REPLACEMENT, W.SYSTEM_ALTERATION,
        W.DEMOLITION, W.MOVE_BUILDING,
    }
)  # fmt: skip
#: Work that moves soil, so Chapter 31 may reach it.
LAND_WORK = frozenset({W.NEW_BUILDING, W.ADDITION, W.DEMOLITION, W.MOVE_BUILDING,
                       W.LAND_DISTURBANCE})  # fmt: skip
SIZED_WORK = frozenset({W.NEW_BUILDING, W.ADDITION, W.ALTERATION, W.DEMOLITION,
                        W.MOVE_BUILDING})  # fmt: skip

WORK_LABELS = {
    W.NEW_BUILDING: "New building",
    W.ADDITION: "Addition",
    W.ALTERATION: "Alteration / remodel",
    W.REPAIR: "Minor repair",
    W.REROOF: "Re-roofing",
    W.RESIDE: "Re-siding",
    W.INTERIOR_FINISH: "Interior finishing",
    W.EQUIPMENT_REPLACEMENT: "Heating / equipment replacement",
    W.SYSTEM_ALTERATION: "Plumbing, electrical or gas alteration",
    W.DEMOLITION: "Demolition / razing",
    W.MOVE_BUILDING: "Moving a building",
    W.SATELLITE_DISH: "Satellite dish antenna",
    W.LAND_DISTURBANCE: "Grading / land disturbance only",
}
STRUCTURE_LABELS = {
    Structure.DWELLING: "One- or two-family dwelling",
    Structure.MULTIFAMILY: "Multifamily building",
    Structure.COMMERCIAL: "Commercial building",
    Structure.DETACHED_GARAGE: "Detached garage",
    Structure.ACCESSORY_BUILDING: "Accessory building / shed",
    Structure.AGRICULTURAL_BUILDING: "Agricultural building",
    Structure.DECK: "Deck",
    Structure.SWIMMING_POOL: "Swimming pool",
    Structure.PLAY_STRUCTURE: "Play structure",
}
MOUNT_LABELS = {Mount.GROUND: "Ground mounted", Mount.BUILDING: "Building mounted"}


@dataclass(frozen=True)
class Question:
    key: str  # the engine's input key
    label: str
    kind: str  # choice | number | money | count | flag
    unit: str = ""
    works: frozenset[Work] = frozenset(Work)
    needs_fire_limits: bool = False  # asked only on a site inside the fire limits


Q = Question
QUESTIONS: tuple[Question, ...] = (
    Q("structure", "Structure", "choice", works=BUILDING_WORK),
    Q("area_sqft", "Floor area (for demolition: the part razed)", "number", "sq ft",
      SIZED_WORK),
    Q("estimated_cost", "Estimated total cost (labour and materials)", "money", "$",
      BUILDING_WORK),
    Q("roof_layers", "Roof layers after the work", "count", "", frozenset({W.REROOF})),
    Q("new_primary_structure", "A new primary structure that will need a house number", "flag",
      works=frozenset({W.NEW_BUILDING, W.MOVE_BUILDING})),
    Q("built_before_1980_06_01", "Dwelling built before 1 June 1980", "flag",
      works=frozenset({W.ADDITION, W.ALTERATION, W.EQUIPMENT_REPLACEMENT})),
    Q("frame_construction", "Frame (wood) construction", "flag",
      works=frozenset({W.NEW_BUILDING, W.ADDITION, W.MOVE_BUILDING}), needs_fire_limits=True),
    Q("started_without_permit", "Work already started without a permit", "flag",
      works=BUILDING_WORK),
    Q("dish_diameter_in", "Dish diameter", "number", "in", frozenset({W.SATELLITE_DISH})),
    Q("mount", "Mounting", "choice", works=frozenset({W.SATELLITE_DISH})),
    Q("damage_pct", "Damage as a share of equalized value", "number", "%",
      frozenset({W.MOVE_BUILDING})),
    Q("equalized_value", "Equalized value of the building", "money", "$",
      frozenset({W.MOVE_BUILDING})),
    Q("lowest_nearby_value", "Lowest equalized value within 1,000 ft of the new site", "money",
      "$", frozenset({W.MOVE_BUILDING})),
    Q("disturbed_sqft", "Land disturbed", "number", "sq ft", LAND_WORK),
    Q("earthwork_cuyd", "Fill or excavation", "number", "cu yd", LAND_WORK),
    Q("utility_ft", "Underground utility trench length", "number", "ft", LAND_WORK),
    Q("max_slope_pct", "Steepest slope disturbed", "number", "%", LAND_WORK),
    Q("control_measures_cost", "Estimated cost of erosion control measures", "money", "$",
      LAND_WORK),
    Q("street_work", "Work on a street, road or right-of-way", "flag", works=LAND_WORK),
    Q("watercourse_work", "Work in or next to a lake, stream or ditch", "flag", works=LAND_WORK),
    Q("channel_originates", "A drainage channel starts on the disturbed area", "flag",
      works=LAND_WORK),
    Q("land_division", "Needs a certified survey map or plat approval", "flag",
      works=frozenset({W.LAND_DISTURBANCE})),
    Q("subdivision", "Creates a subdivision", "flag", works=frozenset({W.LAND_DISTURBANCE})),
    Q("lots_created", "Lots or building sites created", "count", "",
      frozenset({W.LAND_DISTURBANCE})),
    Q("site_acres", "Site area", "number", "acres", frozenset({W.LAND_DISTURBANCE})),
    Q("agricultural_use", "Agricultural use", "flag", works=LAND_WORK),
    Q("minor_landscaping", "Small landscaping only", "flag", works=LAND_WORK),
    Q("state_project", "State project under its own erosion plan", "flag", works=LAND_WORK),
    Q("village_project", "Village's own project", "flag", works=LAND_WORK),
    Q("engineer_major", "Village engineer finds it a major activity", "flag", works=LAND_WORK),
    Q("engineer_erosion_likely", "Village engineer finds erosion likely", "flag",
      works=LAND_WORK),
)  # fmt: skip
#: Site facts, asked on the site page and valid for any kind of work.
SITE_KEYS = ("on_platted_lot", "fire_limits", "sensitive_area", "zoning")


def questions_for(work: Work | str, *, fire_limits: bool = False) -> list[Question]:
    w = Work(work)
    return [q for q in QUESTIONS if w in q.works and (fire_limits or not q.needs_fire_limits)]


def project_input(site: dict, work: str, answers: dict) -> dict:
    """The engine's input dict: site facts plus the answers that apply to ``work``.

    Answers to questions the chosen kind does not ask (left from an earlier choice) are
    dropped, and empty answers mean "not known".
    """
    out: dict = {"work": work}
    for key in SITE_KEYS:
        value = site.get(key)
        if value not in (None, "", False):
            out[key] = value
    asked = {q.key: q for q in questions_for(work, fire_limits=bool(site.get("fire_limits")))}
    for key, value in answers.items():
        if key in asked and value not in (None, "", False):
            out[key] = engine_value(asked[key], value)
    return out


def engine_value(question: Question, value):
    """Money is kept as a decimal string in drafts (never float); the engine reads JSON
    numbers and turns them back into Decimal via their text, so whole dollars go as int and
    cents as the shortest float that prints back the same digits."""
    if question.kind != "money" or not isinstance(value, str):
        return value
    amount = Decimal(value)
    return int(amount) if amount == amount.to_integral_value() else float(amount)


def parse_number(text: str, kind: str):
    """A typed answer as the wizard stores it. ``kind``: number (int or float), count (int),
    money (decimal string, never float). Here, not in the UI, so a headless caller (a test or a
    script filing an application) stores exactly what the wizard would."""
    raw = text.strip().replace(",", "").replace("$", "")
    if not raw:
        return None
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise ValueError("expected a number") from None
    if not value.is_finite() or value < 0:
        raise ValueError("expected a number of zero or more")
    if kind == "count":
        if value != value.to_integral_value():
            raise ValueError("expected a whole number")
        return int(value)
    if kind == "money":
        if value != value.quantize(Decimal("0.01")):
            raise ValueError("whole cents only")
        return str(value.quantize(Decimal("0.01")))
    return int(value) if value == value.to_integral_value() else float(value)
