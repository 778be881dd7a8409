"""Which questions the wizard asks for each kind of work (a helper the engine does not have).

This is not an ordinance rule: it decides which of the engine's input keys are *relevant* to
a kind of work, so the work page shows only those (a satellite dish never asks about
earthwork), and ``project_input`` drops answers left over from a kind the clerk switched away
from. Whether a permit follows from the answers is for ``assess_project`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from deerfield_desk.models.project import DishYard, FireLimitsException, Mount, Structure, Work

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
FIRE_EXCEPTION_LABELS = {
    FireLimitsException.BUILDERS_TEMPORARY: "(a) temporary one-story builders' building",
    FireLimitsException.OPEN_SHED: "(b) one-story open shed",
    FireLimitsException.SMALL_OUTBUILDING: "(f) small outbuilding",
    FireLimitsException.ELEVATOR_COAL_POCKET_ICE_HOUSE: "(g) grain elevator, coal pocket or "
    "ice house",
}
DISH_YARD_LABELS = {DishYard.FRONT: "Front yard", DishYard.SIDE: "Side yard",
                    DishYard.REAR: "Rear yard"}  # fmt: skip
YESNO_LABELS = {"yes": "Yes", "no": "No"}


@dataclass(frozen=True)
class Question:
    key: str  # the engine's input key
    label: str
    kind: str  # choice | number | money | count | flag | yesno | text
    unit: str = ""
    works: frozenset[Work] = frozenset(Work)
    needs_fire_limits: bool = False  # asked only on a site inside the fire limits
    structures: frozenset[Structure] | None = None  # asked only for these structures


#: Buildings people live in: their number of dwelling units is asked (Census C-404, state
#: reports of new one- and two-family dwellings).
HOUSING = frozenset({Structure.DWELLING, Structure.MULTIFAMILY})


Q = Question
PERMIT_WORK = frozenset({W.NEW_BUILDING, W.ADDITION, W.ALTERATION, W.EQUIPMENT_REPLACEMENT,
                         W.SYSTEM_ALTERATION})  # fmt: skip
DAMAGE_WORK = frozenset({W.REPAIR, W.ALTERATION, W.ADDITION, W.MOVE_BUILDING})
REPAIR_WORK = frozenset({W.REPAIR, W.ALTERATION, W.ADDITION})
EXPANDS = frozenset({W.NEW_BUILDING, W.ADDITION})
MOVE = frozenset({W.MOVE_BUILDING})
DISH = frozenset({W.SATELLITE_DISH})
GRADING = frozenset({W.LAND_DISTURBANCE})
QUESTIONS: tuple[Question, ...] = (
    Q("structure", "Structure", "choice", works=BUILDING_WORK),
    Q("dwelling_units", "Dwelling units in the building after the work", "count", "units",
      frozenset({W.NEW_BUILDING, W.ADDITION, W.ALTERATION, W.MOVE_BUILDING}), structures=HOUSING),
    Q("area_sqft", "Floor area (for demolition: the part razed)", "number", "sq ft",
      SIZED_WORK),
    Q("estimated_cost", "Estimated total cost (labour and materials)", "money", "$",
      BUILDING_WORK),
    Q("roof_layers", "Roof layers after the work", "count", "", frozenset({W.REROOF})),
    Q("new_primary_structure", "A new primary structure that will need a house number", "flag",
      works=frozenset({W.NEW_BUILDING, W.MOVE_BUILDING})),
    Q("built_before_1980_06_01", "Dwelling built before 1 June 1980", "flag",
      works=frozenset({W.ADDITION, W.ALTERATION, W.EQUIPMENT_REPLACEMENT,
                       W.SYSTEM_ALTERATION})),
    Q("damage_pct", "Damage or deterioration as a share of equalized value", "number", "%",
      DAMAGE_WORK),
    Q("frame_construction", "Frame (wood) construction", "flag",
      works=frozenset({W.NEW_BUILDING, W.ADDITION, W.MOVE_BUILDING} | REPAIR_WORK),
      needs_fire_limits=True),
    Q("fire_damage_pct", "Damage as a share of present value, foundation excluded "
      "(inspector's determination)", "number", "%", REPAIR_WORK, needs_fire_limits=True),
    Q("fire_limits_exception", "Fire limits exception claimed (§12.10(2))", "choice",
      works=EXPANDS, needs_fire_limits=True),
    Q("stories", "Stories", "count", "", EXPANDS, needs_fire_limits=True),
    Q("height_ft", "Height", "number", "ft", EXPANDS, needs_fire_limits=True),
    Q("lot_line_ft", "Distance to the nearest lot line", "number", "ft", EXPANDS,
      needs_fire_limits=True),
    Q("building_distance_ft", "Distance to the nearest other building over one story "
      "(999 if none)", "number", "ft", EXPANDS, needs_fire_limits=True),
    Q("shed_open_incombustible", "Shed open on its long side, sides covered in incombustible "
      "material", "flag", works=EXPANDS, needs_fire_limits=True),
    Q("started_without_permit", "Work already started without a permit", "flag",
      works=PERMIT_WORK),
    Q("dish_diameter_in", "Dish diameter", "number", "in", DISH),
    Q("mount", "Mounting", "choice", works=DISH),
    Q("dish_yard", "Yard the dish stands in (ground mounted)", "choice", works=DISH),
    Q("dish_structure_ft", "Distance to the principal structure", "number", "ft", DISH),
    Q("dish_lot_line_ft", "Distance to the nearest lot line (rear lot line in residential "
      "districts; any lot or alley line elsewhere)", "number", "ft", DISH),
    Q("dish_yard_share_pct", "Share of that yard the dish occupies", "number", "%", DISH),
    Q("existing_dishes", "Satellite dishes already on the lot", "count", "", DISH),
    Q("uses_public_way", "The move uses a public street or right-of-way", "yesno", works=MOVE),
    Q("moving_out_of_village", "Moved out of the village (not within or into it)", "flag",
      works=MOVE),
    Q("exterior_alteration", "Exterior to be altered after the move", "flag", works=MOVE),
    Q("equalized_value", "Equalized value of the building", "money", "$", MOVE),
    Q("lowest_nearby_value", "Lowest equalized value within 1,000 ft of the new site", "money",
      "$", MOVE),
    Q("disturbed_sqft", "Land disturbed (0 if none)", "number", "sq ft", LAND_WORK),
    Q("earthwork_cuyd", "Fill or excavation (0 if none)", "number", "cu yd", LAND_WORK),
    Q("utility_ft", "Underground pipe or cable laid, repaired or replaced", "number", "ft",
      LAND_WORK),
    Q("max_slope_pct", "Steepest slope disturbed", "number", "%", LAND_WORK),
    Q("control_measures_cost", "Estimated cost of erosion control measures", "money", "$",
      LAND_WORK),
    Q("paved_area", "Paved area (driveway, parking, patio) on the lot", "flag",
      works=LAND_WORK),
    Q("street_work", "Street, highway, road or bridge construction, enlargement, relocation "
      "or reconstruction", "flag", works=LAND_WORK),
    Q("watercourse_work", "Changing, enlarging, dredging or other alteration of a "
      "watercourse", "flag", works=LAND_WORK),
    Q("channel_originates", "A drainage channel starts on the disturbed area", "flag",
      works=LAND_WORK),
    Q("land_division", "Needs a certified survey map or plat approval", "flag",
      works=GRADING),
    Q("subdivision", "Creates a subdivision", "flag", works=GRADING),
    Q("plat_csm_fees_paid", "Plat or certified survey map review fees paid for this "
      "project (§31.11(1))", "flag", works=GRADING),
    Q("lots_created", "Lots or building sites created", "count", "", GRADING),
    Q("site_acres", "Site area", "number", "acres", GRADING),
    Q("agricultural_use", "Agricultural use (generally excluded, §31.03(3))", "flag",
      works=LAND_WORK),
    Q("minor_landscaping", "Garden or minor landscaping only (generally excluded, "
      "§31.03(3))", "flag", works=LAND_WORK),
    Q("state_project", "State project under its own erosion plan", "flag", works=LAND_WORK),
    Q("village_project", "Village's own project", "flag", works=LAND_WORK),
    Q("engineer_major", "Village engineer finds it a major activity", "flag", works=LAND_WORK),
    Q("engineer_erosion_likely", "Village engineer finds erosion likely", "flag",
      works=LAND_WORK),
    Q("exception_finding", "Inspector's finding that an exception applies (reason)", "text",
      works=EXPANDS | REPAIR_WORK | DISH, needs_fire_limits=False),
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
        if not is_blank(value):
            out[key] = value
    asked = {q.key: q for q in questions_for(work, fire_limits=bool(site.get("fire_limits")))}
    for key, value in answers.items():
        if key in asked and not applies(asked[key], answers):
            continue  # a dwelling's unit count left over after the structure was changed
        if key in asked and not is_blank(value):
            out[key] = engine_value(asked[key], value)
    return out


def applies(question: Question, answers: dict) -> bool:
    """Whether a question asked for some structures only applies to the one chosen."""
    return question.structures is None or answers.get("structure") in question.structures


def is_blank(value) -> bool:
    """Not answered: None, empty text or an unticked box. A typed 0 is an answer (0 sq ft
    disturbed), so it is compared by identity, never with ``in`` (0 == False in Python)."""
    return value is None or value is False or (isinstance(value, str) and not value.strip())


def engine_value(question: Question, value):
    """Money is kept as a decimal string in drafts (never float); the engine reads JSON
    numbers and turns them back into Decimal via their text, so whole dollars go as int and
    cents as the shortest float that prints back the same digits."""
    if question.kind == "yesno":
        return {"yes": True, "no": False}.get(value, value)
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
