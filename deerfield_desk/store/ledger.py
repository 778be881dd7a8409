"""Fees, payments, deposits and securities: the money side of a permit, all in cents.

Every write goes through the Register (journaled). A payment never exceeds what is owed, a
refund or forfeiture says why, and a forfeiture names one of the causes the ordinance allows
(``models.deposits.FORFEIT_CAUSES``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import DepositKind, DepositStatus, FeeStatus
from deerfield_desk.models.deposits import DEPOSIT_KINDS, FORFEIT_CAUSES, PAYMENT_METHODS
from deerfield_desk.models.fee_schedule import DEFAULT_SCHEDULE, SETTING_KEY, validate_schedule
from deerfield_desk.models.money import format_cents
from deerfield_desk.store.journal import utc_now
from deerfield_desk.store.register import Register, decision


def fee_schedule(reg: Register) -> list[dict]:
    return reg.get_setting(SETTING_KEY, None) or [dict(e) for e in DEFAULT_SCHEDULE]


@decision
def set_fee_schedule(reg: Register, entries: list[dict]) -> list[dict]:
    clean = validate_schedule(entries)
    reg.set_setting(SETTING_KEY, clean)
    return clean


@decision
def add_fee(reg: Register, *, permit: Mapping[str, Any], code: str, description: str,
            amount_cents: int | None, basis: str, note: str | None = None,
            charged_on: date | None = None) -> dict:  # fmt: skip
    """A fee line on ``permit``. ``charged_on``: the day the clerk says it was charged (an
    extension granted last December and typed in January belongs to last year's books and
    export); without it, now. The journal keeps when it was entered either way."""
    return reg.insert(
        "fees",
        {
            "application_id": permit["application_id"],
            "permit_id": permit["id"],
            "code": code,
            "description": description,
            "amount_cents": amount_cents,
            "basis": basis,
            "note": note,
            "status": FeeStatus.DUE if amount_cents != 0 else FeeStatus.PAID,
            "created_at": charged_on.isoformat() if charged_on else utc_now(),
        },
    )


@decision
def bill_fee(reg: Register, fee_uuid: str, amount_cents: int, reason: str) -> dict:
    """Set the amount of a fee billed at actual cost (31.11(1) engineering and legal costs)."""
    fee = reg.get("fees", fee_uuid)
    if fee["amount_cents"] is not None:
        raise NotAllowed(f"{fee['description']} already has its amount")
    if amount_cents < 0:
        raise InvalidInput("amount", "must not be negative")
    status = FeeStatus.PAID if amount_cents == 0 else FeeStatus.DUE
    return reg.update("fees", fee_uuid, {"amount_cents": amount_cents, "status": status},
                      action="bill", reason=reason)  # fmt: skip


def paid_cents(reg: Register, fee_id: int) -> int:
    row = reg.query_one(
        "SELECT COALESCE(SUM(amount_cents), 0) AS paid FROM payments "
        "WHERE fee_id = ? AND status = 'recorded'",
        (fee_id,),
    )
    return int(row["paid"]) if row else 0


def fees_for_permit(reg: Register, permit_id: int) -> list[dict]:
    """The permit's fee lines with ``paid_cents`` and ``balance_cents``."""
    rows = reg.query(
        "SELECT f.*, COALESCE((SELECT SUM(p.amount_cents) FROM payments p WHERE p.fee_id = f.id "
        "AND p.status = 'recorded'), 0) AS paid_cents FROM fees f WHERE f.permit_id = ? "
        "ORDER BY f.id",
        (permit_id,),
    )
    for row in rows:
        row["balance_cents"] = (
            None if row["amount_cents"] is None else row["amount_cents"] - row["paid_cents"]
        )
    return rows


@decision
def record_payment(reg: Register, fee_uuid: str, amount_cents: int, method: str,
                   receipt_number: str, paid_on: date, *,
                   receipt_id: int | None = None) -> dict:  # fmt: skip
    """Record money received against one fee line; marks the line paid when it balances.

    ``receipt_id``: the counter receipt this line's share belongs to (``store.cashier``, one
    receipt across several lines); without it, a payment on a hand-written receipt."""
    if method not in PAYMENT_METHODS:
        raise InvalidInput("method", f"one of {', '.join(PAYMENT_METHODS.values())}")
    if not receipt_number or not receipt_number.strip():
        raise InvalidInput("receipt_number", "write the receipt number given to the payer")
    if amount_cents <= 0:
        raise InvalidInput("amount", "a payment is more than $0.00")
    with reg.transaction():
        fee = reg.get("fees", fee_uuid)
        if fee["status"] in {FeeStatus.VOIDED, FeeStatus.WAIVED}:
            raise NotAllowed(f"{fee['description']} is {fee['status']}: nothing is owed")
        if fee["amount_cents"] is None:
            raise NotAllowed(f"{fee['description']} has no amount yet: bill it first")
        owed = fee["amount_cents"] - paid_cents(reg, fee["id"])
        if amount_cents > owed:
            raise InvalidInput("amount", f"only {format_cents(owed)} is owed on this fee")
        payment = reg.insert(
            "payments",
            {
                "fee_id": fee["id"],
                "amount_cents": amount_cents,
                "method": method,
                "receipt_number": receipt_number.strip(),
                "paid_at": paid_on.isoformat(),
                "received_by": reg.actor.name,
                "receipt_id": receipt_id,
            },
        )
        if amount_cents == owed:
            reg.update("fees", fee_uuid, {"status": FeeStatus.PAID}, action="paid")
    return payment


def deposits_for_permit(reg: Register, permit_id: int) -> list[dict]:
    return reg.query("SELECT * FROM deposits WHERE permit_id = ? ORDER BY id", (permit_id,))


@decision
def record_deposit(reg: Register, permit_uuid: str, kind: str, amount_cents: int,
                   reference: str, received_on: date) -> dict:  # fmt: skip
    """A deposit or security received and held (cash receipt, letter of credit number...)."""
    if kind not in DEPOSIT_KINDS:
        raise InvalidInput("kind", f"one of {', '.join(DEPOSIT_KINDS)}")
    if amount_cents <= 0:
        raise InvalidInput("amount", "a deposit is more than $0.00")
    if not reference or not reference.strip():
        raise InvalidInput("reference", "receipt, check or letter of credit number")
    permit = reg.get("permits", permit_uuid)
    return reg.insert(
        "deposits",
        {
            "application_id": permit["application_id"],
            "permit_id": permit["id"],
            "kind": kind,
            "amount_cents": amount_cents,
            "basis": DEPOSIT_KINDS[DepositKind(kind)][1],
            "reference": reference.strip(),
            "received_at": received_on.isoformat(),
            "status": DepositStatus.HELD,
        },
    )


@decision
def refund_deposit(reg: Register, deposit_uuid: str, reason: str, on: date, *,
                   board_action: str | None = None,
                   engineer_inspected_on: date | None = None) -> dict:  # fmt: skip
    """Refund only when the deposit's section allows it (``deposit_release``): 12.15 after the
    final inspection or occupancy, 31.12(2)(A) by Village Board action after the engineer's
    inspection, 12.19(8)(e) after the exterior passed."""
    from deerfield_desk.store.deposit_release import release_reason

    if not reason or not reason.strip():
        raise InvalidInput("reason", "a deposit is refunded only with a written reason")
    deposit = reg.get("deposits", deposit_uuid)
    if deposit["status"] != DepositStatus.HELD:
        raise NotAllowed(f"this deposit is already {deposit['status']}")
    full = release_reason(reg, deposit, reason.strip(), on, board_action=board_action,
                          engineer_inspected_on=engineer_inspected_on)  # fmt: skip
    return _dispose(reg, deposit_uuid, DepositStatus.REFUNDED, full, on)


@decision
def forfeit_deposit(reg: Register, deposit_uuid: str, cause: str, on: date) -> dict:
    deposit = reg.get("deposits", deposit_uuid)
    causes = FORFEIT_CAUSES.get(deposit["kind"], {})
    if cause not in causes:
        raise InvalidInput("cause", f"one of: {'; '.join(t for t, _ in causes.values())}")
    text, basis = causes[cause]
    return _dispose(reg, deposit_uuid, DepositStatus.FORFEITED, f"{text} (§{basis})", on)


def _dispose(reg, deposit_uuid, status, reason, on) -> dict:
    if not reason or not reason.strip():
        raise InvalidInput("reason", f"a deposit is {status} only with a written reason")
    with reg.transaction():
        deposit = reg.get("deposits", deposit_uuid)
        if deposit["status"] != DepositStatus.HELD:
            raise NotAllowed(f"this deposit is already {deposit['status']}")
        return reg.update(
            "deposits",
            deposit_uuid,
            {"status": status, "disposition_reason": reason.strip(),
             "disposition_at": on.isoformat()},
            action=status[:-2] if status.endswith("ed") else status,
            reason=reason.strip(),
        )  # fmt: skip
