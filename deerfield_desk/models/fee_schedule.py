"""The village fee schedule: amounts set by resolution of the Village Board (12.22, 12.15,
12.32(3), 12.14(1)), kept in Settings with effective dates so last year's permits keep last
year's fees.

The ordinance sets no building permit amounts, so the default below is a SAMPLE for a new
register; the clerk enters the village's own resolution in Settings → Fee schedule. Erosion
control fees are not here: 31.11 fixes them and the engine returns them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from deerfield_desk.errors import InvalidInput

SETTING_KEY = "fee_schedule"
#: Codes the lifecycle looks up; ``permit`` ties a fee to the permit it is charged with.
KNOWN_CODES = {
    "building_permit": ("building", "12.22"),
    "demolition_permit": ("demolition", "12.22"),
    "moving_permit": ("moving", "12.19(1)"),
    "satellite_permit": ("satellite_dish", "12.22"),
    "house_number_placard": ("building", "12.32(3)"),
    "permit_extension": ("building", "12.14(1)"),
    "completion_deposit": ("building", "12.15"),  # a deposit amount, not a fee
}

DEFAULT_SCHEDULE = [
    {"code": "building_permit", "label": "Building permit (sample amounts)",
     "flat_cents": 5000, "per_sqft_cents": 20, "effective_from": "2000-01-01"},
    {"code": "demolition_permit", "label": "Demolition permit (sample)",
     "flat_cents": 5000, "per_sqft_cents": 0, "effective_from": "2000-01-01"},
    {"code": "moving_permit", "label": "Moving permit (sample)",
     "flat_cents": 10000, "per_sqft_cents": 0, "effective_from": "2000-01-01"},
    {"code": "satellite_permit", "label": "Satellite dish permit (sample)",
     "flat_cents": 2500, "per_sqft_cents": 0, "effective_from": "2000-01-01"},
    {"code": "house_number_placard", "label": "House number placard (sample)",
     "flat_cents": 1500, "per_sqft_cents": 0, "effective_from": "2000-01-01"},
    {"code": "permit_extension", "label": "Permit extension (sample)",
     "flat_cents": 2500, "per_sqft_cents": 0, "effective_from": "2000-01-01"},
    {"code": "completion_deposit", "label": "Completion deposit (sample)",
     "flat_cents": 100000, "per_sqft_cents": 0, "effective_from": "2000-01-01"},
]  # fmt: skip


@dataclass(frozen=True)
class ScheduledFee:
    code: str
    label: str
    amount_cents: int
    basis: str
    effective_from: str


def validate_schedule(entries: object) -> list[dict]:
    """Check a schedule before it is saved; each problem names its row and field."""
    if not isinstance(entries, list):
        raise InvalidInput("fee_schedule", "expected a list of fee lines")
    out = []
    for i, entry in enumerate(entries, start=1):
        where = f"fee_schedule row {i}"
        if not isinstance(entry, dict):
            raise InvalidInput(where, "expected a fee line")
        code = entry.get("code")
        if code not in KNOWN_CODES:
            raise InvalidInput(f"{where} code", f"unknown fee {code!r}")
        for key in ("flat_cents", "per_sqft_cents"):
            value = entry.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidInput(f"{where} {key}", "whole cents, zero or more")
        try:
            date.fromisoformat(str(entry.get("effective_from")))
        except ValueError:
            raise InvalidInput(f"{where} effective_from", "a date, YYYY-MM-DD") from None
        out.append(
            {
                "code": code,
                "label": str(entry.get("label") or code.replace("_", " ")),
                "flat_cents": entry.get("flat_cents", 0),
                "per_sqft_cents": entry.get("per_sqft_cents", 0),
                "effective_from": str(entry["effective_from"]),
            }
        )
    return out


def scheduled_fee(
    entries: list[dict], code: str, on: date, area_sqft: float | None = None
) -> ScheduledFee | None:
    """The fee in force on ``on`` (latest effective date not after it), or None if none is."""
    in_force = [e for e in entries if e["code"] == code and e["effective_from"] <= on.isoformat()]
    if not in_force:
        return None
    entry = max(in_force, key=lambda e: e["effective_from"])
    area = Decimal(str(area_sqft or 0))
    amount = entry["flat_cents"] + int((entry["per_sqft_cents"] * area).to_integral_value())
    return ScheduledFee(code, entry["label"], amount, KNOWN_CODES[code][1],
                        entry["effective_from"])  # fmt: skip
