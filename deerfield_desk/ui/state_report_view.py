"""Tools → State reports due…: the monthly reports of new one- and two-family dwellings.

A table of months with their permits, units and due date (the 15th of the following month),
and a button to record that a month's report was sent. On start the status bar reminds the
clerk of a report that is late or due within a week.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deerfield_desk.exports.state_report import BASIS, mark_sent, outstanding, state_reports
from deerfield_desk.ui.a11y.fit import DeskDialog

COLUMNS = ("Month issued", "Permits", "Dwelling units", "Due to the state", "Status")


def remind(window, today: date | None = None) -> str | None:
    today = today or date.today()
    urgent = [r for r in outstanding(window.register, today) if r.status(today) != "upcoming"]
    if not urgent:
        return None
    text = "State report " + "; ".join(r.line(today) for r in urgent[:2])
    window.statusBar().showMessage(text)
    return text


class StateReportDialog(DeskDialog):
    def __init__(self, window, today: date | None = None):
        super().__init__(window)
        self.window_ = window
        self.today = today or date.today()
        self.setWindowTitle("State reports of new dwellings")
        self.resize(760, 420)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "New one- and two-family dwelling permits go to the state by the 15th of the month "
            f"after they were issued. The village does this paperwork as a certified "
            f"municipality ({BASIS})."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setAccessibleName("State reports due")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        self.sent_button = QPushButton("Mark selected month as sent today")
        self.sent_button.setMinimumHeight(36)
        self.sent_button.clicked.connect(self.mark_selected_sent)
        close = QPushButton("Close")
        close.setMinimumHeight(36)
        close.clicked.connect(self.accept)
        buttons.addWidget(self.sent_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.refresh()

    def refresh(self) -> None:
        self.reports = state_reports(self.window_.register, self.today)
        self.table.setRowCount(len(self.reports))
        for row, report in enumerate(self.reports):
            state = report.status(self.today)
            values = (
                report.month,
                str(len(report.permits)),
                str(sum(p["housing_units"] for p in report.permits)),
                report.due.isoformat(),
                f"sent {report.sent_on}" if report.sent_on else state,
            )
            for column, value in enumerate(values):
                self.table.setItem(row, column, QTableWidgetItem(value))
        self.table.resizeColumnsToContents()

    def mark_selected_sent(self) -> None:
        rows = {i.row() for i in self.table.selectedIndexes()}
        for row in sorted(rows):
            mark_sent(self.window_.register, self.reports[row].month, self.today)
        self.refresh()
