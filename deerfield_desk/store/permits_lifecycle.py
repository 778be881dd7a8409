"""Every status change of a permit, checked by the status machine and journaled with who and
why. Review decisions (31.10, 12.29, 12.19(8)), issuance with number and expiry (12.12(8),
12.14(1), 31.12(1)), expiry, extension (12.14(1)) and voiding all pass through
:func:`transition`, which asks ``models.status.check_transition`` first.
"""

from __future__ import annotations

import json
from datetime import date
from typing import cast

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.assessment import Assessment
from deerfield_desk.models.extension import (
    check_extension,
    check_extension_timing,
    extended_expiry,
)
from deerfield_desk.models.fee_lines import required_deposits
from deerfield_desk.models.fee_schedule import scheduled_fee
from deerfield_desk.models.findings import Finding, Permit, Refusal, Requirement, Review, Validity
from deerfield_desk.models.issuance import IssuanceFacts, Unmet, unmet_preconditions
from deerfield_desk.models.lifecycle_deadlines import expiry_date, review_due
from deerfield_desk.models.status import PermitStatus, check_transition
from deerfield_desk.store import ledger, rows
from deerfield_desk.store.journal import utc_now
from deerfield_desk.store.numbering import assign_permit_number
from deerfield_desk.store.register import Register, decision
from deerfield_desk.store.rows import PermitRow

S = PermitStatus
DECISIONS = {
    "approve": S.APPROVED,
    "conditional": S.CONDITIONALLY_APPROVED,
    "reject": S.REJECTED,
}


@decision
def transition(reg: Register, permit_uuid: str, target: str, reason: str | None = None,
               changes: dict | None = None) -> PermitRow:  # fmt: skip
    """Move a permit to ``target`` if the status machine allows it; journaled with the reason."""
    with reg.transaction():
        permit = rows.permit(reg, permit_uuid)
        check_transition(permit["status"], target, reason)
        values = {"status": str(target), "updated_at": utc_now(), **(changes or {})}
        return cast(PermitRow, reg.update("permits", permit_uuid, values,
                                          action=f"status:{target}",
                                          reason=(reason or "").strip() or None))  # fmt: skip


@decision
def start_review(reg, permit_uuid: str, received_on: date, calendar, review: Review | None):
    due = review_due(review, received_on, calendar) if review else None
    return transition(reg, permit_uuid, S.UNDER_REVIEW,
                      changes={"review_due": due.isoformat() if due else None})  # fmt: skip


@decision
def resubmit(
    reg: Register, permit_uuid: str, reason: str, received_on: date, calendar
) -> PermitRow:
    """A rejected application comes back with corrected plans: its review starts again, with
    a new deadline counted from the day the corrected plans are received."""
    with reg.transaction():
        permit = transition(reg, permit_uuid, S.SUBMITTED, reason)
        _app, assessment = application_assessment(reg, permit["application_id"])
        review = next((r for r in assessment.reviews if r.permit == permit["kind"]), None)
        return start_review(reg, permit_uuid, received_on, calendar, review)


@decision
def decide_review(reg: Register, permit_uuid: str, decision: str, text: str = "") -> PermitRow:
    """Approve; approve with written conditions; or reject with written reasons (31.10, 12.29)."""
    if decision not in DECISIONS:
        raise InvalidInput("decision", "approve, conditional or reject")
    text = (text or "").strip()
    if decision == "conditional" and not text:
        raise InvalidInput("conditions", "write the conditions of approval (31.10, 12.29(2))")
    if decision == "reject" and not text:
        raise InvalidInput("reasons", "write the reasons for rejection (31.10, 12.29(3))")
    changes = {"decided_at": utc_now()}
    if decision == "conditional":
        changes["conditions"] = text
    elif decision == "reject":
        changes["decision_reason"] = text
    return transition(reg, permit_uuid, DECISIONS[decision], text or None, changes)


#: The tables :func:`review_queue` reads.
REVIEW_QUEUE_READS = frozenset({"permits"})


def review_queue(reg: Register, today: date) -> list[dict]:
    """Permits awaiting a decision, soonest deadline first (no deadline last)."""
    rows = reg.query(
        "SELECT * FROM permits WHERE status IN ('submitted', 'under_review') "
        "ORDER BY review_due IS NULL, review_due, applied_date, id"
    )
    for row in rows:
        due = row["review_due"]
        row["overdue"] = bool(due and due < today.isoformat())
        # 12.29(4): a dish permit not issued in time is deemed rejected.
        row["deemed_rejected"] = row["overdue"] and row["review_basis"] == "12.29(4)"
    return rows


DEEMED_REJECTED_BASIS = "12.29(4)"


@decision
def record_deemed_rejection(reg: Register, permit_uuid: str, today: date) -> PermitRow:
    """12.29(4): a dish permit not issued within its 30 days is deemed rejected; record it
    so the register says so, with the reason the applicant may ask for."""
    permit = rows.permit(reg, permit_uuid)
    due = permit["review_due"]
    if permit["review_basis"] != DEEMED_REJECTED_BASIS or not due or due >= today.isoformat():
        raise NotAllowed("only a satellite dish application past its 30 days (§12.29(4)) is "
                         "deemed rejected")  # fmt: skip
    reason = f"deemed rejected: not issued by {due} (§12.29(4))"
    return transition(reg, permit_uuid, S.REJECTED, reason,
                      {"decision_reason": reason, "decided_at": utc_now()})  # fmt: skip


def application_assessment(reg: Register, application_id: int | None) -> tuple[dict, Assessment]:
    if application_id is None:  # an imported permit: only its register entry came over
        raise NotAllowed(
            "This permit has no application on file (it was imported): its review and "
            "issuance were done before this register and cannot be redone here."
        )
    app = reg.get_by_id("applications", application_id)
    data = json.loads(app["assessment_json"] or "{}")
    a = Assessment()
    a.permits = [Permit(p["type"], tuple(p["basis"]), p["class"]) for p in data.get("permits", [])]
    a.requirements = [
        Requirement(r["code"], r["basis"], _dec(r.get("amount")))
        for r in data.get("requirements", [])
    ]
    a.refusals = [Refusal(r["code"], r["basis"], r.get("liftable_by"))
                  for r in data.get("refusals", [])]  # fmt: skip
    a.findings = [Finding(f["code"], f["basis"], f["reason"], f.get("by", "building_inspector"))
                  for f in data.get("findings", [])]  # fmt: skip
    a.reviews = [Review(r["permit"], r["by"], r["basis"], r["days"], r["working_days"])
                 for r in data.get("reviews", [])]  # fmt: skip
    a.validity = [Validity(v["permit"], v["years"], v["basis"]) for v in data.get("validity", [])]
    return app, a


def _dec(value):
    from decimal import Decimal

    return None if value is None else Decimal(str(value))


def issuance_facts(reg: Register, permit_uuid: str, on: date) -> IssuanceFacts:
    permit = rows.permit(reg, permit_uuid)
    app, assessment = application_assessment(reg, permit["application_id"])
    return IssuanceFacts(
        kind=permit["kind"],
        status=permit["status"],
        assessment=assessment,
        fees=ledger.fees_for_permit(reg, permit["id"]),
        deposits=ledger.deposits_for_permit(reg, permit["id"]),
        received=json.loads(app["received_json"] or "{}"),
        required_cents=required_deposits(ledger.fee_schedule(reg), on),
    )


def check_issuance(reg: Register, permit_uuid: str, on: date) -> list[Unmet]:
    return unmet_preconditions(issuance_facts(reg, permit_uuid, on))


@decision
def issue_permit(reg: Register, permit_uuid: str, on: date, calendar) -> PermitRow:
    """Number and issue the permit, with its expiry; refused with every unmet reason."""
    if reg.guard is not None:  # a field copy says why before listing unmet preconditions
        reg.guard("permits", "issue")
    with reg.transaction():
        facts = issuance_facts(reg, permit_uuid, on)
        unmet = unmet_preconditions(facts)
        if unmet:
            raise NotAllowed("Cannot issue yet:\n" + "\n".join(f"• {u}" for u in unmet))
        check_transition(facts.status, S.ISSUED, None)
        validity = next((v for v in facts.assessment.validity if v.permit == facts.kind), None)
        expires = expiry_date(validity, on, calendar).isoformat() if validity else None
        issued = assign_permit_number(
            reg, permit_uuid, on,
            {"status": str(S.ISSUED), "expires_date": expires, "updated_at": utc_now()},
        )  # fmt: skip
        return cast(PermitRow, issued)


@decision
def mark_expired(reg: Register, permit_uuid: str, today: date) -> PermitRow:
    permit = rows.permit(reg, permit_uuid)
    if not permit["expires_date"] or permit["expires_date"] >= today.isoformat():
        raise NotAllowed("this permit has not passed its expiry date")
    return transition(reg, permit_uuid, S.EXPIRED, f"expired on {permit['expires_date']}")


@decision
def extend_permit(reg: Register, permit_uuid: str, days: int, approved_by: str, method: str,
                  receipt_number: str, on: date) -> PermitRow:  # fmt: skip
    """12.14(1): extend with the inspector's approval and the fee paid, in one transaction.

    ``on`` is the day the clerk says the extension was granted and its fee charged and paid:
    the extension, its fee line and the payment carry it (an extension granted on 30 December
    and typed in January is in that year's export and books); the journal keeps when it was
    typed."""
    if not (approved_by or "").strip():
        raise InvalidInput("approved_by", "the building inspector who approved the extension")
    with reg.transaction():
        permit = rows.permit(reg, permit_uuid)
        days = check_extension(permit["validity_basis"], days)
        if not permit["expires_date"]:
            raise NotAllowed("Not issued yet, so there is no expiry to extend (§12.14(1)).")
        issued = permit["issued_date"]
        if issued and on.isoformat() < issued[:10]:
            raise InvalidInput(
                "granted_on", f"{on.isoformat()} is before the permit was issued ({issued[:10]})"
            )
        earlier = reg.query("SELECT COUNT(*) AS n FROM extensions WHERE permit_id = ?",
                            [permit["id"]])[0]["n"]  # fmt: skip
        check_extension_timing(date.fromisoformat(permit["expires_date"]), on, earlier)
        fee = scheduled_fee(ledger.fee_schedule(reg), "permit_extension", on)
        if fee is None:
            raise NotAllowed("no permit extension fee in the fee schedule: set it in Settings")
        line = ledger.add_fee(reg, permit=permit, code=fee.code, description=fee.label,
                              amount_cents=fee.amount_cents, basis=fee.basis,
                              note=f"{days} days", charged_on=on)  # fmt: skip
        if fee.amount_cents:
            ledger.record_payment(reg, line["uuid"], fee.amount_cents, method, receipt_number, on)
        new_expiry = extended_expiry(date.fromisoformat(permit["expires_date"]), days)
        reason = f"extended {days} days to {new_expiry.isoformat()}, approved by {approved_by}"
        updated = transition(reg, permit_uuid, S.EXTENDED, reason,
                             {"expires_date": new_expiry.isoformat()})  # fmt: skip
        reg.insert(
            "extensions",
            {
                "permit_id": permit["id"],
                "days": days,
                "previous_expiry": permit["expires_date"],
                "new_expiry": new_expiry.isoformat(),
                "approved_by": approved_by.strip(),
                "fee_id": line["id"],
                "reason": reason,
                "granted_at": on.isoformat(),
            },
        )
    return updated


@decision
def void_permit(reg: Register, permit_uuid: str, reason: str) -> PermitRow:
    return transition(reg, permit_uuid, S.VOIDED, reason, {"void_reason": (reason or "").strip()})
