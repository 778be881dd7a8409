"""The "Today" screen: the day's inspections in route order, one card per stop.

Each card shows what the inspector needs at the curb (address, permit, stage and section,
who to call, defects left open at earlier visits, the late-request flag of 12.12(5), the
72 hours of 12.18(4)(b)) and three large buttons: Result, Checklist, Photo. Arrows move a
stop up or down the route, saved as ``route_order``. The list is read with one indexed query
(``store.field_day``). Cards are styled with fonts and palettes, not style sheets: a
cascading sheet re-polishes every child and made a 20-stop day three times slower to open.
"""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QDate, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QDateEdit,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.models.inspection_rules import RESULT_LABELS, Result
from deerfield_desk.store import field_day, inspections
from deerfield_desk.store.field_day import Stop, day_stops
from deerfield_desk.ui.a11y import theme
from deerfield_desk.ui.field.style import (
    ALERT,
    LATE_BG,
    RESULT_COLOURS,
    WARN,
    cite,
    label,
    sized_font,
    touch_button,
)


class StopCard(QFrame):
    """One stop. Emits the inspection's uuid when a button is tapped."""

    result_clicked = Signal(str)
    checklist_clicked = Signal(str)
    photo_clicked = Signal(str)
    move_clicked = Signal(str, int)
    correction_clicked = Signal(str)
    visit_action = Signal(str, str)  # (uuid, "reschedule" | "cancel" | "void" | "sign")

    def __init__(
        self, stop: Stop, position: int, last: bool = False, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.stop = stop
        self.setObjectName("stopCard")
        self.setFrameShape(QFrame.Shape.Box)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(
            QPalette.ColorRole.Window,
            QColor(theme.surface(LATE_BG) if stop.late_request else theme.colour("Base")),
        )
        palette.setColor(QPalette.ColorRole.WindowText, QColor("#c8ccd2"))
        self.setPalette(palette)
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 10, 12, 10)
        grid.setHorizontalSpacing(14)
        grid.addWidget(label(str(stop.route_order or position), 28, "#1f3a5f", True), 0, 0, 3, 1)
        address = f"{stop.time}  {stop.address}" if stop.time else stop.address
        heading = label(address, 20, "#111", True)
        heading.setWordWrap(True)  # a narrow card wraps the address instead of cutting it
        grid.addWidget(heading, 0, 1)
        reinspect = "  · re-inspection" if stop.reinspection else ""
        grid.addWidget(label(f"{stop.stage_title}  §{stop.section}{reinspect}", 15, "#222"), 1, 1)
        meta = (
            f"Permit {stop.permit_number}   ·   ☎ {stop.phone or 'no phone on file'}"
            f"   ·   asked by {stop.requested_by}"
        )
        grid.addWidget(label(meta, 14, "#444"), 2, 1)
        row = 3
        if stop.late_request:
            late = label("Requested less than 48 hours ahead (§12.12(5))", 14, WARN, True)
            late.setObjectName("lateFlag")
            grid.addWidget(late, row, 1)
            row += 1
        if stop.due_by:
            when = datetime.fromisoformat(stop.due_by).strftime("%a %d %b %H:%M")
            overdue = stop.scheduled_for > stop.due_by
            text = (
                f"Overdue: the 72 hours after written notice ended {when} (§12.18(4)(b))"
                if overdue
                else f"Inspect by {when}: 72 hours after written notice (§12.18(4)(b))"
            )
            grid.addWidget(label(text, 14, ALERT if overdue else WARN, True), row, 1)
            row += 1
        if stop.open_defects:
            lines = [
                f"• {d.get('description') or d.get('item') or d.get('correction') or ''} "
                f"({cite(d.get('section') or '')})"
                for d in stop.open_defects[:4]
            ]
            more = len(stop.open_defects) - 4
            if more > 0:
                lines.append(f"… and {more} more")
            defects = label("Open from earlier visits:\n" + "\n".join(lines), 14, ALERT)
            defects.setWordWrap(True)
            grid.addWidget(defects, row, 1)
            row += 1
        if stop.on_hold:
            hold = label("ON HOLD: a stop-work order stands on this permit. No inspection "
                         "until it is lifted (§12.24, §31.14(2)(A)).", 14, ALERT, True)  # fmt: skip
            hold.setObjectName("holdFlag")
            hold.setWordWrap(True)
            grid.addWidget(hold, row, 1)
            row += 1
        status = label(
            RESULT_LABELS[Result(stop.result)], 15, RESULT_COLOURS.get(stop.result, "#222"), True
        )
        grid.addWidget(status, 0, 2)
        buttons = QHBoxLayout()
        where = f"stop {stop.route_order or position}, {stop.address}"
        for text, signal, spoken in (
            ("Result", self.result_clicked, "Record result"),
            ("Checklist", self.checklist_clicked, "Checklist"),
            ("Photo", self.photo_clicked, "Attach photos"),
        ):
            button = touch_button(text)
            button.setObjectName(f"{text.lower()}Button")
            button.setAccessibleName(f"{spoken} — {where}")
            button.clicked.connect(lambda _=False, s=signal: s.emit(self.stop.uuid))
            button.setEnabled(not (stop.on_hold and text == "Result"))
            buttons.addWidget(button)
        buttons.addWidget(self._more_button(where))
        if stop.result in ("failed", "partial"):  # one click to the contractor's notice
            button = touch_button("Correction notice")
            button.setObjectName("correctionButton")
            button.setToolTip("Print the correction notice to the contractor for this visit")
            button.clicked.connect(lambda _=False: self.correction_clicked.emit(self.stop.uuid))
            buttons.addWidget(button)
        for text, step, tip in (("▲", -1, "Earlier in the route"), ("▼", 1, "Later in the route")):
            button = touch_button(text)
            button.setToolTip(tip)
            button.setAccessibleName(f"{tip} — {where}")
            button.setEnabled(not (step < 0 and position == 1) and not (step > 0 and last))
            button.clicked.connect(
                lambda _=False, d=step: self.move_clicked.emit(self.stop.uuid, d)
            )
            buttons.addWidget(button)
        grid.addLayout(buttons, 1, 2, 2, 1)
        grid.setColumnStretch(1, 1)
        if stop.schedule_reason and stop.result == Result.REQUESTED:
            grid.addWidget(label(f"Moved: {stop.schedule_reason}", 14, "#444"), row, 1)
            row += 1
        if stop.cancel_reason:
            grid.addWidget(label(f"Cancelled: {stop.cancel_reason}", 14, WARN, True), row, 1)
            row += 1
        self.grid, self.buttons, self.text_rows, self.narrow = grid, buttons, row, False

    #: Below this share of the buttons' width left for the text, the buttons go underneath.
    TEXT_ROOM = 1.2

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """On a narrow card (200 % text on a 1366×768 laptop) the buttons move under the
        text, still in view: beside it they pushed the card wider than the screen and the
        last buttons were cut off (issue 19.5, 17.4)."""
        super().resizeEvent(event)
        needed = self.buttons.sizeHint().width()
        narrow = self.width() < needed * (1 + self.TEXT_ROOM)
        if narrow == self.narrow:
            return
        self.narrow = narrow
        self.grid.removeItem(self.buttons)
        if narrow:  # under the text, from the card's left edge: the widest room there is
            self.grid.addLayout(self.buttons, self.text_rows, 0, 1, 3)
        else:
            self.grid.addLayout(self.buttons, 1, 2, 2, 1)

    def _more_button(self, where: str) -> QPushButton:
        """Move, cancel, void or sign: one menu, so the row of large buttons still fits."""
        button = touch_button("More…")
        button.setObjectName("moreButton")
        button.setAccessibleName(f"More actions — {where}")
        menu = QMenu(button)
        requested = self.stop.result == Result.REQUESTED
        signable = self.stop.result not in (Result.REQUESTED, Result.CANCELLED)
        for text, action, enabled in (
            ("&Move to another time…", "reschedule", requested),
            ("&Cancel the request…", "cancel", requested),
            ("&Void this result and record again…", "void", not requested),
            # the holder signs this visit's report or correction notice on screen (issue 17)
            ("&Sign the report or notice…", "sign", signable),
        ):
            entry = menu.addAction(text)
            entry.setEnabled(enabled)
            entry.triggered.connect(
                lambda _=False, a=action: self.visit_action.emit(self.stop.uuid, a)
            )
        button.setMenu(menu)
        self.more_menu = menu
        return button

    def set_selected(self, selected: bool) -> None:
        """The stop last worked on: a thick frame in the palette's highlight colour, so the
        inspector sees where they are after the route reloads."""
        self.setLineWidth(3 if selected else 1)
        palette = self.palette()
        colour = QApplication.palette().color(QPalette.ColorRole.Highlight)
        palette.setColor(QPalette.ColorRole.WindowText, colour if selected else QColor("#c8ccd2"))
        self.setPalette(palette)
        self.setProperty("selected", selected)


class TodayScreen(QWidget):
    #: The tables this view shows: it reloads when a write touches one (store.changes).
    SHOWS = field_day.READS

    """The day's route. ``window`` is the MainWindow (register, register_changed)."""

    result_requested = Signal(str)
    checklist_requested = Signal(str)
    photo_requested = Signal(str)
    visit_action_requested = Signal(str, str)

    def __init__(self, window, day: date | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.window_ = window
        layout = QVBoxLayout(self)
        self.bar = bar = QHBoxLayout()
        self.previous = touch_button("◀ Day before")
        self.date_edit = QDateEdit()
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("dddd d MMMM yyyy")
        self.date_edit.setMinimumHeight(56)
        self.date_edit.setFont(sized_font(18))
        self.date_edit.setAccessibleName("Day of the route")
        self.next = touch_button("Day after ▶")
        self.summary = label("", 16, "#222")
        for widget in (self.previous, self.date_edit, self.next):
            widget.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)  # whole
            bar.addWidget(widget)
        # the count asks no width of its own (it would hold the bar wider than the screen):
        # it fills what is left, and goes below when that is too little (resizeEvent)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar.addWidget(self.summary, 1)
        bar.addStretch(0)  # holds the day's buttons at their width when the count is below
        layout.addLayout(bar)
        self.bar_wrapped = False  # the summary on a line of its own under the day's buttons
        self.summary_row = QHBoxLayout()
        layout.addLayout(self.summary_row)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        layout.addWidget(self.scroll, 1)
        self.cards: list[StopCard] = []
        self.stops: list[Stop] = []
        self.current: str | None = None  # the stop last worked on: kept across reloads
        self.previous.clicked.connect(
            lambda: self.set_day(self.day.fromordinal(self.day.toordinal() - 1))
        )
        self.next.clicked.connect(
            lambda: self.set_day(self.day.fromordinal(self.day.toordinal() + 1))
        )
        self.day = day or date.today()
        self.date_edit.setDate(QDate(self.day.year, self.day.month, self.day.day))
        self.date_edit.dateChanged.connect(lambda d: self.set_day(d.toPython()))
        self.reload()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """At 200 % on a 1366×768 laptop the bar is wider than the screen: "Day before" and
        "Day after" were cut by a few pixels. Then the stop count goes on a line below and
        the day's buttons keep their whole width; back on the bar when there is room."""
        super().resizeEvent(event)
        parts = (self.previous, self.date_edit, self.next, self.summary)
        margins = self.layout().contentsMargins()
        needed = (sum(w.sizeHint().width() for w in parts) + self.bar.spacing() * len(parts)
                  + margins.left() + margins.right())  # fmt: skip
        wrapped = self.width() < needed
        if wrapped == self.bar_wrapped:
            return
        self.bar_wrapped = wrapped
        (self.bar if wrapped else self.summary_row).removeWidget(self.summary)
        if wrapped:
            self.summary_row.addWidget(self.summary)
        else:  # before the bar's closing spacer, taking what room is left
            self.bar.insertWidget(3, self.summary, 1)

    def set_day(self, day: date) -> None:
        if day == self.day:
            return
        self.day = day
        self.date_edit.blockSignals(True)
        self.date_edit.setDate(QDate(day.year, day.month, day.day))
        self.date_edit.blockSignals(False)
        self.reload()

    def _select_then(self, signal):
        def relay(uuid: str, *rest) -> None:
            self.select(uuid)
            signal.emit(uuid, *rest)

        return relay

    def select(self, uuid: str | None) -> None:
        self.current = uuid
        for card in self.cards:
            card.set_selected(card.stop.uuid == uuid)

    def current_card(self) -> StopCard | None:
        return next((c for c in self.cards if c.stop.uuid == self.current), None)

    def reload(self) -> None:
        """Rebuild the cards from the register, keeping the scroll position and the stop last
        worked on (saving a result used to jump to the top, so the next tap hit the wrong
        stop). A stop voided and recorded again keeps the selection through its new record
        (same permit, stage and time)."""
        bar = self.scroll.verticalScrollBar()
        offset = bar.value()
        before = next((s for s in self.stops if s.uuid == self.current), None)
        self.stops = day_stops(self.window_.register, self.day)
        if before is not None and all(s.uuid != self.current for s in self.stops):
            same = [s for s in self.stops if (s.permit_uuid, s.stage, s.scheduled_for)
                    == (before.permit_uuid, before.stage, before.scheduled_for)]  # fmt: skip
            self.current = same[0].uuid if same else None
        body = QWidget()
        column = QVBoxLayout(body)
        column.setSpacing(10)
        self.cards = []
        for position, stop in enumerate(self.stops, start=1):
            card = StopCard(stop, position, position == len(self.stops))
            card.result_clicked.connect(self._select_then(self.result_requested))
            card.checklist_clicked.connect(self._select_then(self.checklist_requested))
            card.photo_clicked.connect(self._select_then(self.photo_requested))
            card.visit_action.connect(self._select_then(self.visit_action_requested))
            card.move_clicked.connect(self.move)
            card.correction_clicked.connect(self.correction_notice)
            column.addWidget(card)
            self.cards.append(card)
        if not self.stops:
            empty = label("No inspections scheduled for this day.", 18, "#555")
            empty.setContentsMargins(24, 24, 24, 24)
            column.addWidget(empty)
        column.addStretch(1)
        self.scroll.setWidget(body)
        self.select(self.current)
        self._restore(offset)
        late = sum(s.late_request for s in self.stops)
        done = sum(s.result != Result.REQUESTED for s in self.stops)
        self.summary.setText(
            f"{len(self.stops)} stop{'s' if len(self.stops) != 1 else ''} · {done} recorded"
            + (f" · {late} late request{'s' if late != 1 else ''}" if late else "")
        )

    def _restore(self, offset: int) -> None:
        """Lay the new cards out now (not at the next event loop turn), so the scroll bar has
        its range and the old offset can be set before anything is painted or tapped."""
        body = self.scroll.widget()
        body.resize(self.scroll.viewport().width(), body.sizeHint().height())
        bar = self.scroll.verticalScrollBar()
        bar.setRange(0, max(0, body.height() - self.scroll.viewport().height()))
        bar.setValue(offset)
        card = self.current_card()
        if card is not None:
            card.findChild(QPushButton, "resultButton").setFocus()

    def correction_notice(self, inspection_uuid: str):
        """Preview the correction notice for this visit (issue 14, item 10)."""
        from deerfield_desk.ui.documents_actions import preview_document

        stop = next(s for s in self.stops if s.uuid == inspection_uuid)
        return preview_document(
            self.window_, "correction-notice", f"{stop.permit_number}/{stop.inspection_id}"
        )

    def move(self, inspection_uuid: str, step: int) -> None:
        """Move a stop earlier or later and save the whole route as 1, 2, 3…"""
        order = [s.uuid for s in self.stops]
        index = order.index(inspection_uuid)
        target = index + step
        if not 0 <= target < len(order):
            return
        order[index], order[target] = order[target], order[index]
        inspections.set_route(self.window_.register, order)
