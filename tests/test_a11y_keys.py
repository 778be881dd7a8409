"""Keyboard reach (issues 16.8 and 19): every menu item has an access key, no two items of a
menu share one, and each shortcut runs one action. Screens' Alt keys against the menu bar are
checked by the accessibility walk (``access key`` problems)."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QPushButton

from deerfield_desk.ui.a11y import keys


def test_every_menu_item_has_an_access_key(window):
    assert keys.missing_access_keys(window) == []


def test_no_two_items_of_a_menu_share_an_access_key(window):
    assert keys.menu_access_key_clashes(window) == []


def test_each_shortcut_runs_one_action(window):
    assert keys.shortcut_clashes(window) == []
    photos = next(
        a for a in window.menu("Inspections").actions() if "photos" in a.text().replace("&", "")
    )
    card = next(a for a in window.menu("Documents").actions() if "Permit card" in a.text())
    assert photos.shortcut() != card.shortcut()  # both were Ctrl+Shift+P (issue 16.8)


def test_the_checks_see_a_clash_when_there_is_one(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    menu = window.menuBar().addMenu("&Permits")
    for text in ("&Print card…", "&Placards…", "Void"):
        action = QAction(text, window)
        action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        menu.addAction(action)
    window.setCentralWidget(QPushButton("&Preview"))
    window.show()
    assert keys.missing_access_keys(window) == ["Permits → Void"]
    assert keys.menu_access_key_clashes(window) == ["Permits: Alt+P on &Print card…, &Placards…"]
    assert keys.shortcut_clashes(window) == ["Ctrl+Shift+P: Print card…, Placards…, Void"]
    assert keys.access_key_clashes(window) == ["Alt+P: &Preview, &Permits menu"]
