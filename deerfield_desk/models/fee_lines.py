"""The fee lines an application owes: the village schedule's permit fees plus the engine's
ordinance fees (31.11 erosion fees, 12.22 doubling), each tied to the permit it is paid with.

Pure: the caller hands in the assessment (already made with ``base_fee`` from the schedule, so
the engine can double it under 12.22) and the schedule in force.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from deerfield_desk.models.assessment import Assessment
from deerfield_desk.models.codes import PermitKind
from deerfield_desk.models.fee_schedule import scheduled_fee
from deerfield_desk.models.money import cents_to_decimal, decimal_to_cents
from deerfield_desk.models.project_summary import requirement_permits, texts

#: The schedule line charged for each permit type (erosion fees come from 31.11 instead).
PERMIT_FEE_CODE = {
    "building": "building_permit",
    "demolition": "demolition_permit",
    "moving": "moving_permit",
    "satellite_dish": "satellite_permit",
}
#: Engine fees and the permit they are paid with.
ENGINE_FEE_PERMIT = {
    "double_permit_fee": "building",
    "erosion_major_application": "erosion_control",
    "erosion_engineering_legal": "erosion_control",
    "erosion_minor_application": "erosion_control",
}


@dataclass(frozen=True)
class FeeLine:
    permit: str
    code: str
    description: str
    amount_cents: int | None  # None: billed later at actual cost (31.11(1))
    basis: str
    note: str | None = None


def base_building_fee(schedule: list[dict], on: date, area_sqft: float | None) -> Decimal | None:
    """The schedule's building permit fee in dollars, for the engine's ``base_fee`` input."""
    fee = scheduled_fee(schedule, "building_permit", on, area_sqft)
    return cents_to_decimal(fee.amount_cents) if fee else None


def fee_lines(
    assessment: Assessment, schedule: list[dict], on: date, area_sqft: float | None
) -> list[FeeLine]:
    lines: list[FeeLine] = []
    doubled = {f.code for f in assessment.fees} & {"double_permit_fee"}
    for permit in assessment.permits:
        code = PERMIT_FEE_CODE.get(permit.type)
        if code is None or (permit.type == PermitKind.BUILDING and doubled):
            continue
        fee = scheduled_fee(schedule, code, on, area_sqft)
        if fee is None:
            lines.append(
                FeeLine(
                    permit.type,
                    code,
                    f"{code.replace('_', ' ')} fee",
                    None,
                    "12.22",
                    "no fee in the schedule for this date: set it",
                )
            )
            continue
        lines.append(FeeLine(permit.type, code, fee.label, fee.amount_cents, fee.basis))
    placard_permit = next(
        (t for t in requirement_permits("house_number_placard") if t in assessment.permit_types()),
        None,
    )
    if placard_permit and any(r.code == "house_number_placard" for r in assessment.requirements):
        fee = scheduled_fee(schedule, "house_number_placard", on)
        if fee and fee.amount_cents:
            lines.append(FeeLine(placard_permit, fee.code, fee.label, fee.amount_cents,
                                 "12.32(3)"))  # fmt: skip
    for f in assessment.fees:
        permit = ENGINE_FEE_PERMIT.get(f.code)
        if permit is None or permit not in assessment.permit_types():
            continue
        lines.append(FeeLine(permit, f.code, texts()["fees"].get(f.code, f.code),
                             decimal_to_cents(f.amount), f.basis, f.note))  # fmt: skip
    return lines


def required_deposits(schedule: list[dict], on: date) -> dict[str, int]:
    """Deposit amounts set by resolution rather than by the ordinance (12.15)."""
    fee = scheduled_fee(schedule, "completion_deposit", on)
    return {"completion_deposit": fee.amount_cents} if fee else {}
