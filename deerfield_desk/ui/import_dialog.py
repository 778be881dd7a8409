"""File → Import old register…: choose the file, check the preview, map the columns, import.

The preview shows the first rows as they are in the file; each source column gets a drop-down
of the register's permit fields (pre-set from the remembered mapping or the column names). The
import runs in the background with its own register connection; the summary names the rejects
file the clerk can fix and import again.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.importing.fields import IMPORTABLE
from deerfield_desk.importing.importer import (
    check_mapping,
    import_register,
    initial_mapping,
    read_source,
)
from deerfield_desk.models.office_words import say
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.wizard.fields import error_style
from deerfield_desk.ui.worker import run_with_progress

PREVIEW_ROWS = 5
IGNORE = "(do not import)"


class ImportDialog(DeskDialog):
    def __init__(self, window, path: str | Path | None = None):
        super().__init__(window)
        self.window_ = window
        self.setWindowTitle("Import old register")
        self.resize(980, 620)
        self.table = None
        self.combos: dict[str, QComboBox] = {}
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.file_label = QLabel("Choose the CSV or Excel file of the old register.")
        choose = QPushButton("Choose file…")
        choose.setMinimumHeight(34)
        choose.clicked.connect(self._choose)
        top.addWidget(self.file_label, 1)
        top.addWidget(choose)
        layout.addLayout(top)
        layout.addWidget(QLabel(f"First {PREVIEW_ROWS} rows of the file:"))
        self.preview = QTableWidget(0, 0)
        self.preview.setAccessibleName("Rows read from the old register")
        self.preview.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout.addWidget(self.preview, 1)
        layout.addWidget(
            QLabel(
                "Which register field is each column? Required: "
                + ", ".join(f.header for f in IMPORTABLE if f.required)
                + "."
            )  # fmt: skip
        )
        self.mapping_box = QWidget()
        self.mapping_form = QFormLayout(self.mapping_box)
        layout.addWidget(self.mapping_box)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(error_style())  # legible on the dark palette too
        layout.addWidget(self.message)
        buttons = QHBoxLayout()
        self.import_button = QPushButton("Import")
        self.import_button.setMinimumHeight(36)
        self.import_button.setEnabled(False)
        self.import_button.clicked.connect(self.start_import)
        cancel = QPushButton("Close")
        cancel.setMinimumHeight(36)
        cancel.clicked.connect(self.reject)
        buttons.addStretch(1)
        buttons.addWidget(self.import_button)
        buttons.addWidget(cancel)
        layout.addLayout(buttons)
        if path:
            self.load(path)

    def _choose(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self, "Old register", str(Path.home()), "Registers (*.csv *.xlsx)"
        )
        if chosen:
            self.load(chosen)

    def refuse(self, exc: InvalidInput) -> None:
        """Say the refusal in the office's words ("File: …", "Mapping: …") and announce it."""
        self.message.setStyleSheet(error_style())  # a summary before it cleared the colour
        show_error(self, self.message, say(exc))

    def load(self, path: str | Path) -> None:
        try:
            self.table = read_source(path)
        except InvalidInput as exc:
            self.refuse(exc)
            return
        self.message.setText("")
        self.file_label.setText(f"{self.table.path} — {len(self.table.rows):,} rows")
        headers = self.table.headers
        self.preview.setColumnCount(len(headers))
        self.preview.setHorizontalHeaderLabels(headers)
        rows = self.table.rows[:PREVIEW_ROWS]
        self.preview.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                self.preview.setItem(r, c, QTableWidgetItem("" if value is None else str(value)))
        self.preview.resizeColumnsToContents()
        while self.mapping_form.rowCount():
            self.mapping_form.removeRow(0)
        self.combos = {}
        mapping = initial_mapping(self.window_.register, headers)
        for header in headers:
            combo = QComboBox()
            combo.addItem(IGNORE, "")
            for f in IMPORTABLE:
                combo.addItem(f.header + (" *" if f.required else ""), f.name)
            index = combo.findData(mapping.get(header, ""))
            combo.setCurrentIndex(max(index, 0))
            self.combos[header] = combo
            self.mapping_form.addRow(f"{header}:", combo)
        self.import_button.setEnabled(True)

    def mapping(self) -> dict[str, str]:
        return {h: c.currentData() for h, c in self.combos.items() if c.currentData()}

    def start_import(self) -> None:
        if self.table is None:
            return
        window = self.window_
        db, actor, source, mapping = window.paths.db, window.actor, self.table.path, self.mapping()

        def job():
            from deerfield_desk.store.register import Register

            reg = Register.open(db, actor)
            try:
                return (yield from import_register(reg, source, mapping))
            finally:
                reg.close()

        def done(result) -> None:
            self.result = result
            window.catch_up()  # written on the worker's connection: read back from the journal
            text = (
                f"Imported {result.imported:,} permits. {result.already_present:,} were already "
                f"in the register and were left as they are. {result.rejected:,} rows were "
                "rejected."
            )
            if result.rejects_path:
                text += f"\n\nFix them in {result.rejects_path} and import that file again."
            self.message.setStyleSheet("")
            self.message.setText(text)
            QMessageBox.information(self, "Import old register", text)

        try:
            check_mapping(mapping, self.table.headers)
        except InvalidInput as exc:
            self.refuse(exc)
            return
        run_with_progress(self, "Importing the old register", job, done)
