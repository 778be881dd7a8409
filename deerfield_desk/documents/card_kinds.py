"""What each kind of permit card says beyond the common facts (issue 14, item 12).

* building: the §12.12(5) inspections with sign-off boxes and the 48-hour rule;
* erosion control: the permittee's duties of §31.12(2)(B), (C), (G), (I) for a major
  activity (§31.12(3)(A), (E) for a minor one), inspections under §31.13, and no Chapter 12
  citations at all;
* demolition: the notices of §12.18(4)-(5): 72 hours' written notice before any excavation is
  filled and before hazardous material is removed; the site filled and levelled within 30
  consecutive days after demolition;
* moving: the route, the conditions and the time limit of §12.19(1);
* satellite dish: its conditions (§12.29(2)) and the requirements of §12.30; no building
  stages.
"""

from __future__ import annotations

from dataclasses import dataclass

from deerfield_desk.documents.blocks import bullet_list, heading, para

EROSION_MAJOR_DUTIES = [
    ("31.12(2)(B)", "Contact the Village Clerk upon completion of the control measures, at "
     "least two working days before starting any land disturbing activity."),
    ("31.12(2)(C)", "Obtain written permission from the Village Engineer before modifying "
     "the control plan."),
    ("31.12(2)(G)", "Inspect the control measures after each rain of 0.5 inches or more and "
     "at least once each week, and make needed repairs immediately."),
    ("31.12(2)(I)", "Keep a copy of the approved control plan on the site."),
]  # fmt: skip
EROSION_MINOR_DUTIES = [
    ("31.12(3)(A)", "Obtain written permission from the Building Inspector before modifying "
     "the control plan."),
    ("31.12(3)(E)", "Inspect the control measures after each rain of 0.5 inches or more and "
     "at least once each week, and make needed repairs immediately."),
]  # fmt: skip
DEMOLITION_NOTICES = [
    ("12.18(4)(b)", "Give the Building Inspector written notice, on the Village's form, "
     "before filling any excavation: it is inspected within 72 hours; filling without "
     "inspection and approval is unlawful (§12.18(4)(c))."),
    ("12.18(4)(a)", "Clear, grade and level the site and fill the excavations no later than "
     "30 consecutive days after demolition is completed."),
    ("12.18(5)", "Give the Building Inspector 72 hours' written notice before removing, "
     "transporting or disposing of any hazardous waste, toxic substance or asbestos."),
]  # fmt: skip
SATELLITE_REQUIREMENTS = [
    ("12.30(1)", "Anchored to withstand winds of at least 80 miles per hour."),
    ("12.30(2)", "Made of non-combustible and corrosion-resistant materials."),
    ("12.30(3)", "Filtered or shielded so it causes no harmful interference."),
    ("12.30(5)", "In residential districts: one dish per lot, in the rear yard only, at least "
     "5 feet from the principal structure and the rear lot line."),
]  # fmt: skip


@dataclass(frozen=True)
class CardKind:
    post_rule: str  # the line above the big number
    conditions_basis: str
    stages: bool  # print inspection sign-off boxes
    stage_basis: str | None
    request_rule: str  # the sentence about asking for inspections
    stage_cites: tuple[str, ...] = ("12.", "31.")  # chapters a stage's section may cite


def card_kind(kind: str | None) -> CardKind:
    kind = (kind or "building").lower()
    if kind.startswith("erosion"):
        return CardKind(
            "PERMIT NUMBER — keep this permit and the approved control plan on the site "
            "(§31.12(2)(I))",
            "31.10",
            True,
            "31.13",
            "The Village Enforcement Agent inspects the site for compliance with the control "
            "plan and this permit (§31.13).",
            ("31.",),
        )
    if kind.startswith("satellite"):
        return CardKind(
            "SPECIAL USE PERMIT NUMBER (§12.29)",
            "12.29(2)",
            False,
            None,
            "Changes to the approved plans need the Building Inspector's approval (§12.31(2)).",
        )
    if kind.startswith("moving"):
        return CardKind(
            "PERMIT NUMBER — carry with the building while it is moved (§12.19(1))",
            "12.19(1)",
            False,
            None,
            "Report the building's arrival to the Building Inspector within one day; the "
            "streets are then inspected (§12.19(4)).",
        )
    basis = "12.18(4)" if kind.startswith("demolition") else "12.12(5)"
    return CardKind(
        "PERMIT NUMBER — post visible from the street (§12.14(1))",
        "12.14(3)",
        True,
        basis,
        "",
    )


def _duties(rows) -> list:
    return bullet_list([f"{text} (§{section})" for section, text in rows])


def kind_sections(record: dict) -> list:
    """The flowables particular to the permit's kind, printed after the conditions."""
    kind = (record.get("kind") or "building").lower()
    if kind.startswith("erosion"):
        major = (record.get("permit_class") or "").lower() == "major"
        return [
            heading("The permittee must", "31.12(2)" if major else "31.12(3)"),
            *_duties(EROSION_MAJOR_DUTIES if major else EROSION_MINOR_DUTIES),
        ]
    if kind.startswith("demolition"):
        return [heading("Notices the permit holder must give", "12.18"),
                *_duties(DEMOLITION_NOTICES)]  # fmt: skip
    if kind.startswith("satellite"):
        return [heading("Requirements", "12.30"), *_duties(SATELLITE_REQUIREMENTS)]
    if kind.startswith("moving"):
        missing = "not recorded: the permit must designate it (§12.19(1))"
        return [
            heading("Route and time limit", "12.19(1)"),
            para(f"Route: {record.get('route') or missing}"),
            para(f"Time limit: {record.get('time_limit') or missing}"),
            para(
                "The move is one continuous operation, day and night, until completed; no "
                "building stays overnight on a street crossing or near a fire hydrant; lighted "
                "lanterns at each end at night (§12.19(3))."
            ),
        ]
    return []
