"""Issue 17 (third session): a request moved to an odd time — outside office hours, 04:00,
years ago, a closed day, far ahead — is refused by the store unless confirmed, as a new
request is (``confirmed_odd``), whoever calls it; the Move dialog asks first and passes what
the inspector confirmed, which is kept with the visit and in the journal."""

from datetime import datetime

import pytest

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.inspection_slots import Odd
from deerfield_desk.store import inspection_schedule, inspections
from deerfield_desk.ui import confirm
from deerfield_desk.ui.field.visit_actions import RescheduleDialog
from tests.inspections_fixtures import make_permit, open_field_register

ASKED = datetime(2026, 11, 30, 9, 0)  # a Monday
SLOT = datetime(2026, 12, 2, 10, 0)  # Wednesday, in office hours, 48 h on


@pytest.fixture
def reg(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def visit(reg):
    permit = make_permit(reg)
    return inspections.request_inspection(
        reg, permit["uuid"], "erosion_control", requested_by="Dana Builder",
        requested_at=ASKED, scheduled_for=SLOT, now=ASKED,
    )  # fmt: skip


def moves(reg, uuid):
    return reg.query(
        "SELECT * FROM journal WHERE record_uuid = ? AND action = 'reschedule'", (uuid,)
    )


@pytest.mark.parametrize(
    ("when", "code", "words"),
    [
        (datetime(2026, 12, 3, 4, 0), Odd.OUTSIDE_HOURS, "outside office hours"),
        (datetime(2019, 12, 3, 10, 0), Odd.BEFORE_REQUEST, "before the request itself"),
        (datetime(2026, 12, 5, 10, 0), Odd.OFFICE_CLOSED, "office is closed"),
        (datetime(2027, 9, 1, 10, 0), Odd.FAR_AHEAD, "six months ahead"),
    ],
)
def test_a_move_to_an_odd_time_is_refused_until_confirmed(reg, visit, when, code, words):
    with pytest.raises(InvalidInput, match=words) as refused:
        inspection_schedule.reschedule(reg, visit["uuid"], when, "owner asked", now=ASKED)
    assert refused.value.field == "scheduled_for"
    assert "it was not moved" in refused.value.rule
    row = reg.get("inspections", visit["uuid"])
    assert row["scheduled_for"] == "2026-12-02T10:00" and not moves(reg, visit["uuid"])
    moved = inspection_schedule.reschedule(reg, visit["uuid"], when, "owner asked", now=ASKED,
                                           confirmed_odd=[code])  # fmt: skip
    assert moved["scheduled_for"] == when.isoformat(timespec="minutes")
    assert moved["odd_confirmed"].startswith(f"{code}: ") and words in moved["odd_confirmed"]
    assert words in moves(reg, visit["uuid"])[0]["after_json"]  # and in the journal


def test_what_was_confirmed_about_the_call_stays_and_the_old_time_goes(reg):
    permit = make_permit(reg)
    night = inspections.request_inspection(
        reg, permit["uuid"], "erosion_control", requested_by="Dana",
        requested_at=datetime(2026, 11, 30, 4), scheduled_for=datetime(2026, 12, 2, 17, 30),
        now=ASKED, confirmed_odd=[Odd.NIGHT, Odd.OUTSIDE_HOURS],
    )  # fmt: skip
    moved = inspection_schedule.reschedule(reg, night["uuid"], SLOT, "in hours now", now=ASKED)
    assert moved["odd_confirmed"].startswith("night: ")  # the 04:00 call was still odd
    assert "outside_hours" not in moved["odd_confirmed"]  # the new time is not
    with pytest.raises(InvalidInput, match="one of stale"):
        inspection_schedule.reschedule(reg, night["uuid"], datetime(2026, 12, 3, 10), "x",
                                       now=ASKED, confirmed_odd=["just because"])  # fmt: skip


def _dialog(qtbot, reg, visit, when: datetime, answer: bool, asked: list):
    dialog = RescheduleDialog(reg, visit["uuid"], now=ASKED)
    qtbot.addWidget(dialog)
    dialog.when.setDateTime(when)
    dialog.reason.setText("concrete crew starts early")
    confirm.ask = lambda _p, _title, text: asked.append(text) or answer
    return dialog


def test_the_move_dialog_asks_and_passes_what_the_inspector_confirmed(qtbot, reg, visit):
    asked: list[str] = []
    try:
        dialog = _dialog(qtbot, reg, visit, datetime(2026, 12, 3, 4, 0), False, asked)
        dialog.save()  # "no": nothing moves, and the dialog says so
        assert "outside office hours" in asked[-1] and dialog.saved is None
        assert dialog.error.text().startswith("Not moved")
        assert reg.get("inspections", visit["uuid"])["scheduled_for"] == "2026-12-02T10:00"
        dialog = _dialog(qtbot, reg, visit, datetime(2026, 12, 3, 4, 0), True, asked)
        dialog.save()
    finally:
        confirm.ask = confirm._ask
    assert dialog.saved["scheduled_for"] == "2026-12-03T04:00"
    assert dialog.saved["odd_confirmed"].startswith("outside_hours: ")


def test_a_move_in_office_hours_asks_nothing(qtbot, reg, visit):
    asked: list[str] = []
    try:
        dialog = _dialog(qtbot, reg, visit, datetime(2026, 12, 3, 10, 0), False, asked)
        dialog.save()
    finally:
        confirm.ask = confirm._ask
    assert asked == [] and dialog.saved["scheduled_for"] == "2026-12-03T10:00"
    assert dialog.saved["odd_confirmed"] is None
