"""The review queue: permits awaiting a decision, soonest deadline first (31.10(1) 30 days,
31.10(2) 3 working days, 12.29(4) 30 days then deemed rejected; the board decides moves).

Approve, approve with written conditions, or reject with written reasons; each decision asks
for confirmation and is journaled through ``store.permits_lifecycle.decide_review``.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.office_words import say
from deerfield_desk.models.project_summary import permit_label, texts
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store.permits_lifecycle import (
    REVIEW_QUEUE_READS,
    decide_review,
    record_deemed_rejection,
    review_queue,
)
from deerfield_desk.ui import confirm
from deerfield_desk.ui.wizard.drafts_panel import DraftsPanel
from deerfield_desk.ui.wizard.fields import error_label, hint_label

COLUMNS = ("Decide by", "Permit", "Address", "Owner", "Reviewer", "Section", "Status")
VERBS = {"approve": "Approve", "conditional": "Approve with conditions", "reject": "Reject"}


class ReviewQueue(QWidget):
    #: The tables this view shows: it reloads when a write touches one (store.changes).
    SHOWS = REVIEW_QUEUE_READS

    def __init__(self, window, today: date | None = None):
        super().__init__()
        self.window, self.register = window, window.register
        self.today = today or date.today()
        layout = QVBoxLayout(self)
        layout.addWidget(hint_label("Soonest deadline first. A dish permit not decided in 30 "
                                    "days is deemed rejected (§12.29(4)); say so in writing "
                                    "if the applicant asks."))  # fmt: skip
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("review_table")
        self.table.setAccessibleName("Applications waiting for review")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)  # row numbers mean nothing here
        layout.addWidget(self.table, 1)
        layout.addWidget(QLabel("Conditions of approval, or reasons for rejection (in writing):"))
        self.text = QPlainTextEdit()
        self.text.setObjectName("review_text")
        self.text.setMaximumHeight(90)
        layout.addWidget(self.text)
        self.error = error_label()
        layout.addWidget(self.error)
        buttons = QHBoxLayout()
        for key, verb in VERBS.items():
            button = QPushButton(verb)
            button.setObjectName(f"review_{key}")
            button.setMinimumHeight(34)
            button.clicked.connect(lambda _=False, k=key: self.decide(k))
            buttons.addWidget(button)
        deemed = QPushButton("Record deemed rejection (§12.29(4))")
        deemed.setObjectName("review_deemed")
        deemed.setMinimumHeight(34)
        deemed.clicked.connect(self.deem_rejected)
        buttons.addWidget(deemed)
        layout.addLayout(buttons)
        self.drafts = DraftsPanel(window)  # applications saved but not submitted (issue 16.4)
        layout.addWidget(self.drafts)
        self.rows: list[dict] = []
        self.refresh()
        window.register_changed.connect(
            lambda changes: changes.touches(*self.SHOWS) and self.refresh()
        )

    def refresh(self) -> None:
        self.rows = review_queue(self.register, self.today)
        self.table.setRowCount(len(self.rows))
        reviewers = texts()["reviewers"]
        for r, row in enumerate(self.rows):
            due = row["review_due"] or "no set period"
            if row["deemed_rejected"]:
                due += "  DEEMED REJECTED"
            elif row["overdue"]:
                due += "  OVERDUE"
            cls = f" ({row['permit_class']})" if row["permit_class"] else ""
            values = (due, permit_label(row["kind"]) + cls, row["address_text"] or "",
                      row["owner_name"] or "",
                      reviewers.get(row["review_by"], row["review_by"]) or "not assigned",
                      f"§{row['review_basis']}" if row["review_basis"] else "§12.14(1)",
                      PermitStatus(row["status"]).label)  # fmt: skip
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                if row["overdue"]:
                    item.setForeground(QBrush(QColor("#b00020")))
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        if self.rows and not self.table.selectedItems():
            self.table.selectRow(0)

    def selected(self) -> dict | None:
        index = self.table.currentRow()
        return self.rows[index] if 0 <= index < len(self.rows) else None

    def deem_rejected(self) -> bool:
        row = self.selected()
        self.error.setVisible(False)
        if row is None or not confirm.confirm(
            self, "Record deemed rejection", f"{permit_label(row['kind'])} at "
            f"{row['address_text']}: not issued within 30 days, so deemed rejected?"
        ):  # fmt: skip
            return False
        return self._apply(lambda: record_deemed_rejection(self.register, row["uuid"],
                                                           self.today))  # fmt: skip

    def _apply(self, action) -> bool:
        try:
            action()
        except (InvalidInput, NotAllowed) as exc:
            self.error.setText(say(exc))
            self.error.setVisible(True)
            return False
        self.text.clear()
        self.refresh()
        return True

    def decide(self, decision: str) -> bool:
        row = self.selected()
        self.error.setVisible(False)
        if row is None:
            return False
        text = self.text.toPlainText().strip()
        what = f"{VERBS[decision]}: {permit_label(row['kind'])} at {row['address_text']}"
        if not confirm.confirm(self, VERBS[decision], what + (f"\n\n{text}" if text else "")):
            return False
        return self._apply(lambda: decide_review(self.register, row["uuid"], decision, text))
