"""The defect library: frequent defects with their sections and the usual correction, so the
inspector picks one while typing instead of retyping it at every site (issue 17, item 9).

Two sources, one list: the entries shipped in ``resources/checklists/defect_library.toml``
and the village's own, kept in the register (``defect_library``, journaled; removed only by
voiding with a reason). A village section must exist in the ordinance (``models.citations``);
a state code section is written as the code cites it ("SPS 321.16").
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from deerfield_desk.config import asset_path
from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.citations import citation_exists
from deerfield_desk.store.register import Register, decision

LIBRARY_FILE = "defect_library.toml"
VILLAGE_SECTION = re.compile(r"^(?:12|31)\.\d\d(?:\([0-9A-Za-z]+\))*$")
STATE_SECTION = re.compile(r"^(?:SPS|ILHR|NR|DSPS) \d{2,3}(?:\.\d+)*(?:\([0-9A-Za-z]+\))*$")
TEXT_MAX = 300


@dataclass(frozen=True)
class DefectEntry:
    section: str
    description: str
    correction: str
    minor: bool = False
    uuid: str | None = None  # None: shipped with the app (not the village's to void)

    @property
    def label(self) -> str:
        """What the completer shows and matches: the words, then the section."""
        mark = "§" if self.section[:1].isdigit() else ""
        return f"{self.description} — {mark}{self.section}"


@lru_cache(maxsize=1)
def shipped_entries() -> tuple[DefectEntry, ...]:
    with open(asset_path("checklists", LIBRARY_FILE), "rb") as handle:
        data = tomllib.load(handle)
    return tuple(
        DefectEntry(d["section"], d["description"], d["correction"], bool(d.get("minor")))
        for d in data.get("defect", [])
    )


def village_entries(reg: Register) -> list[DefectEntry]:
    return [
        DefectEntry(r["section"], r["description"], r["correction"], bool(r["minor"]), r["uuid"])
        for r in reg.query(
            "SELECT * FROM defect_library WHERE status = 'active' ORDER BY description, id"
        )
    ]


def library(reg: Register) -> list[DefectEntry]:
    """Every entry in force: the village's first (its own words win a tie), then shipped."""
    own = village_entries(reg)
    seen = {(e.section, e.description.casefold()) for e in own}
    return own + [e for e in shipped_entries() if (e.section, e.description.casefold()) not in seen]


def search(entries: list[DefectEntry], text: str) -> list[DefectEntry]:
    """Entries whose words or section contain every word typed, in any order, any case."""
    words = text.casefold().split()
    return [e for e in entries if all(w in e.label.casefold() for w in words)]


def check_section(section: str) -> str:
    value = " ".join((section or "").split())
    if not value:
        raise InvalidInput("section", "cite the section the defect breaks")
    if VILLAGE_SECTION.match(value):
        if not citation_exists(value):
            raise InvalidInput("section", f"{value} is not a section of the village ordinance")
        return value
    if STATE_SECTION.match(value):
        return value
    raise InvalidInput(
        "section", "a village section such as 12.12(5)(a) or a state code one such as SPS 321.16"
    )


@decision
def add_entry(
    reg: Register, section: str, description: str, correction: str, *, minor: bool = False
) -> dict:
    """Add the village's own frequent defect (journaled)."""
    section = check_section(section)
    what = " ".join((description or "").split())
    fix = " ".join((correction or "").split())
    if not what:
        raise InvalidInput("description", "say what is wrong")
    if not fix:
        raise InvalidInput("correction", "say how to correct it")
    for field, value in (("description", what), ("correction", fix)):
        if len(value) > TEXT_MAX:
            raise InvalidInput(field, f"at most {TEXT_MAX} characters")
    for entry in library(reg):
        if entry.section == section and entry.description.casefold() == what.casefold():
            raise InvalidInput(
                "description", f"the library already has this defect ({entry.label})"
            )
    return reg.insert(
        "defect_library",
        {
            "section": section,
            "description": what,
            "correction": fix,
            "minor": int(bool(minor)),
            "added_by": reg.actor.name,
            "added_at": datetime.now().isoformat(timespec="seconds"),
        },
    )


@decision
def void_entry(reg: Register, entry_uuid: str, reason: str) -> dict:
    """Take a village entry out of the list; it stays in the register with the reason."""
    return reg.void("defect_library", entry_uuid, reason)
