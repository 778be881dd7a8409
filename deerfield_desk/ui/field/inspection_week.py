"""The office's inspection calendar (issue 16.7): a week of office-hours slots, the bookings
in them with the caller and phone, requests outside office hours flagged, and an ``.ics``
export for the office's calendar program.

Why a week of slots and not the route: the clerk on the phone books by the week ("Thursday
at ten?"), and sees at a glance which slots are taken. Selecting a free slot and pressing
*Book inspection…* opens the request dialog on that slot with the caller and phone filled
from the permit. Bookings outside office hours sit in a row of their own, in the warning
colour, so they are never hidden between slots.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.exports.inspection_ics import write_calendar
from deerfield_desk.models.inspection_rules import RESULT_LABELS, Result
from deerfield_desk.store import inspection_calendar
from deerfield_desk.store.inspection_calendar import Booking, week_bookings, week_start
from deerfield_desk.store.office_hours import office_hours
from deerfield_desk.store.village_calendar import village_calendar
from deerfield_desk.ui import confirm
from deerfield_desk.ui.field.text import text_label, tone

OUTSIDE_ROW_LABEL = "Outside\nhours"


def ask_save_path(parent: QWidget | None, suggested: str) -> str | None:
    """Where to write the .ics file (tests replace this)."""
    path, _ = QFileDialog.getSaveFileName(
        parent, "Export inspection calendar", suggested, "iCalendar (*.ics)"
    )
    return path or None


def booking_text(booking: Booking) -> str:
    phone = booking.phone or "no phone on file"
    again = " (re-inspection)" if booking.reinspection else ""
    done = (
        "" if booking.result == Result.REQUESTED else f" — {RESULT_LABELS[Result(booking.result)]}"
    )
    return (
        f"{booking.start:%H:%M} {booking.stage_title}{again}{done}\n{booking.address}\n"
        f"{booking.caller or 'caller not recorded'} · {phone}"
    )


class InspectionWeek(QDialog):
    """``window`` is the MainWindow (its register); ``book`` is called with a slot's start."""

    SHOWS = inspection_calendar.READS

    def __init__(self, window, day: date | None = None, parent: QWidget | None = None, book=None):
        super().__init__(parent)
        self.window_ = window
        self.register = window.register
        self.book_slot = book
        self.monday = week_start(day or date.today())
        self.calendar = village_calendar(self.register)
        self.setWindowTitle("Inspection calendar")
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.previous = QPushButton("◀ &Previous week")
        self.title = text_label("", 1.25, True)
        self.title.setWordWrap(False)
        self.next = QPushButton("&Next week ▶")
        self.book_button = QPushButton("&Book inspection…")
        self.export_button = QPushButton("E&xport .ics…")
        for widget in (self.previous, self.title, self.next):
            bar.addWidget(widget)
        bar.addStretch(1)
        bar.addWidget(self.book_button)
        bar.addWidget(self.export_button)
        layout.addLayout(bar)
        self.legend = text_label("")
        layout.addWidget(self.legend)
        self.table = QTableWidget()
        self.table.setAccessibleName("Inspections of the week by slot")
        self.table.setTabKeyNavigation(False)
        self.table.setWordWrap(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # Row heights from the line count (below), not ResizeToContents: measuring every
        # wrapped cell made a busy week (1,098 demo bookings) take 570 ms to open.
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        layout.addWidget(self.table, 1)
        self.message = text_label("", 1.0, True, "alert")
        layout.addWidget(self.message)
        self.previous.clicked.connect(lambda: self.set_week(self.monday - timedelta(days=7)))
        self.next.clicked.connect(lambda: self.set_week(self.monday + timedelta(days=7)))
        self.export_button.clicked.connect(self.export)
        self.book_button.clicked.connect(self.book)
        self.resize(1200, 700)
        self.reload()

    def set_week(self, monday: date) -> None:
        self.monday = week_start(monday)
        self.reload()

    def days(self) -> list[date]:
        """Monday to Friday, plus a weekend day only when something is booked on it."""
        week = [self.monday + timedelta(days=n) for n in range(7)]
        booked = {b.start.date() for b in self.bookings}
        return [d for d in week if d.weekday() < 5 or d.weekday() in self.hours.days or d in booked]

    def reload(self) -> None:
        self.hours = office_hours(self.register)  # the village's setting, read afresh
        self.legend.setText(
            f"Office hours: {self.hours.describe()}, {self.hours.slot_minutes}-minute slots."
        )
        self.bookings = week_bookings(self.register, self.monday, self.calendar, self.hours)
        sunday = self.monday + timedelta(days=6)
        self.title.setText(f"Week of {self.monday:%a %d %b} – {sunday:%a %d %b %Y}")
        self.day_list = self.days()
        slots = self.hours.slot_times()
        self.slot_rows = [f"{s:%H:%M}" for s in slots] + [OUTSIDE_ROW_LABEL]
        self.table.clear()
        self.table.setRowCount(len(self.slot_rows))
        self.table.setColumnCount(len(self.day_list))
        self.table.setVerticalHeaderLabels(self.slot_rows)
        headers = []
        for day in self.day_list:
            closed = self.calendar.holiday_name(day) if day.weekday() < 5 else "weekend"
            headers.append(f"{day:%a %d %b}" + (f"\n{closed}: office closed" if closed else ""))
        self.table.setHorizontalHeaderLabels(headers)
        cells: dict[tuple[int, int], list[Booking]] = {}
        for booking in self.bookings:
            column = self.day_list.index(booking.start.date())
            row = len(slots)  # outside office hours
            if booking.in_office_hours:
                row = max(i for i, s in enumerate(slots) if s <= booking.start.time())
            cells.setdefault((row, column), []).append(booking)
        warn = tone("warn", self.table.palette())
        lines = [1] * len(self.slot_rows)
        for (row, column), found in cells.items():
            item = QTableWidgetItem("\n\n".join(booking_text(b) for b in found))
            item.setData(Qt.ItemDataRole.UserRole, [b.uuid for b in found])
            if row == len(slots):
                item.setForeground(warn)
                item.setText("⚠ outside office hours\n" + item.text())
            item.setToolTip(item.text())
            self.table.setItem(row, column, item)
            lines[row] = max(lines[row], item.text().count("\n") + 1)
        spacing = self.table.fontMetrics().lineSpacing()
        for row, count in enumerate(lines):
            self.table.setRowHeight(row, count * spacing + spacing // 2 + 4)
        outside = sum(not b.in_office_hours for b in self.bookings)
        self.message.setText(
            f"{outside} booking{'s' if outside != 1 else ''} outside office hours this week"
            if outside
            else ""
        )

    def selected_slot(self) -> datetime | None:
        """The start of the selected office-hours slot (None: nothing, or the outside row)."""
        index = self.table.currentIndex()
        if not index.isValid() or index.row() >= len(self.hours.slot_times()):
            return None
        start = self.hours.slot_times()[index.row()]
        return datetime.combine(self.day_list[index.column()], start)

    def book(self) -> None:
        slot = self.selected_slot()
        if slot is None:
            self.message.setText("slot: select a free office-hours slot to book first")
            return
        if self.book_slot is not None and self.book_slot(slot):
            self.reload()

    def export(self) -> None:
        suggested = f"inspections-{self.monday:%Y-%m-%d}.ics"
        path = ask_save_path(self, suggested)
        if not path:
            return
        try:
            # cancelled and voided visits go too, with their SEQUENCE: calendars drop them
            bookings = week_bookings(self.register, self.monday, self.calendar, self.hours,
                                     for_export=True)  # fmt: skip
            written = write_calendar(
                path, bookings, f"Deerfield inspections, week of {self.monday:%d %b %Y}",
                slot_minutes=self.hours.slot_minutes,
            )  # fmt: skip
        except OSError as exc:
            self.message.setText(f"file: could not write the calendar ({exc.strerror})")
            return
        live = sum(not b.withdrawn for b in bookings)
        gone = len(bookings) - live
        confirm.inform(
            self, "Inspection calendar",
            f"{live} inspection{'s' if live != 1 else ''}"
            + (f" and {gone} cancelled" if gone else "") + f" written to {written}.",
        )  # fmt: skip
