"""Help → Keyboard shortcuts: read from the window's own actions, never a list kept by hand.

Why read them: a list typed into the guide goes stale the day someone adds an action. This one
is what the keyboard actually does now: every menu action with a shortcut, with its menu, and a
key bound twice is marked, since only one of the two can work.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deerfield_desk.ui.screen_fit import resize_within_screen

#: Keys of the tables and lists that have no menu item (documented, not discovered).
TABLE_KEYS = (
    ("Ctrl+F", "Search the register", "Register"),
    ("Enter", "Open the selected permit or notice", "Register and lists"),
    ("Tab / Shift+Tab", "Leave the table for the next or previous control", "Register and lists"),
)


@dataclass(frozen=True)
class Binding:
    keys: str
    what: str
    where: str
    clash: str = ""


def _clean(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(".…").strip()


def _menu_paths(window) -> dict[int, str]:
    """Each action's menu path ("File → Field"), by the action's identity."""
    paths: dict[int, str] = {}

    def walk(menu: QMenu, where: str) -> None:
        for action in menu.actions():
            paths.setdefault(id(action), where)
            if action.menu() is not None:
                walk(action.menu(), f"{where} → {_clean(action.text())}")

    for top in window.menuBar().actions():
        if top.menu() is not None:
            walk(top.menu(), _clean(top.text()))
    return paths


def bindings(window) -> list[Binding]:
    """Every shortcut of the window, in menu order, with clashes named."""
    paths = _menu_paths(window)
    found: list[tuple[str, str, str]] = []
    for action in window.findChildren(QAction):
        if action.shortcut().isEmpty():
            continue
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        found.append((keys, _clean(action.text()), paths.get(id(action), "Window")))
    for shortcut in window.findChildren(QShortcut):
        if shortcut.key().isEmpty() or not shortcut.whatsThis():
            continue
        keys = shortcut.key().toString(QKeySequence.SequenceFormat.NativeText)
        found.append((keys, shortcut.whatsThis(), "Window"))
    by_keys: dict[str, list[str]] = defaultdict(list)
    for keys, what, where in found:
        by_keys[keys].append(f"{where} → {what}")
    out = []
    for keys, what, where in found:
        others = [o for o in by_keys[keys] if o != f"{where} → {what}"]
        out.append(Binding(keys, what, where, "; ".join(others)))
    return out


class ShortcutsDialog(QDialog):
    def __init__(self, window):
        super().__init__(window)
        self.setWindowTitle("Keyboard shortcuts")
        layout = QVBoxLayout(self)
        self.found = bindings(window)
        rows = [(b.keys, b.what, b.where, b.clash and f"Also bound to {b.clash}")
                for b in self.found] + [(k, w, p, "") for k, w, p in TABLE_KEYS]  # fmt: skip
        table = QTableWidget(len(rows), 4)
        table.setObjectName("shortcuts_table")
        table.setAccessibleName("Keyboard shortcuts")
        table.setHorizontalHeaderLabels(("Keys", "Does", "Menu", "Note"))
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setTabKeyNavigation(False)
        table.verticalHeader().setVisible(False)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                table.setItem(r, c, QTableWidgetItem(text))
        table.setWordWrap(True)
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        table.resizeRowsToContents()
        self.table = table
        layout.addWidget(table, 1)
        clashes = sum(1 for b in self.found if b.clash)
        if clashes:
            note = QLabel(f"{clashes} shortcuts are bound to more than one action: only one "
                          "of them works. See the Note column.")  # fmt: skip
            note.setObjectName("shortcuts_clash_note")
            note.setWordWrap(True)
            layout.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        resize_within_screen(self, 980, 600)
