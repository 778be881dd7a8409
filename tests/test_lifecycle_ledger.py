"""Fees, payments, deposits and the fee schedule: exact money, written reasons, journaled."""

from __future__ import annotations

from datetime import date

import pytest

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.fee_schedule import DEFAULT_SCHEDULE, scheduled_fee
from deerfield_desk.models.money import format_cents, parse_dollars
from deerfield_desk.store import ledger
from deerfield_desk.store.journal import history
from tests.application_builders import TODAY, file_application


def demolition(register, **answers):
    file_application(register, site={}, work="demolition",
         answers={"structure": "detached_garage", "area_sqft": "500", **answers})  # fmt: skip
    return register.query_one("SELECT * FROM permits WHERE kind = 'demolition'")


def test_money_parsing_is_exact_and_names_the_field():
    assert parse_dollars("$1,250.10") == 125010
    assert parse_dollars("0.1") + parse_dollars("0.2") == parse_dollars("0.3")
    with pytest.raises(InvalidInput) as exc:
        parse_dollars("12.345", "deposit amount")
    assert exc.value.field == "deposit amount" and "whole cents" in exc.value.rule
    with pytest.raises(InvalidInput):
        parse_dollars("-5")
    assert format_cents(None) == "to be billed" and format_cents(123456789) == "$1,234,567.89"


def test_payment_needs_receipt_and_cannot_exceed_what_is_owed(register):
    permit = demolition(register)
    fee = ledger.fees_for_permit(register, permit["id"])[0]
    assert (fee["code"], fee["amount_cents"]) == ("demolition_permit", 5000)
    with pytest.raises(InvalidInput, match="receipt_number"):
        ledger.record_payment(register, fee["uuid"], 5000, "cash", " ", TODAY)
    with pytest.raises(InvalidInput, match=r"only \$50.00 is owed"):
        ledger.record_payment(register, fee["uuid"], 5001, "cash", "R-1", TODAY)
    ledger.record_payment(register, fee["uuid"], 2000, "check", "R-1", TODAY)
    assert ledger.fees_for_permit(register, permit["id"])[0]["balance_cents"] == 3000
    ledger.record_payment(register, fee["uuid"], 3000, "cash", "R-2", TODAY)
    fee = ledger.fees_for_permit(register, permit["id"])[0]
    assert (fee["status"], fee["balance_cents"]) == ("paid", 0)
    assert [h["action"] for h in history(register.conn, fee["uuid"])] == ["insert", "paid"]


def test_started_without_permit_doubles_the_fee_through_the_engine(register):
    permit = demolition(register)
    file_application(
        register,
        site={"site_parcel_number": "0612-000-0002"},
        work="addition",
        answers={"structure": "dwelling", "area_sqft": "300", "started_without_permit": True},
    )
    building = register.query_one("SELECT * FROM permits WHERE kind = 'building'")
    fees = ledger.fees_for_permit(register, building["id"])
    # schedule: $50 + $0.20/sq ft = $110; 12.22 doubles it to $220, one line, not two
    assert [(f["code"], f["amount_cents"], f["basis"]) for f in fees] == [
        ("double_permit_fee", 22000, "12.22")
    ]
    assert permit["kind"] == "demolition"


def test_deposit_refund_needs_reason_and_forfeit_needs_an_ordinance_cause(register):
    permit = demolition(register)
    dep = ledger.record_deposit(register, permit["uuid"], "completion_deposit", 100000, "R-5",
                                TODAY)  # fmt: skip
    with pytest.raises(InvalidInput, match="reason"):
        ledger.refund_deposit(register, dep["uuid"], "  ", TODAY)
    with pytest.raises(InvalidInput, match="Occupied before the final inspection"):
        ledger.forfeit_deposit(register, dep["uuid"], "felt_like_it", TODAY)
    kept = ledger.forfeit_deposit(register, dep["uuid"], "exterior_unfinished", date(2028, 12, 1))
    assert kept["status"] == "forfeited"
    assert kept["disposition_reason"] == "Exterior not finished within 2 years of issue (§12.15)"
    with pytest.raises(NotAllowed, match="already forfeited"):
        ledger.refund_deposit(register, dep["uuid"], "changed mind", TODAY)
    entry = history(register.conn, dep["uuid"])[-1]
    assert (entry["action"], entry["user_name"]) == ("forfeit", "Pat Clerk")


def test_fee_schedule_effective_dates_and_validation(register):
    schedule = ledger.fee_schedule(register)
    assert schedule == DEFAULT_SCHEDULE
    raised = [*schedule, {"code": "demolition_permit", "label": "Demolition 2027",
                          "flat_cents": 7500, "per_sqft_cents": 0,
                          "effective_from": "2027-01-01"}]  # fmt: skip
    ledger.set_fee_schedule(register, raised)
    stored = ledger.fee_schedule(register)
    assert scheduled_fee(stored, "demolition_permit", date(2026, 12, 31)).amount_cents == 5000
    assert scheduled_fee(stored, "demolition_permit", date(2027, 1, 1)).amount_cents == 7500
    bad = [{**schedule[0], "effective_from": "next year"}]
    with pytest.raises(InvalidInput) as exc:
        ledger.set_fee_schedule(register, bad)
    assert exc.value.field == "fee_schedule row 1 effective_from"
    assert ledger.fee_schedule(register) == stored  # nothing half-written
