"""Forfeiture ranges and appeal fees: the money a notice may mention, in ONE place.

Every notice that warns of a penalty reads its range from here, so the violation notice, the
house-number notice and the erosion orders can never disagree with each other or with the
ordinance. Amounts are integer cents, as everywhere in the register. Each range is per day
of non-compliance (each day is a separate offence), plus the costs of prosecution.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Forfeiture:
    key: str
    minimum_cents: int
    maximum_cents: int
    basis: str
    applies_to: str  # our own words

    def describe(self) -> str:
        return (
            f"${self.minimum_cents / 100:,.0f} to ${self.maximum_cents / 100:,.0f} for each day "
            f"of non-compliance, plus the costs of prosecution (§{self.basis})"
        )


FORFEITURES: dict[str, Forfeiture] = {
    f.key: f
    for f in (
        Forfeiture("erosion_major", 200_00, 2_000_00, "31.14(3)", "major land disturbing"),
        Forfeiture("erosion_minor", 50_00, 500_00, "31.14(3)", "minor land disturbing"),
        Forfeiture("building", 50_00, 5_000_00, "12.23(2)", "building code violations"),
        Forfeiture("house_number", 10_00, 50_00, "12.32(7)", "house numbers not posted"),
    )
}


@dataclass(frozen=True)
class AppealFee:
    key: str
    amount_cents: int
    basis: str


#: Fees that must go with an erosion-control appeal or variance request (31.15(1)(A)).
APPEAL_FEES: dict[str, AppealFee] = {
    "erosion_minor": AppealFee("erosion_minor", 25_00, "31.15(1)(A)"),
    "erosion_major": AppealFee("erosion_major", 300_00, "31.15(1)(A)"),
}


def erosion_key(activity: str | None) -> str:
    """``erosion_major`` or ``erosion_minor`` from a permit's class; minor when unknown."""
    return "erosion_major" if (activity or "").lower().startswith("major") else "erosion_minor"
