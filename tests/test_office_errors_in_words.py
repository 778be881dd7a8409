"""Issue 16 (third session): the office screens — Cannot print, the import dialog, the cashier's
take-payment and receipts dialogs — say a refusal in the office's words: the field as the
screen names it and the rule, never "field_code: rule"; where a screen has an error line the
refusal is announced to a screen reader. Each test provokes a real refusal through the screen.
(The notice dialogs are held to the same in tests/test_notices_view.py.)"""

from __future__ import annotations

import re
from datetime import date, datetime

from PySide6.QtWidgets import QMessageBox

from deerfield_desk.store import cashier
from deerfield_desk.store.cashier_lookup import payment_subject
from deerfield_desk.ui import documents_actions
from deerfield_desk.ui.a11y import announce
from deerfield_desk.ui.cashier.receipts_dialog import ReceiptsDialog
from deerfield_desk.ui.cashier.take_payment import TakePaymentDialog
from deerfield_desk.ui.import_dialog import ImportDialog
from tests.cashier_fixtures import MORNING, application_owing
from tests.documents_fixtures import build_register

CODE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")  # a stored field code such as void_reason


def in_words(text: str, field: str) -> None:
    """The text names ``field`` in words at its start, then a rule, and carries no code."""
    assert text.startswith(f"{field}: "), text
    assert not CODE.search(text), text
    assert len(text) > len(field) + 10, text


def test_cannot_print_names_the_paper_and_the_rule(main_window, register, tmp_path, monkeypatch):
    build_register(register, tmp_path)
    window = main_window(register)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[2]))
    # 2026-0044 is revoked: a decision letter answers an approval or a rejection only
    assert documents_actions.preview_document(window, "decision", "2026-0044") is None
    in_words(warned[-1], "Status")
    assert "decision letter" in warned[-1] and "revoked" in warned[-1]
    # a permit number where a receipt number belongs: said as the number typed, not "REF"
    assert documents_actions.preview_document(window, "receipt", "2026-0042") is None
    in_words(warned[-1], "Number typed")
    assert "R-YYYY-NNNN" in warned[-1]


def test_the_import_dialog_refuses_a_file_that_is_not_a_register(qtbot, main_window, register,
                                                                  tmp_path):  # fmt: skip
    window = main_window(register)
    notes = tmp_path / "notes.txt"
    notes.write_text("not a register\n", encoding="utf-8")
    dialog = ImportDialog(window)
    qtbot.addWidget(dialog)
    dialog.load(notes)
    in_words(dialog.message.text(), "File")
    assert ".csv or .xlsx" in dialog.message.text()
    assert announce.HEARD[-1] == dialog.message.text()
    assert dialog.table is None  # nothing half-loaded


def test_the_import_dialog_names_the_missing_column_in_words(qtbot, main_window, register,
                                                             tmp_path):  # fmt: skip
    window = main_window(register)
    source = tmp_path / "old.csv"
    source.write_text("Permit #,Type\n2018-0001,building\n", encoding="utf-8")
    dialog = ImportDialog(window, source)
    qtbot.addWidget(dialog)
    dialog.start_import()
    in_words(dialog.message.text(), "Mapping")
    assert "Address" in dialog.message.text()
    assert register.query_one("SELECT count(*) AS n FROM permits")["n"] == 0


def _take_payment(qtbot, register):
    permit = application_owing(register)
    dialog = TakePaymentDialog(None, register, payment_subject(register, permit["uuid"]),
                               now=lambda: MORNING)  # fmt: skip
    qtbot.addWidget(dialog)
    dialog.show_receipt = lambda number: None
    dialog.ask_warnings = lambda warnings: True
    return dialog


def test_take_payment_without_a_payer_is_refused_in_words(qtbot, register):
    dialog = _take_payment(qtbot, register)
    dialog.method.setCurrentIndex(dialog.method.findData("cash"))
    dialog.payer.setText("  ")
    assert not dialog.record()
    in_words(dialog.error.text(), "Received from")
    assert announce.HEARD[-1] == dialog.error.text()
    assert register.query("SELECT * FROM receipts") == []


def test_cash_handed_over_that_is_not_money_is_said_in_words(qtbot, register):
    dialog = _take_payment(qtbot, register)
    dialog.method.setCurrentIndex(dialog.method.findData("cash"))
    dialog.tendered.setText("ten bucks")
    in_words(dialog.change.text(), "Cash handed over")
    assert "not an amount in dollars" in dialog.change.text()


def test_voiding_a_receipt_without_a_reason_is_refused_in_words(qtbot, register, monkeypatch):
    permit = application_owing(register)
    receipt = cashier.take_payment(register, payer_name="Ann Owner", method="cash",
                                   lines=[(permit["lines"][0]["uuid"], 5000)],
                                   received_at=MORNING)  # fmt: skip
    dialog = ReceiptsDialog(None, register, day=date(2026, 11, 30),
                            now=lambda: datetime(2026, 11, 30, 16, 0))  # fmt: skip
    qtbot.addWidget(dialog)
    dialog.ask_reason = lambda rec, consequences: "   "  # the clerk typed only spaces
    dialog.table.selectRow(0)
    assert not dialog.void()
    in_words(dialog.error.text(), "Reason")
    assert "written reason" in dialog.error.text()
    assert announce.HEARD[-1] == dialog.error.text()
    assert register.get("receipts", receipt["uuid"])["void_reason"] is None


def test_the_error_line_is_scrolled_into_view_when_the_body_scrolls(qtbot, register):
    """At 200 % the dialog's body scrolls and the error line sat below the fold: pressing
    Record seemed to do nothing. The refusal is scrolled into view (ui.a11y.announce)."""
    dialog = _take_payment(qtbot, register)
    dialog.show()
    dialog.resize(700, 360)
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.height() <= 360)
    dialog.payer.setText("")
    assert not dialog.record()
    qtbot.waitUntil(lambda: not dialog.error.visibleRegion().isEmpty())
    in_words(dialog.error.text(), "Received from")
