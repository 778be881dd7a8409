"""The erosion checklists a site is inspected against, read from data files.

Two lists, as the ordinance has them:

* **Exhibit A** (31.10(2)), "established by the Village Engineer and approved by the Village
  Board" for *minor* land disturbing activities, titled "Erosion control checklist (Exhibit A
  as adopted)". The shipped items are our reading; the Village replaces them with the adopted
  text by placing ``exhibit_a_adopted.toml`` (same format, with ``version``, ``adopted`` and
  ``approved_by``) in the register's data folder. Each visit records the version it used.
* the **31.13 site inspection checklist** for *major* activities and larger sites.

Which list a visit uses follows the permit's real class: major or minor (31.02(16)/(17)), and
whether the site is larger (31.06(3)). A larger site is not necessarily major: a 6-acre
certified survey map disturbing under an acre is a larger minor site (stored as minor with
``larger_site``), which
gets Exhibit A plus the larger-site standards of 31.06(3).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

from deerfield_desk.config import asset_path, data_home
from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.codes import ChecklistResponse, SiteClass

CHECKLIST_FILE = "exhibit_a_erosion.toml"
ADOPTED_FILE = "exhibit_a_adopted.toml"
INSPECTION_FILE = "site_inspection_31_13.toml"
#: The classes a visit is stored under (checklist_visits.site_class): "larger" is a larger
#: major site; a larger MINOR site is stored as "minor" with ``larger_site`` set.
SITE_CLASSES = tuple(SiteClass)
#: What the inspector chooses on the screen: (stored class, larger site).
VISIT_CHOICES = {
    "minor": ("minor", False),
    "larger_minor": ("minor", True),
    "major": ("major", False),
    "larger": ("larger", True),
}
CLASS_LABELS = {
    "minor": "Minor activity (Exhibit A)",
    "larger_minor": "Minor activity on a larger site (Exhibit A + §31.06(3))",
    "major": "Major activity (§31.13 inspection)",
    "larger": "Major activity on a larger site (§31.13 + §31.06(3))",
}
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
    larger_site: bool = False


@dataclass(frozen=True)
class Checklist:
    title: str
    basis: str
    version: str
    adopted: str
    items: tuple[ChecklistItem, ...]


def site_choice(permit_class: str | None, larger: bool) -> str:
    """The checklist choice (a key of ``VISIT_CHOICES``) from the erosion permit's class and
    whether the site is larger (31.06(3)).

    An unknown class is read as minor: the 31.13 list would hold an owner to conditions (a
    clerk notice, a security) that a minor permit never imposed.
    """
    major = permit_class == "major"
    if larger:
        return "larger" if major else "larger_minor"
    return "major" if major else "minor"


def adopted_path() -> Path:
    override = os.environ.get("DEERFIELD_EXHIBIT_A")
    return Path(override) if override else data_home() / ADOPTED_FILE


@lru_cache(maxsize=8)
def _load(path: str, default_applies: tuple[str, ...], mtime: float = 0.0) -> Checklist:
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    name = Path(path).name
    for key in ("title", "basis", "version"):
        if not str(data.get(key, "")).strip():
            raise InvalidInput(name, f"{key} is required")
    items = []
    for raw in data.get("item", []):
        for key in ("code", "section", "title"):
            if not str(raw.get(key, "")).strip():
                raise InvalidInput(name, f"every item needs a {key}")
        applies = tuple(raw.get("applies_to", default_applies))
        unknown = set(applies) - set(SITE_CLASSES)
        if unknown:
            raise InvalidInput(name, f"{raw['code']} applies to unknown {sorted(unknown)}")
        items.append(ChecklistItem(raw["code"], raw["section"], raw["title"], applies,
                                   bool(raw.get("larger_site", False))))  # fmt: skip
    if not items:
        raise InvalidInput(name, "no items")
    codes = [i.code for i in items]
    if len(set(codes)) != len(codes):
        raise InvalidInput(name, "an item code appears twice")
    return Checklist(data["title"], data["basis"], str(data["version"]),
                     str(data.get("adopted", "")), tuple(items))  # fmt: skip


def exhibit_a() -> Checklist:
    """The adopted Exhibit A when the Village has supplied it, else the shipped reading."""
    adopted = adopted_path()
    if adopted.is_file():
        checklist = _load(str(adopted), ("minor",), adopted.stat().st_mtime)
        try:
            date.fromisoformat(checklist.adopted)
        except ValueError:
            raise InvalidInput(
                ADOPTED_FILE, "adopted: the Board's approval date, YYYY-MM-DD"
            ) from None
        return checklist
    return _load(str(asset_path("checklists", CHECKLIST_FILE)), ("minor",))


def site_inspection() -> Checklist:
    return _load(str(asset_path("checklists", INSPECTION_FILE)), ("major", "larger"))


def checklist_for(site_class: str) -> Checklist:
    """The list (title, section, version) a visit of this stored class is answered against:
    Exhibit A for minor activities (31.10(2)), the 31.13 list for major ones."""
    _check_class(site_class)
    return exhibit_a() if site_class == "minor" else site_inspection()


def load_items() -> tuple[ChecklistItem, ...]:
    """Every item of both lists (for screens that name an item by its code)."""
    return exhibit_a().items + site_inspection().items


def items_for(site_class: str, larger_site: bool = False) -> list[ChecklistItem]:
    """The items to answer for a site of this class, in the list's order; a larger minor site
    adds the larger-site standards of 31.06(3) to Exhibit A."""
    _check_class(site_class)
    if site_class == "minor":
        extra = [i for i in site_inspection().items if i.larger_site] if larger_site else []
        return list(exhibit_a().items) + extra
    return [i for i in site_inspection().items if site_class in i.applies_to]


def _check_class(value: str) -> None:
    if value not in SITE_CLASSES:
        raise InvalidInput("site_class", f"one of {', '.join(SITE_CLASSES)}")
