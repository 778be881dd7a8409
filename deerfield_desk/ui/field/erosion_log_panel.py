"""The permittee's erosion log (31.12(2)(G)/(3)(E)) for one permit, with its gaps flagged.

The gaps come from ``store.erosion_checks.log_gaps``: each week without an entry and each
rain of 0.5 in or more with no inspection that day or the next.
"""

from __future__ import annotations

from datetime import date, timedelta

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.office_words import say
from deerfield_desk.store import erosion_checks
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.field.style import ALERT, label, touch_button

LOOK_BACK_DAYS = 56


class ErosionLogPanel(QWidget):
    def __init__(self, register, permit_uuid: str, today: date | None = None, parent=None):
        super().__init__(parent)
        self.register = register
        self.permit_uuid = permit_uuid
        self.today = today or date.today()
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Inspected", "After", "By", "Repairs"])
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setAccessibleName("Erosion control log")
        layout.addWidget(self.table, 2)
        layout.addWidget(label("Gaps in the log (last 8 weeks)", 15, "#111", True))
        self.gaps = QListWidget()
        layout.addWidget(self.gaps, 1)
        form = QHBoxLayout()
        self.day = QDateEdit(QDate(self.today.year, self.today.month, self.today.day))
        self.day.setCalendarPopup(True)
        self.trigger = QComboBox()
        self.trigger.addItem("Weekly", "weekly")
        self.trigger.addItem("After rain", "rain")
        self.rain = QDoubleSpinBox()
        self.rain.setSuffix(" in")
        self.rain.setRange(0, 20)
        self.rain.setSingleStep(0.1)
        self.by = QLineEdit()
        self.by.setPlaceholderText("Inspected by")
        self.repairs = QLineEdit()
        self.repairs.setPlaceholderText("Repairs made")
        add = touch_button("Add entry")
        add.setAutoDefault(False)
        add.clicked.connect(self.add_entry)
        for text, widget in (
            ("&Day", self.day),
            ("Tri&gger", self.trigger),
            ("Ra&in", self.rain),
            ("B&y", self.by),
            ("Re&pairs", self.repairs),
        ):
            widget.setMinimumHeight(44)
            form.addWidget(QLabel(text))  # named and focused by its label (ui/a11y/naming.py)
            form.addWidget(widget)
        form.addWidget(add)
        layout.addLayout(form)
        self.error = label("", 14, ALERT, True)
        layout.addWidget(self.error)
        self.reload()

    def reload(self) -> None:
        permit = self.register.get("permits", self.permit_uuid)
        rows = erosion_checks.log_entries(self.register, permit["id"])
        self.table.setRowCount(len(rows))
        for row, entry in enumerate(rows):
            after = "weekly" if entry["trigger"] == "weekly" else f"{entry['rain_inches']} in rain"
            for col, text in enumerate(
                (entry["inspected_on"], after, entry["inspected_by"], entry["repairs"] or "")
            ):
                self.table.setItem(row, col, QTableWidgetItem(text))
        start = self.today - timedelta(days=LOOK_BACK_DAYS)
        if permit["issued_date"]:
            start = max(start, date.fromisoformat(permit["issued_date"][:10]))
        self.gaps.clear()
        for gap in erosion_checks.log_gaps(self.register, self.permit_uuid, start, self.today):
            self.gaps.addItem(f"{gap.message} (§{gap.basis})")
        if self.gaps.count() == 0:
            self.gaps.addItem("No gaps: an entry every week and after every 0.5 in rain.")

    def add_entry(self) -> None:
        trigger = self.trigger.currentData()
        try:
            erosion_checks.log_inspection(
                self.register,
                self.permit_uuid,
                self.day.date().toPython(),
                trigger,
                self.by.text(),
                rain_inches=self.rain.value() if trigger == "rain" else None,
                repairs=self.repairs.text(),
            )
        except InvalidInput as exc:
            show_error(self, self.error, say(exc), exc.field)
            return
        self.error.setText("")
        self.reload()
