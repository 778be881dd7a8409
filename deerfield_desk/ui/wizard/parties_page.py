"""Page 2, the parties: owner (required), applicant, contractor with the state credential
number. Pick people on file or add them; a new person is a register record at once."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWizardPage,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.store.applications import add_person, check_parties, find_people
from deerfield_desk.ui.wizard.fields import hint_label, with_error

ROLES = (("owner", "Owner"), ("applicant", "Applicant (if not the owner)"),
         ("contractor", "Contractor"))  # fmt: skip
PERSON_FIELDS = (("name", "Name"), ("firm", "Firm"), ("phone", "Phone"), ("email", "Email"),
                 ("mailing_address", "Mailing address"),
                 ("credential_type", "State credential type"),
                 ("credential_number", "State credential number"))  # fmt: skip


class PartiesPage(QWizardPage):
    def __init__(self, wizard):
        super().__init__()
        self.setTitle("Parties")
        self.setSubTitle("Who owns the property, who applies, and who does the work.")
        self.w = wizard
        layout = QVBoxLayout(self)
        chosen = QFormLayout()
        self.combos: dict[str, QComboBox] = {}
        for role, label in ROLES:
            combo = QComboBox()
            combo.setObjectName(f"party_{role}")
            box, error = with_error(combo)
            chosen.addRow(label, box)
            self.combos[role] = combo
            self._fill(combo)
            wizard.binder.bind(("parties", f"{role}_uuid"), combo, label.lower(), error=error)
        layout.addLayout(chosen)
        group = QGroupBox("Add a person or firm not yet on file")
        form = QFormLayout(group)
        self.new: dict[str, QLineEdit] = {}
        self.new_errors = {}
        for key, label in PERSON_FIELDS:
            edit = QLineEdit()
            edit.setObjectName(f"person_{key}")
            box, error = with_error(edit)
            form.addRow(label, box)
            self.new[key], self.new_errors[key] = edit, error
        form.addRow("", hint_label("Contractors need their Wisconsin credential number "
                                   "(e.g. Dwelling Contractor)."))  # fmt: skip
        buttons = QHBoxLayout()
        for role, label in ROLES:
            button = QPushButton(f"Add as {label.split(' (')[0].lower()}")
            button.setObjectName(f"add_{role}")
            button.clicked.connect(lambda _=False, r=role: self.add(r))
            buttons.addWidget(button)
        form.addRow(buttons)
        layout.addWidget(group)

    def _fill(self, combo: QComboBox, select: str | None = None) -> None:
        blocked = combo.blockSignals(True)
        combo.clear()
        combo.addItem("— none —", None)
        for row in find_people(self.w.register, "", limit=1000):
            extra = f" · {row['credential_number']}" if row["credential_number"] else ""
            firm = f" ({row['firm']})" if row["firm"] else ""
            combo.addItem(f"{row['name']}{firm}{extra}", row["uuid"])
        combo.setCurrentIndex(max(combo.findData(select), 0))
        combo.blockSignals(blocked)

    def add(self, role: str) -> dict | None:
        for error in self.new_errors.values():
            error.setVisible(False)
        values = {k: e.text() for k, e in self.new.items()}
        doubt = self.w.unusual_email(values.get("email"))
        if doubt is not None:  # asked first, and the clerk chose to correct it
            self.new_errors["email"].setText(doubt)
            self.new_errors["email"].setVisible(True)
            return None
        try:
            person = add_person(self.w.register, values, contractor=(role == "contractor"))
        except InvalidInput as exc:
            label = self.new_errors.get(exc.field)
            if label is not None:
                label.setText(exc.rule)
                label.setVisible(True)
            return None
        self.w.people_added.append(person["uuid"])  # voided if the application is discarded
        for combo_role, combo in self.combos.items():
            current = self.w.state.get("parties", {}).get(f"{combo_role}_uuid")
            self._fill(combo, current)
        self.combos[role].setCurrentIndex(self.combos[role].findData(person["uuid"]))
        for edit in self.new.values():
            edit.clear()
        return person

    def validatePage(self) -> bool:
        try:
            check_parties(self.w.state.get("parties") or {})
        except InvalidInput as exc:
            self.w.binder.error_for_field("owner_uuid", exc.rule)
            return False
        return True
