"""The check-out and abandon dialogs: what the clerk types, checked before anything is written."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import DeskError
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.field.style import save_cancel_row


class _Applying(DeskDialog):
    """Save runs ``apply(*values)``; a refusal shows under the form and the dialog stays."""

    apply = None
    result_value = None

    def save(self) -> None:
        try:
            self.result_value = self.apply(*self.values())
        except DeskError as exc:
            self.error.setText(str(exc))
            return
        self.accept()


class CheckoutDialog(_Applying):
    """Device name and where to write the copy (a USB stick or the laptop's shared folder)."""

    def __init__(self, parent, default_folder: Path, out_devices: list[str], apply):
        super().__init__(parent)
        self.apply = apply
        self.setWindowTitle("Check out a field copy")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Writes a copy of the office register for one laptop, with the photos of open "
            "permits and a block of notice numbers reserved for it. The office keeps issuing "
            "permits; the laptop records inspections and notices until it is checked in."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.device = QLineEdit()
        self.device.setPlaceholderText("e.g. inspector-laptop")
        form.addRow("Laptop (device) name:", self.device)
        row = QWidget()
        pick = QHBoxLayout(row)
        pick.setContentsMargins(0, 0, 0, 0)
        self.path = QLineEdit(str(default_folder / "field-copy.sqlite"))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        pick.addWidget(self.path, 1)
        pick.addWidget(browse)
        form.addRow("Write the copy to:", row)
        layout.addLayout(form)
        if out_devices:
            note = QLabel("Out in the field now: " + ", ".join(out_devices))
            note.setWordWrap(True)
            layout.addWidget(note)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons, self.save_button = save_cancel_row(self, "Check out", "Cancel")
        layout.addLayout(buttons)

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(
            self, "Write the field copy to", self.path.text(), "Field copies (*.sqlite)"
        )
        if chosen:
            self.path.setText(chosen)

    def values(self) -> tuple[str, str]:
        return self.device.text().strip(), self.path.text().strip()


class AbandonDialog(_Applying):
    """Which device's copy to give up, and why (journaled; the copy's file is kept)."""

    def __init__(self, parent, out: list[dict], apply):
        super().__init__(parent)
        self.apply = apply
        self.setWindowTitle("Abandon a field copy")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Use this when a copy will never come back (a lost or broken laptop). Its file is "
            "kept where it is; its unused notice numbers are released with a journal entry."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.device = QComboBox()
        for row in out:
            self.device.addItem(
                f"{row['device']} — checked out {row['checked_out_at'][:16].replace('T', ' ')}",
                row["device"],
            )
        form.addRow("Copy:", self.device)
        self.reason = QPlainTextEdit()
        self.reason.setPlaceholderText("Why it will not be checked in")
        self.reason.setFixedHeight(90)
        form.addRow("Reason:", self.reason)
        layout.addLayout(form)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        layout.addWidget(self.error)
        buttons, self.save_button = save_cancel_row(self, "Abandon the copy", "Cancel")
        layout.addLayout(buttons)

    def values(self) -> tuple[str, str]:
        return self.device.currentData(), self.reason.toPlainText().strip()
