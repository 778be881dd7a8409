"""Cashiering (issue 16.3): one payment over several fee lines on one numbered receipt, the
duplicate-check warning, voiding a mis-keyed receipt, and the receipt as printed."""

from __future__ import annotations

from datetime import datetime

import pytest

from deerfield_desk import documents
from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.store import cashier, ledger
from deerfield_desk.store.verify import verify_register
from tests.cashier_fixtures import MORNING, application_owing, pdf_text


def _all(permit) -> list[tuple[str, int]]:
    return [(line["uuid"], line["balance_cents"]) for line in permit["lines"]]


def test_one_check_pays_three_fee_lines_on_one_numbered_receipt(register):
    permit = application_owing(register)
    assert len(permit["lines"]) == 3
    receipt = cashier.take_payment(register, payer_name="Ann Owner", method="check",
                                   check_number="1042", lines=_all(permit),
                                   received_at=MORNING)  # fmt: skip
    assert receipt["receipt_number"] == "R-2026-0001"
    assert receipt["amount_cents"] == 5000 + 1500 + 7500
    assert receipt["received_at"] == "2026-11-30T09:15"
    fees = ledger.fees_for_permit(register, permit["id"])
    assert [f["status"] for f in fees] == ["paid", "paid", "paid"]
    assert cashier.open_fee_lines(register, permit["application_id"]) == []
    lines = cashier.payments_on_receipt(register, receipt["id"])
    assert {p["receipt_number"] for p in lines} == {"R-2026-0001"}
    assert {p["method"] for p in lines} == {"check"}
    journaled = register.query(
        "SELECT action FROM journal WHERE table_name = 'receipts' AND record_uuid = ?",
        (receipt["uuid"],),
    )
    assert [j["action"] for j in journaled] == ["insert"]
    assert verify_register(register.path, photos=False).ok


def test_receipt_numbers_run_in_order_and_part_payments_leave_the_rest_owed(register):
    permit = application_owing(register)
    first, second, third = permit["lines"]
    one = cashier.take_payment(
        register,
        payer_name="Ann Owner",
        method="cash",
        lines=[(first["uuid"], 2000)],
        received_at=MORNING,
    )
    two = cashier.take_payment(register, payer_name="Ann Owner", method="card",
                               lines=[(second["uuid"], 1500), (third["uuid"], 7500)],
                               received_at=MORNING)  # fmt: skip
    assert (one["receipt_number"], two["receipt_number"]) == ("R-2026-0001", "R-2026-0002")
    still = cashier.open_fee_lines(register, permit["application_id"])
    assert [(s["description"], s["balance_cents"]) for s in still] == [
        ("Building permit (sample amounts)", 3000)
    ]


def test_a_refused_line_writes_nothing_and_gives_the_number_back(register):
    permit = application_owing(register)
    first, second, _ = permit["lines"]
    with pytest.raises(InvalidInput) as caught:
        cashier.take_payment(register, payer_name="Ann Owner", method="cash",
                             lines=[(first["uuid"], 5000), (second["uuid"], 9900)],
                             received_at=MORNING)  # fmt: skip
    assert caught.value.field == "amount"
    assert "House number placard" in caught.value.rule and "$15.00" in caught.value.rule
    assert register.query("SELECT * FROM receipts") == []
    assert register.query("SELECT * FROM payments") == []
    again = cashier.take_payment(
        register,
        payer_name="Ann Owner",
        method="cash",
        lines=[(first["uuid"], 5000)],
        received_at=MORNING,
    )
    assert again["receipt_number"] == "R-2026-0001"  # the rolled-back number was not used


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"payer_name": "  "}, "payer_name", "name the person"),
        ({"check_number": ""}, "check_number", "number printed on it"),
        ({"check_number": "10 42;"}, "check_number", "letters, digits"),
        ({"method": "cash", "check_number": "1042"}, "check_number", "only a check"),
        ({"method": "bitcoin"}, "method", "Money order"),
        ({"lines": []}, "lines", "at least one"),
    ],
)
def test_bad_input_names_the_field_and_the_rule(register, kwargs, field, words):
    permit = application_owing(register)
    given = {"payer_name": "Ann Owner", "method": "check", "check_number": "1042",
             "lines": _all(permit), "received_at": MORNING, **kwargs}  # fmt: skip
    with pytest.raises(InvalidInput) as caught:
        cashier.take_payment(register, **given)
    assert caught.value.field == field and words in caught.value.rule
    assert register.query("SELECT * FROM receipts") == []


def test_a_check_number_already_on_a_receipt_in_force_is_warned(register):
    permit = application_owing(register)
    first, second, _ = permit["lines"]
    assert cashier.duplicate_warnings(register, method="check", check_number="1042") == []
    kept = cashier.take_payment(register, payer_name="Ann Owner", method="check",
                                check_number="1042", lines=[(first["uuid"], 5000)],
                                received_at=MORNING)  # fmt: skip
    warned = cashier.duplicate_warnings(register, method="check", check_number=" 1042 ")
    assert warned == [
        "Check number 1042 is already on receipt R-2026-0001 (Ann Owner, $50.00, 2026-11-30)."
    ]
    assert cashier.duplicate_warnings(register, method="check", check_number="1043") == []
    cashier.void_receipt(register, kept["uuid"], "keyed twice", MORNING)
    assert cashier.duplicate_warnings(register, method="check", check_number="1042") == []
    assert second  # the second line stays owed throughout


def test_a_hand_written_receipt_number_is_warned_and_never_reissued(register):
    permit = application_owing(register)
    first, second, _ = permit["lines"]
    ledger.record_payment(register, first["uuid"], 5000, "cash", "R-2026-0001", MORNING.date())
    assert cashier.duplicate_warnings(register, method="cash", receipt_number="R-2026-0001") == [
        "Receipt number R-2026-0001 is already on file."
    ]
    receipt = cashier.take_payment(
        register,
        payer_name="Ann Owner",
        method="cash",
        lines=[(second["uuid"], 1500)],
        received_at=MORNING,
    )
    assert receipt["receipt_number"] == "R-2026-0002"


def test_a_mis_keyed_receipt_is_voided_with_a_reason_and_its_lines_are_owed_again(register):
    permit = application_owing(register)
    receipt = cashier.take_payment(register, payer_name="Ann Owner", method="check",
                                   check_number="1024", lines=_all(permit),
                                   received_at=MORNING)  # fmt: skip
    with pytest.raises(InvalidInput, match="reason"):
        cashier.void_receipt(register, receipt["uuid"], "  ", MORNING)
    voided = cashier.void_receipt(register, receipt["uuid"], "check number keyed as 1024, is 1042",
                                  datetime(2026, 11, 30, 9, 40))  # fmt: skip
    assert voided["status"] == "voided" and voided["voided_at"] == "2026-11-30T09:40"
    assert voided["amount_cents"] == receipt["amount_cents"]  # never edited
    assert {p["status"] for p in cashier.payments_on_receipt(register, receipt["id"])} == {"voided"}
    owed = cashier.open_fee_lines(register, permit["application_id"])
    assert [line["balance_cents"] for line in owed] == [5000, 1500, 7500]
    entry = register.query_one(
        "SELECT action, reason FROM journal WHERE record_uuid = ? ORDER BY seq DESC LIMIT 1",
        (receipt["uuid"],),
    )
    assert entry == {"action": "void", "reason": "check number keyed as 1024, is 1042"}
    with pytest.raises(NotAllowed, match="already void"):
        cashier.void_receipt(register, receipt["uuid"], "again", MORNING)
    with pytest.raises(Exception, match="never deleted"):
        register.execute("DELETE FROM receipts")
    assert verify_register(register.path, photos=False).ok


def test_the_receipt_prints_every_line_and_a_voided_one_reprints_void(register, tmp_path):
    permit = application_owing(register)
    receipt = cashier.take_payment(
        register,
        payer_name="Ann Owner",
        method="check",
        check_number="1042",
        lines=_all(permit),
        received_at=MORNING,
        note="paid at the counter",
    )
    text = pdf_text(documents.render("receipt", "R-2026-0001", register), tmp_path)
    for words in (
        "Receipt",
        "R-2026-0001",
        "Ann Owner",
        "Check no. 1042",
        "$140.00",
        "House number placard",
        "Plan review",
        "§12.32(3)",
        "paid at the counter",
    ):
        assert words in text, words
    assert "VOID" not in text
    cashier.void_receipt(register, receipt["uuid"], "wrong payer", MORNING)
    text = pdf_text(documents.render("receipt", "R-2026-0001", register), tmp_path)
    assert "VOID" in text and "wrong payer" in text and "$140.00" in text


def test_render_refuses_a_malformed_or_unknown_receipt_number(register):
    from deerfield_desk.errors import RecordNotFound

    with pytest.raises(InvalidInput, match="R-YYYY-NNNN"):
        documents.render("receipt", "2026-0001", register)
    with pytest.raises(RecordNotFound, match="R-2026-0099"):
        documents.render("receipt", "R-2026-0099", register)
