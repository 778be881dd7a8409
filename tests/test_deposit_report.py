"""The daily deposit report (issue 16.3): the day's receipts by method with totals, the checks
by number, voided receipts apart and out of the totals, hand-written receipts included."""

from __future__ import annotations

from datetime import datetime

from deerfield_desk import documents
from deerfield_desk.store import cashier, ledger
from deerfield_desk.store.receipt_records import deposit_report_record
from tests.cashier_fixtures import application_owing, pdf_text


def _day(register):
    """A day at the counter: a check, cash, a card, a voided check, a hand-written receipt,
    and a check taken the next morning (not in this day's report)."""
    first = application_owing(register, "7")
    second = application_owing(register, "9")
    a1, a2, a3 = (line["uuid"] for line in first["lines"])
    b1, b2, b3 = (line["uuid"] for line in second["lines"])

    def at(hour, minute=0, day=30):
        return datetime(2026, 11, day, hour, minute)

    cashier.take_payment(
        register,
        payer_name="Ann Owner",
        method="check",
        check_number="1042",
        lines=[(a1, 5000), (a2, 1500)],
        received_at=at(9),
    )
    cashier.take_payment(
        register, payer_name="Cy Cash", method="cash", lines=[(a3, 7500)], received_at=at(10)
    )
    wrong = cashier.take_payment(
        register,
        payer_name="Bo Builder",
        method="check",
        check_number="77",
        lines=[(b1, 5000)],
        received_at=at(11),
    )
    cashier.void_receipt(register, wrong["uuid"], "keyed on the wrong application", at(11, 5))
    cashier.take_payment(
        register, payer_name="Dee Card", method="card", lines=[(b1, 5000)], received_at=at(14)
    )
    ledger.record_payment(register, b2, 1500, "money_order", "Book 0457", at(15).date())
    cashier.take_payment(
        register,
        payer_name="Ed Early",
        method="check",
        check_number="5",
        lines=[(b3, 7500)],
        received_at=at(8, day=1).replace(month=12),
    )


def test_totals_by_method_leave_out_voided_receipts_and_the_next_day(register):
    _day(register)
    report = deposit_report_record(register, "2026-11-30")
    totals = {m["method"]: (m["count"], m["total_cents"]) for m in report["methods"]}
    assert totals == {
        "cash": (1, 7500),
        "check": (1, 6500),
        "card": (1, 5000),
        "money_order": (1, 1500),
    }
    assert report["total_cents"] == 20500
    assert report["deposit_cents"] == 15500  # cash, checks, money orders go to the bank
    assert report["card_cents"] == 5000
    assert [r["receipt_number"] for r in report["receipts"]] == [
        "R-2026-0001", "R-2026-0002", "R-2026-0004"
    ]  # fmt: skip
    assert [(r["receipt_number"], r["void_reason"]) for r in report["voided"]] == [
        ("R-2026-0003", "keyed on the wrong application")
    ]
    assert [p["receipt_number"] for p in report["handwritten"]] == ["Book 0457"]
    assert deposit_report_record(register, "2026-12-01")["total_cents"] == 7500


def test_the_printed_report_shows_what_the_treasurer_counts(register, tmp_path):
    _day(register)
    text = pdf_text(documents.render("deposit-report", "2026-11-30", register), tmp_path)
    for words in (
        "Daily Deposit Report",
        "November 30, 2026",
        "Check no. 1042",
        "$65.00",
        "$75.00",
        "$155.00",
        "$205.00",
        "Book 0457",
        "keyed on the wrong application",
        "Village Treasurer",
        "R-2026-0004",
    ):
        assert words in text, words
    assert "Ed Early" not in text


def test_an_empty_day_prints_a_report_of_nothing_and_a_bad_day_is_refused(register, tmp_path):
    import pytest

    from deerfield_desk.documents.village import save_village_settings
    from deerfield_desk.errors import InvalidInput
    from tests.documents_fixtures import SETTINGS

    save_village_settings(register, SETTINGS)
    text = pdf_text(documents.render("deposit-report", "2026-11-29", register), tmp_path)
    assert "No receipts this day." in text and "$0.00" in text
    with pytest.raises(InvalidInput, match="YYYY-MM-DD"):
        documents.render("deposit-report", "yesterday", register)
