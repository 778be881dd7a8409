"""What a receipt and the daily deposit report print, read from the register.

Why separate from ``cashier``: these are reads for ``documents.render`` (a receipt by its
number, a deposit report by its day) and for the receipts list; the renderers never see SQL.
The deposit report is what the clerk hands the treasurer with the bag: every receipt of the
day by method with totals, the checks by number, and the receipts voided that day shown
apart so the totals match the money in the bag.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from deerfield_desk.errors import InvalidInput, RecordNotFound
from deerfield_desk.models.codes import PaymentMethod, RecordStatus
from deerfield_desk.store.cashier import payments_on_receipt
from deerfield_desk.store.register import Register

RECEIPT_REF = re.compile(r"^R-\d{4}-\d{4,}$")
#: Methods the bank deposit carries; a card payment is settled by the card processor.
DEPOSITED = (PaymentMethod.CASH, PaymentMethod.CHECK, PaymentMethod.MONEY_ORDER)


def receipt_record(reg: Register, number: str) -> dict:
    """One receipt with its fee lines, the application and the site, for printing."""
    if not RECEIPT_REF.match(number or ""):
        raise InvalidInput("REF", f"{number!r} is not a receipt number (R-YYYY-NNNN)")
    receipt = reg.query_one("SELECT * FROM receipts WHERE receipt_number = ?", (number,))
    if receipt is None:
        raise RecordNotFound(f"no receipt numbered {number}")
    record = dict(receipt)
    record["lines"] = payments_on_receipt(reg, receipt["id"])
    record["method_label"] = PaymentMethod(receipt["method"]).label
    if receipt["application_id"]:
        app = reg.get_by_id("applications", receipt["application_id"])
        record["application_number"] = app["application_number"]
    sites = [line["address_text"] for line in record["lines"] if line["address_text"]]
    record["site"] = sites[0] if sites else None
    return record


def _day_range(day: date) -> tuple[str, str]:
    return day.isoformat(), (day + timedelta(days=1)).isoformat()


def receipts_on(reg: Register, day: date) -> list[dict]:
    """The day's receipts in number order (voided ones too, marked by their status)."""
    lo, hi = _day_range(day)
    return reg.query(
        "SELECT r.*, a.application_number FROM receipts r "
        "LEFT JOIN applications a ON a.id = r.application_id "
        "WHERE r.received_at >= ? AND r.received_at < ? ORDER BY r.receipt_number, r.id",
        (lo, hi),
    )


def handwritten_on(reg: Register, day: date) -> list[dict]:
    """Payments recorded that day on a hand-written receipt (no counter receipt)."""
    return reg.query(
        "SELECT y.*, f.description, p.permit_number FROM payments y "
        "JOIN fees f ON f.id = y.fee_id LEFT JOIN permits p ON p.id = f.permit_id "
        "WHERE y.paid_at = ? AND y.receipt_id IS NULL AND y.status = 'recorded' "
        "ORDER BY y.receipt_number, y.id",
        (day.isoformat(),),
    )


def deposit_report_record(reg: Register, ref: str) -> dict:
    """The daily deposit report for ``ref`` (a day, ``YYYY-MM-DD``)."""
    try:
        day = date.fromisoformat(ref)
    except (TypeError, ValueError):
        raise InvalidInput("REF", f"{ref!r} is not a day (YYYY-MM-DD)") from None
    receipts = receipts_on(reg, day)
    kept = [r for r in receipts if r["status"] == RecordStatus.ACTIVE]
    voided = [r for r in receipts if r["status"] != RecordStatus.ACTIVE]
    handwritten = handwritten_on(reg, day)
    methods = []
    for method in PaymentMethod:
        amounts = [r["amount_cents"] for r in kept if r["method"] == method]
        amounts += [p["amount_cents"] for p in handwritten if p["method"] == method]
        methods.append(
            {"method": method.value, "label": method.label, "count": len(amounts),
             "total_cents": sum(amounts)}
        )  # fmt: skip
    total = sum(m["total_cents"] for m in methods)
    deposited = sum(m["total_cents"] for m in methods if m["method"] in DEPOSITED)
    return {
        "day": day.isoformat(),
        "receipts": kept,
        "voided": voided,
        "handwritten": handwritten,
        "methods": methods,
        "total_cents": total,
        "deposit_cents": deposited,
        "card_cents": total - deposited,
        "checks": [r for r in kept if r["method"] in (PaymentMethod.CHECK,
                                                      PaymentMethod.MONEY_ORDER)],
    }  # fmt: skip
