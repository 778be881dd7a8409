"""Issue 17 on screen: the route keeps its place after a result, the card's More menu voids
and records again, the Result dialog asks before a final pass and for an out-of-order reason,
the Move dialog questions a time outside office hours, and occupancy says what it did."""

from datetime import date, datetime, timedelta

import pytest

from deerfield_desk.store import inspections
from deerfield_desk.ui import confirm
from deerfield_desk.ui.field import install, permit_inspections, visit_actions
from deerfield_desk.ui.field.request_dialog import RequestDialog
from deerfield_desk.ui.field.result_dialog import ResultDialog
from deerfield_desk.ui.field.visit_actions import RescheduleDialog
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


def book(reg, permit, stage, hour, minute=0):
    return inspections.request_inspection(
        reg, permit["uuid"], stage, requested_by="Dana Builder", requested_at=ASKED,
        scheduled_for=datetime(DAY.year, DAY.month, DAY.day, hour, minute), now=ASKED,
    )  # fmt: skip


def twenty_stops(reg):
    return [
        book(
            reg,
            make_permit(reg, number=f"2026-{n:04d}", address=f"{n} Liberty St"),
            "erosion_control",
            8 + n // 3,
            (n % 3) * 20,
        )  # fmt: skip
        for n in range(1, 21)
    ]


def test_saving_a_result_keeps_the_routes_scroll_position_and_selection(window, qtbot, monkeypatch):
    reg = window.register
    stops = twenty_stops(reg)
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentWidget(window.today_screen)
    today = window.today_screen
    bar = today.scroll.verticalScrollBar()
    assert bar.maximum() > 0
    target = stops[14]
    card = next(c for c in today.cards if c.stop.uuid == target["uuid"])
    today.scroll.ensureWidgetVisible(card)
    offset = bar.value()
    assert offset > 0

    def record(win, uuid):  # what the Result dialog does on Save
        inspections.record_result(win.register, uuid, "passed", inspected_at=ASKED)

    monkeypatch.setattr(install, "open_result", record)
    card.result_clicked.emit(target["uuid"])
    assert reg.get("inspections", target["uuid"])["result"] == "passed"
    assert today.current == target["uuid"]
    assert bar.value() == offset  # not back at the top
    selected = [c.stop.uuid for c in today.cards if c.property("selected")]
    assert selected == [target["uuid"]]
    assert today.current_card().stop.result == "passed"


def test_void_from_the_card_records_again_and_keeps_the_selection(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg)
    visit = book(reg, permit, "erosion_control", 10)
    inspections.record_result(
        reg, visit["uuid"], "failed", inspected_at=ASKED,
        defects=[{"section": "31.06(2)", "description": "silt fence down", "correction": "reset"}],
    )  # fmt: skip
    today = window.today_screen
    card = today.cards[0]
    entries = {a.text(): a for a in card.more_menu.actions()}
    assert not entries["&Move to another time…"].isEnabled()  # a result: void, not move
    monkeypatch.setattr(visit_actions, "ask_text", lambda *a: "tapped Failed, it passed")
    recorded = []

    def record_again(win, uuid):
        recorded.append(uuid)
        inspections.record_result(win.register, uuid, "passed", inspected_at=ASKED)

    monkeypatch.setattr(install, "open_result", record_again)
    entries["&Void this result and record again…"].trigger()
    assert reg.get("inspections", visit["uuid"])["void_reason"] == "tapped Failed, it passed"
    again = reg.get("inspections", recorded[0])
    assert again["corrects_id"] == visit["id"] and again["result"] == "passed"
    assert [s.uuid for s in today.stops] == [again["uuid"]]  # the voided visit left the route
    assert today.current == again["uuid"]


def test_a_stage_ahead_of_its_order_needs_a_reason_in_the_dialog(window, qtbot):
    reg = window.register
    permit = make_permit(reg)
    visit = book(reg, permit, "footing", 9)
    dialog = ResultDialog(reg, visit["uuid"], now=datetime(2026, 11, 24, 9, 40))
    qtbot.addWidget(dialog)
    assert dialog.inspected_at.dateTime().toPython() == datetime(2026, 11, 24, 9, 40)
    assert dialog.order_reason.isVisibleTo(dialog)
    dialog.outcome_buttons["passed"].click()
    dialog.save()
    assert dialog.saved is None
    assert dialog.error.text().startswith("Order reason: Erosion control (§12.12(5)(i))")
    dialog.order_reason.setText("controls installed, inspected with the footing")
    dialog.inspected_at.setDateTime(datetime.now() + timedelta(hours=2))
    dialog.save()
    assert dialog.error.text().startswith("Inspected at: an inspection cannot be recorded in")
    dialog.inspected_at.setDateTime(datetime(2026, 11, 24, 9, 15))  # written up afterwards
    dialog.save()
    saved, _ = dialog.saved
    assert saved["inspected_at"] == "2026-11-24T09:15"
    assert saved["order_reason"] == "controls installed, inspected with the footing"


def test_a_failure_books_the_reinspection_at_the_time_shown(window, qtbot):
    reg = window.register
    visit = book(reg, make_permit(reg), "erosion_control", 9)
    dialog = ResultDialog(reg, visit["uuid"], now=datetime(2026, 11, 24, 9, 40))
    qtbot.addWidget(dialog)
    assert not dialog.reinspect_at.isVisibleTo(dialog)
    dialog.outcome_buttons["partial"].click()
    assert dialog.reinspect_at.isVisibleTo(dialog)
    assert dialog.reinspect_at.dateTime().toPython() == datetime(2026, 11, 30, 8, 0)
    dialog.inspected_at.setDateTime(datetime(2026, 11, 23, 15, 0))  # written up a day late
    assert dialog.reinspect_at.dateTime().toPython() == datetime(2026, 11, 25, 15, 0)
    dialog.reinspect_at.setDateTime(datetime(2026, 12, 1, 13, 30))
    dialog.save()
    _, follow = dialog.saved
    assert follow["scheduled_for"] == "2026-12-01T13:30" and follow["route_order"] == 1


def test_passing_a_final_asks_first(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg, structure="deck")
    for code in ("footing", "rough"):
        inspections.change_stage(reg, permit["uuid"], code, "waived", "seen at final")
    visit = book(reg, permit, "final", 11)
    dialog = ResultDialog(reg, visit["uuid"], now=datetime(2026, 11, 24, 11, 20))
    qtbot.addWidget(dialog)
    asked = []
    monkeypatch.setattr(confirm, "ask", lambda _p, title, text: asked.append(text) or False)
    dialog.outcome_buttons["passed"].click()
    dialog.save()
    assert asked and "occupancy permit" in asked[0] and dialog.saved is None
    assert reg.get("inspections", visit["uuid"])["result"] == "requested"
    monkeypatch.setattr(confirm, "ask", lambda *a: True)
    dialog.save()
    assert dialog.saved[0]["result"] == "passed"


def test_move_dialog_questions_a_time_outside_office_hours(window, qtbot, monkeypatch):
    reg = window.register
    visit = book(reg, make_permit(reg), "erosion_control", 9)
    dialog = RescheduleDialog(reg, visit["uuid"])
    qtbot.addWidget(dialog)
    assert dialog.when.dateTime().toPython() == datetime(2026, 11, 24, 9, 0)
    dialog.when.setDateTime(datetime(2026, 11, 25, 4, 0))
    assert "Outside office hours" in dialog.hours.text()
    dialog.reason.setText("owner asked")
    monkeypatch.setattr(confirm, "ask", lambda *a: False)
    dialog.save()
    assert reg.get("inspections", visit["uuid"])["scheduled_for"] == "2026-11-24T09:00"
    dialog.when.setDateTime(datetime(2026, 11, 25, 10, 30))
    assert dialog.hours.text() == ""
    dialog.save()
    moved = reg.get("inspections", visit["uuid"])
    assert (moved["scheduled_for"], moved["schedule_reason"]) == ("2026-11-25T10:30", "owner asked")


def test_request_dialog_questions_an_old_date_and_offers_to_move_a_duplicate(
    window, qtbot, monkeypatch
):
    reg = window.register
    permit = make_permit(reg)
    first = book(reg, permit, "erosion_control", 9)
    now = datetime(2026, 11, 23, 10, 0)
    dialog = RequestDialog(reg, permit["uuid"], "erosion_control", now=now)
    qtbot.addWidget(dialog)
    assert dialog.phone.text() == "608-555-0101"  # from the permit's contractor
    dialog.requested_at.setDateTime(datetime(2016, 11, 23, 10, 0))
    asked = []
    monkeypatch.setattr(confirm, "ask", lambda _p, title, text: asked.append(text) or False)
    dialog.save()
    assert "10 years ago" in asked[0] and dialog.saved is None
    dialog.requested_at.setDateTime(now)
    dialog.scheduled_for.setDateTime(datetime(2026, 11, 25, 14, 0))
    monkeypatch.setattr(confirm, "ask", lambda _p, title, text: asked.append(text) or True)
    dialog.save()
    assert "already requested for 2026-11-24 09:00" in asked[-1]
    assert dialog.saved["uuid"] == first["uuid"]
    assert dialog.saved["scheduled_for"] == "2026-11-25T14:00"
    assert len(reg.query("SELECT id FROM inspections")) == 1


def test_occupancy_asks_says_what_it_did_and_refuses_a_second(window, qtbot, monkeypatch):
    reg = window.register
    permit = make_permit(reg, structure="deck")
    for planned in inspections.planned_stages(reg, permit["uuid"]):
        visit = book(reg, permit, planned.stage.code, 9)
        inspections.record_result(reg, visit["uuid"], "passed", inspected_at=ASKED)
    dialog = permit_inspections.PermitInspectionsDialog(window, permit["uuid"])
    qtbot.addWidget(dialog)
    monkeypatch.setattr(confirm, "ask", lambda *a: False)
    dialog.issue_occupancy()
    assert reg.query("SELECT id FROM occupancy_permits") == []
    monkeypatch.setattr(confirm, "ask", lambda *a: True)
    dialog.issue_occupancy()
    text = dialog.message.text()
    assert "Occupancy permit 2026-0001-OC1 issued" in text and "finaled" in text
    dialog.issue_occupancy()
    assert "already issued" in dialog.message.text()
    monkeypatch.setattr(permit_inspections, "ask_text", lambda *a: "")
    dialog.issue_temporary()
    assert "no longer applies after the full one" in dialog.message.text()
    assert len(reg.query("SELECT id FROM occupancy_permits")) == 1
