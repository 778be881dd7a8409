"""The work an imported permit was for, read from its old description.

Why: the inspection sequence picks stages by kind, structure and *work*, and the work comes
from the application's project. A permit imported from the village's old spreadsheets has
no application, so its work was unknown and the sequence matched it on kind alone: every
building permit got all nine stages of §12.12(5), and a 200 A service upgrade got footings.
The words of its description ("200 A service upgrade", "reroof", "new single family home")
name the work well enough; the table is data (``imported_work.toml``) the office can extend.
When nothing matches, the permit gets only what every permit of its kind gets (for a
building permit, the final) and the inspector adds stages with a reason.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache

from deerfield_desk.config import asset_path
from deerfield_desk.models.project import Structure, Work

WORK_FILE = "imported_work.toml"


@dataclass(frozen=True)
class ImportedWork:
    """What the description says: the work (None: not recognised), the structure code, and
    the stages it narrows to (None: whatever the sequence gives that work)."""

    work: str | None
    structure: str | None
    stages: tuple[str, ...] | None = None
    matched: str | None = None  # the words that decided it, shown to the inspector


@lru_cache(maxsize=1)
def _rules() -> tuple[tuple, tuple]:
    with open(asset_path("checklists", WORK_FILE), "rb") as handle:
        data = tomllib.load(handle)
    works = tuple(
        (tuple(w.lower() for w in r["words"]), Work(r["work"]).value, r.get("stages"))
        for r in data["rule"]
    )
    structures = tuple(
        (tuple(w.lower() for w in r["words"]), Structure(r["structure"]).value)
        for r in data["structure"]
    )
    return works, structures


def _find(text: str, words: tuple[str, ...]) -> str | None:
    return next((word for word in words if word in text), None)


def read_imported_work(description: str | None, structure: str | None) -> ImportedWork:
    """The work, structure and stages the old description names (see the module note)."""
    text = f" {(description or '').lower()} "
    works, structures = _rules()
    known = {s.value for s in Structure}
    code = (structure or "").strip().lower().replace(" ", "_")
    if code not in known:
        words = f" {(structure or '').lower()} {text}"
        code = next((s for ws, s in structures if _find(words, ws)), None) or ""
    for words, work, stages in works:
        hit = _find(text, words)
        if hit:
            return ImportedWork(work, code or None, tuple(stages) if stages else None, hit)
    return ImportedWork(None, code or None)
