"""Settings → Fee schedule: the Village Board's fee resolution with effective dates, edited by
the clerk (12.22, 12.15, 12.32(3), 12.14(1)). Amounts in dollars on screen, cents in store."""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.fee_schedule import KNOWN_CODES
from deerfield_desk.models.money import format_cents, parse_dollars
from deerfield_desk.store.ledger import fee_schedule, set_fee_schedule
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.wizard.fields import error_label, hint_label

COLUMNS = ("Fee", "Label", "Flat $", "Per sq ft $", "Effective from")
#: The store's names for a row's fields (``fee_schedule row 3 effective_from``), as headed here.
FIELD_WORDS = {"code": "Fee", "flat_cents": "Flat $", "flat": "Flat $",
               "per_sqft_cents": "Per sq ft $", "per sq ft": "Per sq ft $",
               "effective_from": "Effective from"}  # fmt: skip
WHERE = re.compile(r"fee_schedule row (\d+)(?: (.+))?")


def office_words(exc: Exception) -> str:
    """ "Row 3, Effective from: a date, YYYY-MM-DD" — the row and the column as the clerk sees
    them, not the store's field code (issue 16.8)."""
    if isinstance(exc, InvalidInput):
        found = WHERE.fullmatch(exc.field)
        if found:
            column = f", {FIELD_WORDS.get(found[2], found[2])}" if found[2] else ""
            return f"Row {found[1]}{column}: {exc.rule}"
    return str(exc)


class FeeScheduleDialog(DeskDialog):
    def __init__(self, window):
        super().__init__(window)
        self.window, self.register = window, window.register
        self.setWindowTitle("Fee schedule")
        layout = QVBoxLayout(self)
        layout.addWidget(hint_label("Amounts set by resolution of the Village Board. Add a row "
                                    "with a later effective date to change a fee; older permits "
                                    "keep the fee in force when they were filed."))  # fmt: skip
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setAccessibleName("Fee schedule")
        self.table.setObjectName("fee_schedule_table")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        add = QPushButton("Add row")
        add.clicked.connect(lambda: self.add_row({"code": "building_permit", "label": "",
                                                  "flat_cents": 0, "per_sqft_cents": 0,
                                                  "effective_from": ""}))  # fmt: skip
        layout.addWidget(add)
        self.error = error_label()
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        for entry in fee_schedule(self.register):
            self.add_row(entry)
        self.table.resizeColumnsToContents()
        self.resize(820, 420)

    def add_row(self, entry: dict) -> None:
        r = self.table.rowCount()
        self.table.insertRow(r)
        combo = QComboBox()
        for code in KNOWN_CODES:
            combo.addItem(code.replace("_", " "), code)
        combo.setCurrentIndex(max(combo.findData(entry["code"]), 0))
        self.table.setCellWidget(r, 0, combo)
        values = (entry["label"], format_cents(entry["flat_cents"])[1:],
                  format_cents(entry["per_sqft_cents"])[1:], entry["effective_from"])  # fmt: skip
        for c, value in enumerate(values, start=1):
            self.table.setItem(r, c, QTableWidgetItem(value))

    def entries(self) -> list[dict]:
        out = []
        for r in range(self.table.rowCount()):

            def cell(c, r=r):
                item = self.table.item(r, c)
                return item.text() if item else ""

            out.append({
                "code": self.table.cellWidget(r, 0).currentData(),
                "label": cell(1),
                "flat_cents": parse_dollars(cell(2) or "0", f"fee_schedule row {r + 1} flat"),
                "per_sqft_cents": parse_dollars(cell(3) or "0",
                                                f"fee_schedule row {r + 1} per sq ft"),
                "effective_from": cell(4),
            })  # fmt: skip
        return out

    def save(self) -> bool:
        try:
            set_fee_schedule(self.register, self.entries())
        except (InvalidInput, NotAllowed) as exc:  # NotAllowed: a field copy
            self.error.setText(office_words(exc))
            self.error.setVisible(True)
            return False
        self.accept()
        return True
