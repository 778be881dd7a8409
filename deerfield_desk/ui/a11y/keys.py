"""Keyboard shortcuts and access keys, checked the way a keyboard user meets them.

Issue 16.8 and 19: Ctrl+Shift+P was bound to two actions (Qt then fires neither and prints
"Ambiguous shortcut"), menu items had no access key, and the Notices buttons' Alt keys collided
with the Documents and Permits menus. These functions list such problems; the tests fail on
any (tests/test_a11y_keys.py), so a screen added later is held to the same rule.
"""

from __future__ import annotations

import re
from collections import defaultdict

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QGroupBox,
    QLabel,
    QMainWindow,
    QMenu,
    QTableView,
    QTabWidget,
    QWidget,
)

_MNEMONIC = re.compile(r"&(?!&)(.)")


def access_key(text: str) -> str | None:
    """The letter after the single ``&`` of a label ("Print &placards" → "p")."""
    found = _MNEMONIC.search(text or "")
    return found.group(1).lower() if found else None


def menu_actions(menu: QMenu) -> list[QAction]:
    """Every action of ``menu`` and its submenus (separators left out)."""
    found = []
    for action in menu.actions():
        if action.isSeparator():
            continue
        found.append(action)
        if action.menu() is not None:
            found.extend(menu_actions(action.menu()))
    return found


def window_menus(window: QMainWindow) -> list[QMenu]:
    menus = []
    for action in window.menuBar().actions():
        if action.menu() is not None:
            menus.append(action.menu())
    return menus


def missing_access_keys(window: QMainWindow) -> list[str]:
    """Menu items a keyboard user cannot reach by letter (no ``&`` in their text)."""
    missing = []
    for top in window.menuBar().actions():
        if access_key(top.text()) is None:
            missing.append(top.text())
    for menu in window_menus(window):
        for action in menu_actions(menu):
            if access_key(action.text()) is None:
                missing.append(f"{menu.title().replace('&', '')} → {action.text()}")
    return missing


def menu_access_key_clashes(window: QMainWindow) -> list[str]:
    """Two items of one menu (or two menus of the bar) with the same access key: Alt+letter
    then only cycles between them instead of choosing."""
    clashes = []
    groups: list[tuple[str, list[QAction]]] = [("menu bar", window.menuBar().actions())]
    pending = window_menus(window)
    while pending:
        menu = pending.pop()
        actions = [a for a in menu.actions() if not a.isSeparator() and a.isVisible()]
        groups.append((menu.title().replace("&", ""), actions))
        pending.extend(a.menu() for a in actions if a.menu() is not None)
    for where, actions in groups:
        by_key: dict[str, list[str]] = defaultdict(list)
        for action in actions:
            key = access_key(action.text())
            if key:
                by_key[key].append(action.text())
        clashes.extend(
            f"{where}: Alt+{key.upper()} on {', '.join(texts)}"
            for key, texts in by_key.items()
            if len(texts) > 1
        )
    return clashes


def shortcut_clashes(window: QWidget) -> list[str]:
    """Key sequences bound to more than one action or shortcut in ``window`` (menus, widget
    actions and ``QShortcut`` objects alike)."""
    bound: dict[str, list[str]] = defaultdict(list)
    actions: set[int] = set()
    everything: list[QAction] = list(window.findChildren(QAction))
    if isinstance(window, QMainWindow):
        for menu in window_menus(window):
            everything.extend(menu_actions(menu))
    for widget in [window, *window.findChildren(QWidget)]:
        everything.extend(widget.actions())
    for action in everything:
        if id(action) in actions or action.menu() is not None:
            continue
        actions.add(id(action))
        for sequence in action.shortcuts():
            text = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            if text:
                bound[text].append(action.text().replace("&", "") or action.objectName())
    for shortcut in window.findChildren(QShortcut):
        if not shortcut.isEnabled():
            continue
        for sequence in shortcut.keys():  # noqa: SIM118 (a QShortcut, not a dict)
            text = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            if text:
                parent = shortcut.parent()
                bound[text].append(f"shortcut on {type(parent).__name__}")
    return [f"{key}: {', '.join(names)}" for key, names in bound.items() if len(names) > 1]


def _visible_access_keys(root: QWidget) -> dict[str, list[str]]:
    keys: dict[str, list[str]] = defaultdict(list)
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        text = ""
        if isinstance(widget, QAbstractButton | QGroupBox):
            text = widget.text() if isinstance(widget, QAbstractButton) else widget.title()
        elif isinstance(widget, QLabel) and widget.buddy() is not None:
            text = widget.text()
        elif isinstance(widget, QTabWidget):
            for index in range(widget.count()):
                key = access_key(widget.tabText(index))
                if key:
                    keys[key].append(widget.tabText(index))
            continue
        key = access_key(text)
        if key:  # a disabled button claims its key too: it is enabled on a selection
            keys[key].append(text)
    if isinstance(root, QMainWindow):
        for action in root.menuBar().actions():
            key = access_key(action.text())
            if key:
                keys[key].append(f"{action.text()} menu")
    return keys


def access_key_clashes(root: QWidget) -> list[str]:
    """Alt+letter bound to two visible things in one window (two buttons, a button and a
    menu): Qt then cycles focus between them and activates neither."""
    return [
        f"Alt+{key.upper()}: {', '.join(texts)}"
        for key, texts in _visible_access_keys(root).items()
        if len(texts) > 1
    ]


class SortByKeyboard(QObject):
    """Ctrl+Shift+S in a sortable table sorts by the current cell's column; again reverses
    it. Sorting was mouse-only (a header click); the new order is announced."""

    SEQUENCE = "Ctrl+Shift+S"

    def eventFilter(self, view, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() != QEvent.Type.KeyPress or not isinstance(view, QTableView):
            return False
        if QKeySequence(event.keyCombination()).toString() != self.SEQUENCE:
            return False
        column = view.currentIndex().column()
        if column < 0 or not view.isSortingEnabled():
            return False
        header = view.horizontalHeader()
        ascending = Qt.SortOrder.AscendingOrder
        order = (
            Qt.SortOrder.DescendingOrder
            if header.sortIndicatorSection() == column and header.sortIndicatorOrder() == ascending
            else ascending
        )
        view.sortByColumn(column, order)
        title = view.model().headerData(column, Qt.Orientation.Horizontal) if view.model() else ""
        from deerfield_desk.ui.a11y.announce import announce

        way = "ascending" if order == ascending else "descending"
        announce(view, f"Sorted by {title}, {way}")
        return True


def sort_by_keyboard(view: QTableView) -> None:
    """Let ``view`` be sorted from the keyboard (idempotent)."""
    if view.property("a11ySortKeys"):
        return
    view.setProperty("a11ySortKeys", True)
    helper = SortByKeyboard(view)
    view.installEventFilter(helper)
