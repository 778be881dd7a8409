"""Extend… a building permit by 30, 90 or up to 180 days with the inspector's approval and the
fee paid (12.14(1)); an erosion permit is refused with the 31.12(1) reapplication rule."""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.deposits import PAYMENT_METHODS
from deerfield_desk.models.extension import EXTENSION_PRESETS, MAX_EXTENSION_DAYS
from deerfield_desk.models.office_words import say
from deerfield_desk.store.permits_lifecycle import extend_permit
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.permit_picker import load_permit, permit_title
from deerfield_desk.ui.wizard.fields import error_label, hint_label


class ExtendDialog(DeskDialog):
    def __init__(self, window, permit_uuid: str, today: date | None = None):
        super().__init__(window)
        self.window, self.register = window, window.register
        self.permit = load_permit(self.register, permit_uuid)
        self.today = today or date.today()
        self.setWindowTitle("Extend permit")
        form = QFormLayout(self)
        form.addRow(QLabel(f"<b>{permit_title(self.permit)}</b><br>Expires "
                           f"{self.permit['expires_date'] or '—'}"))  # fmt: skip
        form.addRow(hint_label("§12.14(1): 30, 90 or up to 180 days, with the building "
                               "inspector's approval and the extension fee paid."))  # fmt: skip
        self.days = QSpinBox()
        self.days.setObjectName("extend_days")
        self.days.setRange(1, MAX_EXTENSION_DAYS)
        self.days.setValue(EXTENSION_PRESETS[0])
        form.addRow("Days", self.days)
        self.approved_by = QLineEdit()
        self.approved_by.setObjectName("extend_approved_by")
        form.addRow("Approved by (inspector)", self.approved_by)
        # the day it was granted and the fee paid: typed in January, last December's
        # extension still belongs to last year's books and export
        self.granted_on = QDateEdit(self.today)
        self.granted_on.setObjectName("extend_granted_on")
        self.granted_on.setCalendarPopup(True)
        self.granted_on.setDisplayFormat("yyyy-MM-dd")
        self.granted_on.setMaximumDate(self.today)
        form.addRow("Granted on", self.granted_on)
        self.method = QComboBox()
        for key, label in PAYMENT_METHODS.items():
            self.method.addItem(label, key)
        form.addRow("Fee paid by", self.method)
        self.receipt = QLineEdit()
        self.receipt.setObjectName("extend_receipt")
        form.addRow("Receipt number", self.receipt)
        self.error = error_label()
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.addButton("Extend", QDialogButtonBox.ButtonRole.AcceptRole)
        ok.setObjectName("extend_button")
        ok.clicked.connect(self.extend)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.result_row: dict | None = None

    def extend(self) -> bool:
        days = self.days.value()
        if not confirm.confirm(self, "Extend permit", f"Extend {permit_title(self.permit)} by "
                               f"{days} days?"):  # fmt: skip
            return False
        try:
            self.result_row = extend_permit(
                self.register, self.permit["uuid"], days, self.approved_by.text(),
                self.method.currentData(), self.receipt.text(), self.granted_on.date().toPython(),
            )  # fmt: skip
        except (InvalidInput, NotAllowed) as exc:
            self.error.setText(say(exc))
            self.error.setVisible(True)
            return False
        self.accept()
        return True
