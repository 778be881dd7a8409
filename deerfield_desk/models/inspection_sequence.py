"""The inspections each permit must pass, read from ``inspection_sequence.toml``.

Why data: 12.12(5) lists the stages once; the Today screen, the permit card, the occupancy
check (12.16) and the tests all read the same file, so a stage is never spelled twice.
The inspector may add a stage the data did not foresee or waive one that does not fit the
job; each such change is a journaled record with a reason (``store.inspections``), and
:func:`apply_changes` folds them into the list here, without touching the register.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from deerfield_desk.config import asset_path
from deerfield_desk.models.codes import StageChange

SEQUENCE_FILE = "inspection_sequence.toml"


@dataclass(frozen=True)
class Stage:
    code: str
    order: int
    section: str
    title: str
    note: str
    kinds: tuple[str, ...]
    works: tuple[str, ...] | None  # None: any work
    structures: tuple[str, ...] | None  # None: any structure
    required_for_occupancy: bool
    any_structure_for_kinds: tuple[str, ...] = ()
    due_within_hours_of_notice: int | None = None
    requires_answer: str | None = None

    def applies_to(
        self, kind: str, structure: str | None, work: str | None, answers: dict | None = None
    ) -> bool:
        if kind not in self.kinds:
            return False
        if self.requires_answer and not (answers or {}).get(self.requires_answer):
            return False
        if self.works is not None and work is not None and work not in self.works:
            return False
        if kind in self.any_structure_for_kinds or self.structures is None:
            return True
        return structure is not None and structure in self.structures


@dataclass(frozen=True)
class PlannedStage:
    """A stage as it stands for one permit: required by the data, added, or waived."""

    stage: Stage
    origin: str  # "sequence" or "added"
    waived: bool = False
    reason: str | None = None


def _names(value) -> tuple[str, ...] | None:
    return None if value == "*" else tuple(value)


@lru_cache(maxsize=1)
def load_sequence() -> tuple[Stage, ...]:
    """All stages in order. Cached: the file ships with the app and does not change."""
    with open(asset_path("checklists", SEQUENCE_FILE), "rb") as handle:
        data = tomllib.load(handle)
    stages = []
    for raw in data["stage"]:
        stages.append(
            Stage(
                code=raw["code"],
                order=int(raw["order"]),
                section=raw["section"],
                title=raw["title"],
                note=raw.get("note", ""),
                kinds=tuple(raw["kinds"]),
                works=_names(raw["works"]),
                structures=_names(raw["structures"]),
                required_for_occupancy=bool(raw["required_for_occupancy"]),
                any_structure_for_kinds=tuple(raw.get("any_structure_for_kinds", ())),
                due_within_hours_of_notice=raw.get("due_within_hours_of_notice"),
                requires_answer=raw.get("requires_answer"),
            )
        )
    codes = [s.code for s in stages]
    if len(set(codes)) != len(codes):
        raise ValueError(f"{SEQUENCE_FILE}: a stage code appears twice")
    return tuple(sorted(stages, key=lambda s: s.order))


def stage_by_code(code: str) -> Stage:
    for stage in load_sequence():
        if stage.code == code:
            return stage
    raise KeyError(code)


def stages_for(
    kind: str, structure: str | None = None, work: str | None = None, answers: dict | None = None
) -> list[Stage]:
    """The stages the sequence requires for a permit of this kind, structure and work (and,
    for a stage that depends on one, the application's answers)."""
    return [s for s in load_sequence() if s.applies_to(kind, structure, work, answers)]


def apply_changes(
    required: Iterable[Stage], changes: Iterable[tuple[str, str, str]]
) -> list[PlannedStage]:
    """Fold the inspector's changes ``(stage_code, 'added'|'waived', reason)`` into the list.

    The latest change of a stage wins, so re-adding a waived stage restores it.
    """
    planned = {s.code: PlannedStage(s, "sequence") for s in required}
    for code, change, reason in changes:
        if change == "added":
            origin = planned[code].origin if code in planned else "added"
            planned[code] = PlannedStage(stage_by_code(code), origin, False, reason)
        elif change == StageChange.WAIVED and code in planned:
            planned[code] = PlannedStage(planned[code].stage, planned[code].origin, True, reason)
    return sorted(planned.values(), key=lambda p: p.stage.order)
