"""Issue 17's remaining rules on screen: Cancelled in the Result dialog asks why; the Request
dialog passes what the inspector confirmed; the Today card signs a recorded stop and its
"void and record again" keeps the photos; office hours are set under Tools; an occupancy
permit is voided from the permit's inspections."""

from datetime import date, datetime

import pytest

from deerfield_desk.config import register_paths
from deerfield_desk.store import inspections, occupancy, office_hours, photos
from deerfield_desk.store.photo_edits import photos_by_visit
from deerfield_desk.ui import confirm
from deerfield_desk.ui.field import permit_inspections, visit_actions
from deerfield_desk.ui.field.inspection_week import InspectionWeek
from deerfield_desk.ui.field.office_hours_dialog import OfficeHoursDialog
from deerfield_desk.ui.field.request_dialog import RequestDialog
from deerfield_desk.ui.field.result_dialog import ResultDialog
from deerfield_desk.ui.field.signature_pad import SignatureDialog
from tests.documents_fixtures import make_photo
from tests.inspections_fixtures import make_permit, open_field_register

DAY = date(2026, 11, 24)  # a Tuesday already past, so results may be recorded on it
ASKED = datetime(2026, 11, 20, 9, 0)


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def window(main_window, field_register):
    win = main_window(field_register)
    win.resize(1366, 768)
    win.today_screen.set_day(DAY)
    return win


def book(reg, permit, stage, hour):
    return inspections.request_inspection(
        reg, permit["uuid"], stage, requested_by="Dana Builder", requested_at=ASKED,
        scheduled_for=datetime(DAY.year, DAY.month, DAY.day, hour), now=ASKED,
    )  # fmt: skip


def test_cancelled_in_the_result_dialog_asks_why_and_keeps_the_reason(window, qtbot, monkeypatch):
    reg = window.register
    visit = book(reg, make_permit(reg), "erosion_control", 9)
    dialog = ResultDialog(reg, visit["uuid"], now=datetime(2026, 11, 24, 9, 30))
    qtbot.addWidget(dialog)
    dialog.outcome_buttons["cancelled"].click()
    monkeypatch.setattr(visit_actions, "ask_text", lambda *a: None)  # the inspector backs out
    dialog.save()
    assert dialog.saved is None and "say why the inspection is cancelled" in dialog.error.text()
    monkeypatch.setattr(visit_actions, "ask_text", lambda *a: "   ")
    dialog.save()
    assert dialog.saved is None
    assert dialog.error.text() == "Cancel reason: say why the inspection is cancelled"
    assert reg.get("inspections", visit["uuid"])["result"] == "requested"
    monkeypatch.setattr(visit_actions, "ask_text", lambda *a: "site locked, nobody came")
    dialog.save()
    saved, _ = dialog.saved
    assert (saved["result"], saved["cancel_reason"]) == ("cancelled", "site locked, nobody came")


def test_the_request_dialog_passes_what_was_confirmed_to_the_store(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg)
    now = datetime(2026, 11, 23, 10, 0)
    dialog = RequestDialog(reg, permit["uuid"], "erosion_control", now=now)
    qtbot.addWidget(dialog)
    dialog.scheduled_for.setDateTime(datetime(2026, 11, 28, 9, 0))  # a Saturday
    asked = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _t, text: asked.append(text) or True)
    dialog.save()
    assert "on a day the office is closed" in asked[0]
    stored = dialog.saved["odd_confirmed"]
    assert stored.startswith("office_closed: Inspect on: Sat 28 Nov 2026 09:00")


def test_sign_from_the_today_card_opens_the_pad_for_that_stop(window, qtbot, monkeypatch):
    reg = window.register
    first = book(reg, make_permit(reg), "erosion_control", 9)
    second = book(reg, make_permit(reg, number="2026-0002", address="7 Liberty St"),
                  "erosion_control", 10)  # fmt: skip
    inspections.record_result(reg, second["uuid"], "passed", inspected_at=ASKED)
    today = window.today_screen
    cards = {c.stop.uuid: c for c in today.cards}
    waiting = {a.text(): a for a in cards[first["uuid"]].more_menu.actions()}
    assert not waiting["&Sign the report or notice…"].isEnabled()  # nothing recorded yet
    opened = []

    def show(dialog):
        opened.append((dialog.visit["uuid"], dialog.windowTitle()))
        return 0

    monkeypatch.setattr(SignatureDialog, "exec", show)
    recorded = {a.text(): a for a in cards[second["uuid"]].more_menu.actions()}
    assert recorded["&Sign the report or notice…"].isEnabled()
    recorded["&Sign the report or notice…"].trigger()
    assert [uuid for uuid, _title in opened] == [second["uuid"]]  # that stop, not the last one
    assert today.current == second["uuid"]


def test_void_and_record_again_from_the_card_keeps_the_photos(window, qtbot, monkeypatch, db_path,
                                                              tmp_path):  # fmt: skip
    reg = window.register
    permit = make_permit(reg)
    visit = book(reg, permit, "erosion_control", 9)
    inspections.record_result(reg, visit["uuid"], "passed", inspected_at=ASKED)
    photo = photos.import_photo(reg, register_paths(db_path), make_photo(tmp_path / "a.jpg"),
                                "inspections", visit["uuid"])  # fmt: skip
    card = window.today_screen.cards[0]
    entries = {a.text(): a for a in card.more_menu.actions()}
    monkeypatch.setattr(visit_actions, "ask_text", lambda *a: "wrong stop tapped")
    shown = []

    def record_again(dialog):  # what the inspector sees and does in the Result dialog
        shown.append(dialog.carried.text())
        dialog.outcome_buttons["passed"].click()
        dialog.save()
        return 1

    monkeypatch.setattr(ResultDialog, "exec", record_again)
    entries["&Void this result and record again…"].trigger()
    assert "stays with this visit and prints with it (1 photo)" in shown[0]
    again = reg.query_one("SELECT * FROM inspections WHERE corrects_id = ?", (visit["id"],))
    assert again["result"] == "passed"
    strips = photos_by_visit(reg, permit["uuid"])
    assert [p["uuid"] for s in strips for p in s.photos] == [photo["uuid"]]
    assert reg.get("attachments", photo["uuid"])["owner_uuid"] == visit["uuid"]  # not moved


def test_office_hours_are_set_under_tools_and_the_week_follows(window, qtbot):
    reg = window.register
    dialog = OfficeHoursDialog(reg, window)
    qtbot.addWidget(dialog)
    assert [b.isChecked() for b in dialog.days] == [True] * 5 + [False] * 2
    dialog.opens.setTime(dialog.closes.time())
    assert dialog.error.text().startswith("Closes: the office closes after it opens")
    dialog.save()
    assert dialog.saved is None and reg.get_setting("office_hours") is None
    dialog.opens.setTime(dialog.opens.time().fromString("07:00", "HH:mm"))
    dialog.closes.setTime(dialog.closes.time().fromString("12:00", "HH:mm"))
    dialog.slot.setCurrentIndex(dialog.slot.findData(60))
    dialog.days[5].setChecked(True)
    assert "Monday to Saturday 07:00–12:00" in dialog.preview.text()
    assert "5 slots a day" in dialog.preview.text()
    dialog.save()
    assert dialog.result() == dialog.DialogCode.Accepted
    assert office_hours.office_hours(reg).slot_minutes == 60
    week = InspectionWeek(window, date(2026, 11, 30))
    qtbot.addWidget(week)
    rows = [week.table.verticalHeaderItem(r).text() for r in range(week.table.rowCount())]
    assert rows[:5] == ["07:00", "08:00", "09:00", "10:00", "11:00"]
    headers = [week.table.horizontalHeaderItem(c).text() for c in range(week.table.columnCount())]
    assert headers[-1].startswith("Sat 05 Dec")
    assert "Monday to Saturday 07:00–12:00, closed on village holidays, 60-minute slots" in (
        week.legend.text()
    )


def test_the_menu_opens_office_hours(window, monkeypatch):
    opened = []
    monkeypatch.setattr(OfficeHoursDialog, "exec", lambda d: opened.append(d) or 0)
    action = next(a for a in window.menu("Tools").actions()
                  if a.text().replace("&", "") == "Office hours for inspections…")  # fmt: skip
    action.trigger()
    assert len(opened) == 1


def test_void_occupancy_from_the_permits_inspections(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg, structure="deck")
    for planned in inspections.planned_stages(reg, permit["uuid"]):
        visit = book(reg, permit, planned.stage.code, 9)
        inspections.record_result(reg, visit["uuid"], "passed", inspected_at=ASKED)
    issued = occupancy.issue_occupancy(reg, permit["uuid"], date(2026, 11, 25))
    dialog = permit_inspections.PermitInspectionsDialog(window, permit["uuid"])
    qtbot.addWidget(dialog)
    monkeypatch.setattr(permit_inspections, "ask_text", lambda *a: "")
    dialog.void_occupancy()
    assert dialog.message.text() == "Reason: say why the occupancy permit is void"
    monkeypatch.setattr(permit_inspections, "ask_text", lambda *a: "final passed on the wrong deck")
    dialog.void_occupancy()
    assert f"Occupancy permit {issued['occupancy_number']} voided" in dialog.message.text()
    assert reg.get("occupancy_permits", issued["uuid"])["status"] == "voided"
    assert reg.get("permits", permit["uuid"])["status"] == "issued"
    dialog.void_occupancy()
    assert "nothing to void" in dialog.message.text()
