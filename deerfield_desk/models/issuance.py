"""What still stands between an approved permit and its number: pure, no store, no Qt.

``unmet_preconditions`` is asked before issuing and shown to the clerk as a list: each reason
in our words with the section it rests on. The requirements come from the engine's assessment
(12.15 completion deposit, 12.19(6)-(7) moving deposit and insurance, 31.12(2)(A) security,
12.32(3) placard ...); this module only checks whether the office has recorded each one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from deerfield_desk.models.application_items import item_lists, missing_items
from deerfield_desk.models.assessment import Assessment
from deerfield_desk.models.codes import DepositStatus, FeeStatus
from deerfield_desk.models.deposits import DEPOSIT_KINDS
from deerfield_desk.models.money import decimal_to_cents, format_cents
from deerfield_desk.models.project_summary import requirement_info, requirement_permits, texts
from deerfield_desk.models.status import PermitStatus

#: 12.19(7) coverages: the clerk records the certified amount, checked against the minimum.
INSURANCE = {"moving_insurance_person", "moving_insurance_accident", "moving_insurance_property"}
APPROVED = {PermitStatus.APPROVED, PermitStatus.CONDITIONALLY_APPROVED}


@dataclass(frozen=True)
class Unmet:
    reason: str
    basis: str

    def __str__(self) -> str:
        return f"{self.reason} (§{self.basis})"


@dataclass
class IssuanceFacts:
    """What the office has on record for one permit of an application."""

    kind: str  # the permit type: building, erosion_control, ...
    status: str
    assessment: Assessment
    fees: list[dict] = field(default_factory=list)  # code, description, amount_cents,
    #                                                  paid_cents, basis, status
    deposits: list[dict] = field(default_factory=list)  # kind, amount_cents, status
    received: dict = field(default_factory=dict)  # the application's received_json
    required_cents: dict[str, int] = field(default_factory=dict)  # amounts set by resolution


def _review_basis(facts: IssuanceFacts) -> str:
    review = next((r for r in facts.assessment.reviews if r.permit == facts.kind), None)
    return review.basis if review else "12.14(1)"


def unmet_preconditions(facts: IssuanceFacts) -> list[Unmet]:
    """Every reason the permit cannot be issued yet; an empty list means it may be."""
    out: list[Unmet] = []
    status = PermitStatus(facts.status)
    if status is PermitStatus.REJECTED:
        out.append(Unmet("The review rejected this application", _review_basis(facts)))
    elif status not in APPROVED:
        out.append(Unmet(f"Not approved yet (it is {status.label.lower()})",
                         _review_basis(facts)))  # fmt: skip
    for refusal in facts.assessment.refusals:
        out.append(Unmet(texts()["refusals"].get(refusal.code, refusal.code), refusal.basis))
    out.extend(_fees(facts))
    for req in facts.assessment.requirements:
        info = requirement_info(req.code)
        if facts.kind not in requirement_permits(req.code):
            continue
        out.extend(_requirement(facts, req.code, req.basis, req.amount, info))
    return out


def _fees(facts: IssuanceFacts) -> list[Unmet]:
    out = []
    for fee in facts.fees:
        if fee.get("status") in {FeeStatus.VOIDED, FeeStatus.WAIVED}:
            continue
        name = fee.get("description") or fee["code"].replace("_", " ")
        basis = fee.get("basis") or "12.22"
        if fee["amount_cents"] is None:
            out.append(Unmet(f"{name}: amount not billed yet", basis))
        elif fee.get("paid_cents", 0) < fee["amount_cents"]:
            owed = fee["amount_cents"] - fee.get("paid_cents", 0)
            out.append(Unmet(f"{name}: {format_cents(owed)} unpaid", basis))
    return out


def certified_amount(value) -> Decimal | None:
    """The dollars recorded for an insurance coverage; a bare tick or a date is no amount."""
    if isinstance(value, bool) or value is None:
        return None
    try:
        amount = Decimal(str(value).replace(",", "").replace("$", ""))
    except InvalidOperation:
        return None
    return amount if amount.is_finite() else None


def _requirement(facts, code, basis, amount, info) -> list[Unmet]:
    if info["group"] == "money" and info.get("kind"):
        needed = facts.required_cents.get(code, decimal_to_cents(amount))
        held = sum(
            d["amount_cents"] or 0
            for d in facts.deposits
            if d["kind"] == info["kind"] and d["status"] == DepositStatus.HELD
        )
        name = DEPOSIT_KINDS[info["kind"]][0]
        if held == 0:
            return [Unmet(f"{name}: not recorded", basis)]
        if needed is not None and held < needed:
            return [Unmet(f"{name}: {format_cents(held)} recorded, "
                          f"{format_cents(needed)} required", basis)]  # fmt: skip
        return []
    if code in INSURANCE:
        given = certified_amount(facts.received.get(code))
        if given is None:
            return [Unmet(f"{info['text']}: certificate amount not recorded", basis)]
        if amount is not None and given < amount:
            return [Unmet(f"{info['text']}: {format_cents(decimal_to_cents(given))} "
                          f"certified, at least {format_cents(decimal_to_cents(amount))} "
                          "required", basis)]  # fmt: skip
        return []
    if code in {"moving_insurance", "house_number_placard"}:
        if not facts.received.get(code):
            return [Unmet(f"{info['text']}: not recorded", basis)]
        return []
    if info["group"] != "documents":
        return []
    checklist = info.get("checklist")
    if checklist:
        missing = missing_items([item_lists()[checklist]], facts.received)
        if missing:
            sections = list(dict.fromkeys(item.section for _, item in missing))
            keys = ", ".join(sections[:4])
            more = f" and {len(sections) - 4} more" if len(sections) > 4 else ""
            return [Unmet(f"{info['text']}: {len(missing)} item(s) not received "
                          f"({keys}{more})", basis)]  # fmt: skip
        return []
    if not facts.received.get(code):
        return [Unmet(f"{info['text']}: not received", basis)]
    return []
