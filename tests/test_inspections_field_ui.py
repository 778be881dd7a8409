"""Field mode screens: the Today route, one-tap result entry, the Exhibit A checklist."""

from datetime import date, datetime

import pytest
from PySide6.QtWidgets import QPushButton

from deerfield_desk.store import inspections
from deerfield_desk.ui.field import photo_actions
from deerfield_desk.ui.field.checklist_dialog import ChecklistDialog
from deerfield_desk.ui.field.result_dialog import ResultDialog
from tests.inspections_fixtures import NOW, make_permit, open_field_register

DAY = date(2026, 12, 3)


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def window(main_window, field_register):
    win = main_window(field_register)
    win.today_screen.set_day(DAY)
    return win


def book(reg, permit, stage, hour, requested_at=NOW, day=DAY):
    return inspections.request_inspection(
        reg,
        permit["uuid"],
        stage,
        requested_by="Dana Builder",
        requested_at=requested_at,
        scheduled_for=datetime(day.year, day.month, day.day, hour, 0),
        now=requested_at,
    )


def test_today_lists_stops_in_route_order_with_phone_defects_and_late_flag(window):
    reg = window.register
    first = make_permit(reg, number="2026-0001", address="12 Main St", phone="608-555-0101")
    second = make_permit(reg, number="2026-0002", address="40 Oak Ave", phone="608-555-0202")
    earlier = book(reg, first, "footing", 9, datetime(2026, 11, 18, 9), date(2026, 11, 20))
    inspections.record_result(
        reg,
        earlier["uuid"],
        "failed",
        defects=[{"section": "12.12(5)(a)", "description": "rebar", "correction": "add"}],
        inspected_at=datetime(2026, 11, 20, 9),
        order_reason="silt fence checked on the same visit",
    )
    a = book(reg, first, "foundation", 9)
    b = book(reg, second, "footing", 11, requested_at=datetime(2026, 12, 2, 10))
    inspections.set_route(reg, [b["uuid"], a["uuid"]])

    today = window.today_screen
    assert [s.address for s in today.stops] == ["40 Oak Ave", "12 Main St"]
    assert today.stops[0].late_request and not today.stops[1].late_request
    assert today.stops[1].phone == "608-555-0101"
    assert [d["description"] for d in today.stops[1].open_defects] == ["rebar"]
    assert "1 late request" in today.summary.text()
    today.cards[1].move_clicked.emit(a["uuid"], -1)
    assert [s.address for s in today.stops] == ["12 Main St", "40 Oak Ave"]


def test_field_buttons_are_touch_sized(window, qtbot):
    permit = make_permit(window.register)
    book(window.register, permit, "footing", 9)

    window.show()
    qtbot.waitExposed(window)
    card = window.today_screen.cards[0]
    buttons = card.findChildren(QPushButton)
    assert {b.objectName() for b in buttons} >= {"resultButton", "checklistButton", "photoButton"}
    assert all(b.height() >= 56 and b.width() >= 56 for b in buttons)


def test_result_dialog_failure_needs_defect_then_opens_reinspection(window, qtbot):
    reg = window.register
    row = book(reg, make_permit(reg), "footing", 9)
    dialog = ResultDialog(reg, row["uuid"])
    qtbot.addWidget(dialog)
    dialog.save()
    assert dialog.error.text().startswith("Result:")
    dialog.outcome_buttons["failed"].click()
    dialog.save()
    assert dialog.error.text().startswith("Defects: a failed inspection lists")
    dialog.add_defect("12.12(5)(a)", "footing too shallow", "dig to 48 in below grade")
    dialog.save()
    assert dialog.saved is None and dialog.error.text().startswith("Order reason:")
    dialog.order_reason.setText("silt fence goes in tomorrow")  # erosion control not yet seen
    dialog.save()
    updated, follow_up = dialog.saved
    assert updated["result"] == "failed" and follow_up["reinspection_of"] == updated["id"]


def test_checklist_dialog_saves_all_items_and_attaches_queued_photo(
    window, qtbot, tmp_path, monkeypatch, sync_workers
):
    from PIL import Image

    photo = tmp_path / "pad.jpg"
    Image.new("RGB", (64, 48), (120, 100, 80)).save(photo)
    monkeypatch.setattr(photo_actions, "ask_photo_files", lambda parent: [str(photo)])
    reg = window.register
    permit = make_permit(reg, kind="erosion_control", permit_class="minor", work=None)
    dialog = ChecklistDialog(window, permit["uuid"])
    qtbot.addWidget(dialog)
    for code in dialog.answers:
        dialog.answer(code, "meets")
    dialog.answer("tracking_pad", "deficient")
    dialog.save()
    assert dialog.error.text().startswith("Gravel entrance pad")  # the item by its title
    assert "_" not in dialog.error.text() and "deficient" in dialog.error.text()
    dialog.answer("tracking_pad", "deficient", "mud on the street")
    dialog.photo_buttons["tracking_pad"].click()
    dialog.save()
    assert dialog.saved is not None
    stored = reg.query(
        "SELECT a.filename FROM attachments a JOIN checklist_responses r ON r.uuid = a.owner_uuid "
        "WHERE r.item_code = 'tracking_pad'"
    )
    assert [r["filename"] for r in stored] == ["pad.jpg"]


def test_inspections_menu_has_field_actions(window):
    texts = [a.text().replace("&", "") for a in window.menu("Inspections").actions()]
    assert "Today's route" in texts and "Record result for next stop…" in texts
    assert window.tabs.tabText(window.tabs.indexOf(window.today_screen)) == "Today"
