"""The kinds of finding an assessment is made of, each carrying the section it rests on.

Kept apart from ``assessment`` so the rule modules can build findings without importing the
engine that calls them.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Permit:
    type: str  # building, demolition, moving, satellite_dish, erosion_control
    basis: tuple[str, ...]
    permit_class: str | None = None  # major / minor for erosion control


@dataclass(frozen=True)
class Requirement:
    code: str
    basis: str
    amount: Decimal | None = None  # a sum of money the requirement names, when known


@dataclass(frozen=True)
class Fee:
    code: str
    amount: Decimal | None  # None: the ordinance leaves it to actual costs or a resolution
    basis: str
    note: str | None = None


@dataclass(frozen=True)
class Refusal:
    code: str
    basis: str
    #: who may find that an exception of the section applies (the refusal then becomes a
    #: ``Finding`` with the reason), or None when the text allows no exception at all.
    liftable_by: str | None = None


@dataclass(frozen=True)
class Finding:
    """An official's finding, recorded with its reason, that lifts a refusal.

    Why not just drop the refusal: the register must show that the rule was met by a finding
    (who decided, and why), not that the rule was never looked at.
    """

    code: str  # the refusal code the finding answers
    basis: str
    reason: str
    by: str = "building_inspector"


@dataclass(frozen=True)
class Undetermined:
    """A fact a rule needs that nobody has supplied: unknown is not zero.

    Submission is blocked until the field is answered; without it the engine would have to
    guess "no erosion permit" or "no deposit".
    """

    field: str
    basis: str


@dataclass(frozen=True)
class Review:
    permit: str
    by: str  # building_inspector, village_engineer, village_board
    basis: str
    days: int | None = None
    working_days: int | None = None


@dataclass(frozen=True)
class Validity:
    permit: str
    years: int
    basis: str


@dataclass(frozen=True)
class Exemption:
    code: str
    basis: str


Item = Permit | Requirement | Fee | Refusal | Review | Validity | Exemption | Finding | Undetermined
