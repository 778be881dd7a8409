"""The village calendar is the Village's data (31.02(36)); terms never roll (12.16, 12.18(4)(a));
one extension of a live permit (12.14(1))."""

from __future__ import annotations

from datetime import date

import pytest

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.closures import default_closures
from deerfield_desk.models.deadlines import compute_deadline
from deerfield_desk.models.extension import check_extension_timing
from deerfield_desk.store.village_calendar import (
    add_closure,
    closures_for_year,
    confirm_year,
    confirmed_on,
    reminder,
    remove_closure,
    village_calendar,
)

CAL = VillageCalendar()


def test_default_2026_list_is_the_office_closures_of_the_issue():
    got = {d.isoformat(): n for d, n in default_closures(2026).items()}
    assert got == {
        "2026-01-01": "New Year's Day",
        "2026-05-25": "Memorial Day",
        "2026-07-03": "Independence Day (observed)",  # 4 July is a Saturday
        "2026-09-07": "Labor Day",
        "2026-11-26": "Thanksgiving Day",
        "2026-11-27": "Day after Thanksgiving",
        "2026-12-24": "Christmas Eve",
        "2026-12-25": "Christmas Day",
        "2026-12-31": "New Year's Eve",
    }


@pytest.mark.parametrize(
    ("day", "closed"),
    [
        (date(2026, 2, 16), False),  # Susan B. Anthony Day (Wisconsin, commemorative)
        (date(2026, 10, 12), False),  # Columbus Day: no village closure
        (date(2026, 11, 11), False),  # Veterans Day: not on the office's list
        (date(2022, 12, 23), True),  # Christmas Eve on a Saturday: the Friday before
        (date(2022, 12, 26), True),  # Christmas Day on a Sunday: the Monday after
        (date(2021, 12, 31), True),  # New Year's Day 2022 on a Saturday, and New Year's Eve
    ],
)
def test_commemorative_days_are_never_closures_and_weekends_shift(day, closed):
    assert CAL.is_holiday(day) is closed


def test_no_holiday_library_is_imported():
    import deerfield_desk.models.calendar as module

    assert "holidays" not in module.__dict__


def test_12_16_temporary_occupancy_ends_on_its_calendar_day():
    # issued Thursday 27 Nov 2026 (Thanksgiving): day 30 is Sunday 27 Dec; it does not roll
    due = compute_deadline("temporary_occupancy_end", date(2026, 11, 27), CAL).due
    assert due == date(2026, 12, 27)


def test_12_18_4_a_thirty_consecutive_days_end_on_a_holiday_too():
    due = compute_deadline("demolition_backfill", date(2026, 11, 25), CAL).due
    assert due == date(2026, 12, 25)  # Christmas: a term, not a filing deadline


def test_filing_deadlines_still_roll_past_a_closed_day():
    # 12.26 appeal: 20 days from 4 Dec 2026 is Thursday 24 Dec (closed) → Monday 28 Dec
    assert compute_deadline("general_appeal", date(2026, 12, 4), CAL).due == date(2026, 12, 28)


@pytest.mark.parametrize(
    ("on", "earlier", "allowed"),
    [
        (date(2028, 6, 1), 0, True),
        (date(2028, 6, 2), 0, True),  # the expiry day itself: still alive
        (date(2028, 6, 3), 0, False),  # after expiry: a new permit
        (date(2028, 5, 1), 1, False),  # one extension only
    ],
)
def test_12_14_1_one_extension_and_none_after_expiry(on, earlier, allowed):
    if allowed:
        check_extension_timing(date(2028, 6, 2), on, earlier)
    else:
        with pytest.raises(NotAllowed, match=r"12\.14\(1\)"):
            check_extension_timing(date(2028, 6, 2), on, earlier)


def test_clerk_edits_a_year_and_confirms_it_journaled(register):
    add_closure(register, date(2027, 4, 2), "Good Friday afternoon")
    remove_closure(register, date(2027, 11, 26))  # office open the day after Thanksgiving
    cal = village_calendar(register)
    assert cal.is_holiday(date(2027, 4, 2)) and not cal.is_holiday(date(2027, 11, 26))
    listed = {c.day: (c.name, c.origin) for c in closures_for_year(register, 2027)}
    assert listed[date(2027, 4, 2)] == ("Good Friday afternoon", "added")
    assert date(2027, 11, 26) not in listed
    assert reminder(register, date(2026, 12, 1)) and "2027" in reminder(register, date(2026, 12, 1))
    assert reminder(register, date(2026, 11, 30)) is None  # only in December
    confirm_year(register, 2027, date(2026, 12, 2))
    assert confirmed_on(register, 2027) == date(2026, 12, 2)
    assert reminder(register, date(2026, 12, 3)) is None
    add_closure(register, date(2027, 12, 30), "Inventory day")  # a change asks again
    assert confirmed_on(register, 2027) is None
    keys = [row["after_json"] for row in register.query("SELECT after_json FROM journal")]
    assert any("Good Friday afternoon" in (k or "") for k in keys)


def test_closure_needs_a_name_and_a_weekday(register):
    with pytest.raises(InvalidInput, match="name"):
        add_closure(register, date(2027, 4, 2), " ")
    with pytest.raises(InvalidInput, match="weekend"):
        add_closure(register, date(2027, 4, 3), "Saturday")


def test_calendar_dialog_adds_and_confirms(qtbot, register):
    from deerfield_desk.ui.calendar_dialog import CalendarDialog

    dialog = CalendarDialog(None, register, today=date(2026, 12, 1))
    qtbot.addWidget(dialog)
    assert dialog.year.value() == 2027  # December: next year's list
    assert dialog.table.rowCount() == len(default_closures(2027))
    from PySide6.QtCore import QDate

    dialog.new_date.setDate(QDate(2027, 4, 2))
    dialog.new_name.setText("Good Friday")
    dialog.findChild(type(dialog.confirm), "calendar_add").click()
    assert dialog.table.rowCount() == len(default_closures(2027)) + 1
    dialog.confirm.click()
    assert confirmed_on(register, 2027) == date(2026, 12, 1)
    assert "Confirmed" in dialog.status.text()


def test_december_reminder_shows_in_the_status_bar_until_confirmed(qtbot, register):
    from PySide6.QtWidgets import QMainWindow

    from deerfield_desk.ui import calendar_actions

    class Window(QMainWindow):
        def menu(self, name):
            return self.menuBar().addMenu(name)

    window = Window()
    window.register = register
    qtbot.addWidget(window)
    calendar_actions.install(window, today=date(2026, 12, 1))
    window.show()
    assert window.calendar_reminder.isVisible()
    assert "2027" in window.calendar_reminder.text()
    confirm_year(register, 2027, date(2026, 12, 1))
    window.refresh_calendar_reminder()
    assert not window.calendar_reminder.isVisible()
