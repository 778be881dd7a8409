"""Issue 16.7: the inspection calendar is a tab of the main window, worked with the keyboard
(arrows between slots, Enter books a free slot or opens a booked one), with previous, next
and this week, and it follows the register as every view does."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from PySide6.QtCore import Qt

from deerfield_desk.store import inspections
from deerfield_desk.ui import confirm, permit_picker
from deerfield_desk.ui.field import install, permit_inspections
from deerfield_desk.ui.field.inspection_week import InspectionWeek
from deerfield_desk.ui.field.request_dialog import RequestDialog
from tests.inspections_fixtures import make_permit, open_field_register

MONDAY = date(2026, 12, 7)
TUESDAY = date(2026, 12, 8)


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def window(main_window, field_register, qtbot):
    win = main_window(field_register)
    win.show()
    win.inspection_week.today = TUESDAY  # the clerk's "today" in this test
    return win


def _menu_action(window, words: str):
    menu = window.menu("Inspections")
    return next(a for a in menu.actions() if words in a.text().replace("&", ""))


def test_the_menu_item_switches_to_the_calendar_tab_ready_for_the_arrows(window, qtbot):
    week = window.inspection_week
    assert isinstance(week, InspectionWeek)
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert "Inspection calendar" in titles
    window.tabs.setCurrentIndex(0)
    _menu_action(window, "Inspection calendar").trigger()
    assert window.tabs.currentWidget() is week
    qtbot.waitUntil(lambda: week.table.hasFocus())
    assert week.table.tabKeyNavigation() is False  # Tab leaves the grid


def test_previous_next_and_this_week(window):
    week = window.inspection_week
    week.set_week(MONDAY)
    assert week.title.text() == "Week of Mon 07 Dec – Sun 13 Dec 2026"
    assert not week.this_week.isEnabled()  # already on the week of today
    assert week.table.horizontalHeaderItem(1).text() == "Tue 08 Dec\ntoday"
    week.next.click()
    assert week.title.text().startswith("Week of Mon 14 Dec") and week.this_week.isEnabled()
    week.previous.click()
    week.previous.click()
    assert week.title.text().startswith("Week of Mon 30 Nov")
    week.previous.click()  # Thanksgiving week: the holiday on lines of its own (no cut)
    assert (
        week.table.horizontalHeaderItem(3).text() == "Thu 26 Nov\nThanksgiving Day\noffice closed"
    )
    week.this_week.click()
    assert week.monday == MONDAY
    said = Qt.ItemDataRole.AccessibleTextRole  # a free slot is read out, not silent
    assert week.table.item(0, 0).data(said) == "Mon 07 Dec 08:00, free"
    last = week.table.rowCount() - 1
    assert week.table.item(last, 4).data(said) == "Fri 11 Dec, outside office hours: nothing booked"


def test_arrows_move_between_slots_enter_books_a_free_one_then_opens_it(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg, phone="608-555-0177")

    class SavesAtOnce(RequestDialog):
        def exec(self):  # the clerk presses Record: the real dialog's own save
            self.save()
            return int(self.saved is not None)

    monkeypatch.setattr(install, "RequestDialog", SavesAtOnce)
    monkeypatch.setattr(confirm, "ask", lambda *a: True)  # "logged at night, is that right?"
    monkeypatch.setattr(permit_picker, "choose_permit", lambda *a: permit["uuid"])
    monkeypatch.setattr(permit_inspections, "ask_item", lambda _p, _t, _q, items: items[0])
    week = window.inspection_week
    window.tabs.setCurrentWidget(week)
    week.set_week(MONDAY)
    week.table.setFocus()
    week.table.setCurrentCell(0, 0)  # Monday 08:00
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Down):
        qtbot.keyClick(week.table, key)
    qtbot.keyClick(week.table, Qt.Key.Key_Right)
    qtbot.keyClick(week.table, Qt.Key.Key_Right)
    assert week.selected_slot() == datetime(2026, 12, 9, 10, 0)  # Wednesday 10:00
    qtbot.keyClick(week.table, Qt.Key.Key_Return)
    (row,) = reg.query("SELECT * FROM inspections")
    assert row["scheduled_for"] == "2026-12-09T10:00"
    assert (row["requested_by"], row["contact_phone"]) == ("Dana Builder", "608-555-0177")
    booked = week.table.item(4, 2).text()
    assert "Dana Builder · 608-555-0177" in booked and booked.startswith("10:00 ")
    assert (week.table.currentRow(), week.table.currentColumn()) == (4, 2), "the slot stays"

    qtbot.keyClick(week.table, Qt.Key.Key_Enter)  # Enter on the booked slot opens it
    pw = window.permit_windows[permit["uuid"]]
    qtbot.addWidget(pw)
    assert pw.tabs.currentWidget() is pw.inspections.parentWidget()
    chosen = pw.inspections.item(pw.inspections.currentRow(), 0)
    assert chosen.data(Qt.ItemDataRole.UserRole) == row["uuid"]
    assert len(reg.query("SELECT * FROM inspections")) == 1, "opening books nothing"


def test_enter_on_the_outside_hours_row_says_what_to_do(window, qtbot):
    week = window.inspection_week
    week.set_week(MONDAY)
    week.table.setCurrentCell(week.table.rowCount() - 1, 0)
    qtbot.keyClick(week.table, Qt.Key.Key_Return)
    assert week.message.text() == "Slot: select a free office-hours slot to book first"


def test_the_tab_follows_bookings_made_elsewhere_and_a_hidden_tab_waits(window, qtbot):
    reg = window.register
    permit = make_permit(reg)
    week = window.inspection_week
    window.tabs.setCurrentWidget(week)
    week.set_week(MONDAY)
    inspections.request_inspection(
        reg, permit["uuid"], "erosion_control", requested_by="Dana Builder",
        requested_at=datetime(2026, 12, 1, 9), scheduled_for=datetime(2026, 12, 8, 9),
        now=datetime(2026, 12, 1, 9),
    )  # fmt: skip
    assert "Erosion control" in week.table.item(2, 1).text(), "in view: at once"
    window.tabs.setCurrentIndex(0)
    inspections.request_inspection(
        reg, permit["uuid"], "footing", requested_by="Dana Builder",
        requested_at=datetime(2026, 12, 1, 9), scheduled_for=datetime(2026, 12, 10, 13),
        now=datetime(2026, 12, 1, 9),
    )  # fmt: skip
    assert week.stale, "hidden: read again when shown, not now"
    window.tabs.setCurrentWidget(week)
    assert not week.stale and "Footing" in week.table.item(10, 3).text()
