"""Take payment…: one payment at the counter over several fee lines, with a numbered receipt.

Why one dialog for all the application's lines: the payer hands over one check for the
building permit, its erosion fee and the placard. Every line still owed is listed, ticked and
filled with its balance; the clerk unticks or lowers what is not being paid, names the payer
and the method (a check needs its number), and gets one receipt. A check number already on a
receipt is shown as a warning to confirm, not a refusal (two banks can print the same number).

``take_payment(parent, register, permit_or_application)`` is the one entry other screens call
(the permit window, the Permits menu).
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import DeskError, InvalidInput, NotAllowed
from deerfield_desk.models.codes import PaymentMethod
from deerfield_desk.models.money import format_cents, parse_dollars
from deerfield_desk.models.office_words import say
from deerfield_desk.models.project_summary import permit_label
from deerfield_desk.store import cashier
from deerfield_desk.store.cashier_lookup import payment_subject
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.tab_order import order_rows
from deerfield_desk.ui.cashier.fit import fit_to_screen
from deerfield_desk.ui.wizard.fields import error_label, hint_label

#: The store's field names in the form's words (an error never shows a field code).
FIELD_LABELS = {
    "payer_name": "Received from",
    "method": "Method",
    "check_number": "Check or money order number",
    "lines": "Fee lines",
    "amount": "Amount",
}


def words(exc: InvalidInput) -> str:
    """A refusal as this dialog names its fields ("Received from: …"), else in the office's
    words (:func:`office_words.say`), never "payer_name: …"."""
    if exc.field in FIELD_LABELS:
        return f"{FIELD_LABELS[exc.field]}: {exc.rule}"
    return say(exc)


COL_PAY, COL_PERMIT, COL_FEE, COL_SECTION, COL_OWED, COL_AMOUNT = range(6)
HEADERS = ("Pay", "Permit", "Fee", "Section", "Owed", "Amount $")


class TakePaymentDialog(QDialog):
    """``ask_warnings`` and ``show_receipt`` can be replaced in tests so nothing blocks."""

    def __init__(self, parent, register, subject: dict, now=None):
        super().__init__(parent)
        self.register, self.subject = register, subject
        self.now = now or datetime.now
        self.receipt: dict | None = None
        self.setWindowTitle(f"Take payment — {subject['title']}")
        self.setAccessibleName(self.windowTitle())
        body = QWidget()
        v = QVBoxLayout(body)
        v.addWidget(hint_label(
            "Every fee line still owed on this application is ticked with its balance. Untick "
            "or lower what is not paid now; one receipt covers the lines paid."
        ))  # fmt: skip
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setObjectName("cash_fee_lines")
        self.table.setAccessibleName("Fee lines owed")
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.setTabKeyNavigation(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.setMinimumHeight(140)
        v.addWidget(self.table, 1)
        self.total = QLabel()
        self.total.setObjectName("cash_total")
        self.total.setAccessibleName("Total of this payment")
        v.addWidget(self.total)
        form = QFormLayout()
        self.payer = QLineEdit(subject.get("payer") or "")
        self.payer.setObjectName("cash_payer")
        self.method = QComboBox()
        self.method.setObjectName("cash_method")
        for method in PaymentMethod:
            self.method.addItem(method.label, method.value)
        self.method.setCurrentIndex(self.method.findData(PaymentMethod.CHECK.value))
        self.check_number = QLineEdit()
        self.check_number.setObjectName("cash_check_number")
        self.check_number.setMaxLength(20)
        self.note = QLineEdit()
        self.note.setObjectName("cash_note")
        self.tendered = QLineEdit()
        self.tendered.setObjectName("cash_tendered")
        self.tendered.setPlaceholderText("cash handed over, to work out the change")
        self.change = QLabel()
        self.change.setObjectName("cash_change")
        form.addRow("&Received from", self.payer)
        form.addRow("&Method", self.method)
        form.addRow("Check or money order &number", self.check_number)
        form.addRow("Cash &handed over $", self.tendered)
        form.addRow("Change", self.change)
        form.addRow("N&ote on the receipt", self.note)
        v.addLayout(form)
        self.error = error_label()
        self.error.setObjectName("cash_error")
        v.addWidget(self.error)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.record_button = buttons.addButton(
            "Record payment and &print receipt", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.record_button.setObjectName("cash_record")
        self.record_button.setDefault(True)
        buttons.accepted.connect(self.record)
        buttons.rejected.connect(self.reject)
        outer = QVBoxLayout(self)
        outer.addWidget(scroll, 1)
        outer.addWidget(buttons)
        self.method.currentIndexChanged.connect(self._method_changed)
        self.tendered.textChanged.connect(self._update_total)
        self.table.itemChanged.connect(self._update_total)
        self._fill()
        self._method_changed()
        fit_to_screen(self, 860, 560)

    # -- the lines ------------------------------------------------------------------------
    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Tab crosses the button row as it is laid out (Record, then Cancel): the box puts
        the buttons in the platform's order, Tab followed the order they were made."""
        order_rows(self)
        super().showEvent(event)

    def _fill(self) -> None:
        self.lines = cashier.open_fee_lines(self.register, self.subject["application_id"])
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.lines))
        for r, line in enumerate(self.lines):
            owed = line["balance_cents"]
            pay = QTableWidgetItem()
            pay.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            pay.setCheckState(Qt.CheckState.Checked if owed else Qt.CheckState.Unchecked)
            pay.setData(Qt.ItemDataRole.AccessibleTextRole, f"Pay {line['description']}")
            if owed is None:  # billed later at actual cost: nothing to pay yet
                pay.setFlags(Qt.ItemFlag.NoItemFlags)
            permit = line["permit_number"] or permit_label(line["permit_kind"] or "")
            cells = (pay, permit, line["description"], f"§{line['basis']}",
                     format_cents(owed), "" if owed is None else f"{owed / 100:.2f}")  # fmt: skip
            for c, value in enumerate(cells):
                item = value if isinstance(value, QTableWidgetItem) else QTableWidgetItem(value)
                if c != COL_AMOUNT or owed is None:
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(r, c, item)
        self.table.blockSignals(False)
        # Every column as wide as its text (the fee's name is never cut to "…" on a small
        # screen: the table scrolls sideways instead); the amount column takes what is left.
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        if not self.lines:
            self._show("Nothing is owed on this application.")
        self._update_total()

    def chosen(self) -> list[tuple[str, int]]:
        """(fee uuid, cents) of every ticked line; an amount that is not money names its line."""
        out = []
        for r, line in enumerate(self.lines):
            if self.table.item(r, COL_PAY).checkState() != Qt.CheckState.Checked:
                continue
            text = self.table.item(r, COL_AMOUNT).text()
            out.append((line["uuid"], parse_dollars(text, f"Amount for {line['description']}")))
        return out

    def _update_total(self, *_args) -> None:
        try:
            total = sum(cents for _uuid, cents in self.chosen())
        except InvalidInput as exc:
            self.total.setText(f"Total: — ({words(exc)})")
            return
        self.total.setText(f"<b>Total: {format_cents(total)}</b>")
        self.change.setText("")
        if self.method.currentData() == PaymentMethod.CASH and self.tendered.text().strip():
            try:
                given = parse_dollars(self.tendered.text(), "cash handed over")
            except InvalidInput as exc:
                self.change.setText(words(exc))  # "Cash handed over: … is not an amount"
                return
            short = total - given
            self.change.setText(f"{format_cents(-short)}" if short <= 0
                                else f"{format_cents(short)} short")  # fmt: skip

    def _method_changed(self, *_args) -> None:
        method = self.method.currentData()
        numbered = method in cashier.NUMBERED_METHODS
        self.check_number.setEnabled(numbered)
        if not numbered:
            self.check_number.clear()
        self.tendered.setEnabled(method == PaymentMethod.CASH)
        if method != PaymentMethod.CASH:
            self.tendered.clear()
        self._update_total()

    # -- recording ------------------------------------------------------------------------
    def _show(self, text: str) -> None:
        """An error is shown and announced to a screen reader; an empty text hides the line."""
        if text:
            show_error(self, self.error, text)
        else:
            self.error.setText("")
            self.error.setVisible(False)

    def ask_warnings(self, warnings: list[str]) -> bool:
        return confirm.ask(self, "Record anyway", "\n".join(warnings) + "\n\nRecord anyway?")

    def show_receipt(self, number: str) -> None:
        from deerfield_desk import documents
        from deerfield_desk.ui.print_preview import PrintPreview

        pdf = documents.render("receipt", number, self.register)
        preview = PrintPreview(self.parent(), f"Receipt {number}", pdf, f"receipt-{number}.pdf")
        preview.setModal(False)
        preview.show()
        self.preview = preview

    def record(self) -> bool:
        self._show("")
        method = self.method.currentData()
        try:
            lines = self.chosen()
            if not lines:  # said before any question about the check: nothing would be paid
                raise InvalidInput("lines", "choose at least one fee line to pay")
            warnings = cashier.duplicate_warnings(
                self.register, method=method, check_number=self.check_number.text()
            )
            if warnings and not self.ask_warnings(warnings):
                return False
            self.receipt = cashier.take_payment(
                self.register, payer_name=self.payer.text(), method=method, lines=lines,
                received_at=self.now(), check_number=self.check_number.text(),
                note=self.note.text(),
            )  # fmt: skip
        except InvalidInput as exc:
            self._show(words(exc))
            return False
        except NotAllowed as exc:
            self._show(str(exc))
            return False
        try:
            self.show_receipt(self.receipt["receipt_number"])
        except DeskError as exc:  # recorded; only the printing is refused (village settings)
            confirm.inform(self, "Receipt recorded",
                           f"Receipt {self.receipt['receipt_number']} is recorded but cannot "
                           f"be printed yet. {say(exc)}")  # fmt: skip
        self.accept()
        return True


def open_take_payment(window, permit_or_application=None) -> dict | None:
    """The main window's entry (the Permits menu, the permit window): the given permit or
    application, else the one selected in the register, else a chooser of those owing."""
    if permit_or_application is None:
        from deerfield_desk.ui.cashier.install import choose_subject

        permit_or_application = choose_subject(window)
    if permit_or_application is None:
        return None
    return take_payment(window, window.register, permit_or_application)


def take_payment(parent, register, permit_or_application) -> dict | None:
    """Open the take-payment dialog for a permit or application (a row or its uuid) and
    return the receipt recorded, or None when the clerk cancels."""
    try:
        subject = payment_subject(register, permit_or_application)
    except DeskError as exc:
        confirm.inform(parent, "Take payment", say(exc))
        return None
    dialog = TakePaymentDialog(parent, register, subject)
    dialog.exec()
    return dialog.receipt
