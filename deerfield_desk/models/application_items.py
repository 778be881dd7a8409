"""The items an application must carry, read once from ``application_items.toml``.

The lists (12.18(2)(a)–(i), 12.19(8)(b) and (e), 12.28(2)–(3), 31.09) are ordinance facts kept
as data in one file; the wizard shows them as checklists of received items and the issuance
checks count what is missing from the same lists.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

from deerfield_desk.config import asset_path

ITEMS_FILE = ("checklists", "application_items.toml")


@dataclass(frozen=True)
class ApplicationItem:
    key: str  # unique within its list; stored as "<list>.<key>" in received_json
    section: str
    text: str
    optional: bool = False  # only where it applies; never holds up issuance
    #: the engine requirement asking for the same paper (project_summary code): where the
    #: assessment requires it, the counter ticks it once, under "Plans and papers"
    same_as: str | None = None


@dataclass(frozen=True)
class ItemList:
    name: str
    title: str
    items: tuple[ApplicationItem, ...]
    applies_to_work: tuple[str, ...] = ()
    applies_to_class: str | None = None

    def received_key(self, item: ApplicationItem) -> str:
        return f"{self.name}.{item.key}"


@cache
def item_lists() -> dict[str, ItemList]:
    with open(asset_path(*ITEMS_FILE), "rb") as fh:
        data = tomllib.load(fh)
    out = {}
    for name, body in data.items():
        items = tuple(ApplicationItem(**i) for i in body["items"])
        out[name] = ItemList(
            name,
            body["title"],
            items,
            tuple(body.get("applies_to_work", ())),
            body.get("applies_to_class"),
        )
    return out


def lists_for(work: str | None, erosion_class: str | None) -> list[ItemList]:
    """The item lists that apply to this kind of work and erosion permit class (if any)."""
    chosen = []
    for lst in item_lists().values():
        by_work = bool(work) and work in lst.applies_to_work
        by_class = bool(erosion_class) and lst.applies_to_class == erosion_class
        if by_work or by_class:
            chosen.append(lst)
    return chosen


def missing_items(lists: list[ItemList], received: dict) -> list[tuple[ItemList, ApplicationItem]]:
    """Items of ``lists`` not marked received in the application's received_json."""
    return [
        (lst, item)
        for lst in lists
        for item in lst.items
        if not item.optional and not received.get(lst.received_key(item))
    ]
