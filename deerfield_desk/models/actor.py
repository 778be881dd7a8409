"""Who is at the keyboard. It signs every journal entry: accountability, not security."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from deerfield_desk.errors import InvalidInput


class Role(StrEnum):
    INSPECTOR = "inspector"
    CLERK = "clerk"
    SYSTEM = "system"


@dataclass(frozen=True)
class Actor:
    name: str
    role: Role
    device_id: str = "unknown-device"

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise InvalidInput("name", "say who is at the keyboard (it signs the journal)")


SYSTEM_ACTOR = Actor("Deerfield Desk", Role.SYSTEM)
