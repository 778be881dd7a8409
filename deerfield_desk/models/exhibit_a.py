"""Exhibit A, the erosion control checklist (31.10(2)), read from its TOML file.

Why data: the items change when the Village Engineer revises the exhibit; the screen, the
checklist report and the tests read the one file. A larger site (31.06(3)) is also a major
activity, so it gets the major items as well as its own.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache

from deerfield_desk.config import asset_path
from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.codes import ChecklistResponse, SiteClass

CHECKLIST_FILE = "exhibit_a_erosion.toml"
SITE_CLASSES = tuple(SiteClass)
RESPONSES = tuple(ChecklistResponse)
RESPONSE_LABELS = {"meets": "Meets", "deficient": "Deficient", "not_applicable": "N/A"}
# Rain that calls for the permittee's own inspection (31.12(2)(G), 31.12(3)(E)).
RAIN_TRIGGER_INCHES = 0.5
WEEK_DAYS = 7


@dataclass(frozen=True)
class ChecklistItem:
    code: str
    section: str
    title: str
    applies_to: tuple[str, ...]


@lru_cache(maxsize=1)
def load_items() -> tuple[ChecklistItem, ...]:
    with open(asset_path("checklists", CHECKLIST_FILE), "rb") as handle:
        data = tomllib.load(handle)
    items = tuple(
        ChecklistItem(i["code"], i["section"], i["title"], tuple(i["applies_to"]))
        for i in data["item"]
    )
    for item in items:
        unknown = set(item.applies_to) - set(SITE_CLASSES)
        if unknown:
            raise ValueError(f"{CHECKLIST_FILE}: {item.code} applies to unknown {unknown}")
    return items


def items_for(site_class: str) -> list[ChecklistItem]:
    """The items to answer for a site of this class, in the exhibit's order."""
    if site_class not in SITE_CLASSES:
        raise InvalidInput("site_class", f"one of {', '.join(SITE_CLASSES)}")
    return [i for i in load_items() if site_class in i.applies_to]
