"""Take an inspection request (usually a phone call): who asked, when, for when.

The 48-hour flag of 12.12(5) is shown live while the times are typed, so the inspector can
tell the caller at once; a late request is still recorded, flagged. For a demolition
excavation the request is the written notice and the 72 hours of 12.18(4)(b) are shown.

Issue 17 / 16.7: the caller and phone start from the permit (the contractor, else the
applicant or owner); the inspection time starts on the first office-hours slot the 48 hours
allow; an odd request (dated years ago, at 04:00, outside office hours) is questioned before
it is recorded; a second request for a stage already requested offers to move that one
instead (the store keeps one open request per stage).
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QDateTime, Qt
from PySide6.QtWidgets import (
    QDateTimeEdit,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.inspection_rules import excavation_due, is_late_request
from deerfield_desk.models.inspection_sequence import stage_by_code
from deerfield_desk.models.inspection_slots import (
    default_request_slot,
    is_office_hours,
    odd_request,
)
from deerfield_desk.models.office_words import say
from deerfield_desk.store import inspections
from deerfield_desk.store.inspection_calendar import caller_for
from deerfield_desk.store.office_hours import office_hours
from deerfield_desk.store.village_calendar import village_calendar
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.field.style import (
    ALERT,
    WARN,
    label,
    save_cancel_row,
    sized_font,
)


def _edit(moment: datetime) -> QDateTimeEdit:
    edit = QDateTimeEdit(QDateTime(moment))
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("ddd d MMM yyyy HH:mm")
    edit.setMinimumHeight(44)
    edit.setFont(sized_font(15))
    return edit


class RequestDialog(DeskDialog):
    def __init__(
        self,
        register,
        permit_uuid: str,
        stage: str,
        now: datetime | None = None,
        parent=None,
        slot: datetime | None = None,
    ):
        super().__init__(parent)
        self.register = register
        self.permit = register.get("permits", permit_uuid)
        self.stage = stage_by_code(stage)
        self.saved: dict | None = None
        now = (now or datetime.now()).replace(second=0, microsecond=0)
        self.setWindowTitle(f"Request: {self.stage.title}")
        self.setFont(sized_font(15))
        self.setMinimumWidth(640)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                f"{self.permit['address_text']} · permit {self.permit['permit_number']}\n"
                f"{self.stage.title}  §{self.stage.section}",
                18,
                "#111",
                True,
            )
        )
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.requested_by = QLineEdit()
        self.requested_by.setPlaceholderText("Name of the caller (owner, contractor…)")
        self.phone = QLineEdit()
        self.phone.setPlaceholderText("Call-back number")
        for edit in (self.requested_by, self.phone):
            edit.setMinimumHeight(44)
            edit.setFont(sized_font(15))
        caller, phone = caller_for(register, self.permit["id"])
        self.requested_by.setText(caller)
        self.phone.setText(phone)
        self.now = now
        self.calendar = village_calendar(register)
        self.hours = office_hours(register)  # the village's own (Tools → Office hours)
        self.requested_at = _edit(now)
        self.notice = self.stage.due_within_hours_of_notice is not None
        self.scheduled_for = _edit(slot or default_request_slot(now, self.calendar, self.hours))
        form.addRow("Requested by", self.requested_by)
        form.addRow("Phone", self.phone)
        form.addRow("Written notice received" if self.notice else "Asked at", self.requested_at)
        form.addRow("Inspect on", self.scheduled_for)
        layout.addLayout(form)
        self.timing = label("", 15, WARN, True)
        self.timing.setWordWrap(True)
        layout.addWidget(self.timing)
        self.error = label("", 15, ALERT, True)
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons, _save = save_cancel_row(self, "Record request", "Cancel")
        layout.addLayout(buttons)
        self.requested_at.dateTimeChanged.connect(self.update_timing)
        self.scheduled_for.dateTimeChanged.connect(self.update_timing)
        self.update_timing()

    def times(self) -> tuple[datetime, datetime]:
        return self.requested_at.dateTime().toPython(), self.scheduled_for.dateTime().toPython()

    def update_timing(self) -> None:
        asked, when = self.times()
        if self.notice:
            due, basis = excavation_due(asked)
            late = when > due
            self.timing.setText(
                f"Inspect by {due:%a %d %b %H:%M}: 72 hours after the written notice (§{basis})"
                + (" — the planned time is later!" if late else "")
            )
        elif is_late_request(asked, when):
            self.timing.setText(
                "Less than 48 hours ahead: the request is recorded and flagged (§12.12(5))"
            )
        else:
            self.timing.setText("")
        if not is_office_hours(when, self.calendar, self.hours):
            extra = f"Outside office hours ({self.hours.describe()})."
            text = self.timing.text()
            self.timing.setText(f"{text}\n{extra}" if text else extra)

    def save(self) -> None:
        asked, when = self.times()
        odd = odd_request(asked, when, self.now, self.calendar, self.hours)
        questions = [o.question for o in odd]
        if questions and not confirm.confirm(
            self, "Record request", "\n\n".join(questions) + "\n\nRecord the request as it is?"
        ):
            self.error.setText("Not recorded: correct the times, or record it as it is.")
            return
        merge = False
        waiting = inspections.open_request(self.register, self.permit["id"], self.stage.code)
        if waiting is not None:
            booked = (waiting["scheduled_for"] or "no time yet").replace("T", " ")
            merge = confirm.confirm(
                self, "Move the open request",
                f"{self.stage.title} is already requested for {booked} "
                f"(asked by {waiting['requested_by']}). Move that request to "
                f"{when:%a %d %b %H:%M} with this caller instead of adding a second?",
            )  # fmt: skip
            if not merge:
                self.error.setText("Not recorded: this stage already has an open request.")
                return
        try:
            self.saved = inspections.request_inspection(
                self.register,
                self.permit["uuid"],
                self.stage.code,
                requested_by=self.requested_by.text(),
                requested_at=asked,
                scheduled_for=when,
                contact_phone=self.phone.text(),
                channel="phone",
                merge=merge,
                now=self.now,  # the store judges oddness at the same moment the dialog did
                confirmed_odd=[o.code for o in odd],  # what the inspector just confirmed
            )
        except (InvalidInput, NotAllowed) as exc:
            show_error(self, self.error, say(exc), getattr(exc, "field", None))
            return
        self.accept()
