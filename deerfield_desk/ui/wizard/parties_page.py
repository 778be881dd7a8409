"""Page 2, the parties: owner (required), applicant, the general contractor and the licensed
trades (electrical, plumbing, HVAC), each contractor with the state credential number and its
expiry. Pick people on file or add them; a new person is a register record at once.

Pickers show name, address and phone (two people of one name must be told apart), adding
someone whose name, phone or address is on file asks "use the one on file?" first, and the
owner of record is filled in from the parcel chosen on the Site page."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.store.application_contractors import check_trades, credential_doubts
from deerfield_desk.store.applications import add_person, check_parties, find_people
from deerfield_desk.store.people import owner_of_record, people_matching
from deerfield_desk.ui import person_picker
from deerfield_desk.ui.flow_layout import FlowLayout
from deerfield_desk.ui.wizard.fields import hint_label, tab_only_to_fields, with_error

ROLES = (("owner", "Owner"), ("applicant", "Applicant (if not the owner)"),
         ("contractor", "General contractor"))  # fmt: skip
#: The licensed trades (``store.application_contractors``): named on the permits at submission.
TRADES = (("electrical", "Electrical contractor"), ("plumbing", "Plumbing contractor"),
          ("hvac", "HVAC contractor"))  # fmt: skip
CONTRACTOR_ROLES = frozenset({"contractor", *(role for role, _label in TRADES)})
PERSON_FIELDS = (("name", "Name"), ("firm", "Firm"), ("phone", "Phone"), ("email", "Email"),
                 ("mailing_address", "Mailing address"),
                 ("credential_type", "State credential type"),
                 ("credential_number", "State credential number"),
                 ("credential_expires", "Credential expires (YYYY-MM-DD)"))  # fmt: skip


class PartiesPage(QWizardPage):
    def __init__(self, wizard):
        super().__init__()
        self.setTitle("Parties")
        self.setSubTitle("Who owns the property, who applies, and who does the work.")
        self.w = wizard
        # a scrollable body: six pickers and the add-person form fit a small screen at 200 %
        holder = QWidget()
        layout = QVBoxLayout(holder)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(holder)
        QVBoxLayout(self).addWidget(scroll)
        chosen = QFormLayout()
        chosen.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # narrow: field below
        self.combos: dict[str, QComboBox] = {}
        people = find_people(self.w.register, "", limit=1000)  # read once for six pickers
        for role, label in ROLES + TRADES:
            combo = QComboBox()
            combo.setObjectName(f"party_{role}")
            # a long "name · address · phone" must not set the page's width (200 % scaling)
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(18)
            box, error = with_error(combo)
            chosen.addRow(label, box)
            self.combos[role] = combo
            self._fill(combo, people=people)
            wizard.binder.bind(("parties", f"{role}_uuid"), combo, label.lower(), error=error)
            if role == "contractor":
                chosen.addRow("", hint_label("Licensed trades, if known (each is named on the "
                                             "building permit with its credential):"))  # fmt: skip
        layout.addLayout(chosen)
        self.credential_hint = hint_label("")
        self.credential_hint.setObjectName("expiredCredentialHint")
        self.credential_hint.setVisible(False)
        layout.addWidget(self.credential_hint)
        wizard.changed.connect(self._credentials_said)
        self.owner_hint = hint_label("")
        self.owner_hint.setObjectName("ownerOfRecordHint")
        self.owner_hint.setVisible(False)
        layout.addWidget(self.owner_hint)
        group = QGroupBox("Add a person or firm not yet on file")
        form = QFormLayout(group)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
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
        row = QWidget()
        buttons = FlowLayout(row)  # wraps on a narrow screen instead of widening the page
        for role, label in ROLES + TRADES:
            words = label.split(" (")[0]
            words = words if words[:2].isupper() else words[0].lower() + words[1:]  # HVAC
            button = QPushButton(f"Add as {words}")
            button.setObjectName(f"add_{role}")
            button.clicked.connect(lambda _=False, r=role: self.add(r))
            buttons.addWidget(button)
        form.addRow(row)
        layout.addWidget(group)
        layout.addStretch(1)
        tab_only_to_fields(self)  # the scroll area takes no Tab stop of its own (issue 16.4)

    def _fill(self, combo: QComboBox, select: str | None = None, *,
              people: list[dict] | None = None) -> None:  # fmt: skip
        people = list(people) if people is not None else find_people(self.w.register, "",
                                                                      limit=1000)  # fmt: skip
        if select and all(row["uuid"] != select for row in people):
            people.append(self.w.register.get("people", select))  # beyond the first 1000
        person_picker.fill_people(combo, people, select)

    def initializePage(self) -> None:  # noqa: N802 (Qt's name)
        """The owner of record comes from the parcel on file, unless the clerk chose one."""
        self._credentials_said()
        parties = self.w.state.get("parties") or {}
        parcel_uuid = (self.w.state.get("site") or {}).get("parcel_uuid")
        self.owner_hint.setVisible(False)
        if parties.get("owner_uuid") or not parcel_uuid:
            return
        owner = owner_of_record(self.w.register, parcel_uuid)
        if owner is None:
            return
        self._fill(self.combos["owner"], owner["uuid"])
        self.w.binder.edit(("parties", "owner_uuid"), owner["uuid"], "owner")
        self.owner_hint.setText(
            f"Owner of record filled in from the parcel: {owner['name']}. Change it if the "
            "property has been sold."
        )
        self.owner_hint.setVisible(True)

    def add(self, role: str) -> dict | None:
        for error in self.new_errors.values():
            error.setVisible(False)
        values = {k: e.text() for k, e in self.new.items()}
        doubt = self.w.unusual_email(values.get("email"))
        if doubt is not None:  # asked first, and the clerk chose to correct it
            self.new_errors["email"].setText(doubt)
            self.new_errors["email"].setVisible(True)
            return None
        matches = people_matching(self.w.register, values) if values["name"].strip() else []
        if matches:
            answer, on_file = person_picker.ask_use_on_file(self, matches, values["name"])
            if answer == "cancel":
                return None
            if on_file is not None:
                return self._choose(role, on_file)
        try:
            person = add_person(self.w.register, values, contractor=(role in CONTRACTOR_ROLES))
        except InvalidInput as exc:
            label = self.new_errors.get(exc.field)
            if label is not None:
                label.setText(exc.rule)
                label.setVisible(True)
            return None
        self.w.people_added.append(person["uuid"])  # voided if the application is discarded
        return self._choose(role, person)

    def _choose(self, role: str, person: dict) -> dict:
        """Refill the pickers (a new person appears in each) and choose ``person`` for
        ``role``; the add-person fields are cleared for the next one."""
        people = find_people(self.w.register, "", limit=1000)
        for combo_role, combo in self.combos.items():
            current = self.w.state.get("parties", {}).get(f"{combo_role}_uuid")
            self._fill(combo, person["uuid"] if combo_role == role else current, people=people)
        self.w.binder.edit(("parties", f"{role}_uuid"), person["uuid"], role)
        for edit in self.new.values():
            edit.clear()
        return person

    def _credentials_said(self, path=None) -> None:
        """An expired credential is said as soon as its contractor is chosen (it is asked
        about again before submitting: the contractor may have renewed)."""
        if path is not None and tuple(path)[:1] != ("parties",):
            return
        doubts = credential_doubts(self.w.register, self.w.state.get("parties") or {},
                                   self.w.today)  # fmt: skip
        self.credential_hint.setText("Check: " + "; ".join(doubts) + "." if doubts else "")
        self.credential_hint.setVisible(bool(doubts))

    def validatePage(self) -> bool:
        parties = self.w.state.get("parties") or {}
        try:
            check_parties(parties)
        except InvalidInput as exc:
            self.w.binder.error_for_field("owner_uuid", exc.rule)
            return False
        try:  # a trade without a credential is said here, beside its picker
            check_trades(self.w.register, parties)
        except InvalidInput as exc:
            self.w.binder.error_for_field(f"{exc.field}_uuid", exc.rule)
            return False
        return True
