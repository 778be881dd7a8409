"""Everything the counter ticks as received for one application, grouped for a screen: the
kind's item lists (12.18(2), 12.19(8), 12.28, 31.09) and the other papers the engine requires
(plans, plot plan, placard, insurance). Used by the wizard and the Papers tab alike."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from deerfield_desk.models.application_items import lists_for
from deerfield_desk.models.assessment import Assessment
from deerfield_desk.models.issuance import INSURANCE
from deerfield_desk.models.project_summary import requirement_info

#: Requirements recorded as received papers although they sit with money or conditions.
PAPERS = {"moving_insurance", "house_number_placard", *INSURANCE}


@dataclass(frozen=True)
class ReceivedItem:
    key: str  # the received_json key
    text: str
    section: str
    optional: bool = False
    minimum: Decimal | None = None  # an amount to record (12.19(7) insurance), not a tick


def received_groups(assessment: Assessment, work: str | None) -> list[tuple[str, list]]:
    erosion = assessment.permit("erosion_control")
    required = {r.code for r in assessment.requirements}
    groups = []
    for lst in lists_for(work, erosion.permit_class if erosion else None):
        # an optional list item the engine requires anyway is asked for once, not twice
        items = [ReceivedItem(lst.received_key(i), i.text, i.section, i.optional)
                 for i in lst.items if i.same_as not in required]  # fmt: skip
        groups.append((lst.title, items))
    papers = []
    for r in assessment.requirements:
        info = requirement_info(r.code)
        plain_doc = info["group"] == "documents" and not info.get("checklist")
        if plain_doc or r.code in PAPERS:
            minimum = r.amount if r.code in INSURANCE else None
            papers.append(ReceivedItem(r.code, info["text"], r.basis, minimum=minimum))
    if papers:
        groups.append(("Plans and papers", papers))
    return groups
