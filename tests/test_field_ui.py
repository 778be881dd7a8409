"""File → Field through the real window and dialogs: check out, the field copy's banner and
refusals, prepare return, check in, and the conflicts queue decided field by field."""

from __future__ import annotations

from datetime import datetime

import pytest

from deerfield_desk.store import inspections
from deerfield_desk.store.field.conflicts import open_conflicts
from deerfield_desk.store.register import Register
from deerfield_desk.ui import confirm
from deerfield_desk.ui.field_exchange import install as field_ui
from tests.field_fixtures import LAPTOP, office_day


@pytest.fixture
def told(monkeypatch):
    log = []
    monkeypatch.setattr(confirm, "tell", lambda _p, title, text: log.append((title, text)))
    return log


def driving(monkeypatch, fill):
    """Replace the modal run with ``fill(dialog)``, which types and presses the buttons."""
    monkeypatch.setattr(field_ui, "run_dialog", lambda dialog: fill(dialog) or dialog.result())


def test_check_out_work_in_the_field_and_check_in_with_a_conflict(
    qtbot, main_window, register, tmp_path, monkeypatch, told
):
    ids = office_day(register)
    office = main_window(register)
    actions = office.field_actions
    assert actions["checkout"].isEnabled() and not actions["return"].isEnabled()
    assert office.field_menu.title() == "&Field"
    copy = tmp_path / "stick" / "field.sqlite"

    def fill_checkout(dialog):
        dialog.device.setText("laptop-1")
        dialog.path.setText(str(copy))
        dialog.save_button.click()

    driving(monkeypatch, fill_checkout)
    summary = field_ui.check_out(office)
    assert summary["blocks"] == ["N-2026-0001…N-2026-0030"] and copy.exists()
    assert told[-1][0] == "Field copy written"

    def fill_again(dialog):  # the same laptop again: refused inside the dialog, nothing written
        dialog.device.setText("laptop-1")
        dialog.path.setText(str(tmp_path / "again.sqlite"))
        dialog.save_button.click()
        assert "never checked in" in dialog.error.text() and dialog.isVisible() is False
        dialog.reject()

    driving(monkeypatch, fill_again)
    assert field_ui.check_out(office) is None
    assert not (tmp_path / "again.sqlite").exists()

    # the laptop opens its copy: banner, office actions off, its work recorded
    field_reg = Register.open(copy, LAPTOP)
    laptop = main_window(field_reg, copy)
    laptop.show()
    assert laptop.field_banner.isVisible()
    out_at = datetime.fromisoformat(field_reg.field_manifest.checked_out_at)
    assert laptop.field_banner.text().startswith(
        f"Field copy of the office register, checked out {out_at:%a} {out_at.day} {out_at:%b}"
    )
    assert laptop.field_banner.text().endswith("to laptop-1 — check in at the office")
    assert "FIELD COPY" in laptop.windowTitle()
    assert laptop.field_actions["return"].isEnabled()
    assert not any(laptop.field_actions[k].isEnabled() for k in ("checkout", "checkin"))
    # the stop was booked as stop 1 of its day; the laptop moves it to 2
    inspections.schedule(field_reg, ids["rough"]["uuid"], datetime(2026, 12, 1, 9, 0), 2)
    inspections.record_result(field_reg, ids["rough"]["uuid"], "passed",
                              order_reason="footing and foundation passed on paper")  # fmt: skip
    pack = tmp_path / "stick" / "return.ddfield"
    monkeypatch.setattr(field_ui, "ask_path", lambda *a, **k: str(pack))
    # the route, the result, and the copy's journaled start of its notice block
    assert field_ui.prepare_return(laptop)["entries"] == 3

    # meanwhile the office moved the stop; then it checks the pack in
    inspections.schedule(register, ids["rough"]["uuid"], datetime(2026, 12, 1, 14, 0), 4)
    shown = []
    driving(monkeypatch, lambda dialog: shown.append(dialog))
    result = field_ui.check_in(office)
    assert result["conflicts"] == 1 and result["applied"] == 1
    assert told[-1][0] == "Checked in" and "conflicts queue" in told[-1][1]
    (dialog,) = shown
    assert dialog.queue.count() == 1
    assert "rough at 12 Main St" in dialog.queue.item(0).text()
    assert "from laptop-1 (Lee Inspector)" in dialog.queue.item(0).text()
    assert dialog.table.item(0, 0).text() == "Route position"
    assert [dialog.table.item(0, c).text() for c in (1, 2, 3)] == ["1", "4", "2"]
    assert not dialog.save_button.isEnabled()  # nothing is taken by default
    dialog.choose("route_order", "office")
    assert dialog.save_button.isEnabled()
    dialog.save_button.click()
    assert open_conflicts(register) == [] and dialog.queue.count() == 0
    row = register.get("inspections", ids["rough"]["uuid"])
    assert (row["route_order"], row["result"]) == (4, "passed")


def test_abandon_a_copy_with_a_reason(main_window, register, tmp_path, monkeypatch, told):
    office_day(register)
    window = main_window(register)
    from deerfield_desk.store.field.checkout import checkout

    checkout(register, tmp_path / "field.sqlite", "laptop-2")

    def fill(dialog):
        dialog.save_button.click()  # no reason: refused in the dialog
        assert "reason" in dialog.error.text()
        dialog.reason.setPlainText("Laptop stolen from the truck")
        dialog.save_button.click()

    driving(monkeypatch, fill)
    row = field_ui.abandon_copy(window)
    assert row["status"] == "abandoned" and row["abandon_reason"] == "Laptop stolen from the truck"
    assert "30 reserved numbers were released" in told[-1][1]


def test_field_copy_screens_refuse_office_work_with_the_reason(
    qtbot, main_window, register, tmp_path, monkeypatch, told
):
    """Issue a permit, the fee schedule and village settings, from a field copy's screens:
    each says why (the office does it) and nothing is written."""
    from deerfield_desk.store import journal
    from deerfield_desk.store.field.checkout import checkout
    from deerfield_desk.ui.fee_schedule_page import FeeScheduleDialog
    from deerfield_desk.ui.issue_dialog import IssueDialog
    from deerfield_desk.ui.village_settings_page import VillageSettingsPage

    ids = office_day(register)
    approved = register.insert(
        "permits",
        {"kind": "building", "status": "approved", "application_id": ids["main"]["application_id"]},
    )
    copy = tmp_path / "field.sqlite"
    checkout(register, copy, "laptop-1")
    field_reg = Register.open(copy, LAPTOP)
    laptop = main_window(field_reg, copy)
    head = journal.read_head(field_reg.conn)
    monkeypatch.setattr(confirm, "ask", lambda *_: True)
    issue = IssueDialog(laptop, approved["uuid"])
    qtbot.addWidget(issue)
    issue.issue()
    assert told[-1][0] == "Not issued" and "issued and numbered by the office" in told[-1][1]
    fees = FeeScheduleDialog(laptop)
    qtbot.addWidget(fees)
    assert fees.save() is False and "fee schedule and village settings" in fees.error.text()
    village = VillageSettingsPage(laptop, field_reg)
    qtbot.addWidget(village)
    village.edits[next(iter(village.edits))].setText("Village of Elsewhere")
    assert village.save() is False and "changed at the office" in village.message.text()
    assert journal.read_head(field_reg.conn) == head
