"""File → Export year…, File → Import old register…, Tools → State reports due…

The export runs ``exports.year_export.export_year`` in the background behind a cancellable
progress dialog; cancelling removes the staging folder, so nothing half-written is left.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.worker import run_with_progress

FORMAT_LABELS = {
    "csv": "CSV files (one per record type)",
    "xlsx": "Excel workbook (a sheet per record type)",
    "blds": "BLDS permits and inspections (open-data standard)",
    "pdf": "Annual report for the Village Board (PDF)",
    "archive": "Archive: register snapshot, photos, documents, checked manifest",
}


def install(window) -> None:
    act = QAction("&Export year…", window)
    act.triggered.connect(lambda: open_export_dialog(window))
    window.menu("File").addAction(act)
    act = QAction("&Import old register…", window)
    act.triggered.connect(lambda: _import_dialog(window))
    window.menu("File").addAction(act)
    act = QAction("&State reports due…", window)
    act.triggered.connect(lambda: _state_reports(window))
    window.menu("Tools").addAction(act)
    # The reminder reads a year of issued permits: at a million permits that takes a while,
    # so it runs on a worker once the register is on screen (ui/start/reminders.py).
    window.first_rows_shown.connect(lambda _total: QTimer.singleShot(0, lambda: _remind(window)))


def _remind(window) -> None:
    from deerfield_desk.ui.start.reminders import remind_state_reports

    remind_state_reports(window)


def _import_dialog(window) -> None:
    from deerfield_desk.ui.import_dialog import ImportDialog

    ImportDialog(window).exec()


def _state_reports(window) -> None:
    from deerfield_desk.ui.state_report_view import StateReportDialog

    StateReportDialog(window).exec()


class ExportDialog(DeskDialog):
    """Which year, where to, which formats."""

    def __init__(self, window, today: date | None = None):
        super().__init__(window)
        self.setWindowTitle("Export year")
        today = today or date.today()
        form = QFormLayout()
        self.year = QSpinBox()
        self.year.setRange(1900, 2999)
        self.year.setValue(today.year - 1 if today.month <= 6 else today.year)
        form.addRow("Year:", self.year)
        self.folder = QLineEdit(str(Path.home() / "Deerfield exports"))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.folder, 1)
        row.addWidget(browse)
        holder = QWidget()
        holder.setLayout(row)
        row.setContentsMargins(0, 0, 0, 0)
        form.addRow("Folder:", holder)
        from deerfield_desk.exports.year_export import FORMATS  # on use: charts, reportlab

        self.boxes = {}
        for name in FORMATS:
            box = QCheckBox(FORMAT_LABELS[name])
            box.setChecked(True)
            self.boxes[name] = box
            form.addRow("" if name != FORMATS[0] else "Formats:", box)
        self.permit_cards = QCheckBox("Also print every permit's card into the archive (slow)")
        form.addRow("", self.permit_cards)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        note = QLabel(
            "Files go into the folder only when complete; cancelling leaves nothing behind. "
            "Exporting a year again replaces that year's files."
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Export")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _browse(self) -> None:
        chosen = QFileDialog.getExistingDirectory(
            self, "Export into which folder?", self.folder.text()
        )
        if chosen:
            self.folder.setText(chosen)

    def formats(self) -> list[str]:
        return [name for name, box in self.boxes.items() if box.isChecked()]


def open_export_dialog(window) -> None:
    dialog = ExportDialog(window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    if not dialog.formats():
        QMessageBox.warning(window, "Export year", "format: choose at least one format")
        return
    start_export(
        window,
        dialog.year.value(),
        Path(dialog.folder.text()),
        dialog.formats(),
        permit_cards=dialog.permit_cards.isChecked(),
    )


def start_export(
    window, year: int, folder: Path, formats: list[str], renderer=None, permit_cards=False
):
    """Run the export in the background; the result is reported on the GUI thread.
    ``renderer`` None is the documents layer's (``year_export.AUTO``)."""
    # Imported here, not at window build: the export pulls in reportlab's charts (seconds).
    from deerfield_desk.exports.year_export import AUTO, export_year

    renderer = AUTO if renderer is None else renderer
    db, actor = window.paths.db, window.actor

    def done(result) -> None:
        lines = [f"Exported {result.year} to {result.folder}:"]
        lines += [f"• {path.name}" for path in result.files]
        lines += [f"Warning: {w}" for w in result.warnings]
        window.statusBar().showMessage(f"Export of {result.year} written to {folder}", 10000)
        window.last_export = result
        QMessageBox.information(window, "Export year", "\n".join(lines))

    return run_with_progress(
        window,
        f"Exporting {year}",
        lambda: export_year(
            db, year, folder, formats, renderer, permit_cards=permit_cards, actor=actor
        ),
        done,
    )
