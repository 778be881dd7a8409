"""Correct a person on file after submission: every field, the reason, and the change shown as
before → after while the clerk types, so what the journal will keep is seen before saving.

Bad input comes back from the store as ``InvalidInput(field, rule)`` and is shown under that
field; nothing is written until every field is good (``store.permit_corrections``)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.office_words import say
from deerfield_desk.store.permit_corrections import CORRECTABLE, correct_person, planned_changes
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.permit_window.tables import fit_to_screen
from deerfield_desk.ui.wizard.fields import error_label, hint_label


class ReasonDialog(QDialog):
    """Asks for the written reason an official change needs; ``apply`` does the change and
    any refusal is shown here, so the clerk can fix it without starting again."""

    def __init__(self, parent: QWidget | None, title: str, question: str, apply):
        super().__init__(parent)
        self.setObjectName("reasonDialog")
        self.setWindowTitle(title)
        self.apply, self.result_row = apply, None
        layout = QFormLayout(self)
        self.question = QLabel(question)
        self.question.setObjectName("reasonQuestion")
        self.question.setWordWrap(True)
        layout.addRow(self.question)
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        layout.addRow("&Reason (kept in the record)", self.reason)
        self.error = error_label()
        self.error.setObjectName("reasonError")
        layout.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok = buttons.addButton(title, QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("reasonOk")
        self.ok.clicked.connect(self.submit)
        buttons.rejected.connect(self.reject)
        layout.addRow(buttons)
        self.setMinimumWidth(460)

    def submit(self) -> bool:
        try:
            self.result_row = self.apply(self.reason.text())
        except (InvalidInput, NotAllowed) as exc:
            show_error(self, self.error, say(exc), getattr(exc, "field", None))
            return False
        self.accept()
        return True


class PersonCorrectionDialog(QDialog):
    """Correct one person; ``correction`` holds the store's ``Correction`` once saved."""

    def __init__(self, parent: QWidget | None, register, person_uuid: str, role: str = ""):
        super().__init__(parent)
        self.setObjectName("personCorrection")
        self.register = register
        self.person = register.get("people", person_uuid)
        self.correction = None
        title = f"Correct {role.lower() + ' ' if role else ''}{self.person['name']}"
        self.setWindowTitle(title)
        outer = QVBoxLayout(self)
        body = QWidget()
        form = QFormLayout(body)
        self.edits: dict[str, QLineEdit] = {}
        self.errors: dict[str, QLabel] = {}
        for field, label in CORRECTABLE.items():
            edit = QLineEdit(self.person.get(field) or "")
            edit.setObjectName(f"correct_{field}")
            edit.textChanged.connect(self._preview)
            form.addRow(label, edit)
            self.errors[field] = error_label()
            self.errors[field].setObjectName(f"correct_{field}_error")
            form.addRow("", self.errors[field])
            self.edits[field] = edit
        self.edits["credential_expires"].setPlaceholderText("YYYY-MM-DD")
        self.reason = QLineEdit()
        self.reason.setObjectName("correct_reason")
        self.reason.setPlaceholderText("e.g. owner called with a new number")
        form.addRow("Reason (required)", self.reason)
        self.errors["reason"] = error_label()
        form.addRow("", self.errors["reason"])
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        outer.addWidget(hint_label("The change is kept in the journal with the reason, your "
                                   "name and the time; the old values stay readable."))  # fmt: skip
        self.preview = QLabel()
        self.preview.setObjectName("correctionPreview")
        self.preview.setWordWrap(True)
        outer.addWidget(self.preview)
        self.general = error_label()
        outer.addWidget(self.general)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.save = buttons.addButton("Save correction", QDialogButtonBox.ButtonRole.AcceptRole)
        self.save.setObjectName("correct_save")
        self.save.clicked.connect(self.submit)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        fit_to_screen(self, 620, 560)
        self._preview()

    def values(self) -> dict:
        return {field: edit.text() for field, edit in self.edits.items()}

    def _preview(self) -> None:
        for label in self.errors.values():
            label.setVisible(False)
        try:
            changed = planned_changes(self.person, self.values())
        except InvalidInput as exc:
            self._error(exc.field, exc.rule)
            self.preview.setText("")
            return
        if not changed:
            self.preview.setText("<i>Nothing changed yet.</i>")
            return
        lines = "".join(f"<tr><td><b>{escape(label)}</b></td><td>{escape(before)}</td>"
                        f"<td>→</td><td>{escape(after)}</td></tr>"
                        for label, before, after in changed)  # fmt: skip
        self.preview.setText(
            f"<table cellspacing='4'><tr><th></th><th align='left'>Before"
            f"</th><th></th><th align='left'>After</th></tr>{lines}</table>"
        )

    def _error(self, field: str, rule: str) -> None:
        label = self.errors.get(field, self.general)
        label.setText(rule)
        label.setVisible(True)

    def submit(self) -> bool:
        self.general.setVisible(False)
        try:
            self.correction = correct_person(self.register, self.person["uuid"], self.values(),
                                         self.reason.text())  # fmt: skip
        except InvalidInput as exc:
            self._error(exc.field, exc.rule)
            return False
        except NotAllowed as exc:
            self._error("general", str(exc))
            return False
        self.accept()
        return True
