"""A restored backup ('*') refreshes every view, not only the register table."""

from deerfield_desk.ui.changes import EVERYTHING, touches
from tests.test_inspections_field_ui import book, field_register, make_permit, window  # noqa: F401


def test_touches_reads_table_names_and_everything():
    assert touches({"inspections"}, "inspections", "permits")
    assert not touches({"fees"}, "inspections", "permits")
    assert touches({EVERYTHING}, "inspections")


def test_today_tab_reloads_when_the_whole_register_changes(window):  # noqa: F811
    reg = window.register
    today = window.today_screen
    assert today.stops == []
    book(reg, make_permit(reg), "footing", 9)  # written without an announcement
    assert today.stops == []
    window.notify_changed(EVERYTHING)  # as File → Restore backup does
    assert [s.stage for s in today.stops] == ["footing"]
