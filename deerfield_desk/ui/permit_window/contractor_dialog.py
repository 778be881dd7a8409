"""Name a contractor on the permit for a trade (general, electrical, plumbing, HVAC).

The picker lists people on file who hold a state credential, each with address, phone and
credential, filtered as the clerk types; an expired credential is warned before saving (not
refused: the contractor may have renewed). Replacing the trade's contractor asks for the
reason, which voids the old one with it (``store.permit_contractors``)."""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import ContractorTrade
from deerfield_desk.models.office_words import say
from deerfield_desk.store.people import credential_warning, search_people
from deerfield_desk.store.permit_contractors import name_contractor
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.person_picker import fill_people
from deerfield_desk.ui.wizard.fields import error_label, hint_label


class NameContractorDialog(QDialog):
    def __init__(self, parent: QWidget | None, register, permit_uuid: str, *,
                 trade: str = "general", today: date | None = None):  # fmt: skip
        super().__init__(parent)
        self.setObjectName("nameContractor")
        self.setWindowTitle("Name a contractor")
        self.register, self.permit_uuid = register, permit_uuid
        self.today = today or date.today()
        self.result_row: dict | None = None
        form = QFormLayout(self)
        self.trade = QComboBox()
        self.trade.setObjectName("contractor_trade")
        for code in ContractorTrade:
            self.trade.addItem(code.label, code.value)
        self.trade.setCurrentIndex(max(self.trade.findData(trade), 0))
        form.addRow("&Trade", self.trade)
        self.search = QLineEdit()
        self.search.setObjectName("contractor_search")
        self.search.setPlaceholderText("name, firm, phone or credential number")
        form.addRow("&Find on file", self.search)
        self.person = QComboBox()
        self.person.setObjectName("contractor_person")
        self.person.setMinimumContentsLength(40)
        form.addRow("&Contractor", self.person)
        self.warning = error_label()
        self.warning.setObjectName("contractor_warning")
        form.addRow(self.warning)
        self.reason = QLineEdit()
        self.reason.setObjectName("contractor_reason")
        self.reason.setPlaceholderText("needed when the trade already has a contractor")
        form.addRow("&Reason", self.reason)
        form.addRow(hint_label("Not on file? Add the firm with its credential number in "
                               "People and firms first."))  # fmt: skip
        self.error = error_label()
        self.error.setObjectName("contractor_error")
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok = buttons.addButton("Name contractor", QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("contractor_ok")
        self.ok.clicked.connect(self.submit)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.search.textChanged.connect(self._refill)
        self.person.currentIndexChanged.connect(self._warn)
        self._refill()
        self.setMinimumWidth(620)

    def _refill(self) -> None:
        people = [p for p in search_people(self.register, self.search.text())
                  if p["credential_number"]]  # fmt: skip
        fill_people(self.person, people, self.person.currentData(), none_label=None)
        self._warn()

    def _warn(self) -> None:
        uuid = self.person.currentData()
        text = None
        if uuid:
            text = credential_warning(self.register.get("people", uuid), self.today)
        self.warning.setText(f"{text}: ask for the renewed credential." if text else "")
        self.warning.setVisible(bool(text))

    def submit(self) -> bool:
        self.error.setVisible(False)
        uuid = self.person.currentData()
        if not uuid:
            self.error.setText("Contractor: choose a contractor on file")
            self.error.setVisible(True)
            return False
        try:
            self.result_row = name_contractor(self.register, self.permit_uuid,
                                              self.trade.currentData(), uuid,
                                              reason=self.reason.text())  # fmt: skip
        except (InvalidInput, NotAllowed) as exc:
            show_error(self, self.error, say(exc), getattr(exc, "field", None))
            return False
        self.accept()
        return True
