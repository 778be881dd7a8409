"""Correct the owner of an imported permit: link the typed name to a person on file, or add one.

Why a dialog of its own: a person on file is corrected field by field, but an imported
permit's owner is only a name typed in the old register, so there is nothing to correct
until a person exists. The clerk picks the owner from the people on file (name, address and
phone shown, the same-name ones first, so the right Maria Gonzalez is chosen) or adds them
from what the owner says at the counter, with the directory's "use the one on file?" check.
Before and after are shown while the clerk works, and the correction is journaled with the
reason (``store.owner_on_file``).
"""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.office_words import say
from deerfield_desk.store.owner_on_file import link_owner, owner_before
from deerfield_desk.store.people import people_matching, person_label, search_people
from deerfield_desk.ui import person_picker
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.permit_window.tables import fit_to_screen
from deerfield_desk.ui.wizard.fields import error_label, hint_label

NEW_FIELDS = (("name", "&Name"), ("phone", "P&hone"), ("mailing_address", "Mailing a&ddress"),
              ("email", "E-&mail"))  # fmt: skip


#: The store's field names → this dialog's controls (for the focus on an error).
_FIELD_WIDGETS = {"reason": "correct_reason", "owner": "owner_person", "name": "owner_new_name",
                  "phone": "owner_new_phone", "email": "owner_new_email"}  # fmt: skip


class OwnerLinkDialog(DeskDialog):
    """``link`` holds the store's ``OwnerLink`` once saved."""

    def __init__(self, parent: QWidget | None, register, permit_uuid: str):
        super().__init__(parent)
        self.setObjectName("ownerLink")
        self.register, self.permit_uuid = register, permit_uuid
        self.permit = register.get("permits", permit_uuid)
        self.link = None
        typed = (self.permit.get("owner_name") or "").strip()
        self.setWindowTitle(f"Correct owner — {self.permit.get('address_text') or ''}")
        outer = QVBoxLayout(self)
        intro = QLabel(
            f"The owner of this imported permit is the name typed in the old register, "
            f"<b>{escape(typed) or '(none)'}</b>, with no person on file to hold a phone or "
            "an address. Link the permit to the owner on file, or add them."
        )
        intro.setWordWrap(True)
        outer.addWidget(intro)
        form = QFormLayout()
        outer.addLayout(form)
        self.choice = QButtonGroup(self)
        self.use_radio = QRadioButton("A &person on file")
        self.use_radio.setObjectName("owner_use_on_file")
        self.new_radio = QRadioButton("Add a ne&w person")
        self.new_radio.setObjectName("owner_add_new")
        for radio in (self.use_radio, self.new_radio):
            self.choice.addButton(radio)
            radio.toggled.connect(self._mode)
        form.addRow(self.use_radio)
        self.find = QLineEdit(typed)
        self.find.setObjectName("owner_find")
        self.find.textChanged.connect(self._refill)
        form.addRow("&Find on file", self.find)
        self.people = QComboBox()
        self.people.setObjectName("owner_person")
        self.people.currentIndexChanged.connect(self._preview)
        form.addRow("&Owner on file", self.people)
        form.addRow(self.new_radio)
        self.new: dict[str, QLineEdit] = {}
        for field, label in NEW_FIELDS:
            edit = QLineEdit(typed if field == "name" else "")
            edit.setObjectName(f"owner_new_{field}")
            edit.textChanged.connect(self._preview)
            form.addRow(label, edit)
            self.new[field] = edit
        self.reason = QLineEdit()
        self.reason.setObjectName("correct_reason")
        self.reason.setPlaceholderText("e.g. owner called in; name as on the deed")
        form.addRow("&Reason (required)", self.reason)
        kept = "The change is kept in the journal with the reason, your name and the time."
        outer.addWidget(hint_label(kept))
        self.preview = QLabel()
        self.preview.setObjectName("correctionPreview")
        self.preview.setWordWrap(True)
        outer.addWidget(self.preview)
        self.error = error_label()
        self.error.setObjectName("ownerLinkError")
        outer.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.save = buttons.addButton("&Save correction", QDialogButtonBox.ButtonRole.AcceptRole)
        self.save.setObjectName("correct_save")
        self.save.clicked.connect(self.submit)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self._refill()
        (self.use_radio if self.people.count() > 1 else self.new_radio).setChecked(True)
        fit_to_screen(self, 640, 560)

    def _refill(self) -> None:
        """Same-name people first (with why they match), then the search's others."""
        text = self.find.text().strip()
        found = [m.person for m in people_matching(self.register, {"name": text})] if text else []
        seen = {p["uuid"] for p in found}
        found += [p for p in search_people(self.register, text, limit=50) if p["uuid"] not in seen]
        person_picker.fill_people(self.people, found, self.people.currentData(),
                                  none_label="— choose the owner —")  # fmt: skip
        self._preview()

    def _mode(self) -> None:
        using = self.use_radio.isChecked()
        self.find.setEnabled(using)
        self.people.setEnabled(using)
        for edit in self.new.values():
            edit.setEnabled(not using)
        self._preview()

    def _after(self) -> str | None:
        if self.use_radio.isChecked():
            uuid = self.people.currentData()
            return person_label(self.register.get("people", uuid)) if uuid else None
        values = {f: e.text().strip() for f, e in self.new.items()}
        return f"{person_label(values)} (new person on file)" if values["name"] else None

    def _preview(self) -> None:
        after = self._after()
        before = owner_before(self.register, self.permit)
        self.preview.setText(
            "<table cellspacing='4'><tr><th align='left'>Before</th><td>"
            f"{escape(before)}</td></tr><tr><th align='left'>After</th><td>"
            f"{escape(after) if after else '<i>choose or add the owner</i>'}</td></tr></table>"
        )

    def submit(self) -> bool:
        self.error.setVisible(False)
        kwargs: dict = {}
        if self.use_radio.isChecked():
            kwargs["person_uuid"] = self.people.currentData()
            if kwargs["person_uuid"] is None:
                return self._fail(InvalidInput("owner", "choose the owner on file in the list"))
        else:
            values = {f: e.text() for f, e in self.new.items()}
            matches = people_matching(self.register, values) if values["name"].strip() else []
            if matches:  # the directory's own question: a second record only on purpose
                answer, chosen = person_picker.ask_use_on_file(self, matches, values["name"])
                if answer == "cancel":
                    return False
                if answer == "use" and chosen:
                    kwargs["person_uuid"] = chosen["uuid"]
            if "person_uuid" not in kwargs:
                kwargs["new_person"] = values
        try:
            self.link = link_owner(self.register, self.permit_uuid, self.reason.text(), **kwargs)
        except (InvalidInput, NotAllowed) as exc:
            return self._fail(exc)
        self.accept()
        return True

    def _fail(self, exc: Exception) -> bool:
        field = exc.field if isinstance(exc, InvalidInput) else None
        show_error(self, self.error, say(exc), _FIELD_WIDGETS.get(field or "", field))
        return False
