"""Drafts not yet submitted, listed in the review queue, each reopened in the wizard.

Why here: an application saved as a draft ("Save as draft" on leaving the wizard) is work the
office still owes the applicant. Listed only behind Permits → Resume draft… it was forgotten;
beside the permits awaiting a decision it is seen every day.
"""

from __future__ import annotations

import json

from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deerfield_desk.models.plain_labels import local_time
from deerfield_desk.models.wizard_fields import WORK_LABELS
from deerfield_desk.store.applications import drafts

COLUMNS = ("Saved", "Site", "Work", "Description")


def draft_row(row: dict) -> tuple[str, str, str, str]:
    """What a clerk recognises a draft by: when, where, what."""
    state = json.loads(row["project_json"] or "{}")
    site = state.get("site") or {}
    where = " ".join(filter(None, (site.get("house_number"), site.get("street"))))
    work = next((label for code, label in WORK_LABELS.items() if code == state.get("work")), "")
    return (local_time(row["created_at"]), where or site.get("parcel_number") or "no site yet",
            work or "not chosen yet", row["description"] or "")  # fmt: skip


class DraftsPanel(QGroupBox):
    def __init__(self, window):
        super().__init__("Applications saved as drafts (not yet submitted)")
        self.window_ = window
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("drafts_table")
        self.table.setAccessibleName("Draft applications")
        self.table.setTabKeyNavigation(False)
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        rows = self.table.fontMetrics().height() * 10  # about five drafts, then it scrolls
        self.table.setMaximumHeight(rows)  # the permits awaiting a decision keep the room
        self.table.doubleClicked.connect(lambda _index: self.open_selected())
        layout.addWidget(self.table)
        row = QHBoxLayout()
        self.open_button = QPushButton("Open draft")
        self.open_button.setObjectName("drafts_open")
        self.open_button.clicked.connect(self.open_selected)
        row.addWidget(self.open_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.rows: list[dict] = []
        self.refresh()
        window.register_changed.connect(
            lambda changes: changes.touches("applications") and self.refresh()
        )

    def refresh(self) -> None:
        self.rows = drafts(self.window_.register)
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            for c, value in enumerate(draft_row(row)):
                self.table.setItem(r, c, QTableWidgetItem(value))
        self.table.resizeColumnsToContents()
        self.open_button.setEnabled(bool(self.rows))
        self.setVisible(bool(self.rows))

    def open_selected(self):
        from deerfield_desk.ui.lifecycle_actions import open_wizard

        index = self.table.currentRow()
        if not 0 <= index < len(self.rows):
            return None
        return open_wizard(self.window_, self.rows[index]["uuid"])
