"""Tools → Office hours for inspections…: the days, the opening and closing time and the slot
length the village books inspections in.

Why a page of its own: these used to be a constant (Mon–Fri 08:00–16:30, half-hour slots),
yet the request dialog's default slot, the week calendar's rows, the re-inspection a failure
books and the store's odd-request check all depend on them. They are kept in the register's
settings (``store.office_hours``), journaled like every setting; a bad value is refused with
the field and the rule named, and nothing is saved.
"""

from __future__ import annotations

from PySide6.QtCore import QTime
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.inspection_slots import DAY_NAMES
from deerfield_desk.models.office_words import say
from deerfield_desk.store import office_hours
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.field.text import text_label

#: Slots listed in the preview before "…" (a day of 15-minute slots is long).
PREVIEW_SLOTS = 6


def _time_edit(hour: int, minute: int, name: str) -> QTimeEdit:
    edit = QTimeEdit(QTime(hour, minute))
    edit.setDisplayFormat("HH:mm")
    edit.setAccessibleName(name)
    return edit


class OfficeHoursDialog(DeskDialog):
    """Edit the village's office hours; ``saved`` holds them once stored."""

    def __init__(self, register, parent: QWidget | None = None):
        super().__init__(parent)
        self.register = register
        self.saved = None
        self.setWindowTitle("Office hours for inspections")
        hours = office_hours.office_hours(register)
        layout = QVBoxLayout(self)
        layout.addWidget(
            text_label(
                "Inspections are booked in these hours: the request dialog's first slot, the "
                "week calendar, the re-inspection a failure books, and the questions asked "
                "before an odd request is recorded. Village closures still close a day.",
            )
        )
        form = QFormLayout()
        days = QGridLayout()  # two rows: the page must fit 1366x768 at 200 % (683 px wide)
        self.days: list[QCheckBox] = []
        for number, name in enumerate(DAY_NAMES):
            box = QCheckBox(name[:3])
            box.setObjectName(f"office_day_{number}")
            box.setAccessibleName(f"Office books inspections on {name}")
            box.setChecked(number in hours.days)
            box.toggled.connect(lambda *_: self.preview_slots())
            self.days.append(box)
            days.addWidget(box, number // 4, number % 4)
        holder = QWidget()
        holder.setLayout(days)
        holder.setAccessibleName("Days the office books inspections")
        self.opens = _time_edit(hours.opens.hour, hours.opens.minute, "Office opens at")
        self.closes = _time_edit(hours.closes.hour, hours.closes.minute, "Office closes at")
        self.slot = QComboBox()
        self.slot.setAccessibleName("Slot length in minutes")
        for minutes in office_hours.SLOT_MINUTES:
            self.slot.addItem(f"{minutes} minutes", minutes)
        self.slot.setCurrentIndex(self.slot.findData(hours.slot_minutes))
        form.addRow("Days", holder)
        form.addRow("&Opens at", self.opens)
        form.addRow("Closes &at", self.closes)
        form.addRow("Slot &length", self.slot)
        layout.addLayout(form)
        self.preview = text_label("")
        self.preview.setObjectName("slotPreview")
        layout.addWidget(self.preview)
        self.error = text_label("", 1.0, True, "alert")
        self.error.setObjectName("officeHoursError")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        for edit in (self.opens, self.closes):
            edit.timeChanged.connect(lambda *_: self.preview_slots())
        self.slot.currentIndexChanged.connect(lambda *_: self.preview_slots())
        self.preview_slots()

    def values(self) -> tuple[list[int], str, str, int]:
        days = [n for n, box in enumerate(self.days) if box.isChecked()]
        opens = self.opens.time().toString("HH:mm")
        closes = self.closes.time().toString("HH:mm")
        return days, opens, closes, int(self.slot.currentData())

    def preview_slots(self) -> None:
        """What the calendar will show, or why these hours cannot be kept, as they change."""
        try:
            hours = office_hours.make_hours(*self.values())
        except InvalidInput as exc:
            self.preview.setText("")
            self.error.setText(say(exc))
            return
        self.error.setText("")
        slots = [f"{t:%H:%M}" for t in hours.slot_times()]
        shown = ", ".join(slots[:PREVIEW_SLOTS]) + (" …" if len(slots) > PREVIEW_SLOTS else "")
        self.preview.setText(
            f"{hours.describe()}: {len(slots)} slots a day ({shown}; the last starts {slots[-1]})."
        )

    def save(self) -> None:
        try:
            self.saved = office_hours.set_office_hours(self.register, *self.values())
        except (InvalidInput, NotAllowed) as exc:  # bad values, or a field copy
            show_error(self, self.error, say(exc))
            return
        self.accept()
