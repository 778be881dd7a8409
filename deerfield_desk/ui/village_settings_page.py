"""Village settings printed on every document: name, address, phone, the clerk's and the
inspector's names, and an optional seal image. Stored in the register's settings (so every
device printing from this register prints the same letterhead), each change journaled.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from deerfield_desk.documents.village import (
    VillageSettings,
    load_village_settings,
    save_village_settings,
)
from deerfield_desk.errors import NotAllowed

FIELDS = (
    ("name", "Village name"),
    ("address", "Office address"),
    ("phone", "Office phone (for inspection requests)"),
    ("clerk", "Village Clerk's name"),
    ("inspector", "Building Inspector's name"),
)


class VillageSettingsPage(QDialog):
    def __init__(self, parent, register):
        super().__init__(parent)
        self.setWindowTitle("Village settings for documents")
        self.register = register
        self.edits: dict[str, QLineEdit] = {}
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for field, label in FIELDS:
            edit = QLineEdit()
            edit.setObjectName(field)
            self.edits[field] = edit
            form.addRow(label, edit)
        self.seal = QLineEdit()
        self.seal.setObjectName("seal_path")
        browse = QPushButton("Choose…")
        browse.clicked.connect(self.choose_seal)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.seal, 1)
        row.addWidget(browse)
        holder = QWidget()
        holder.setLayout(row)
        form.addRow("Seal image (optional, PNG/JPEG)", holder)
        self.message = QLabel("")
        self.message.setStyleSheet("color:#a00000")
        form.addRow(self.message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept_if_valid)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.resize(620, 300)
        self.load()

    def load(self) -> None:
        settings = load_village_settings(self.register)
        for field, edit in self.edits.items():
            edit.setText(getattr(settings, field))
        self.seal.setText(settings.seal_path)

    def values(self) -> VillageSettings:
        given = {field: edit.text().strip() for field, edit in self.edits.items()}
        return VillageSettings(**given, seal_path=self.seal.text().strip())

    def validate(self) -> str | None:
        values = self.values()
        if not values.name:
            return "Village name: printed on every document, it cannot be empty."
        if values.seal_path and values.seal is None:
            return f"Seal image: no file at {values.seal_path}."
        return None

    def save(self) -> bool:
        problem = self.validate()
        self.message.setText(problem or "")
        if problem:
            return False
        try:
            save_village_settings(self.register, self.values())
        except NotAllowed as exc:  # a field copy: settings are changed at the office
            self.message.setText(str(exc))
            return False
        return True

    def accept_if_valid(self) -> None:
        if self.save():
            self.accept()

    def choose_seal(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Seal image", "", "Images (*.png *.jpg)")
        if path:
            self.seal.setText(path)
