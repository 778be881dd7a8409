"""People and firms on file: a directory with search, add (asking "use the one on file?" when
the name, phone or address is already there) and correct (journaled, before and after).

Why a directory: owners, applicants and contractors come back permit after permit; keeping
one record each means a corrected phone reaches every permit and notice, and a duplicate with
no address is seen (its "Note" says so) rather than picked blind."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.store.applications import add_person
from deerfield_desk.store.changes import OpChanges
from deerfield_desk.store.people import credential_warning, people_matching, search_people
from deerfield_desk.ui import person_picker
from deerfield_desk.ui.permit_window import actions
from deerfield_desk.ui.permit_window.tables import (
    current_key,
    fill_table,
    fit_to_screen,
    make_table,
    select_key,
)
from deerfield_desk.ui.wizard.fields import error_label

HEADERS = ["Name", "Firm", "Phone", "Mailing address", "E-mail", "Credential", "Expires", "Note"]
FIELDS = (("name", "Name"), ("firm", "Firm"), ("phone", "Phone"), ("email", "E-mail"),
          ("mailing_address", "Mailing address"), ("credential_type", "State credential type"),
          ("credential_number", "State credential number"),
          ("credential_expires", "Credential expires (YYYY-MM-DD)"))  # fmt: skip


class AddPersonDialog(QDialog):
    """A new person or firm. Someone already on file is offered first; ``person`` is the
    record used (the one on file, or the new one)."""

    def __init__(self, parent: QWidget | None, register):
        super().__init__(parent)
        self.setObjectName("addPerson")
        self.setWindowTitle("Add a person or firm")
        self.register, self.person = register, None
        outer = QVBoxLayout(self)
        body = QWidget()
        form = QFormLayout(body)
        self.edits: dict[str, QLineEdit] = {}
        self.errors = {}
        for key, label in FIELDS:
            edit = QLineEdit()
            edit.setObjectName(f"add_{key}")
            form.addRow(label, edit)
            self.errors[key] = error_label()
            form.addRow("", self.errors[key])
            self.edits[key] = edit
        self.is_firm = QCheckBox("A firm, not a person")
        self.is_firm.setObjectName("add_is_firm")
        form.addRow("", self.is_firm)
        self.contractor = QCheckBox("A contractor (a state credential number is required)")
        self.contractor.setObjectName("add_contractor")
        form.addRow("", self.contractor)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok = buttons.addButton("Add to file", QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("add_ok")
        self.ok.clicked.connect(self.submit)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        fit_to_screen(self, 560, 520)

    def submit(self) -> bool:
        for label in self.errors.values():
            label.setVisible(False)
        values: dict = {k: e.text() for k, e in self.edits.items()}
        values["is_firm"] = self.is_firm.isChecked()
        if values["name"].strip():
            matches = people_matching(self.register, values)
            if matches:
                answer, on_file = person_picker.ask_use_on_file(self, matches, values["name"])
                if answer == "cancel":
                    return False
                if on_file is not None:
                    self.person = on_file
                    self.accept()
                    return True
        try:
            self.person = add_person(self.register, values,
                                     contractor=self.contractor.isChecked())  # fmt: skip
        except InvalidInput as exc:
            label = self.errors.get(exc.field, self.errors["name"])
            label.setText(exc.rule)
            label.setVisible(True)
            return False
        self.accept()
        return True


class PeopleDirectory(QDialog):
    """The directory; non-modal, it follows the register like every view."""

    SHOWS = frozenset({"people", "permit_contractors"})

    def __init__(self, main, today: date | None = None):
        super().__init__(main)
        self.setObjectName("peopleDirectory")
        self.setWindowTitle("People and firms on file")
        self.main, self.today = main, today or date.today()
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setObjectName("directory_search")
        self.search.setPlaceholderText("name, firm, phone, address, e-mail or credential number")
        self.search.setClearButtonEnabled(True)
        label = QLabel("&Search")
        label.setBuddy(self.search)
        row.addWidget(label)
        row.addWidget(self.search, 1)
        layout.addLayout(row)
        self.table = make_table("directory_table", "People and firms on file", HEADERS,
                                ("Name", "Firm", "Mailing address", "Note"))  # fmt: skip
        self.table.doubleClicked.connect(lambda _i: self.correct())
        layout.addWidget(self.table, 1)
        self.count = QLabel()
        self.count.setObjectName("directory_count")
        buttons = QHBoxLayout()
        self.add_button = QPushButton("&Add person or firm…")
        self.add_button.setObjectName("directory_add")
        self.add_button.clicked.connect(self.add)
        self.correct_button = QPushButton("&Correct…")
        self.correct_button.setObjectName("directory_correct")
        self.correct_button.clicked.connect(self.correct)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.correct_button)
        buttons.addStretch(1)
        buttons.addWidget(self.count)
        layout.addLayout(buttons)
        # A search reads every person (contains-matching); wait for a pause in the typing.
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(250)
        self.debounce.timeout.connect(self.reload)
        self.search.textChanged.connect(self.debounce.start)
        main.register_changed.connect(self._changed)
        fit_to_screen(self, 1180, 620)
        self.reload()

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self.debounce.stop()  # no search after the window is gone
        super().closeEvent(event)

    def _changed(self, changes: OpChanges) -> None:
        if changes.touches(*self.SHOWS):
            self.reload()

    def reload(self) -> None:
        people = search_people(self.main.register, self.search.text())
        rows = []
        for p in people:
            note = credential_warning(p, self.today) or (
                None if p["mailing_address"] else "no mailing address on file"
            )
            if p.get("near_match"):  # after every exact match (store.near_people)
                note = "; ".join(filter(None, ["name spelt a little differently", note]))
            rows.append([p["name"], p["firm"], p["phone"], p["mailing_address"], p["email"],
                         " ".join(filter(None, [p["credential_type"], p["credential_number"]])),
                         p["credential_expires"], note])  # fmt: skip
        fill_table(self.table, rows, [p["uuid"] for p in people])
        shown = len(people)
        near = sum(1 for p in people if p.get("near_match"))
        self.count.setText(f"{shown} shown"
                           + (f" ({near} spelt a little differently)" if near else "")
                           + (" (the first 200: narrow the search)"
                              if shown >= 200 else ""))  # fmt: skip

    def add(self) -> dict | None:
        dialog = AddPersonDialog(self, self.main.register)
        if not actions.run(dialog):
            return None
        self.search.setText(dialog.person["name"])
        self.debounce.stop()
        self.reload()
        select_key(self.table, dialog.person["uuid"])
        return dialog.person

    def correct(self):
        from deerfield_desk.ui.permit_window.correct_dialog import PersonCorrectionDialog

        uuid = current_key(self.table)
        if uuid is None:
            return None
        dialog = PersonCorrectionDialog(self, self.main.register, uuid)
        return dialog.correction if actions.run(dialog) else None
