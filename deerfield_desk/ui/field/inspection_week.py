"""The office's inspection calendar (issue 16.7): a tab of the main window with a week of
office-hours slots, the bookings in them with the caller and phone, requests outside office
hours flagged, and an ``.ics`` export for the office's calendar program.

Why a week of slots and not the route: the clerk on the phone books by the week ("Thursday
at ten?"), and sees at a glance which slots are taken. Why a tab and not a dialog: the
calendar stays open beside the register all day, and follows every write (``SHOWS``): a
request booked from a permit's window appears in its slot at once. The keyboard works it:
arrows move between slots, Enter on a free slot books it (the request dialog opens on that
slot, the caller and phone filled from the permit), Enter on a booked slot opens the permit
on its inspections. Bookings outside office hours sit in a row of their own, in the warning
colour, so they are never hidden between slots.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from textwrap import fill  # a header does not wrap: a long holiday name gets its own lines

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.exports.inspection_ics import write_calendar
from deerfield_desk.models.inspection_rules import RESULT_LABELS, Result
from deerfield_desk.models.inspection_slots import OFFICE_HOURS
from deerfield_desk.store import inspection_calendar
from deerfield_desk.store.changes import OpChanges
from deerfield_desk.store.inspection_calendar import Booking, week_bookings, week_start
from deerfield_desk.store.office_hours import office_hours
from deerfield_desk.store.village_calendar import village_calendar
from deerfield_desk.ui import confirm
from deerfield_desk.ui.field.text import text_label, tone
from deerfield_desk.ui.field.week_table import WeekTable
from deerfield_desk.ui.flow_layout import FlowLayout

OUTSIDE_ROW_LABEL = "Outside\nhours"


def ask_save_path(parent: QWidget | None, suggested: str) -> str | None:
    """Where to write the .ics file (tests replace this)."""
    path, _ = QFileDialog.getSaveFileName(
        parent, "Export inspection calendar", suggested, "iCalendar (*.ics)"
    )
    return path or None


def booking_text(booking: Booking) -> str:
    # a phone number never breaks across lines ("(608) 555-0199 ext. 204"): no-break spaces
    phone = (booking.phone or "").replace(" ", "\u00a0") or "no phone on file"
    again = " (re-inspection)" if booking.reinspection else ""
    done = (
        "" if booking.result == Result.REQUESTED else f" — {RESULT_LABELS[Result(booking.result)]}"
    )
    return (
        f"{booking.start:%H:%M} {booking.stage_title}{again}{done}\n{booking.address}\n"
        f"{booking.caller or 'caller not recorded'} · {phone}"
    )


class InspectionWeek(QWidget):
    """``window`` is the MainWindow (its register). ``book(slot)`` books a free slot (True when
    a request was recorded); ``open_visits(uuids)`` opens what is booked in a slot. ``lazy``:
    read the week when first shown, not when built (a tab hidden at start-up costs nothing)."""

    SHOWS = inspection_calendar.READS

    def __init__(self, window, day: date | None = None, parent: QWidget | None = None,
                 book=None, open_visits=None, *, lazy: bool = False):  # fmt: skip
        super().__init__(parent)
        self.setObjectName("inspectionWeek")
        self.window_ = window
        self.book_slot, self.open_visits = book, open_visits
        self.today = day or date.today()
        self.monday = week_start(self.today)
        self.bookings: list[Booking] = []
        self.day_list: list[date] = []
        self.stale = True
        self.hours = OFFICE_HOURS  # until the first reload reads the village's own
        layout = QVBoxLayout(self)
        bar = FlowLayout()  # wraps at 200 % on a laptop instead of widening the window
        self.previous = self._button("◀ Pre&vious week", "week_previous", "Previous week")
        self.this_week = self._button("This wee&k", "week_today", "This week (today)")
        self.next = self._button("Ne&xt week ▶", "week_next", "Next week")
        self.title = text_label("", 1.25, True)
        self.title.setObjectName("week_title")
        self.title.setWordWrap(False)
        self.book_button = self._button("&Book inspection…", "week_book",
                                        "Book an inspection in the chosen slot")  # fmt: skip
        self.open_button = self._button("&Open booking…", "week_open",
                                        "Open the permit booked in the chosen slot")  # fmt: skip
        self.export_button = self._button("Export .ic&s…", "week_export",
                                          "Export the week as an iCalendar file")  # fmt: skip
        for widget in (self.previous, self.this_week, self.next, self.title, self.book_button,
                       self.open_button, self.export_button):  # fmt: skip
            bar.addWidget(widget)
        layout.addLayout(bar)
        self.legend = text_label("")  # the village's office hours, set on each reload
        layout.addWidget(self.legend)
        self.table = WeekTable()
        self.table.setObjectName("week_table")
        self.table.setAccessibleName("Inspections of the week by slot")
        layout.addWidget(self.table, 1)
        self.message = text_label("", 1.0, True, "alert")
        self.message.setObjectName("week_message")
        layout.addWidget(self.message)
        self.previous.clicked.connect(lambda: self.set_week(self.monday - timedelta(days=7)))
        self.next.clicked.connect(lambda: self.set_week(self.monday + timedelta(days=7)))
        self.this_week.clicked.connect(lambda: self.set_week(self.today))
        self.export_button.clicked.connect(self.export)
        self.book_button.clicked.connect(self.book)
        self.open_button.clicked.connect(self.open_booked)
        self.table.chosen.connect(lambda *_: self.activate())
        if not lazy:
            self.reload()

    @staticmethod
    def _button(text: str, name: str, accessible: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setAccessibleName(accessible)
        return button

    @property
    def register(self):
        return self.window_.register

    # -- following the register -------------------------------------------------------------
    def follow(self, changes: OpChanges) -> None:
        """A write touched what the week shows: read it again now if in view, else when shown."""
        if changes.touches(*self.SHOWS):
            self.stale = True
            if self.isVisible():
                self.reload()

    def current(self) -> InspectionWeek:
        """Up to date (read again if a write came while hidden)."""
        if self.stale:
            self.reload()
        return self

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if self.stale:
            self.reload()

    # -- the week ---------------------------------------------------------------------------
    def set_week(self, day: date) -> None:
        self.monday = week_start(day)
        self.message.setText("")
        self.reload()

    def days(self) -> list[date]:
        """Monday to Friday, plus a weekend day only when something is booked on it."""
        week = [self.monday + timedelta(days=n) for n in range(7)]
        booked = {b.start.date() for b in self.bookings}
        open_days = set(range(5)) | set(self.hours.days)  # a village may book Saturdays
        return [d for d in week if d.weekday() in open_days or d in booked]

    def reload(self) -> None:
        self.stale = False
        keep = (self.table.currentRow(), self.table.currentColumn())
        self.calendar = village_calendar(self.register)
        self.hours = office_hours(self.register)  # the village's setting, read afresh
        self.legend.setText(
            f"Office hours: {self.hours.describe()}, {self.hours.slot_minutes}-minute slots. "
            "Arrows move between slots; Enter books a free slot or opens a booked one."
        )
        self.bookings = week_bookings(self.register, self.monday, self.calendar, self.hours)
        sunday = self.monday + timedelta(days=6)
        self.title.setText(f"Week of {self.monday:%a %d %b} – {sunday:%a %d %b %Y}")
        self.this_week.setEnabled(self.monday != week_start(self.today))
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
            today = "\ntoday" if day == self.today else ""  # own line: no cut at 200 %
            shut = f"\n{fill(closed, 16)}\noffice closed" if closed else ""
            headers.append(f"{day:%a %d %b}{today}{shut}")
        self.table.setHorizontalHeaderLabels(headers)
        cells: dict[tuple[int, int], list[Booking]] = {}
        for booking in self.bookings:
            column = self.day_list.index(booking.start.date())
            row = len(slots)  # outside office hours
            if booking.in_office_hours:
                row = max(i for i, s in enumerate(slots) if s <= booking.start.time())
            cells.setdefault((row, column), []).append(booking)
        warn = tone("warn", self.table.palette())
        for (row, column), found in cells.items():
            item = QTableWidgetItem("\n\n".join(booking_text(b) for b in found))
            item.setData(Qt.ItemDataRole.UserRole, [b.uuid for b in found])
            if row == len(slots):
                item.setForeground(warn)
                item.setText("⚠ outside office hours\n" + item.text())
            item.setToolTip(item.text())
            self.table.setItem(row, column, item)
        self._name_free_slots(slots)
        self.table.fit_rows()
        if keep[0] >= 0 and keep[1] >= 0:
            self.table.setCurrentCell(min(keep[0], len(self.slot_rows) - 1),
                                      min(keep[1], len(self.day_list) - 1))  # fmt: skip
        outside = sum(not b.in_office_hours for b in self.bookings)
        self.message.setText(
            f"{outside} booking{'s' if outside != 1 else ''} outside office hours this week"
            if outside
            else ""
        )

    def _name_free_slots(self, slots) -> None:
        """A free slot is an item too, saying so: a screen reader reads "Tue 08 Dec 09:00,
        free" where it would read nothing."""
        for column, day in enumerate(self.day_list):
            for row, start in enumerate(slots):
                if self.table.item(row, column) is None:
                    item = QTableWidgetItem("")
                    item.setData(Qt.ItemDataRole.AccessibleTextRole,
                                 f"{day:%a %d %b} {start:%H:%M}, free")  # fmt: skip
                    self.table.setItem(row, column, item)
            if self.table.item(len(slots), column) is None:
                item = QTableWidgetItem("")
                item.setData(Qt.ItemDataRole.AccessibleTextRole,
                             f"{day:%a %d %b}, outside office hours: nothing booked")  # fmt: skip
                self.table.setItem(len(slots), column, item)

    # -- acting on a slot -------------------------------------------------------------------
    def selected_slot(self) -> datetime | None:
        """The start of the selected office-hours slot (None: nothing, or the outside row)."""
        index = self.table.currentIndex()
        if not index.isValid() or index.row() >= len(self.hours.slot_times()):
            return None
        start = self.hours.slot_times()[index.row()]
        return datetime.combine(self.day_list[index.column()], start)

    def selected_visits(self) -> list[str]:
        """The inspections booked in the selected cell (uuids, in time order)."""
        item = self.table.currentItem()
        return list(item.data(Qt.ItemDataRole.UserRole) or []) if item is not None else []

    def activate(self) -> None:
        """Enter or a double-click: open what is booked in the slot, or book the free slot."""
        if self.selected_visits():
            self.open_booked()
        else:
            self.book()

    def book(self) -> None:
        slot = self.selected_slot()
        if slot is None:
            self.message.setText("Slot: select a free office-hours slot to book first")
            return
        self.message.setText("")
        if self.book_slot is not None and self.book_slot(slot):
            self.reload()

    def open_booked(self) -> None:
        visits = self.selected_visits()
        if not visits:
            self.message.setText("Slot: select a booked slot to open first")
            return
        self.message.setText("")
        if self.open_visits is not None:
            self.open_visits(visits)

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
            self.message.setText(f"File: could not write the calendar ({exc.strerror})")
            return
        live = sum(not b.withdrawn for b in bookings)
        gone = len(bookings) - live
        confirm.inform(
            self, "Inspection calendar",
            f"{live} inspection{'s' if live != 1 else ''}"
            + (f" and {gone} cancelled" if gone else "") + f" written to {written}.",
        )  # fmt: skip
