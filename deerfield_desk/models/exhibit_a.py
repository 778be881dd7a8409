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
certified survey map disturbing under an acre is a larger minor site (``larger_minor``), which
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

CHECKLIST_FILE = "exhibit_a_erosion.toml"
ADOPTED_FILE = "exhibit_a_adopted.toml"
INSPECTION_FILE = "site_inspection_31_13.toml"
SITE_CLASSES = ("minor", "larger_minor", "major", "larger")
CLASS_LABELS = {
    "minor": "Minor activity (Exhibit A)",
    "larger_minor": "Minor activity on a larger site (Exhibit A + §31.06(3))",
    "major": "Major activity (§31.13 inspection)",
    "larger": "Major activity on a larger site (§31.13 + §31.06(3))",
}
RESPONSES = ("meets", "deficient", "not_applicable")
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


def site_class(permit_class: str | None, larger: bool) -> str:
    """The checklist class of a site from its erosion permit's class and 31.06(3) size.

    An unknown class is read as minor only when nothing says otherwise; the stricter 31.13
    list would hold an owner to conditions (a clerk notice, a security) a minor permit never
    imposed.
    """
    major = permit_class == "major"
    if larger:
        return "larger" if major else "larger_minor"
    return "major" if major else "minor"


def adopted_path() -> Path:
    override = os.environ.get("DEERFIELD_EXHIBIT_A")
    return Path(override) if override else data_home() / ADOPTED_FILE


@lru_cache(maxsize=4)
def _load(path: str, default_applies: tuple[str, ...]) -> Checklist:
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    name = Path(path).name
    for key in ("title", "basis", "version"):
        if not str(data.get(key, "")).strip():
            raise ValueError(f"{name}: {key} is required")
    items = []
    for raw in data.get("item", []):
        for key in ("code", "section", "title"):
            if not str(raw.get(key, "")).strip():
                raise ValueError(f"{name}: every item needs a {key}")
        applies = tuple(raw.get("applies_to", default_applies))
        unknown = set(applies) - set(SITE_CLASSES)
        if unknown:
            raise ValueError(f"{name}: {raw['code']} applies to unknown {sorted(unknown)}")
        items.append(ChecklistItem(raw["code"], raw["section"], raw["title"], applies,
                                   bool(raw.get("larger_site", False))))  # fmt: skip
    if not items:
        raise ValueError(f"{name}: no items")
    codes = [i.code for i in items]
    if len(set(codes)) != len(codes):
        raise ValueError(f"{name}: an item code appears twice")
    return Checklist(data["title"], data["basis"], str(data["version"]),
                     str(data.get("adopted", "")), tuple(items))  # fmt: skip


def exhibit_a() -> Checklist:
    """The adopted Exhibit A when the Village has supplied it, else the shipped reading."""
    adopted = adopted_path()
    if adopted.is_file():
        checklist = _load(str(adopted), ("minor", "larger_minor"))
        if not checklist.adopted:
            raise ValueError(f"{ADOPTED_FILE}: adopted (the Board's approval date) is required")
        date.fromisoformat(checklist.adopted)
        return checklist
    return _load(str(asset_path("checklists", CHECKLIST_FILE)), ("minor", "larger_minor"))


def site_inspection() -> Checklist:
    return _load(str(asset_path("checklists", INSPECTION_FILE)), ("major", "larger"))


def checklist_for(site_class_: str) -> Checklist:
    """The list (title, section, version) a visit of this class is answered against."""
    _check_class(site_class_)
    return exhibit_a() if site_class_ in {"minor", "larger_minor"} else site_inspection()


def load_items() -> tuple[ChecklistItem, ...]:
    """Every item of both lists (for screens that name an item by its code)."""
    return exhibit_a().items + site_inspection().items


def items_for(site_class_: str) -> list[ChecklistItem]:
    """The items to answer for a site of this class, in the list's order."""
    _check_class(site_class_)
    if site_class_ == "minor":
        return list(exhibit_a().items)
    if site_class_ == "larger_minor":
        extra = [i for i in site_inspection().items if i.larger_site]
        return list(exhibit_a().items) + extra
    return [i for i in site_inspection().items if site_class_ in i.applies_to]


def _check_class(value: str) -> None:
    if value not in SITE_CLASSES:
        raise ValueError(f"site_class: one of {', '.join(SITE_CLASSES)}")
