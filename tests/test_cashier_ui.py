"""The take-payment dialog and the receipts list, driven as the clerk drives them (qtbot)."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import Qt

from deerfield_desk.store import cashier
from deerfield_desk.store.cashier_lookup import payment_subject
from deerfield_desk.ui.cashier.receipts_dialog import ReceiptsDialog
from deerfield_desk.ui.cashier.take_payment import COL_AMOUNT, COL_PAY, TakePaymentDialog
from tests.cashier_fixtures import MORNING, application_owing


def _dialog(qtbot, register, permit, asked=None):
    dialog = TakePaymentDialog(None, register, payment_subject(register, permit["uuid"]),
                               now=lambda: MORNING)  # fmt: skip
    qtbot.addWidget(dialog)
    printed = []
    dialog.show_receipt = printed.append

    def ask_warnings(warnings):
        if asked is None:
            return True
        asked.append(warnings)
        return False  # the clerk says no

    dialog.ask_warnings = ask_warnings
    return dialog, printed


def test_the_clerk_pays_two_of_three_lines_by_check_and_the_receipt_prints(qtbot, register):
    permit = application_owing(register)
    dialog, printed = _dialog(qtbot, register, permit)
    assert dialog.table.rowCount() == 3
    assert dialog.payer.text() == "Ann Owner"  # the owner on file is the likely payer
    assert "$140.00" in dialog.total.text()
    dialog.table.item(2, COL_PAY).setCheckState(Qt.CheckState.Unchecked)
    dialog.table.item(0, COL_AMOUNT).setText("20.00")
    assert "$35.00" in dialog.total.text()
    qtbot.keyClicks(dialog.check_number, "1042")
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    assert printed == ["R-2026-0001"]
    assert dialog.result() == dialog.DialogCode.Accepted
    receipt = dialog.receipt
    assert receipt["amount_cents"] == 3500 and receipt["check_number"] == "1042"
    owed = cashier.open_fee_lines(register, permit["application_id"])
    assert [(o["description"], o["balance_cents"]) for o in owed] == [
        ("Building permit (sample amounts)", 3000), ("Plan review", 7500)
    ]  # fmt: skip


def test_a_check_without_its_number_is_refused_beside_the_form(qtbot, register):
    permit = application_owing(register)
    dialog, printed = _dialog(qtbot, register, permit)
    assert not dialog.record()
    error = dialog.error.text()
    assert "Check or money order number:" in error and "number printed on it" in error
    assert printed == [] and register.query("SELECT * FROM receipts") == []
    dialog.table.item(1, COL_AMOUNT).setText("12.345")
    dialog.check_number.setText("1042")
    assert not dialog.record()
    assert "House number placard" in dialog.error.text() and "whole cents" in dialog.error.text()


def test_cash_shows_the_change_and_disables_the_check_number(qtbot, register):
    permit = application_owing(register)
    dialog, _ = _dialog(qtbot, register, permit)
    dialog.check_number.setText("99")
    dialog.method.setCurrentIndex(dialog.method.findData("cash"))
    assert not dialog.check_number.isEnabled() and dialog.check_number.text() == ""
    qtbot.keyClicks(dialog.tendered, "150")
    assert dialog.change.text() == "$10.00"
    dialog.tendered.setText("100")
    assert dialog.change.text() == "$40.00 short"


def test_a_duplicate_check_is_asked_about_and_declining_records_nothing(qtbot, register):
    permit = application_owing(register)
    first = permit["lines"][0]
    cashier.take_payment(
        register,
        payer_name="Ann Owner",
        method="check",
        check_number="1042",
        lines=[(first["uuid"], 1000)],
        received_at=MORNING,
    )
    asked: list = []
    dialog, printed = _dialog(qtbot, register, permit, asked)
    dialog.check_number.setText("1042")
    assert not dialog.record()
    assert asked and "R-2026-0001" in asked[0][0]
    assert printed == [] and len(register.query("SELECT * FROM receipts")) == 1


def test_the_receipts_list_voids_with_a_reason_and_prints_the_deposit_report(qtbot, register):
    permit = application_owing(register)
    receipt = cashier.take_payment(register, payer_name="Ann Owner", method="cash",
                                   lines=[(permit["lines"][0]["uuid"], 5000)],
                                   received_at=MORNING)  # fmt: skip
    dialog = ReceiptsDialog(None, register, day=date(2026, 11, 30),
                            now=lambda: datetime(2026, 11, 30, 16, 0))  # fmt: skip
    qtbot.addWidget(dialog)
    shown = []
    dialog.preview = lambda kind, ref: shown.append((kind, ref))
    dialog.ask_reason = lambda rec, consequences: "payer was Bo Builder"
    assert dialog.table.rowCount() == 1 and "$50.00" in dialog.summary.text()
    assert not dialog.void_button.isEnabled()  # nothing chosen yet
    dialog.table.selectRow(0)
    assert dialog.void_button.accessibleName() == "Void receipt R-2026-0001, Ann Owner"
    from deerfield_desk.ui import confirm

    told = []
    confirm.tell = lambda parent, title, text: told.append(text)
    try:
        assert dialog.void()
    finally:
        confirm.tell = confirm._tell
    assert register.get("receipts", receipt["uuid"])["void_reason"] == "payer was Bo Builder"
    assert "VOID: payer was Bo Builder" in dialog.table.item(0, 6).text()
    assert "1 voided" in dialog.summary.text() and told
    dialog.table.selectRow(0)
    assert not dialog.void_button.isEnabled()
    assert dialog.reprint() and dialog.deposit_report()
    assert shown == [("receipt", "R-2026-0001"), ("deposit-report", "2026-11-30")]
