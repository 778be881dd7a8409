"""Correcting a visit from the Today card or the permit's stage list: move a request, cancel
it, or void a wrong result and record it again, each with a written reason.

One module so the card's "More" menu and the permit dialog's buttons take the same path.
Reasons are asked through :func:`ask_text` (tests replace it); the store refuses a blank one
anyway, and its message is shown. Moving a request opens :class:`RescheduleDialog`, which
starts on the visit's own time and questions an odd new time (outside office hours, before
the call, far ahead) before saving; the store refuses one the inspector did not confirm.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QDateTime
from PySide6.QtWidgets import (
    QDateTimeEdit,
    QDialog,
    QFormLayout,
    QInputDialog,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.inspection_sequence import stage_by_code
from deerfield_desk.models.inspection_slots import (
    OddRequest,
    is_office_hours,
    next_slot,
    odd_request,
)
from deerfield_desk.models.office_words import say
from deerfield_desk.store import inspection_schedule
from deerfield_desk.store.office_hours import office_hours
from deerfield_desk.store.village_calendar import village_calendar
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.field.style import save_cancel_row
from deerfield_desk.ui.field.text import text_label


def ask_text(parent: QWidget | None, title: str, prompt: str) -> str | None:
    text, ok = QInputDialog.getText(parent, title, prompt)
    return text if ok else None


def _describe(register, inspection: dict) -> str:
    permit = register.get_by_id("permits", inspection["permit_id"])
    return f"{stage_by_code(inspection['stage']).title} at {permit['address_text']}"


class RescheduleDialog(QDialog):
    """A new time and the reason for it; the store journals both."""

    def __init__(
        self,
        register,
        inspection_uuid: str,
        parent: QWidget | None = None,
        now: datetime | None = None,
    ):
        super().__init__(parent)
        self.now = now  # the moment the new time is judged at (tests); default the clock
        self.register = register
        self.inspection = register.get("inspections", inspection_uuid)
        self.calendar = village_calendar(register)
        self.office = office_hours(register)
        self.saved: dict | None = None
        self.setWindowTitle("Move inspection")
        layout = QVBoxLayout(self)
        heading = text_label(_describe(register, self.inspection), 1.3, True)
        layout.addWidget(heading)
        booked = self.inspection["scheduled_for"]
        start = (
            datetime.fromisoformat(booked)
            if booked
            else next_slot(datetime.now(), self.calendar, self.office)
        )
        self.when = QDateTimeEdit(QDateTime(start))
        self.when.setCalendarPopup(True)
        self.when.setDisplayFormat("ddd d MMM yyyy HH:mm")
        self.when.setMinimumHeight(44)
        self.reason = QLineEdit()
        self.reason.setMinimumHeight(44)
        self.reason.setPlaceholderText("e.g. concrete truck delayed, owner asked for Friday")
        form = QFormLayout()
        form.addRow("&New time", self.when)
        form.addRow("&Reason", self.reason)
        layout.addLayout(form)
        self.hours = text_label("", 1.0, True, "warn")
        layout.addWidget(self.hours)
        self.error = text_label("", 1.0, True, "alert")
        layout.addWidget(self.error)
        buttons, self.save_button = save_cancel_row(self, "Move inspection", "Cancel")
        layout.addLayout(buttons)
        self.when.dateTimeChanged.connect(lambda *_: self.check_hours())
        self.check_hours()

    def moment(self) -> datetime:
        return self.when.dateTime().toPython().replace(second=0, microsecond=0)

    def check_hours(self) -> bool:
        inside = is_office_hours(self.moment(), self.calendar, self.office)
        self.hours.setText("" if inside else f"Outside office hours ({self.office.describe()})")
        return inside

    def odd_questions(self, now: datetime) -> list[OddRequest]:
        """What is odd about the new time (before the call, six months ahead, outside office
        hours, a closed day): the questions the store would refuse unconfirmed."""
        booked = self.inspection["requested_at"]
        asked = datetime.fromisoformat(booked) if booked else self.moment()
        odd = odd_request(asked, self.moment(), now, self.calendar, self.office)
        return [o for o in odd if o.field == "scheduled_for"]

    def save(self) -> None:
        now = (self.now or datetime.now()).replace(second=0, microsecond=0)
        odd = self.odd_questions(now)
        if odd and not confirm.confirm(
            self, "Move inspection",
            "\n\n".join(o.question for o in odd) + "\n\nMove the inspection to this time anyway?",
        ):  # fmt: skip
            show_error(self, self.error, "Not moved: choose another time, or move it as it is.")
            return
        try:
            self.saved = inspection_schedule.reschedule(
                self.register, self.inspection["uuid"], self.moment(), self.reason.text(),
                confirmed_odd=[o.code for o in odd],  # what the inspector just confirmed
                now=now,  # the store judges the new time at the moment the dialog asked
            )  # fmt: skip
        except (InvalidInput, NotAllowed) as exc:
            show_error(self, self.error, say(exc), getattr(exc, "field", None))
            return
        self.accept()


def reschedule(parent: QWidget | None, register, inspection_uuid: str) -> dict | None:
    dialog = RescheduleDialog(register, inspection_uuid, parent)
    return dialog.saved if dialog.exec() else None


def _with_reason(parent, title: str, prompt: str, action) -> dict | None:
    """Ask for the reason, run the store action; a refusal is shown, never swallowed."""
    reason = ask_text(parent, title, prompt)
    if reason is None:
        return None
    try:
        return action(reason)
    except (InvalidInput, NotAllowed) as exc:
        confirm.inform(parent, title, say(exc))
        return None


def cancel(parent: QWidget | None, register, inspection_uuid: str) -> dict | None:
    """Cancel a request with a reason; it stays on file as cancelled."""
    what = _describe(register, register.get("inspections", inspection_uuid))
    return _with_reason(
        parent, "Cancel request", f"Why is the {what} request cancelled?",
        lambda reason: inspection_schedule.cancel_request(register, inspection_uuid, reason),
    )  # fmt: skip


def void_result(parent: QWidget | None, register, inspection_uuid: str) -> dict | None:
    """Void a recorded result with a reason; returns the fresh request to record again."""
    what = _describe(register, register.get("inspections", inspection_uuid))
    return _with_reason(
        parent, "Void result", f"Why is the result of the {what} inspection void?",
        lambda reason: inspection_schedule.void_result(register, inspection_uuid, reason),
    )  # fmt: skip
