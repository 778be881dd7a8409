"""The permit's inspections dialog: requests with the live 48-hour flag, waivers with a
reason, occupancy refused with the stages still open, and the erosion log's gaps."""

from datetime import date, datetime

import pytest

from deerfield_desk.store import erosion_checks
from deerfield_desk.ui import confirm
from deerfield_desk.ui.field import permit_inspections
from deerfield_desk.ui.field.erosion_log_panel import ErosionLogPanel
from deerfield_desk.ui.field.request_dialog import RequestDialog
from tests.inspections_fixtures import make_permit, open_field_register


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def window(main_window, field_register):
    return main_window(field_register)


def test_request_dialog_flags_under_48_hours_live_and_records_caller(window, qtbot):
    permit = make_permit(window.register)
    now = datetime(2026, 12, 1, 9, 0)
    dialog = RequestDialog(window.register, permit["uuid"], "footing", now=now)
    qtbot.addWidget(dialog)
    assert dialog.timing.text() == ""  # default: the first office-hours slot 48 hours on
    assert dialog.scheduled_for.dateTime().toPython() == datetime(2026, 12, 3, 9, 0)
    assert dialog.requested_by.text() == "Dana Builder"  # the permit's contractor
    dialog.scheduled_for.setDateTime(datetime(2026, 12, 3, 8, 59))
    assert "Less than 48 hours" in dialog.timing.text()
    dialog.requested_by.clear()
    dialog.save()
    assert dialog.error.text() == "Requested by: say who asked for the inspection (12.12(5))"
    dialog.requested_by.setText("Dana Builder")
    dialog.phone.setText("608-555-0199")
    dialog.save()
    assert dialog.saved["late_request"] == 1
    assert dialog.saved["contact_phone"] == "608-555-0199"
    assert dialog.saved["requested_at"] == "2026-12-01T09:00"


def test_waive_with_reason_and_occupancy_refusal_names_open_stages(window, qtbot, monkeypatch):
    permit = make_permit(window.register, structure="deck")
    dialog = permit_inspections.PermitInspectionsDialog(window, permit["uuid"])
    qtbot.addWidget(dialog)
    assert dialog.codes == ["footing", "rough", "final"]
    dialog.waive()
    assert dialog.message.text() == "Stage: select the stage to waive first"
    dialog.table.selectRow(1)
    monkeypatch.setattr(permit_inspections, "ask_text", lambda *a: "framing seen at final")
    dialog.waive()
    assert dialog.table.item(1, 2).text() == "Waived"
    monkeypatch.setattr(confirm, "ask", lambda *a: True)
    dialog.issue_occupancy()
    assert "Footing" in dialog.message.text() and "Rough" not in dialog.message.text()


def test_erosion_log_panel_lists_gaps_and_adds_entry(window, qtbot):
    reg = window.register
    permit = make_permit(reg, kind="erosion_control", permit_class="minor", work=None)
    erosion_checks.record_rain(reg, date(2026, 6, 10), 0.8)
    panel = ErosionLogPanel(reg, permit["uuid"], today=date(2026, 6, 14))
    qtbot.addWidget(panel)
    gaps = [panel.gaps.item(i).text() for i in range(panel.gaps.count())]
    assert any("0.80 in of rain on 2026-06-10" in g for g in gaps)
    panel.day.setDate(date(2026, 6, 11))
    panel.trigger.setCurrentIndex(1)
    panel.rain.setValue(0.8)
    panel.by.setText("Dana")
    panel.add_entry()
    gaps = [panel.gaps.item(i).text() for i in range(panel.gaps.count())]
    assert not any("rain" in g for g in gaps)
    assert panel.table.rowCount() == 1


def test_menu_opens_permit_dialog_for_picked_permit(window, monkeypatch):
    from deerfield_desk.ui.field import install

    permit = make_permit(window.register)
    opened = []
    monkeypatch.setattr(install, "choose_permit", lambda w: permit["uuid"])
    monkeypatch.setattr(install, "open_permit_inspections", lambda w, u: opened.append(u))
    action = next(
        a
        for a in window.menu("Inspections").actions()
        if a.text().replace("&", "").startswith("Stages, requests")
    )
    action.trigger()
    assert opened == [permit["uuid"]]
