"""Views refresh from what the store reports a write changed (store/changes.py), never from a
hand-kept list of tables: after every kind of write, made only through store functions and
announced by nobody, each view shows what a freshly opened copy of it shows. A view whose
``SHOWS`` misses a table it displays fails here."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from deerfield_desk.config import register_paths
from deerfield_desk.store import inspections, ledger
from deerfield_desk.store import notices as nreg
from deerfield_desk.store.changes import OpChanges, changes_since
from deerfield_desk.store.register import Register
from deerfield_desk.ui.field.inspection_week import InspectionWeek
from deerfield_desk.ui.field.today import TodayScreen
from deerfield_desk.ui.main_window import MainWindow
from deerfield_desk.ui.notices_view import NoticesView
from deerfield_desk.ui.register_view import RegisterView
from deerfield_desk.ui.review_queue import ReviewQueue
from tests.inspections_fixtures import NOW, make_permit, open_field_register

DAY = date(2026, 12, 3)
TODAY = date(2026, 12, 1)


def _table(model) -> list[list]:
    return [
        [model.data(model.index(r, c)) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


#: view name → (how the window holds it, how to open a fresh one, what it shows)
VIEWS = {
    "register": (
        lambda w: w.register_view,
        lambda w: RegisterView(w),
        lambda v: (_table(v.model), v.detail.toPlainText()),
    ),
    "notices": (
        lambda w: w.notices_view,
        lambda w: NoticesView(w),
        lambda v: _table(v.model),
    ),
    "today": (
        lambda w: w.today_screen,
        lambda w: _today(w),
        lambda v: [(s.uuid, s.stage, s.address, s.late_request) for s in v.stops],
    ),
    "inspection calendar": (
        lambda w: w.inspection_week.current(),  # a hidden tab reads again when shown
        lambda w: InspectionWeek(w, DAY),
        lambda v: [
            [
                v.table.item(r, c).text() if v.table.item(r, c) else ""
                for c in range(v.table.columnCount())
            ]
            for r in range(v.table.rowCount())
        ],
    ),
    "review queue": (
        lambda w: w.review_queue_for_test,
        lambda w: ReviewQueue(w, TODAY),
        lambda v: [(r["uuid"], r["status"], r["review_due"]) for r in v.rows],
    ),
}


def _today(window) -> TodayScreen:
    screen = TodayScreen(window, DAY)
    return screen


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def window(qtbot, field_register, db_path):
    win = MainWindow(field_register, register_paths(db_path))
    qtbot.addWidget(win)
    win.today_screen.set_day(DAY)
    win.inspection_week.set_week(DAY)
    win.review_queue_for_test = ReviewQueue(win, TODAY)
    return win


def _assert_views_current(window, qtbot, after: str) -> None:
    for name, (held, fresh, shows) in VIEWS.items():
        view = held(window)
        other = fresh(window)
        qtbot.addWidget(other)
        assert shows(view) == shows(other), f"the {name} view missed: {after}"


def test_every_view_follows_every_kind_of_write(window, qtbot):
    reg = window.register
    permit = make_permit(reg)
    _assert_views_current(window, qtbot, "a new permit")
    window.register_view.table.selectRow(0)
    stop = inspections.request_inspection(
        reg, permit["uuid"], "footing", requested_by="Dana Builder", requested_at=NOW,
        scheduled_for=datetime(DAY.year, DAY.month, DAY.day, 9),
    )  # fmt: skip
    _assert_views_current(window, qtbot, "an inspection booked")
    inspections.set_route(reg, [stop["uuid"]])
    _assert_views_current(window, qtbot, "the route set")
    notice = nreg.draft_notice(
        reg, "violation", facts="Deck without a permit.", sections=["12.23(1)"],
        permit_id=permit["id"],
    )  # fmt: skip
    _assert_views_current(window, qtbot, "a notice drafted")
    nreg.issue_notice(reg, notice["uuid"], datetime(2026, 11, 2, 10))
    _assert_views_current(window, qtbot, "a notice issued")
    fee = ledger.add_fee(
        reg, permit=permit, code="BLDG", description="Building permit fee",
        amount_cents=15_000, basis="schedule",
    )  # fmt: skip
    _assert_views_current(window, qtbot, "a fee billed")
    ledger.record_payment(reg, fee["uuid"], 15_000, "check", "R-1", TODAY)
    _assert_views_current(window, qtbot, "a payment recorded")
    reg.update("permits", permit["uuid"], {"status": "submitted", "review_due": "2026-11-20"})
    _assert_views_current(window, qtbot, "a permit submitted for review")


def test_writes_on_another_connection_arrive_through_the_journal(window, qtbot, db_path):
    """A worker's write (its own connection) is read back from the journal by catch_up."""
    other = Register.open(db_path, window.register.actor, check=False, migrate=False)
    try:
        make_permit(other)
    finally:
        other.close()
    changes = window.catch_up()
    assert changes.touches("permits") and not changes.everything
    _assert_views_current(window, qtbot, "a permit written by another connection")
    assert not window.catch_up(), "nothing new the second time"


def test_the_register_reports_exactly_what_a_write_touched_and_nothing_on_rollback(register):
    heard: list[OpChanges] = []
    register.on_change(heard.append)
    register.insert("people", {"name": "Ann Lee"})
    assert heard == [OpChanges.of("people")]
    with register.transaction():
        register.insert("people", {"name": "Bo Lee"})
        register.insert("parcels", {"parcel_number": "1", "street": "Main", "address_text": "1"})
    assert heard[-1] == OpChanges.of("people", "parcels"), "one report per transaction"
    with pytest.raises(RuntimeError), register.transaction():
        register.insert("people", {"name": "Cy Lee"})
        raise RuntimeError("the clerk cancelled")
    assert len(heard) == 2, "a rolled-back write changed nothing"
    since, _seq = changes_since(register, 0)
    assert since.tables == {"people", "parcels"}
    assert OpChanges.all().touches("anything") and OpChanges.all().kinds() >= {"permit"}


def test_a_restore_announces_everything(window, qtbot, db_path):
    heard = []
    window.register_changed.connect(heard.append)
    window.announce_everything()
    assert heard and heard[-1].everything
    _assert_views_current(window, qtbot, "a restore")
