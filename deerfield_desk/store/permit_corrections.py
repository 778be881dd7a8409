"""Corrections after submission: a person's phone, address or misspelt name, and a mis-keyed
payment, each journaled with the reason and the before and after.

Why: once an application is filed, its people are official records. A clerk still has to fix
an owner's new phone number or a misspelt name, but never silently: each correction is one
journal entry (action ``correct``) holding the row before and after, and the permits that
carry the person's name as a display column follow in the same transaction. Money is never
edited: a mis-keyed payment is voided with a reason, and the fee it paid is owed again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import FeeStatus, PaymentStatus
from deerfield_desk.store.people import phone_digits
from deerfield_desk.store.register import Register, decision

#: The fields of a person the clerk may correct, with their labels (for before/after).
CORRECTABLE = {
    "name": "Name",
    "firm": "Firm",
    "phone": "Phone",
    "email": "E-mail",
    "mailing_address": "Mailing address",
    "credential_type": "Credential type",
    "credential_number": "Credential number",
    "credential_expires": "Credential expires",
}
#: permits' display columns that repeat a party's name (the register sorts and searches them).
NAME_COLUMNS = {"owner_id": "owner_name", "contractor_id": "contractor_name"}


@dataclass
class Correction:
    """What a correction changed: ``(label, before, after)`` per field, and the permits whose
    register line followed."""

    person: dict
    changed: list[tuple[str, str, str]]
    permits_updated: int = 0


def _clean(field: str, value) -> str | None:
    text = " ".join(str(value or "").split()) if field != "mailing_address" else str(value or "")
    text = text.strip()
    if not text:
        return None
    if field == "phone" and len(phone_digits(text)) < 7:
        raise InvalidInput("phone", "a phone number has at least 7 digits")
    if field == "email" and not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", text):
        raise InvalidInput("email", "an e-mail address looks like name@example.com")
    if field == "credential_expires":
        try:
            return date.fromisoformat(text).isoformat()
        except ValueError:
            raise InvalidInput("credential_expires", "a date as YYYY-MM-DD") from None
    return text


def planned_changes(person: dict, values: dict) -> list[tuple[str, str, str]]:
    """``(label, before, after)`` for each field ``values`` changes: what the correction
    dialog shows before the clerk confirms. Raises ``InvalidInput`` for a bad value."""
    out = []
    for field, label in CORRECTABLE.items():
        if field not in values:
            continue
        new = _clean(field, values[field])
        if field == "name" and new is None:
            raise InvalidInput("name", "a person on file keeps a name")
        if new != person.get(field):
            out.append((label, person.get(field) or "—", new or "—"))
    return out


@decision
def correct_person(reg: Register, person_uuid: str, values: dict, reason: str) -> Correction:
    """Correct a person on file; the journal keeps before and after with ``reason``. A new
    name is carried to the register lines of the permits that name the person."""
    if not (reason or "").strip():
        raise InvalidInput("reason", "say why it is corrected (e.g. the owner's new phone)")
    person = reg.get("people", person_uuid)
    changed = planned_changes(person, values)
    if not changed:
        raise NotAllowed("nothing to correct: every field is as on file")
    changes = {f: _clean(f, values[f]) for f in CORRECTABLE if f in values}
    changes = {f: v for f, v in changes.items() if v != person.get(f)}
    after = reg.update("people", person_uuid, changes, action="correct", reason=reason.strip())
    updated = 0
    if "name" in changes:
        for role_column, name_column in NAME_COLUMNS.items():
            permits = reg.query(
                f"SELECT p.uuid FROM permits p JOIN applications a ON a.id = p.application_id "
                f"WHERE a.{role_column} = ? AND p.{name_column} = ?",
                (person["id"], person["name"]),
            )
            general = reg.query(
                "SELECT p.uuid FROM permits p JOIN permit_contractors pc ON pc.permit_id = p.id "
                "WHERE pc.person_id = ? AND pc.trade = 'general' AND pc.status = 'active' "
                "AND p.contractor_name = ?",
                (person["id"], person["name"]),
            ) if name_column == "contractor_name" else []  # fmt: skip
            for uuid in {r["uuid"] for r in permits + general}:
                reg.update("permits", uuid, {name_column: changes["name"]},
                           action="correct", reason=reason.strip())  # fmt: skip
                updated += 1
    return Correction(after, changed, updated)


@decision
def void_payment(reg: Register, payment_uuid: str, reason: str) -> dict:
    """Void a mis-keyed payment with a written reason; its fee is owed again. The payment
    stays in the register, marked voided, and the receipt number stays used."""
    if not (reason or "").strip():
        raise InvalidInput("reason", "a payment is voided only with a written reason")
    payment = reg.get("payments", payment_uuid)
    if payment["status"] != PaymentStatus.RECORDED:
        raise NotAllowed(f"receipt {payment['receipt_number']} is already voided")
    if payment.get("receipt_id"):  # a numbered receipt (cashiering): the paper is voided whole
        raise NotAllowed(
            f"this payment is on receipt {payment['receipt_number']}: void the receipt, so the "
            "payer's paper and the register agree"
        )
    voided = reg.void("payments", payment_uuid, reason)
    fee = reg.get_by_id("fees", payment["fee_id"])
    if fee["status"] == FeeStatus.PAID:
        reg.update(
            "fees",
            fee["uuid"],
            {"status": FeeStatus.DUE},
            action="reopen",
            reason=f"payment {payment['receipt_number']} voided: {reason.strip()}",
        )
    return voided
