"""The contractors an application names, by trade: checked before submission, named on its
permits after.

Why: a house has a general contractor and, usually, a licensed electrician, plumber and HVAC
firm, each with a Wisconsin credential that runs out. The wizard used to name one contractor
and leave the trades to be added from the permit window later, where they were forgotten.
Now the Parties page names each trade (``parties.<trade>_uuid`` in the wizard state; the
general contractor stays ``contractor_uuid``, the application's own column), the checks run
before the official-act confirmation (a trade without a credential number is an error; an
expired credential is a question, as the contractor may have renewed), and submission names
each trade on the permits it concerns (``store.permit_contractors``), with the credential
number and expiry seen that day.
"""

from __future__ import annotations

from datetime import date

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.codes import ContractorTrade, PermitKind, RecordStatus
from deerfield_desk.store.people import credential_warning
from deerfield_desk.store.permit_contractors import name_contractor
from deerfield_desk.store.register import Register

#: Wizard state key of each trade (the general contractor is the application's contractor).
TRADE_KEYS = {
    ContractorTrade.GENERAL: "contractor_uuid",
    ContractorTrade.ELECTRICAL: "electrical_uuid",
    ContractorTrade.PLUMBING: "plumbing_uuid",
    ContractorTrade.HVAC: "hvac_uuid",
}
#: How each trade is named on the form and in errors.
TRADE_NAMES = {
    ContractorTrade.GENERAL: "Contractor",
    ContractorTrade.ELECTRICAL: "Electrical contractor",
    ContractorTrade.PLUMBING: "Plumbing contractor",
    ContractorTrade.HVAC: "HVAC contractor",
}
#: Permits the trades work under: not an erosion control permit (Chapter 31 names no trades).
TRADE_PERMITS = frozenset(k.value for k in PermitKind if k is not PermitKind.EROSION_CONTROL)


def named_trades(reg: Register, parties: dict) -> list[tuple[ContractorTrade, dict]]:
    """(trade, person) for each trade the parties name, in trade order."""
    out = []
    for trade, key in TRADE_KEYS.items():
        uuid = (parties or {}).get(key)
        if uuid:
            out.append((trade, reg.get("people", uuid)))
    return out


def check_trades(reg: Register, parties: dict) -> None:
    """Raise ``InvalidInput`` naming the trade when a named trade cannot be named on a permit:
    voided in the directory, or without a state credential number. (The general contractor
    is the application's own contractor, checked as it always was, when added.)"""
    for trade, person in named_trades(reg, parties):
        if trade is ContractorTrade.GENERAL:
            continue
        field = TRADE_KEYS[trade].removesuffix("_uuid")
        if person["status"] != RecordStatus.ACTIVE:
            raise InvalidInput(field, f"{person['name']} is voided in the directory: choose "
                               "another")  # fmt: skip
        if not (person.get("credential_number") or "").strip():
            raise InvalidInput(field, f"{person['name']} has no state credential number on "
                               "file: add it (People and firms on file → Correct)")  # fmt: skip


def credential_doubts(reg: Register, parties: dict, today: date) -> list[str]:
    """One line per named contractor whose credential has expired, in the office's words:
    "Electrical contractor Sam Sparks: credential 99123 expired on 2026-10-31"."""
    out = []
    for trade, person in named_trades(reg, parties):
        warning = credential_warning(person, today)
        if warning:
            out.append(f"{TRADE_NAMES[trade]} {person['name']}: {warning[0].lower()}{warning[1:]}")
    return out


def name_trades(reg: Register, permits: list[dict], parties: dict) -> list[dict]:
    """Name the application's electrical, plumbing and HVAC contractors on each of its permits
    the trades work under (inside the submission's transaction). The general contractor is
    the application's own contractor, shown by the permit as such; it is not repeated."""
    rows = []
    for trade, person in named_trades(reg, parties):
        if trade is ContractorTrade.GENERAL:
            continue
        for permit in permits:
            if permit["kind"] in TRADE_PERMITS:
                rows.append(name_contractor(reg, permit["uuid"], trade.value, person["uuid"]))
    return rows
