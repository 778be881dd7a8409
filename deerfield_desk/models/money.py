"""Money as integer cents, never float: fees, payments, deposits and securities.

Why cents: the ledger must balance to the penny and a float sum of many payments does not.
Parsing accepts what a clerk types at the counter ("1,250", "$35.00", "12.5") and refuses
anything with fractions of a cent, naming the field.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from deerfield_desk.errors import InvalidInput

CENT = Decimal("0.01")


def parse_dollars(text: str | int | Decimal, field: str = "amount") -> int:
    """Dollars as typed into cents; raises :class:`InvalidInput` naming ``field``."""
    if isinstance(text, bool):
        raise InvalidInput(field, "enter an amount in dollars, e.g. 35.00")
    raw = str(text).strip().replace("$", "").replace(",", "")
    if not raw:
        raise InvalidInput(field, "enter an amount in dollars, e.g. 35.00")
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise InvalidInput(field, f"{text!r} is not an amount in dollars") from None
    if not value.is_finite():
        raise InvalidInput(field, f"{text!r} is not an amount in dollars")
    if value < 0:
        raise InvalidInput(field, "must not be negative")
    if value != value.quantize(CENT):
        raise InvalidInput(field, "whole cents only (two decimals)")
    return int(value * 100)


def decimal_to_cents(amount: Decimal | None) -> int | None:
    """The engine's Decimal dollars as cents (rounded half up to the cent); None stays None."""
    if amount is None:
        return None
    return int((Decimal(amount) * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def cents_to_decimal(cents: int) -> Decimal:
    return (Decimal(cents) / 100).quantize(CENT)


def format_cents(cents: int | None, *, unknown: str = "to be billed") -> str:
    """``$1,234.56``; None (an amount the ordinance leaves to actual costs) as ``unknown``."""
    if cents is None:
        return unknown
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    return f"{sign}${dollars:,}.{rest:02d}"
