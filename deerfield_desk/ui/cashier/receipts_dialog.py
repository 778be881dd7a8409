"""Receipts and daily deposit…: one day's receipts, reprint or void one, print the deposit report.

Why together: at closing the clerk goes over the day's receipts, voids a mis-keyed one (with a
reason; it stays listed, marked void, and reprints with VOID across it), and prints the
deposit report for the treasurer. ``ask_reason`` and ``preview`` can be replaced in tests.
"""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deerfield_desk.errors import DeskError
from deerfield_desk.models.codes import PaymentMethod, RecordStatus
from deerfield_desk.models.money import format_cents
from deerfield_desk.models.office_words import say
from deerfield_desk.store import cashier
from deerfield_desk.store.receipt_records import deposit_report_record, receipts_on
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.cashier.fit import fit_to_screen
from deerfield_desk.ui.wizard.fields import error_label

HEADERS = ("Receipt", "Time", "Received from", "Method", "Check no.", "Amount", "Status")


class ReceiptsDialog(QDialog):
    #: The tables this list shows: it reloads when a write touches one (store.changes), so a
    #: payment taken while it stays open appears at once.
    SHOWS = frozenset({"receipts", "payments", "applications"})

    def __init__(self, parent, register, day: date | None = None, now=None):
        super().__init__(parent)
        self.register = register
        self.now = now or datetime.now
        self.setWindowTitle("Receipts and daily deposit")
        self.day = QDateEdit()
        self.day.setObjectName("receipts_day")
        self.day.setCalendarPopup(True)
        self.day.setDisplayFormat("yyyy-MM-dd")
        self.day.setDate(QDate(day or date.today()))
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow("&Day", self.day)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setObjectName("receipts_table")
        self.table.setAccessibleName("Receipts of the day")
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.setTabKeyNavigation(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.summary = QLabel()
        self.summary.setObjectName("receipts_summary")
        self.summary.setWordWrap(True)
        self.error = error_label()
        row = QHBoxLayout()
        self.reprint_button = QPushButton("Re&print receipt")
        self.void_button = QPushButton("&Void receipt…")
        self.report_button = QPushButton("Daily deposit &report…")
        for button, slot in ((self.reprint_button, self.reprint), (self.void_button, self.void),
                             (self.report_button, self.deposit_report)):  # fmt: skip
            button.clicked.connect(slot)
            row.addWidget(button)
        row.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.error)
        layout.addLayout(row)
        layout.addWidget(buttons)
        self.day.dateChanged.connect(self.refresh)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        fit_to_screen(self, 900, 520)
        changed = getattr(parent, "register_changed", None)
        if changed is not None:
            changed.connect(lambda changes: changes.touches(*self.SHOWS) and self.refresh())
        self.refresh()

    def chosen_day(self) -> date:
        return self.day.date().toPython()

    def refresh(self, *_args) -> None:
        self.rows = receipts_on(self.register, self.chosen_day())
        self.table.setRowCount(len(self.rows))
        for r, rec in enumerate(self.rows):
            void = rec["status"] != RecordStatus.ACTIVE
            status = f"VOID: {rec['void_reason']}" if void else "In force"
            values = (rec["receipt_number"], rec["received_at"][11:16], rec["payer_name"],
                      PaymentMethod(rec["method"]).label, rec["check_number"] or "",
                      format_cents(rec["amount_cents"]), status)  # fmt: skip
            for c, value in enumerate(values):
                self.table.setItem(r, c, QTableWidgetItem(value))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        report = deposit_report_record(self.register, self.chosen_day().isoformat())
        parts = [f"{m['label']} {format_cents(m['total_cents'])}"
                 for m in report["methods"] if m["count"]]  # fmt: skip
        self.summary.setText(day_summary(report, parts))
        self._selection_changed()

    def selected(self) -> dict | None:
        index = self.table.currentRow()
        return self.rows[index] if 0 <= index < len(self.rows) else None

    def _selection_changed(self) -> None:
        rec = self.selected()
        self.reprint_button.setEnabled(rec is not None)
        self.void_button.setEnabled(rec is not None and rec["status"] == RecordStatus.ACTIVE)
        if rec is not None:
            for button, verb in ((self.reprint_button, "Reprint"), (self.void_button, "Void")):
                button.setAccessibleName(
                    f"{verb} receipt {rec['receipt_number']}, {rec['payer_name']}"
                )

    # -- actions ---------------------------------------------------------------------------
    def preview(self, kind: str, ref: str) -> None:
        from deerfield_desk import documents
        from deerfield_desk.ui.print_preview import PrintPreview

        pdf = documents.render(kind, ref, self.register)
        self.last_preview = PrintPreview(self, f"{kind} {ref}", pdf, f"{kind}-{ref}.pdf")
        self.last_preview.setModal(False)
        self.last_preview.show()

    def _run(self, action) -> bool:
        self.error.setVisible(False)
        try:
            action()
        except DeskError as exc:
            show_error(self, self.error, say(exc))  # "Reason: …", not "reason: …"
            return False
        return True

    def reprint(self) -> bool:
        rec = self.selected()
        return bool(rec) and self._run(lambda: self.preview("receipt", rec["receipt_number"]))

    def deposit_report(self) -> bool:
        return self._run(lambda: self.preview("deposit-report", self.chosen_day().isoformat()))

    def ask_reason(self, receipt: dict, consequences: list[str]) -> str | None:
        text = (f"Why is receipt {receipt['receipt_number']} ({receipt['payer_name']}, "
                f"{format_cents(receipt['amount_cents'])}) void?")  # fmt: skip
        if consequences:
            text += "\n\n" + "\n".join(consequences)
        reason, ok = QInputDialog.getText(self, "Void receipt", text)
        return reason if ok else None

    def void(self) -> bool:
        rec = self.selected()
        if rec is None:
            return False
        consequences = cashier.void_consequences(self.register, rec["uuid"])
        reason = self.ask_reason(rec, consequences)
        if reason is None:
            return False
        done = self._run(lambda: cashier.void_receipt(self.register, rec["uuid"], reason,
                                                      self.now()))  # fmt: skip
        if done:
            confirm.inform(self, "Receipt voided",
                           f"Receipt {rec['receipt_number']} is void. Its fee lines are owed "
                           "again; take the payment anew if it was mis-keyed.")  # fmt: skip
        self.refresh()
        return done


def day_summary(report: dict, parts: list[str]) -> str:
    """What the day holds, adding up to the total shown: the counter receipts listed above,
    and apart from them the payments on hand-written receipts (the list does not show those,
    yet the day's total and the deposit report count them — a total larger than the list
    read as money missing)."""
    kept = report["receipts"]
    text = (
        f"{len(kept)} receipt{'' if len(kept) == 1 else 's'} in force "
        f"({format_cents(sum(r['amount_cents'] for r in kept))})"
    )
    written = report["handwritten"]
    if written:
        numbers = ", ".join(p["receipt_number"] or "no number" for p in written)
        text += (
            f" and {len(written)} payment{'' if len(written) == 1 else 's'} on hand-written "
            f"receipt{'' if len(written) == 1 else 's'} {numbers} "
            f"({format_cents(sum(p['amount_cents'] for p in written))})"
        )
    text += f": total {format_cents(report['total_cents'])}"
    text += f" ({'; '.join(parts)})" if parts else ""
    return text + (f"; {len(report['voided'])} voided" if report["voided"] else "")
