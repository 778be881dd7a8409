"""Issue a permit: shows every unmet precondition with its section (fees, deposits and
securities, insurance, placard, papers, engine refusals, the review) and issues only when none
remain — number ``YYYY-NNNN``, issue date and expiry, after a clear confirmation."""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import QDialogButtonBox, QLabel, QListWidget, QVBoxLayout

from deerfield_desk.errors import NotAllowed
from deerfield_desk.models.office_words import say
from deerfield_desk.store.permits_lifecycle import check_issuance, issue_permit
from deerfield_desk.store.village_calendar import village_calendar
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.permit_picker import load_permit, permit_title


class IssueDialog(DeskDialog):
    def __init__(self, window, permit_uuid: str, today: date | None = None):
        super().__init__(window)
        self.window, self.register = window, window.register
        self.permit_uuid, self.today = permit_uuid, today or date.today()
        self.issued: dict | None = None
        self.setWindowTitle("Issue permit")
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        layout.addWidget(self.verdict)
        self.unmet = QListWidget()
        self.unmet.setObjectName("unmet_list")
        layout.addWidget(self.unmet, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.issue_button = self.buttons.addButton(
            "Issue permit", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.issue_button.setObjectName("issue_button")
        self.issue_button.clicked.connect(self.issue)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(720, 420)
        self.refresh()

    def refresh(self) -> None:
        permit = load_permit(self.register, self.permit_uuid)
        self.title.setText(f"<b>{permit_title(permit)}</b>")
        reasons = check_issuance(self.register, self.permit_uuid, self.today)
        self.unmet.clear()
        for reason in reasons:
            self.unmet.addItem(str(reason))
        self.issue_button.setEnabled(not reasons)
        self.verdict.setText(
            "<span style='color:#b00020'><b>Cannot be issued yet.</b> Still needed:</span>"
            if reasons else "<b>Everything is in order.</b> Issuing assigns the next number."
        )  # fmt: skip

    def issue(self) -> None:
        permit = load_permit(self.register, self.permit_uuid)
        if not confirm.confirm(self, "Issue permit", f"Issue {permit_title(permit)} dated "
                               f"{self.today.isoformat()}?"):  # fmt: skip
            return
        try:
            self.issued = issue_permit(self.register, self.permit_uuid, self.today,
                                       village_calendar(self.register))  # fmt: skip
        except NotAllowed as exc:
            confirm.inform(self, "Not issued", say(exc))
            self.refresh()
            return
        confirm.inform(self, "Permit issued", f"Permit {self.issued['permit_number']} issued; "
                       f"expires {self.issued['expires_date'] or 'with the work'}.")  # fmt: skip
        self.accept()
