"""A restored backup (everything changed) refreshes every view, not only the register table."""

from deerfield_desk.store.changes import OpChanges
from deerfield_desk.store.register import Register
from deerfield_desk.ui.changes import touches
from tests.test_inspections_field_ui import book, field_register, make_permit, window  # noqa: F401


def test_touches_reads_table_names_and_everything():
    assert touches(OpChanges.of("inspections"), "inspections", "permits")
    assert not touches(OpChanges.of("fees"), "inspections", "permits")
    assert touches(OpChanges.all(), "inspections")


def test_today_tab_reloads_when_the_whole_register_changes(window, db_path):  # noqa: F811
    today = window.today_screen
    assert today.stops == []
    other = Register.open(db_path, window.register.actor, check=False, migrate=False)
    book(other, make_permit(other), "footing", 9)  # another connection: no report reaches us
    other.close()
    assert today.stops == []
    window.announce_everything()  # as File → Restore backup does
    assert [s.stage for s in today.stops] == ["footing"]
