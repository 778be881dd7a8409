"""Inspections → Defect library…: the list the result dialog completes from, searchable, with
the village's own entries added here and voided (with a reason) when no longer wanted.

Shipped entries are shown too (marked "shipped") so the inspector sees the whole list, but
only the village's own can be voided: the shipped ones come with the app.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.office_words import say
from deerfield_desk.store import defect_library
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.fit import DeskDialog

COLUMNS = ["Section", "What is wrong", "Correction", "Minor", "From"]


def ask_reason(parent, title: str, prompt: str) -> str | None:
    """A module function so tests can answer it."""
    text, ok = QInputDialog.getText(parent, title, prompt)
    return text if ok else None


class DefectLibraryDialog(DeskDialog):
    def __init__(self, register, parent=None):
        super().__init__(parent)
        self.register = register
        self.setWindowTitle("Defect library")
        self.resize(1000, 640)
        # DeskDialog scrolls everything above the button row when the screen is too small
        layout = QVBoxLayout(self)
        search_row = QFormLayout()
        self.search = QLineEdit()
        self.search.setObjectName("defectSearch")
        self.search.setPlaceholderText("Any word or section, e.g. silt, 321.16")
        self.search.textChanged.connect(lambda _t: self.reload())
        search_row.addRow("&Search:", self.search)
        layout.addLayout(search_row)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("defectTable")
        self.table.setAccessibleName("Defect library entries")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setTabKeyNavigation(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setMinimumHeight(180)
        layout.addWidget(self.table, 1)
        heading = QLabel("Add the village's own entry")
        font = heading.font()
        font.setBold(True)
        heading.setFont(font)
        layout.addWidget(heading)
        form = QFormLayout()
        self.section = QLineEdit()
        self.section.setPlaceholderText("12.12(5)(a) or SPS 321.16")
        form.addRow("S&ection:", self.section)
        self.description = QLineEdit()
        form.addRow("&What is wrong:", self.description)
        self.correction = QLineEdit()
        form.addRow("&Correction:", self.correction)
        self.minor = QCheckBox("&Minor (does not hold up the next stage)")
        form.addRow("", self.minor)
        layout.addLayout(form)
        self.message = QLabel()
        self.message.setObjectName("libraryMessage")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        row = QHBoxLayout()
        self.void_button = QPushButton("&Void selected…")
        self.void_button.setAccessibleName("Void the selected village entry")
        self.void_button.setAutoDefault(False)  # Enter adds; voiding is never the default
        self.void_button.clicked.connect(self.void_selected)
        add = QPushButton("&Add entry")
        add.setObjectName("addDefect")
        add.setDefault(True)
        add.clicked.connect(self.add)
        close = QPushButton("Close")
        close.setAutoDefault(False)
        close.clicked.connect(self.accept)
        for button in (self.void_button, add, close):
            button.setMinimumHeight(44)
        row.addWidget(self.void_button)
        row.addStretch(1)
        row.addWidget(add)
        row.addWidget(close)
        layout.addLayout(row)
        self.reload()

    def reload(self) -> None:
        entries = defect_library.search(defect_library.library(self.register), self.search.text())
        self.entries = entries
        self.table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            source = "village" if entry.uuid else "shipped"
            minor = "yes" if entry.minor else ""
            values = [entry.section, entry.description, entry.correction, minor, source]
            for column, value in enumerate(values):
                self.table.setItem(row, column, QTableWidgetItem(value))

    def add(self) -> None:
        try:
            row = defect_library.add_entry(
                self.register,
                self.section.text(),
                self.description.text(),
                self.correction.text(),
                minor=self.minor.isChecked(),
            )
        except (InvalidInput, NotAllowed) as exc:
            show_error(self, self.message, say(exc), getattr(exc, "field", None))
            return
        for field in (self.section, self.description, self.correction):
            field.clear()
        self.minor.setChecked(False)
        self.message.setText(f"Added: {row['description']} ({row['section']}).")
        self.reload()

    def void_selected(self) -> None:
        row = self.table.currentRow()
        if row < 0 or row >= len(self.entries):
            self.message.setText("Select the village entry to void first.")
            return
        entry = self.entries[row]
        if entry.uuid is None:
            self.message.setText("Shipped entries come with the app; only the village's own "
                                 "can be voided.")  # fmt: skip
            return
        reason = ask_reason(self, "Void entry", f"Why void “{entry.description}”?")
        if reason is None:
            return
        try:
            defect_library.void_entry(self.register, entry.uuid, reason)
        except (InvalidInput, NotAllowed) as exc:
            show_error(self, self.message, say(exc))
            return
        self.message.setText(f"Voided: {entry.description} (kept in the register).")
        self.reload()
