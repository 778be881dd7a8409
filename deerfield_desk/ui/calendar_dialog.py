"""Tools → Village calendar: the days the village office is closed, year by year.

Why a screen: every deadline of Chapters 12 and 31 counts working days or rolls past a closed
day (31.02(36)), and which days are closed is the Village's decision. The clerk sees the
standing rules, the year's dates, adds or removes a closure, and confirms the list each year;
in December the main window reminds her to confirm the next one.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QDateEdit,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.closures import load_rules
from deerfield_desk.models.office_words import say
from deerfield_desk.store.village_calendar import (
    add_closure,
    closures_for_year,
    confirm_year,
    confirmed_on,
    remove_closure,
    removed_for_year,
)
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.wizard.fields import error_label, hint_label

HEADERS = ("Date", "Day", "Closure", "Source")


class CalendarDialog(DeskDialog):
    def __init__(self, parent, register, today: date | None = None):
        super().__init__(parent)
        self.setWindowTitle("Village calendar — office closures")
        self.register = register
        self.today = today or date.today()
        layout = QVBoxLayout(self)
        rules = "; ".join(f"{r.name} ({r.describe()})" for r in load_rules())
        rules_box = QGroupBox("Standing closures (the Village's default list)")
        rules_layout = QVBoxLayout(rules_box)
        rules_layout.addWidget(hint_label(
            f"{rules}. Weekends are never working days (§31.02(36)). Commemorative days are "
            "not closures. Correct a year below and confirm it."))  # fmt: skip
        layout.addWidget(rules_box)
        top = QHBoxLayout()
        top.addWidget(QLabel("Year"))
        self.year = QSpinBox()
        self.year.setObjectName("calendar_year")
        self.year.setRange(2000, 2100)
        self.year.setValue(self.today.year + (1 if self.today.month == 12 else 0))
        self.year.valueChanged.connect(self.load)
        top.addWidget(self.year)
        self.status = QLabel()
        self.status.setObjectName("calendar_status")
        top.addWidget(self.status, 1)
        self.confirm = QPushButton()
        self.confirm.setObjectName("calendar_confirm")
        self.confirm.clicked.connect(self.confirm_list)
        top.addWidget(self.confirm)
        layout.addLayout(top)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setObjectName("calendar_table")
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setTabKeyNavigation(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setAccessibleName("Office closures of the year")
        layout.addWidget(self.table, 1)
        add_row = QHBoxLayout()
        self.new_date = QDateEdit()
        self.new_date.setObjectName("calendar_new_date")
        self.new_date.setCalendarPopup(True)
        self.new_date.setDisplayFormat("yyyy-MM-dd")
        self.new_name = QLineEdit()
        self.new_name.setObjectName("calendar_new_name")
        self.new_name.setPlaceholderText("why the office is closed, e.g. Good Friday")
        add = QPushButton("Add closure")
        add.setObjectName("calendar_add")
        add.clicked.connect(self.add)
        remove = QPushButton("Office open on selected day")
        remove.setObjectName("calendar_remove")
        remove.clicked.connect(self.remove)
        for text, w in (("New &closure", self.new_date), ("Reaso&n", self.new_name)):
            add_row.addWidget(QLabel(text))  # names the field (ui/a11y/naming.py)
            add_row.addWidget(w)
        add_row.addWidget(add)
        add_row.addWidget(remove)
        layout.addLayout(add_row)
        self.error = error_label()
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(820, 560)
        self.load()

    def load(self) -> None:
        year = self.year.value()
        rows = closures_for_year(self.register, year) + removed_for_year(self.register, year)
        rows.sort(key=lambda c: c.day)
        self.table.setRowCount(len(rows))
        self.rows = rows
        source = {"default": "Village list", "added": "Added by the clerk",
                  "removed": "Removed: office open"}  # fmt: skip
        for r, c in enumerate(rows):
            cells = (c.day.isoformat(), c.day.strftime("%A"), c.name, source[c.origin])
            for col, text in enumerate(cells):
                self.table.setItem(r, col, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        when = confirmed_on(self.register, year)
        self.status.setText(f"Confirmed on {when.isoformat()}" if when
                            else f"<b>{year} not confirmed yet</b>")  # fmt: skip
        self.confirm.setText(f"Confirm {year} list")
        self.new_date.setDate(QDate(year, 1, 2))
        self.error.setVisible(False)

    def _run(self, action) -> None:
        try:
            action()
        except InvalidInput as exc:
            self.error.setText(say(exc))
            self.error.setVisible(True)
            return
        self.load()

    def add(self) -> None:
        day = self.new_date.date().toPython()
        self._run(lambda: add_closure(self.register, day, self.new_name.text()))
        self.new_name.clear()

    def remove(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self.rows) and self.rows[row].origin != "removed":
            day = self.rows[row].day
            self._run(lambda: remove_closure(self.register, day))

    def confirm_list(self) -> None:
        self._run(lambda: confirm_year(self.register, self.year.value(), self.today))
