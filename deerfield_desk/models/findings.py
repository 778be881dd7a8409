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


Item = Permit | Requirement | Fee | Refusal | Review | Validity | Exemption
