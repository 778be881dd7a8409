"""Small dialogs of the Notices screen: draft a notice, record service, an appeal, a withdrawal.

Each dialog writes through one store function (``store.notices``) when its button is pressed;
bad input comes back as ``InvalidInput(field, rule)`` and is shown on the line under that
field, so the clerk sees which box to fix. The official acts (service, appeal, withdrawal) ask
first through ``ui.confirm``, the helper the permit lifecycle uses, which tests replace.
:func:`run` shows a dialog modally; tests replace it to fill the fields and press the button.
"""

from __future__ import annotations

import json
from datetime import date, datetime

from PySide6.QtCore import QDate, QTime
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTimeEdit,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.notices import KIND_RULES, ServiceMethod
from deerfield_desk.models.office_words import say
from deerfield_desk.store import notices as store
from deerfield_desk.store.notice_enforcement import lift_stop_work
from deerfield_desk.store.notice_queries import (
    parcel_by_number,
    parcel_owner,
    permit_contractor,
    permit_owner,
)
from deerfield_desk.store.people import notice_recipients
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.notice_table_model import kind_title
from deerfield_desk.ui.person_picker import fill_people
from deerfield_desk.ui.wizard.fields import error_label, hint_label

#: Touchpad-sized targets (px): buttons and one-line inputs are at least this tall.
TARGET = 34
SERVICE_LABELS = {
    ServiceMethod.IN_PERSON: "In person (handed to the recipient)",
    ServiceMethod.POSTED: "Posted at the site",
    ServiceMethod.FIRST_CLASS_MAIL: "First-class mail (give the day mailed)",
    ServiceMethod.POSTED_AND_PUBLISHED: "Posted and published (raze order, owner not found)",
}


def run(dialog: QDialog) -> bool:
    """Show ``dialog`` modally; True when it did its work. Tests replace this."""
    return dialog.exec() == QDialog.DialogCode.Accepted


def date_edit(value: date, name: str) -> QDateEdit:
    edit = QDateEdit(QDate(value.year, value.month, value.day))
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd")
    edit.setObjectName(name)
    edit.setMinimumHeight(TARGET)
    return edit


class NoticeForm(DeskDialog):
    """A form whose fields each have an error line; subclasses say what :meth:`apply` does."""

    button_text = "OK"

    def __init__(self, parent: QWidget | None, register, title: str):
        super().__init__(parent)
        self.register = register
        self.setWindowTitle(title)
        self.setMinimumWidth(480)
        self.form = QFormLayout(self)
        self.errors: dict[str, QLabel] = {}
        self.result_row: dict | None = None

    def heading(self, notice: dict) -> None:
        """Name the notice acted on at the top, so the clerk sees which one they confirm."""
        self.form.addRow(QLabel(f"<b>{notice['notice_number'] or 'Draft'}</b> — "
                                f"{kind_title(notice['kind'])}"))  # fmt: skip

    def add_field(self, field: str, label: str, widget: QWidget) -> QWidget:
        widget.setObjectName(f"notice_{field}")
        if not isinstance(widget, QPlainTextEdit):
            widget.setMinimumHeight(TARGET)
        self.form.addRow(label, widget)
        self.errors[field] = error_label()
        self.errors[field].setObjectName(f"notice_{field}_error")
        self.form.addRow("", self.errors[field])
        return widget

    def finish(self) -> None:
        self.errors["general"] = error_label()
        self.form.addRow(self.errors["general"])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok = buttons.addButton(self.button_text, QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("notice_ok")
        for button in buttons.buttons():
            button.setMinimumHeight(TARGET)
        self.ok.clicked.connect(self.submit)
        buttons.rejected.connect(self.reject)
        self.form.addRow(buttons)

    def show_error(self, field: str, text: str) -> None:
        label = self.errors.get(field, self.errors["general"])
        show_error(self, label, text, field if field != "general" else None)

    def error_text(self, field: str) -> str:
        label = self.errors[field]
        return label.text() if not label.isHidden() else ""

    def submit(self) -> bool:
        for label in self.errors.values():
            label.setVisible(False)
        try:
            row = self.apply()
        except InvalidInput as exc:
            self.show_error(exc.field, say(exc))  # "Due date: …", not "due_date: …"
            return False
        except NotAllowed as exc:
            self.show_error("general", str(exc))
            return False
        if row is None:  # the clerk said no at the confirmation
            return False
        self.result_row = row
        self.accept()
        return True

    def apply(self) -> dict | None:
        raise NotImplementedError


class DraftNoticeDialog(NoticeForm):
    """Draft a notice for a permit, or for work with no permit on a parcel. A draft is not
    official (it can still be edited); issuing it, on the Notices screen, is."""

    button_text = "Save draft"

    def __init__(self, parent, register, permit: dict | None, notice: dict | None = None):
        super().__init__(parent, register, "Edit draft notice" if notice else "Draft notice")
        self.permit, self.notice = permit or {}, notice
        self.owner = permit_owner(register, self.permit) if self.permit else None
        self.contractor = permit_contractor(register, self.permit) if self.permit else None
        self.recipient: QComboBox | None = None
        if self.permit:
            self.form.addRow(QLabel(
                f"<b>{self.permit.get('permit_number') or 'Unnumbered permit'}</b> — "
                f"{self.permit.get('address_text') or ''}"))  # fmt: skip
            self.recipient = self._recipient_picker(notice)
            self.parcel = None
        else:
            self.form.addRow(QLabel("<b>Work with no permit</b>: the notice is tied to the "
                                    "parcel and addressed to its owner."))  # fmt: skip
            self.parcel = self.add_field("parcel_id", "Parcel number or address", QLineEdit())
        self.kind = QComboBox()
        for rule in KIND_RULES.values():
            self.kind.addItem(f"{rule.title} (§{rule.authority})", str(rule.kind))
        self.add_field("kind", "Kind", self.kind)
        self.facts = self.add_field("facts", "Facts found", QPlainTextEdit())
        self.facts.setPlaceholderText("What was found, where and when, in plain words")
        self.sections = self.add_field("sections", "Sections violated", QLineEdit())
        self.sections.setPlaceholderText("e.g. 12.23(1), 12.20 (separate with commas)")
        self.remedy = self.add_field("remedy", "What must be done", QPlainTextEdit())
        self.copies = self.add_field("copies_to", "Copies to (optional)", QLineEdit())
        self.copies.setPlaceholderText("e.g. Chief of Police; lender")
        self.erosion_class = QComboBox()
        for label, value in (("— (from the permit)", ""), ("Major (§31.02(16))", "major"),
                             ("Minor (§31.02(17))", "minor")):  # fmt: skip
            self.erosion_class.addItem(label, value)
        self.add_field("erosion_class", "Erosion class (no permit)", self.erosion_class)
        self.class_reason = self.add_field("class_reason", "Why that class", QLineEdit())
        self.class_reason.setPlaceholderText("e.g. 1.4 acres disturbed; a 6-lot subdivision")
        self.life_safety = QCheckBox("Life-safety violation: a shorter time (§12.23(3))")
        self.add_field("life_safety", "", self.life_safety)
        self.life_reason = self.add_field("life_safety_reason", "Life-safety finding", QLineEdit())
        self.correct_by = self.add_field("correct_by", "Correct by (optional)", QLineEdit())
        self.correct_by.setPlaceholderText("YYYY-MM-DD")
        self.form.addRow(hint_label("Leave “correct by” empty unless the ordinance leaves the "
                                    "time to the inspector: 30 days or more for a violation, "
                                    "shorter only for life safety (§12.23(3)); a raze-or-repair "
                                    "order (§12.17, required)."))  # fmt: skip
        for box in (self.facts, self.remedy):
            box.setFixedHeight(72)
        self.finish()
        if notice:
            details = json.loads(notice["details_json"] or "{}")
            self.set_kind(notice["kind"])
            self.facts.setPlainText(notice["facts"] or "")
            self.sections.setText(", ".join(json.loads(notice["sections"] or "[]")))
            self.remedy.setPlainText(notice["remedy"] or "")
            self.copies.setText(notice.get("copies_to") or "")
            self.correct_by.setText(details.get("correct_by", ""))
            self.erosion_class.setCurrentIndex(
                self.erosion_class.findData(details.get("erosion_class", ""))
            )
            self.class_reason.setText(details.get("class_reason", ""))
            self.life_safety.setChecked(bool(details.get("life_safety")))
            self.life_reason.setText(details.get("life_safety_reason", ""))

    def _recipient_picker(self, notice: dict | None) -> QComboBox:
        """Addressed to: the owner, the contractor and anyone of the same name on file, each
        with address and phone, and a warning when the chosen one has no mailing address."""
        people = notice_recipients(self.register, self.owner, self.contractor)
        chosen = self.owner["uuid"] if self.owner else None
        if notice and notice.get("recipient_id"):
            on_notice = self.register.get_by_id("people", notice["recipient_id"])
            people = [on_notice, *[p for p in people if p["uuid"] != on_notice["uuid"]]]
            chosen = on_notice["uuid"]
        combo = QComboBox()
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(30)
        none = None if people else "— no owner on file (add it first) —"
        fill_people(combo, people, chosen, none_label=none)
        self.add_field("recipient_id", "Addressed to", combo)
        self.recipient = combo
        self.recipient_warning = error_label()
        self.recipient_warning.setObjectName("notice_recipient_warning")
        self.form.addRow("", self.recipient_warning)
        combo.currentIndexChanged.connect(self._check_recipient)
        self._check_recipient()
        return combo

    def _check_recipient(self) -> None:
        uuid = self.recipient.currentData() if self.recipient else None
        person = self.register.get("people", uuid) if uuid else None
        text = ""
        if person is None:
            text = "No one to address the notice to: add the owner on the permit first."
        elif not (person.get("mailing_address") or "").strip():
            text = (
                "This person has no mailing address on file: the notice cannot be mailed. "
                "Choose the record with the address, or correct it in People and firms."
            )
        self.recipient_warning.setText(text)
        self.recipient_warning.setVisible(bool(text))

    def recipient_id(self) -> int | None:
        uuid = self.recipient.currentData() if self.recipient else None
        return self.register.get("people", uuid)["id"] if uuid else None

    def set_kind(self, kind: str) -> None:
        self.kind.setCurrentIndex(self.kind.findData(kind))

    def _details(self) -> dict:
        details = json.loads(self.notice["details_json"] or "{}") if self.notice else {}
        for key in ("correct_by", "erosion_class", "class_reason", "life_safety",
                    "life_safety_reason"):  # fmt: skip
            details.pop(key, None)
        values = {
            "correct_by": self.correct_by.text().strip(),
            "erosion_class": self.erosion_class.currentData(),
            "class_reason": self.class_reason.text().strip(),
            "life_safety_reason": self.life_reason.text().strip(),
        }
        details.update({k: v for k, v in values.items() if v})
        if self.life_safety.isChecked():
            details["life_safety"] = True
        return details

    def _binds_contractor(self) -> bool:
        """§12.24 / §12.03(15): a stop-work order reaches the contractor or builder too."""
        return self.kind.currentData() in ("building_stop_work", "erosion_stop_work")

    def apply(self) -> dict:
        details = self._details()
        contractor = self.contractor["id"] if self.contractor and self._binds_contractor() else None
        if self.notice:  # the store refuses this once the notice is issued (it is locked)
            sections = [s.strip() for s in self.sections.text().split(",") if s.strip()]
            return store.edit_draft(self.register, self.notice["uuid"], {
                "kind": self.kind.currentData(), "facts": self.facts.toPlainText().strip(),
                "sections": json.dumps(sections), "remedy": self.remedy.toPlainText().strip(),
                "copies_to": self.copies.text().strip() or None, "contractor_id": contractor,
                "details_json": json.dumps(details, sort_keys=True),
                **({"recipient_id": self.recipient_id()} if self.recipient else {}),
            })  # fmt: skip
        if self.permit:
            links = {"permit_id": self.permit["id"], "parcel_id": self.permit.get("parcel_id"),
                     "recipient_id": self.recipient_id()}  # fmt: skip
        else:
            parcel = parcel_by_number(self.register, self.parcel.text())
            if parcel is None:
                raise InvalidInput("parcel_id", "no parcel with that number or address")
            owner = parcel_owner(self.register, parcel["id"])
            links = {"parcel_id": parcel["id"], "recipient_id": owner["id"] if owner else None}
        return store.draft_notice(
            self.register,
            self.kind.currentData(),
            facts=self.facts.toPlainText(),
            sections=self.sections.text().split(","),
            remedy=self.remedy.toPlainText(),
            details=details,
            contractor_id=contractor,
            copies_to=self.copies.text().strip() or None,
            **links,
        )


class ServiceDialog(NoticeForm):
    """Record how and when the notice was served; the store fixes its dates for good. Every
    rule of service is checked BEFORE the clerk is asked to confirm the official act."""

    button_text = "Record service"

    def __init__(self, parent, register, notice: dict, today: date):
        super().__init__(parent, register, f"Record service of {notice['notice_number']}")
        self.notice, self.today = notice, today
        self.heading(notice)
        self.method = QComboBox()
        for method, label in SERVICE_LABELS.items():
            self.method.addItem(label, str(method))
        self.add_field("service_method", "Served by", self.method)
        self.served_on = self.add_field("served_at", "Served on", date_edit(today, "served_on"))
        self.at = QTimeEdit(QTime(9, 0))
        self.at.setDisplayFormat("HH:mm")
        self.add_field("served_time", "At (time)", self.at)
        self.received = QCheckBox("Delivery date known (return receipt)")
        self.add_field("received", "", self.received)
        self.received_on = self.add_field("received_at", "Delivered on",
                                          date_edit(today, "received_on"))  # fmt: skip
        self.received_on.setEnabled(False)
        self.received.toggled.connect(self.received_on.setEnabled)
        self.form.addRow(hint_label(
            "Mail: the day mailed. Only a house-number notice is served when mailed "
            "(§12.32(7)); give the delivery when known."))  # fmt: skip
        self.finish()
        self.adjustSize()

    def set_method(self, method: str) -> None:
        self.method.setCurrentIndex(self.method.findData(method))

    def moment(self):
        on = self.served_on.date().toPython()
        return datetime.combine(on, self.at.time().toPython())

    def apply(self) -> dict | None:
        method, when = self.method.currentData(), self.moment()
        received = self.received_on.date().toPython() if self.received.isChecked() else None
        store.check_service(self.register, self.notice, method, when, today=self.today)
        if not confirm.confirm(
            self,
            "Record service",
            f"Record that notice "
            f"{self.notice['notice_number']} was served "
            f"{SERVICE_LABELS[ServiceMethod(method)].lower()} on {when:%Y-%m-%d %H:%M}? "
            "Its dates are fixed from this service and printed the same ever after.",
        ):
            return None
        return store.serve_notice(
            self.register, self.notice["uuid"], method, when, today=self.today,
            received_at=received,
        )  # fmt: skip


class LiftDialog(NoticeForm):
    """Lift a stop-work order: the permit leaves its hold. Only with a written reason."""

    button_text = "Lift the order"

    def __init__(self, parent, register, notice: dict, today: date):
        super().__init__(parent, register, f"Lift {notice['notice_number']}")
        self.notice = notice
        self.heading(notice)
        self.reason = self.add_field("reason", "Why work may resume", QPlainTextEdit())
        self.reason.setFixedHeight(72)
        self.on = self.add_field("closed_at", "Lifted on", date_edit(today, "lifted_on"))
        self.finish()

    def apply(self) -> dict | None:
        reason = self.reason.toPlainText().strip()
        if not reason:
            raise InvalidInput("reason", "a stop-work order is lifted only with a written reason")
        if not confirm.confirm(self, "Lift stop-work order", f"Lift stop-work order "
                               f"{self.notice['notice_number']}? Work may resume and the "
                               f"permit leaves its hold.\n\n{reason}"):  # fmt: skip
            return None
        return lift_stop_work(self.register, self.notice["uuid"], reason,
                              self.on.date().toPython())  # fmt: skip


class AppealDialog(NoticeForm):
    """Record an appeal filed with the Village Clerk; a late one is recorded and flagged."""

    button_text = "Record appeal"

    def __init__(self, parent, register, notice: dict, today: date):
        super().__init__(parent, register, f"Appeal of {notice['notice_number']}")
        self.notice = notice
        self.heading(notice)
        self.filed_on = self.add_field("filed_on", "Appeal filed on", date_edit(today, "filed_on"))
        self.note = self.add_field("note", "Note (optional)", QLineEdit())
        self.finish()

    def apply(self) -> dict | None:
        on = self.filed_on.date().toPython()
        if not confirm.confirm(
            self,
            "Record appeal",
            f"Record an appeal of notice {self.notice['notice_number']} filed on {on}?",
        ):
            return None
        return store.mark_appealed(self.register, self.notice["uuid"], on, self.note.text())


def appeal_was_late(notice: dict) -> bool:
    return bool(json.loads(notice.get("details_json") or "{}").get("appeal_late"))


class WithdrawDialog(NoticeForm):
    """Withdraw an issued notice: only with a written reason, kept in the journal."""

    button_text = "Withdraw notice"

    def __init__(self, parent, register, notice: dict, today: date):
        super().__init__(parent, register, f"Withdraw {notice['notice_number']}")
        self.notice = notice
        self.heading(notice)
        self.reason = self.add_field("reason", "Reason (required)", QPlainTextEdit())
        self.reason.setFixedHeight(72)
        self.on = self.add_field("closed_at", "Withdrawn on", date_edit(today, "withdrawn_on"))
        self.finish()

    def apply(self) -> dict | None:
        reason = self.reason.toPlainText()
        store.require_withdrawal_reason(reason)  # the store's rule, before asking the clerk
        if not confirm.confirm(self, "Withdraw notice", f"Withdraw notice "
                               f"{self.notice['notice_number']}?\n\n{reason.strip()}"):  # fmt: skip
            return None
        return store.withdraw_notice(
            self.register, self.notice["uuid"], reason, self.on.date().toPython()
        )
