"""Cashiering from the main window: the Permits menu's Take payment… on the selected permit,
the hand-written receipt path's duplicate warning, and the receipt printed by a second process
(``deerfield-desk render receipt``)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence

from deerfield_desk.store import cashier
from deerfield_desk.ui import confirm
from deerfield_desk.ui.cashier import install as cashier_menu
from deerfield_desk.ui.cashier.take_payment import TakePaymentDialog
from tests.cashier_fixtures import MORNING, application_owing, pdf_text
from tests.test_cli_failures import cli


def _action(window, text):
    return next(a for a in window.menu("Permits").actions() if a.text() == text)


def test_take_payment_opens_on_the_selected_permit_and_records_a_receipt(
    qtbot, window, monkeypatch
):
    permit = application_owing(window.register)
    action = _action(window, "&Take payment…")
    assert action.shortcut() == QKeySequence("Ctrl+Shift+M")
    monkeypatch.setattr(window, "current_permit_uuid", lambda: permit["uuid"])
    opened = []

    def clerk_fills_in(dialog):
        opened.append(dialog.windowTitle())
        dialog.show_receipt = lambda number: None
        dialog.ask_warnings = lambda warnings: pytest.fail(f"asked: {warnings}")
        dialog.check_number.setText("2001")
        recorded = dialog.record()
        assert recorded or dialog.error.text() == "Fee lines: choose at least one fee line to pay"
        return dialog.result()

    monkeypatch.setattr(TakePaymentDialog, "exec", clerk_fills_in)
    receipt = cashier_menu.open_take_payment(window)
    assert opened and "7 Oak St" in opened[0]
    assert receipt["receipt_number"] == "R-2026-0001" and receipt["amount_cents"] == 14000
    # the permit window's entry: this permit, whatever the register has selected
    from deerfield_desk.ui.cashier.take_payment import open_take_payment

    monkeypatch.setattr(window, "current_permit_uuid", lambda: None)
    assert open_take_payment(window, permit["uuid"]) is None  # nothing owed any more
    assert len(opened) == 2


def test_with_nothing_selected_the_clerk_chooses_an_application_owing(window, monkeypatch):
    permit = application_owing(window.register)
    monkeypatch.setattr(window, "current_permit_uuid", lambda: None)
    chosen = []

    def choose(parent, title, label, items, current, editable):
        chosen.extend(items)
        return items[0], True

    monkeypatch.setattr(cashier_menu.QInputDialog, "getItem", choose)
    app = window.register.get_by_id("applications", permit["application_id"])
    assert cashier_menu.choose_subject(window) == app["uuid"]
    assert chosen == [f"{app['application_number']} · 7 Oak St · $140.00 owed"]


def test_a_hand_written_receipt_number_on_file_is_asked_about(qtbot, window, monkeypatch):
    from deerfield_desk.ui.money_dialog import MoneyDialog

    permit = application_owing(window.register)
    cashier.take_payment(
        window.register,
        payer_name="Ann Owner",
        method="cash",
        lines=[(permit["lines"][0]["uuid"], 1000)],
        received_at=MORNING,
    )
    asked = []
    monkeypatch.setattr(confirm, "ask", lambda parent, title, text: asked.append(text) or False)
    money = MoneyDialog(window, permit["uuid"], today=MORNING.date())
    qtbot.addWidget(money)
    money.fees.selectRow(1)
    money.pay_amount.setText("15")
    money.receipt.setText("R-2026-0001")
    money.record_payment()
    assert asked == ["Receipt number R-2026-0001 is already on file."]
    assert len(window.register.query("SELECT * FROM payments")) == 1  # nothing recorded


def test_the_render_command_prints_a_receipt_in_a_second_process(register, tmp_path):
    permit = application_owing(register)
    cashier.take_payment(
        register,
        payer_name="Ann Owner",
        method="check",
        check_number="1042",
        lines=[(permit["lines"][1]["uuid"], 1500)],
        received_at=MORNING,
    )
    target = tmp_path / "receipt.pdf"
    done = cli("render", "receipt", "R-2026-0001", "--to", target, "--db", register.path)
    assert done.returncode == 0, done.stderr
    assert "House number placard" in pdf_text(target.read_bytes(), tmp_path)
    refused = cli("render", "receipt", "R-2026-0009", "--to", target, "--db", register.path)
    assert refused.returncode != 0 and "R-2026-0009" in refused.stderr


def test_the_receipts_list_follows_a_payment_taken_while_it_is_open(qtbot, window):
    from datetime import date

    from deerfield_desk.ui.cashier.receipts_dialog import ReceiptsDialog

    permit = application_owing(window.register)
    dialog = ReceiptsDialog(window, window.register, day=date(2026, 11, 30))
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 0
    cashier.take_payment(
        window.register,
        payer_name="Ann Owner",
        method="cash",
        lines=[(permit["lines"][0]["uuid"], 5000)],
        received_at=MORNING,
    )
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    assert dialog.table.item(0, 0).text() == "R-2026-0001"


def test_the_day_summary_adds_up_to_its_total_with_hand_written_receipts(qtbot, window):
    """The list shows counter receipts only; a payment on a hand-written receipt counts in the
    day's total, so the summary names it (a $115 total under one $65 receipt read as money
    missing)."""
    from deerfield_desk.store import ledger
    from deerfield_desk.ui.cashier.receipts_dialog import ReceiptsDialog

    permit = application_owing(window.register)
    first, second = (line["uuid"] for line in permit["lines"][:2])
    cashier.take_payment(
        window.register, payer_name="Ann Owner", method="check", check_number="1042",
        lines=[(first, 5000)], received_at=MORNING,
    )  # fmt: skip
    ledger.record_payment(window.register, second, 1500, "cash", "Book 0457", MORNING.date())
    dialog = ReceiptsDialog(window, window.register, day=MORNING.date())
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 1
    text = dialog.summary.text()
    assert text.startswith("1 receipt in force ($50.00) and 1 payment on hand-written receipt")
    assert "Book 0457 ($15.00): total $65.00" in text
