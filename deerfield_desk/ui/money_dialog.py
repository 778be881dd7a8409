"""Record payment…: one permit's fee lines, deposits and securities, and papers received.

Fees: pay a line (method and receipt number), or bill a line the ordinance leaves to actual
cost (31.11(1)). Deposits: record one received, refund it with a reason, or forfeit it for a
cause the ordinance allows (12.15, 12.19(6), 31.12(2)(A)). Papers: tick what was handed in.
"""

from __future__ import annotations

import json
from datetime import date

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.deposits import DEPOSIT_KINDS, FORFEIT_CAUSES, PAYMENT_METHODS
from deerfield_desk.models.money import format_cents, parse_dollars
from deerfield_desk.models.office_words import say
from deerfield_desk.models.plain_labels import plain
from deerfield_desk.models.received_items import received_groups
from deerfield_desk.store import ledger
from deerfield_desk.store.applications import mark_received
from deerfield_desk.store.cashier import duplicate_warnings
from deerfield_desk.store.permits_lifecycle import application_assessment
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.permit_picker import load_permit, permit_title
from deerfield_desk.ui.wizard.fields import error_label, hint_label


def _table(headers) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setStretchLastSection(True)
    return table


class MoneyDialog(DeskDialog):
    def __init__(self, window, permit_uuid: str, today: date | None = None):
        super().__init__(window)
        self.window, self.register = window, window.register
        self.permit = load_permit(self.register, permit_uuid)
        self.today = today or date.today()
        self.setWindowTitle(f"Fees, deposits and papers — {permit_title(self.permit)}")
        layout = QVBoxLayout(self)
        self.error = error_label()
        self.tabs = QTabWidget()
        self.tabs.addTab(self._fees_tab(), "Fees")
        self.tabs.addTab(self._deposits_tab(), "Deposits and securities")
        self.tabs.addTab(self._papers_tab(), "Papers received")
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.error)
        self.resize(820, 520)
        self.refresh()

    # -- fees ---------------------------------------------------------------------------
    def _fees_tab(self) -> QWidget:
        tab = QWidget()
        v = QVBoxLayout(tab)
        self.fees = _table(("Fee", "Section", "Amount", "Paid", "Balance", "Status"))
        self.fees.setObjectName("fee_table")
        self.fees.setAccessibleName("Fees")
        v.addWidget(self.fees, 1)
        form = QFormLayout()
        self.pay_amount, self.receipt = QLineEdit(), QLineEdit()
        self.pay_amount.setObjectName("pay_amount")
        self.receipt.setObjectName("pay_receipt")
        self.method = QComboBox()
        self.method.setObjectName("pay_method")
        for key, label in PAYMENT_METHODS.items():
            self.method.addItem(label, key)
        form.addRow("Amount $", self.pay_amount)
        form.addRow("Method", self.method)
        form.addRow("Hand-written receipt number", self.receipt)
        v.addLayout(form)
        row = QHBoxLayout()
        take = QPushButton("Take payment on several lines, with a receipt…")
        take.setObjectName("take_payment_button")
        take.clicked.connect(self.take_payment)
        row.addWidget(take)
        pay = QPushButton("Record payment on the selected fee")
        pay.setObjectName("pay_button")
        pay.clicked.connect(self.record_payment)
        bill = QPushButton("Bill the selected fee (actual cost)")
        bill.clicked.connect(self.bill)
        row.addWidget(pay)
        row.addWidget(bill)
        v.addLayout(row)
        return tab

    def record_payment(self) -> bool:
        fee = self._selected(self.fees, self.fee_rows)
        if fee is None:
            return False

        def pay():
            amount = parse_dollars(self.pay_amount.text(), "amount")
            method, receipt = self.method.currentData(), self.receipt.text()
            warnings = duplicate_warnings(self.register, method=method,
                                          receipt_number=receipt)  # fmt: skip
            if warnings and not confirm.confirm(self, "Record anyway", " ".join(warnings)):
                return
            ledger.record_payment(self.register, fee["uuid"], amount, method, receipt, self.today)
            self.pay_amount.clear()
            self.receipt.clear()

        return self._run(pay)

    def take_payment(self) -> dict | None:
        """The counter's way: one numbered receipt over several lines (ui/cashier)."""
        from deerfield_desk.ui.cashier.take_payment import take_payment

        receipt = take_payment(self, self.register, self.permit)
        self.refresh()
        return receipt

    def bill(self) -> bool:
        fee = self._selected(self.fees, self.fee_rows)
        return self._run(lambda: ledger.bill_fee(
            self.register, fee["uuid"], parse_dollars(self.pay_amount.text(), "amount"),
            f"billed by {self.register.actor.name}")) if fee else False  # fmt: skip

    # -- deposits -------------------------------------------------------------------------
    def _deposits_tab(self) -> QWidget:
        tab = QWidget()
        v = QVBoxLayout(tab)
        self.deposits = _table(("Kind", "Section", "Amount", "Reference", "Status", "Why"))
        self.deposits.setObjectName("deposit_table")
        self.deposits.setAccessibleName("Deposits and securities")
        v.addWidget(self.deposits, 1)
        form = QFormLayout()
        self.dep_kind = QComboBox()
        self.dep_kind.setObjectName("deposit_kind")
        for key, (label, basis) in DEPOSIT_KINDS.items():
            self.dep_kind.addItem(f"{label} (§{basis})", key)
        self.dep_amount, self.dep_ref = QLineEdit(), QLineEdit()
        self.dep_amount.setObjectName("deposit_amount")
        self.dep_ref.setObjectName("deposit_reference")
        self.dep_reason = QLineEdit()
        self.dep_cause = QComboBox()
        form.addRow("Kind", self.dep_kind)
        form.addRow("Amount $", self.dep_amount)
        form.addRow("Receipt / letter of credit no.", self.dep_ref)
        form.addRow("Refund reason", self.dep_reason)
        # 31.12(2)(A): an erosion security is released only by the Village Board, after the
        # Village Engineer's inspection; both are recorded with the release.
        self.dep_board = QLineEdit()
        self.dep_board.setObjectName("deposit_board_action")
        self.dep_board.setPlaceholderText("erosion security: Board meeting date and motion")
        self.dep_engineer = QLineEdit()
        self.dep_engineer.setObjectName("deposit_engineer_inspected")
        self.dep_engineer.setPlaceholderText("YYYY-MM-DD")
        form.addRow("Village Board action (§31.12(2)(A))", self.dep_board)
        form.addRow("Engineer's inspection date", self.dep_engineer)
        form.addRow("Forfeiture cause", self.dep_cause)
        v.addLayout(form)
        row = QHBoxLayout()
        for text, slot in (
            ("Record deposit received", self.record_deposit),
            ("Refund selected", self.refund),
            ("Forfeit selected", self.forfeit),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            row.addWidget(button)  # fmt: skip
        v.addLayout(row)
        self.deposits.itemSelectionChanged.connect(self._fill_causes)
        return tab

    def record_deposit(self) -> bool:
        def record():
            amount = parse_dollars(self.dep_amount.text(), "amount")
            kind, ref = self.dep_kind.currentData(), self.dep_ref.text()
            ledger.record_deposit(self.register, self.permit["uuid"], kind, amount, ref, self.today)
            self.dep_amount.clear()
            self.dep_ref.clear()

        return self._run(record)

    def _fill_causes(self) -> None:
        self.dep_cause.clear()
        dep = self._selected(self.deposits, self.deposit_rows)
        for key, (text, basis) in FORFEIT_CAUSES.get(dep["kind"] if dep else "", {}).items():
            self.dep_cause.addItem(f"{text} (§{basis})", key)

    def refund(self) -> bool:
        dep = self._selected(self.deposits, self.deposit_rows)
        if not dep or not confirm.confirm(self, "Refund deposit", "Refund this deposit?"):
            return False

        def refund():
            text = self.dep_engineer.text().strip()
            try:
                inspected = date.fromisoformat(text) if text else None
            except ValueError:
                raise InvalidInput("engineer_inspected_on", "a date, YYYY-MM-DD") from None
            return ledger.refund_deposit(self.register, dep["uuid"], self.dep_reason.text(),
                                         self.today, board_action=self.dep_board.text(),
                                         engineer_inspected_on=inspected)  # fmt: skip

        return self._run(refund)

    def forfeit(self) -> bool:
        dep = self._selected(self.deposits, self.deposit_rows)
        if not dep or not confirm.confirm(self, "Forfeit deposit", "Keep this deposit?"):
            return False
        return self._run(
            lambda: ledger.forfeit_deposit(
                self.register, dep["uuid"], self.dep_cause.currentData(), self.today
            )
        )

    # -- papers ---------------------------------------------------------------------------
    def _papers_tab(self) -> QWidget:
        tab = QWidget()
        v = QVBoxLayout(tab)
        app, assessment = application_assessment(self.register, self.permit["application_id"])
        self.app_uuid = app["uuid"]
        received = json.loads(app["received_json"] or "{}")
        work = json.loads(app["project_json"] or "{}").get("work")
        self.paper_checks = {}
        for title, items in received_groups(assessment, work):
            v.addWidget(hint_label(f"<b>{title}</b>"))
            for item in items:
                if item.minimum is not None:
                    v.addWidget(self._coverage(item, received.get(item.key)))
                    continue
                check = QCheckBox(f"§{item.section}  {item.text}")
                check.setObjectName(f"paper_{item.key}")
                check.setChecked(bool(received.get(item.key)))
                check.toggled.connect(lambda on, k=item.key: self._run(
                    lambda: mark_received(self.register, self.app_uuid, k,
                                          self.today.isoformat() if on else False)))  # fmt: skip
                v.addWidget(check)
                self.paper_checks[item.key] = check
        v.addStretch(1)
        return tab

    def _coverage(self, item, value) -> QWidget:
        """12.19(7): the amount on the insurance certificate, not a tick."""
        edit = QLineEdit("" if value in (None, True) else str(value))
        edit.setObjectName(f"paper_{item.key}")
        edit.setPlaceholderText("certified amount, $")
        minimum = format_cents(parse_dollars(str(item.minimum)))
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(f"§{item.section}  {item.text} (at least {minimum})"), 1)
        row.addWidget(edit)

        def record():
            text = edit.text().strip()
            cents = parse_dollars(text, item.text) if text else None  # named as on screen
            value = f"{cents // 100}.{cents % 100:02d}" if cents is not None else False
            return mark_received(self.register, self.app_uuid, item.key, value)

        def save() -> None:
            self._run(record)

        edit.editingFinished.connect(save)
        self.paper_checks[item.key] = edit
        return holder

    # -- shared ---------------------------------------------------------------------------
    def _selected(self, table, rows):
        index = table.currentRow()
        return rows[index] if 0 <= index < len(rows) else None

    def _run(self, action) -> bool:
        self.error.setVisible(False)
        try:
            action()
        except (InvalidInput, NotAllowed) as exc:
            self.error.setText(say(exc))
            self.error.setVisible(True)
            return False
        self.refresh()
        return True

    def refresh(self) -> None:
        self.fee_rows = ledger.fees_for_permit(self.register, self.permit["id"])
        self.fees.setRowCount(len(self.fee_rows))
        for r, f in enumerate(self.fee_rows):
            values = (f["description"], f"§{f['basis']}", format_cents(f["amount_cents"]),
                      format_cents(f["paid_cents"]), format_cents(f["balance_cents"]),
                      plain(f["status"]))  # fmt: skip
            for c, value in enumerate(values):
                self.fees.setItem(r, c, QTableWidgetItem(value))
        self.deposit_rows = ledger.deposits_for_permit(self.register, self.permit["id"])
        self.deposits.setRowCount(len(self.deposit_rows))
        for r, d in enumerate(self.deposit_rows):
            values = (DEPOSIT_KINDS[d["kind"]][0], f"§{d['basis']}",
                      format_cents(d["amount_cents"]), d["reference"] or "", plain(d["status"]),
                      d["disposition_reason"] or "")  # fmt: skip
            for c, value in enumerate(values):
                self.deposits.setItem(r, c, QTableWidgetItem(value))
        for table in (self.fees, self.deposits):
            table.resizeColumnsToContents()
