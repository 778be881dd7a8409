"""Village settings printed on every document: name, address, phone, the clerk's and the
inspector's names, an optional seal image, and the paper counter receipts print on. Stored in
the register's settings (so every device printing from this register prints the same
letterhead), each change journaled.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import (
    QComboBox,
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
    RECEIPT_PAPERS,
    VillageSettings,
    load_village_settings,
    missing_official,
    save_village_settings,
)
from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.office_words import say
from deerfield_desk.store.document_records import approve_raze_wording, raze_wording_approval
from deerfield_desk.ui.a11y.fit import DeskDialog

FIELDS = (
    ("name", "Village name"),
    ("address", "Office address"),
    ("phone", "Office phone (for inspection requests)"),
    ("clerk", "Village Clerk's name"),
    ("inspector", "Building Inspector's name"),
)


class VillageSettingsPage(DeskDialog):
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
        # Counter receipts: the office's letter printer, or a receipt printer's 80 mm roll.
        self.receipt_paper = QComboBox()
        self.receipt_paper.setObjectName("receipt_paper")
        for code, label in RECEIPT_PAPERS.items():
            self.receipt_paper.addItem(label, code)
        form.addRow("Receipts print on", self.receipt_paper)
        # §12.17 adopts Wis. Stat. §66.0413: the raze order's wording waits for the attorney
        self.raze = QLabel()
        self.raze.setObjectName("raze_wording")
        self.raze.setWordWrap(True)
        self.raze_by = QLineEdit()
        self.raze_by.setObjectName("raze_approved_by")
        self.raze_by.setAccessibleName("Raze order wording approved by")
        self.raze_by.setPlaceholderText("Who approves it (e.g. the village attorney's name)")
        self.approve = QPushButton("Approve the wording")
        self.approve.setObjectName("approve_raze_wording")
        self.approve.clicked.connect(self.approve_raze)
        raze_row = QHBoxLayout()
        raze_row.setContentsMargins(0, 0, 0, 0)
        raze_row.addWidget(self.raze_by, 1)
        raze_row.addWidget(self.approve)
        raze_holder = QWidget()
        raze_holder.setLayout(raze_row)
        form.addRow("Raze-order wording", self.raze)
        form.addRow("", raze_holder)
        self.message = QLabel("")
        self.message.setStyleSheet("color:#a00000")
        form.addRow(self.message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept_if_valid)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.resize(620, 360)
        self.load()

    def load(self) -> None:
        settings = load_village_settings(self.register)
        for field, edit in self.edits.items():
            edit.setText(getattr(settings, field))
        self.seal.setText(settings.seal_path)
        self.receipt_paper.setCurrentIndex(self.receipt_paper.findData(settings.receipt_paper))
        approved = raze_wording_approval(self.register)
        self.raze.setText(
            f"Approved by {approved}."
            if approved
            else "<b>For review by the village attorney.</b> Raze orders (§12.17, Wis. Stat. "
            "§66.0413) print this mark until someone approves their wording."
        )
        self.raze_by.setVisible(not approved)
        self.approve.setVisible(not approved)

    def approve_raze(self) -> bool:
        try:
            approve_raze_wording(self.register, self.raze_by.text(), date.today())
        except InvalidInput as exc:
            self.message.setText(say(exc))
            return False
        self.load()
        return True

    def values(self) -> VillageSettings:
        given = {field: edit.text().strip() for field, edit in self.edits.items()}
        return VillageSettings(**given, seal_path=self.seal.text().strip(),
                               receipt_paper=self.receipt_paper.currentData())  # fmt: skip

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
            self.message.setText(say(exc))
            return False
        missing = missing_official(self.values())
        if missing:  # saved, but the clerk should know documents still refuse to print
            self.message.setText(f"Saved. Still missing: {', '.join(missing)}: official "
                                 "documents do not print until these are set.")  # fmt: skip
        return True

    def accept_if_valid(self) -> None:
        if self.save():
            self.accept()

    def choose_seal(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Seal image", "", "Images (*.png *.jpg)")
        if path:
            self.seal.setText(path)
