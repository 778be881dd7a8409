"""Issue 16.7: the office's week of inspections and its .ics export, read back by an
independent RFC 5545 parser (icalendar) as well as checked line by line."""

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import icalendar
import pytest

from deerfield_desk.exports.inspection_ics import calendar_text, escape_text, fold
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.inspection_slots import Odd
from deerfield_desk.store import inspection_schedule, inspections
from deerfield_desk.store.inspection_calendar import week_bookings
from deerfield_desk.ui import confirm, permit_picker
from deerfield_desk.ui.field import inspection_week, install, permit_inspections
from deerfield_desk.ui.field.inspection_week import OUTSIDE_ROW_LABEL, InspectionWeek
from deerfield_desk.ui.field.request_dialog import RequestDialog
from tests.inspections_fixtures import make_permit, open_field_register

MONDAY = date(2026, 12, 7)
ASKED = datetime(2026, 12, 1, 9, 0)
CHICAGO = ZoneInfo("America/Chicago")


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def window(main_window, field_register):
    return main_window(field_register)


def book(reg, permit, stage, when, odd=()):
    return inspections.request_inspection(
        reg, permit["uuid"], stage, requested_by="Dana Builder", requested_at=ASKED,
        scheduled_for=when, now=ASKED, confirmed_odd=odd,
    )  # fmt: skip


def week(reg):
    permit = make_permit(reg, address="12 Main St, Unit 3; rear")
    other = make_permit(reg, number="2026-0002", address="40 Oak Ave", phone="608-555-0202")
    a = book(reg, permit, "erosion_control", datetime(2026, 12, 8, 9, 0))
    b = book(reg, other, "footing", datetime(2026, 12, 9, 4, 0), [Odd.OUTSIDE_HOURS])  # 04:00
    return permit, a, b


def test_the_week_shows_slots_callers_and_flags_outside_hours(window, qtbot):
    reg = window.register
    week(reg)
    dialog = InspectionWeek(window, MONDAY)
    qtbot.addWidget(dialog)
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(5)]
    assert headers[0].startswith("Mon 07 Dec")
    rows = [dialog.table.verticalHeaderItem(r).text() for r in range(dialog.table.rowCount())]
    assert rows[0] == "08:00" and rows[-2] == "16:00" and rows[-1] == OUTSIDE_ROW_LABEL
    nine_tuesday = dialog.table.item(rows.index("09:00"), 1).text()
    assert "Erosion control" in nine_tuesday and "Dana Builder · 608-555-0101" in nine_tuesday
    flagged = dialog.table.item(len(rows) - 1, 2).text()
    assert flagged.startswith("⚠ outside office hours") and "40 Oak Ave" in flagged
    assert dialog.message.text() == "1 booking outside office hours this week"


def test_booking_a_free_slot_fills_caller_and_phone_from_the_permit(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg, phone="608-555-0177")

    class SavesAtOnce(RequestDialog):
        def exec(self):  # the clerk presses Record: the real dialog's own save
            self.save()
            return int(self.saved is not None)

    monkeypatch.setattr(install, "RequestDialog", SavesAtOnce)
    # the call is logged "now": at night the dialog rightly asks whether that time is right
    monkeypatch.setattr(confirm, "ask", lambda *a: True)
    monkeypatch.setattr(permit_picker, "choose_permit", lambda *a: permit["uuid"])
    monkeypatch.setattr(permit_inspections, "ask_item", lambda _p, _t, _q, items: items[0])
    dialog = InspectionWeek(window, MONDAY, book=lambda slot: install.book_slot(window, slot))
    qtbot.addWidget(dialog)
    dialog.book()
    assert dialog.message.text().startswith("Slot:")
    dialog.table.setCurrentCell(4, 3)  # Thursday 10:00
    dialog.book()
    (row,) = reg.query("SELECT * FROM inspections")
    assert (row["stage"], row["scheduled_for"]) == ("erosion_control", "2026-12-10T10:00")
    assert (row["requested_by"], row["contact_phone"]) == ("Dana Builder", "608-555-0177")
    assert "Erosion control" in dialog.table.item(4, 3).text()


def test_ics_export_is_rfc_5545_and_reads_back_in_local_time(window, qtbot, tmp_path, monkeypatch):
    reg = window.register
    permit, a, _b = week(reg)
    target = tmp_path / "week.ics"
    monkeypatch.setattr(inspection_week, "ask_save_path", lambda *a: str(target))
    told = []
    monkeypatch.setattr(confirm, "tell", lambda _p, _t, text: told.append(text))
    dialog = InspectionWeek(window, MONDAY)
    qtbot.addWidget(dialog)
    dialog.export()
    assert told == [f"2 inspections written to {target}."]
    raw = target.read_bytes()
    assert raw.endswith(b"END:VCALENDAR\r\n") and b"\n" not in raw.replace(b"\r\n", b"")
    assert all(len(line) <= 75 for line in raw.split(b"\r\n"))
    parsed = icalendar.Calendar.from_ical(raw)
    (zone,) = parsed.walk("VTIMEZONE")
    assert zone["TZID"] == "America/Chicago"
    events = {str(e["UID"]): e for e in parsed.walk("VEVENT")}
    event = events[f"{a['uuid']}@deerfield-desk.invalid"]
    assert str(event["LOCATION"]) == "12 Main St, Unit 3; rear"  # escaped, read back whole
    start = event["DTSTART"].dt
    assert start.astimezone(UTC) == datetime(2026, 12, 8, 15, 0, tzinfo=UTC)  # CST = UTC-6
    assert event["DTSTAMP"].dt.tzinfo is not None
    assert "Phone: 608-555-0101" in str(event["DESCRIPTION"])
    others = [e for uid, e in events.items() if not uid.startswith(a["uuid"])]
    assert "Outside office hours" in str(others[0]["DESCRIPTION"])


def test_a_moved_inspection_keeps_its_uid_and_summer_time_is_cdt(field_register):
    reg = field_register
    permit = make_permit(reg)
    visit = book(reg, permit, "erosion_control", datetime(2027, 7, 6, 10, 0), [Odd.FAR_AHEAD])
    july = date(2027, 7, 5)
    first = calendar_text(week_bookings(reg, july, VillageCalendar(), for_export=True), "w")
    inspection_schedule.reschedule(reg, visit["uuid"], datetime(2027, 7, 7, 11, 0), "rain",
                                   now=ASKED, confirmed_odd=[Odd.FAR_AHEAD])  # fmt: skip
    second = calendar_text(week_bookings(reg, july, VillageCalendar(), for_export=True), "w")
    assert "SEQUENCE:0" in first and "SEQUENCE:1" in second  # moved: a new version
    uid = f"UID:{visit['uuid']}@deerfield-desk.invalid"
    assert uid in first and uid in second
    (event,) = icalendar.Calendar.from_ical(second).walk("VEVENT")
    assert event["DTSTART"].dt.astimezone(UTC) == datetime(2027, 7, 7, 16, 0, tzinfo=UTC)
    assert event["DTSTART"].dt.utcoffset() == datetime(2027, 7, 7, tzinfo=CHICAGO).utcoffset()


def test_text_escaping_and_folding_follow_the_rfc():
    assert escape_text("a\\b;c,d\ne") == "a\\\\b\\;c\\,d\\ne"
    line = "DESCRIPTION:" + "é" * 60  # two octets each: must not be cut inside one
    folded = fold(line).encode("utf-8").split(b"\r\n")
    assert all(len(part) <= 75 for part in folded) and all(p.startswith(b" ") for p in folded[1:])
    assert b"".join([folded[0], *(p[1:] for p in folded[1:])]).decode("utf-8") == line
