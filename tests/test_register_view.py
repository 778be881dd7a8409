"""The register window as the clerk uses it: type to search, pick a permit, read its history,
open it with Enter, switch who is at the keyboard, keep the column layout."""

from PySide6.QtCore import Qt

from deerfield_desk.store import backup, journal
from deerfield_desk.ui import session
from deerfield_desk.ui.register_model import COL_ADDRESS, COL_NEXT_ACTION, COL_OWNER
from tests.register_fixtures import known_permits, window  # noqa: F401


def _addresses(view):
    model = view.model
    return {model.index(r, COL_ADDRESS).data() for r in range(model.rowCount())}


def test_register_is_the_first_tab_and_shows_every_permit(window):  # noqa: F811
    view = window.register_view
    assert window.tabs.widget(0) is view and window.tabs.tabText(0) == "Register"
    assert view.model.rowCount() == 5
    assert "5 permits in the register" in view.count_label.text()


def test_typing_a_search_shows_the_matching_rows(qtbot, window):  # noqa: F811
    view = window.register_view
    qtbot.keyClicks(view.filters.search, "hickory")
    qtbot.waitUntil(lambda: view.model.rowCount() == 1, timeout=2000)
    assert _addresses(view) == {"40 Hickory Ln"}
    assert "1 permit match" in view.count_label.text()
    view.filters.search.clear()
    qtbot.keyClicks(view.filters.search, "olson")
    qtbot.waitUntil(lambda: _addresses(view) == {"12 Liberty St"}, timeout=2000)


def test_needs_action_filter(qtbot, window):  # noqa: F811
    view = window.register_view
    view.filters.needs_action.setChecked(True)
    assert _addresses(view) == {"12 Liberty St", "5 Prairie View Dr", "7 Liberty St"}


def test_header_click_sorts_by_owner(qtbot, window):  # noqa: F811
    view = window.register_view
    view.table.sortByColumn(COL_OWNER, Qt.SortOrder.DescendingOrder)
    owners = [view.model.index(r, COL_OWNER).data() for r in range(5)]
    assert owners == sorted(owners, reverse=True)


def test_detail_pane_shows_parties_and_history_from_the_journal(qtbot, window, known_permits):  # noqa: F811
    view = window.register_view
    permit = known_permits["liberty12"]
    view.filters.search.setText("12 liberty")
    qtbot.waitUntil(lambda: view.model.rowCount() == 1, timeout=2000)
    assert window.current_permit_uuid() == permit["uuid"]
    text = view.detail.toPlainText()
    assert "Bob Olson" in text and "History (journal)" in text
    assert "Status: Draft → Submitted" in text and "Pat Clerk (clerk)" in text


def test_enter_opens_the_selected_permit_and_ctrl_f_focuses_search(qtbot, window, known_permits):  # noqa: F811
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    view = window.register_view
    view.table.setFocus()
    view.table.selectRow(0)
    with qtbot.waitSignal(window.permit_activated, timeout=1000) as opened:
        qtbot.keyClick(view.table, Qt.Key.Key_Return)
    assert opened.args == [window.current_permit_uuid()]
    permit_window = window.permit_windows[opened.args[0]]  # the permit opened in its window
    assert permit_window.isVisible()
    permit_window.close()  # back to the register
    window.activateWindow()
    qtbot.waitActive(window)
    # through the window, as a real key press travels, so the shortcut map sees it
    qtbot.keyClick(window.windowHandle(), Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert view.filters.search.hasFocus()


def test_first_rows_shown_is_emitted_with_the_total(qtbot, window):  # noqa: F811
    with qtbot.waitSignal(window.first_rows_shown, timeout=3000) as shown:
        window.show()
    assert shown.args == [5]


def test_switch_user_signs_later_journal_entries(qtbot, window, known_permits, inspector):  # noqa: F811
    session.set_actor(window, inspector)
    assert "Lee Inspector (Building inspector)" in window.who_label.text()
    permit = known_permits["liberty12"]
    window.register.update("permits", permit["uuid"], {"status": "under_review"})
    last = journal.history(window.register.conn, permit["uuid"])[-1]
    assert (last["user_name"], last["user_role"]) == ("Lee Inspector", "inspector")


def test_column_widths_survive_a_restart(main_window, window, register):  # noqa: F811
    window.register_view.table.horizontalHeader().resizeSection(COL_OWNER, 333)
    window.close()
    again = main_window(register)
    assert again.register_view.table.horizontalHeader().sectionSize(COL_OWNER) == 333


def test_closing_the_window_takes_a_backup(qtbot, window, db_path):  # noqa: F811
    window.backups_enabled = True
    window.close()
    backups = backup.list_backups(db_path)
    assert len(backups) == 1 and backup.is_good(backups[0])


def test_daily_backup_runs_once_a_day(qtbot, window, db_path, sync_workers):  # noqa: F811
    window.backups_enabled = True
    assert session.daily_backup(window) is not None
    assert len(backup.list_backups(db_path)) == 1
    assert session.daily_backup(window) is None  # not due again today


def test_a_change_refreshes_and_keeps_the_permit_selected(qtbot, window, known_permits):  # noqa: F811
    view = window.register_view
    permit = known_permits["prairie"]
    row = next(r for r in range(5) if view.model.uuid_at(r) == permit["uuid"])
    view.table.selectRow(row)
    window.register.update("permits", permit["uuid"], {"status": "under_review"})

    assert window.current_permit_uuid() == permit["uuid"]
    assert "Status: Submitted → Under review" in view.detail.toPlainText()


def test_detail_pane_speaks_plain_words_in_local_time(qtbot, window, known_permits):  # noqa: F811
    """Issue 16.8: no codes, column names or UTC stamps where the clerk reads."""
    import re

    from deerfield_desk.models.plain_labels import local_time

    view = window.register_view
    permit = known_permits["liberty12"]
    view.filters.search.setText("12 liberty")
    qtbot.waitUntil(lambda: view.model.rowCount() == 1, timeout=2000)
    text = view.detail.toPlainText()
    assert "UTC" not in text and "Created" in text
    stamp = journal.history(window.register.conn, permit["uuid"])[0]["at_utc"]
    assert local_time(stamp) in text  # plain hyphens: a screen reader reads the date as is
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), "a stored code is shown as is"


def test_the_next_action_is_in_view_at_1280_by_800(qtbot, window, known_permits):  # noqa: F811
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    table = window.register_view.table
    header = table.horizontalHeader()
    right = header.sectionViewportPosition(COL_NEXT_ACTION) + header.sectionSize(COL_NEXT_ACTION)
    assert (
        header.sectionViewportPosition(COL_NEXT_ACTION) >= 0 and right <= table.viewport().width()
    )
