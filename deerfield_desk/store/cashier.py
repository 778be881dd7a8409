"""The counter's cash drawer: one payment across several fee lines, on one numbered receipt.

Why a receipt and not one payment per line: a builder hands over one check for the building
permit fee, the erosion fee and the placard. The clerk must record one payer, one method and
one check number, give one receipt, and find that check again on the day's deposit report.
Each fee line still gets its own ``payments`` row (``ledger.record_payment``, so "paid" keeps
meaning what issuance checks), tied to the receipt by ``receipt_id``.

Receipt numbers (``R-YYYY-NNNN``) come from the register's ``receipt`` series inside the same
transaction that stores the receipt: in order, no gap on a rollback, never reused (a number a
hand-written receipt already holds is stepped over). A mis-keyed receipt is never edited: it is
voided with a reason, its payments voided with it and its fee lines owed again; the reprint
says VOID.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import FeeStatus, PaymentMethod, RecordStatus
from deerfield_desk.models.money import format_cents
from deerfield_desk.store import ledger
from deerfield_desk.store.register import Register, decision

RECEIPT_SERIES = "receipt"
#: What a check or money-order number may look like (bank check numbers, serials).
CHECK_NUMBER = re.compile(r"^[A-Za-z0-9-]{1,20}$")
#: Methods that carry a number the bank or issuer printed.
NUMBERED_METHODS = (PaymentMethod.CHECK, PaymentMethod.MONEY_ORDER)


def format_receipt_number(year: int, n: int) -> str:
    return f"R-{year}-{n:04d}"


def local_moment(at: datetime) -> str:
    """Office time to the minute (``YYYY-MM-DDTHH:MM``), as every moment a person records."""
    return at.strftime("%Y-%m-%dT%H:%M")


def open_fee_lines(reg: Register, application_id: int) -> list[dict]:
    """Every fee line of the application still owed, over all its permits, with the permit's
    number and kind and the balance: what one receipt can settle."""
    rows = reg.query(
        "SELECT f.uuid, f.description, f.basis, f.amount_cents, f.status, p.permit_number, "
        "p.kind AS permit_kind, COALESCE((SELECT SUM(y.amount_cents) FROM payments y "
        "WHERE y.fee_id = f.id AND y.status = 'recorded'), 0) AS paid_cents "
        "FROM fees f LEFT JOIN permits p ON p.id = f.permit_id WHERE f.application_id = ? "
        "AND f.status = ? ORDER BY f.permit_id, f.id",
        (application_id, FeeStatus.DUE),
    )
    for row in rows:
        owed = row["amount_cents"]
        row["balance_cents"] = None if owed is None else owed - row["paid_cents"]
    return rows


def _clean_check_number(method: str, check_number: str | None) -> str | None:
    number = (check_number or "").strip()
    if method == PaymentMethod.CHECK and not number:
        raise InvalidInput("check_number", "a check payment needs the number printed on it")
    if number and method not in NUMBERED_METHODS:
        raise InvalidInput("check_number", "only a check or money order carries a number")
    if number and not CHECK_NUMBER.match(number):
        raise InvalidInput("check_number", "letters, digits and hyphens, at most 20")
    return number or None


def duplicate_warnings(reg: Register, *, method: str, check_number: str | None = None,
                       receipt_number: str | None = None) -> list[str]:  # fmt: skip
    """What the clerk should look at before recording: the same check number on a receipt
    still in force (a check keyed twice), or a hand-written receipt number already on file.
    Warnings, not refusals: two banks can print the same check number."""
    warnings = []
    number = (check_number or "").strip()
    if number and method in NUMBERED_METHODS:
        for row in reg.query(
            "SELECT receipt_number, payer_name, amount_cents, received_at FROM receipts "
            "WHERE check_number = ? AND method = ? AND status = 'active' ORDER BY id",
            (number, method),
        ):
            warnings.append(
                f"{PaymentMethod(method).label} number {number} is already on receipt "
                f"{row['receipt_number']} ({row['payer_name']}, "
                f"{format_cents(row['amount_cents'])}, {row['received_at'][:10]})."
            )
    typed = (receipt_number or "").strip()
    if typed and receipt_number_in_use(reg, typed):
        warnings.append(f"Receipt number {typed} is already on file.")
    return warnings


def receipt_number_in_use(reg: Register, number: str) -> bool:
    return bool(
        reg.query_one("SELECT 1 FROM receipts WHERE receipt_number = ?", (number,))
        or reg.query_one("SELECT 1 FROM payments WHERE receipt_number = ?", (number,))
    )


def next_receipt_number(reg: Register, year: int) -> str:
    """The series' next number that no receipt or hand-written payment holds. Call inside
    the transaction that stores it."""
    while True:
        number = format_receipt_number(year, reg.next_number(RECEIPT_SERIES, year))
        if not receipt_number_in_use(reg, number):
            return number


@decision
def take_payment(reg: Register, *, payer_name: str, method: str, lines: Sequence[tuple[str, int]],
                 received_at: datetime, check_number: str | None = None,
                 note: str | None = None) -> dict:  # fmt: skip
    """Record one payment over several fee lines (``lines``: fee uuid, cents) and return its
    numbered receipt. All or nothing: a refused line leaves no receipt and no payment."""
    payer = (payer_name or "").strip()
    if not payer:
        raise InvalidInput("payer_name", "name the person or firm who paid")
    if method not in PaymentMethod.__members__.values():
        raise InvalidInput("method", f"one of {', '.join(m.label for m in PaymentMethod)}")
    number = _clean_check_number(method, check_number)
    if not lines:
        raise InvalidInput("lines", "choose at least one fee line to pay")
    if len({uuid for uuid, _ in lines}) != len(lines):
        raise InvalidInput("lines", "each fee line is paid once on a receipt")
    fees = [reg.get("fees", uuid) for uuid, _ in lines]
    for fee, (_uuid, cents) in zip(fees, lines, strict=True):
        if cents <= 0:
            raise InvalidInput("amount", f"{fee['description']}: a payment is more than $0.00")
    applications = {fee["application_id"] for fee in fees}
    moment = local_moment(received_at)
    receipt_number = next_receipt_number(reg, received_at.year)
    receipt = reg.insert(
        "receipts",
        {
            "receipt_number": receipt_number,
            "received_at": moment,
            "payer_name": payer,
            "method": method,
            "check_number": number,
            "amount_cents": sum(cents for _, cents in lines),
            "application_id": applications.pop() if len(applications) == 1 else None,
            "received_by": reg.actor.name,
            "note": (note or "").strip() or None,
        },
    )
    for uuid, cents in lines:
        try:
            ledger.record_payment(reg, uuid, cents, method, receipt_number,
                                  received_at.date(), receipt_id=receipt["id"])  # fmt: skip
        except InvalidInput as exc:
            fee = reg.get("fees", uuid)
            raise InvalidInput(exc.field, f"{fee['description']}: {exc.rule}") from None
    return receipt


def payments_on_receipt(reg: Register, receipt_id: int) -> list[dict]:
    """The receipt's fee lines, with the permit each is paid with."""
    return reg.query(
        "SELECT y.*, f.description, f.basis, f.uuid AS fee_uuid, p.permit_number, "
        "p.kind AS permit_kind, p.address_text FROM payments y JOIN fees f ON f.id = y.fee_id "
        "LEFT JOIN permits p ON p.id = f.permit_id WHERE y.receipt_id = ? ORDER BY y.id",
        (receipt_id,),
    )


def void_consequences(reg: Register, receipt_uuid: str) -> list[str]:
    """What voiding would leave behind, for the clerk's confirmation: fee lines owed again
    on permits already issued on the strength of this payment."""
    receipt = reg.get("receipts", receipt_uuid)
    said = []
    for line in payments_on_receipt(reg, receipt["id"]):
        if line["permit_number"]:
            said.append(
                f"Permit {line['permit_number']} is already issued: {line['description']} "
                f"will show {format_cents(line['amount_cents'])} owed again."
            )
    return said


@decision
def void_receipt(reg: Register, receipt_uuid: str, reason: str, at: datetime) -> dict:
    """Void a mis-keyed receipt with a reason: the receipt and each of its payments are voided
    (journaled), and each fee line they settled is owed again. Never edited, never deleted."""
    why = (reason or "").strip()
    if not why:
        raise InvalidInput("reason", "a receipt is voided only with a written reason")
    receipt = reg.get("receipts", receipt_uuid)
    if receipt["status"] != RecordStatus.ACTIVE:
        raise NotAllowed(f"receipt {receipt['receipt_number']} is already void")
    for line in payments_on_receipt(reg, receipt["id"]):
        if line["status"] == RecordStatus.VOIDED:
            continue
        reg.void("payments", line["uuid"], f"receipt {receipt['receipt_number']} voided: {why}")
        fee = reg.get("fees", line["fee_uuid"])
        if fee["status"] == FeeStatus.PAID and fee["amount_cents"]:
            reg.update("fees", fee["uuid"], {"status": FeeStatus.DUE}, action="reopen",
                       reason=f"receipt {receipt['receipt_number']} voided: {why}")  # fmt: skip
    return reg.update(
        "receipts",
        receipt_uuid,
        {"status": RecordStatus.VOIDED, "void_reason": why, "voided_at": local_moment(at)},
        action="void",
        reason=why,
    )
