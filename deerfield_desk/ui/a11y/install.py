"""Tools → Appearance: light, dark or high-contrast display, kept for the next start.

The choice applies at once to the whole window (the palette and focus ring come from
``ui/a11y/theme.py``); the Today cards are rebuilt so their colours follow.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup

from deerfield_desk.store.changes import OpChanges
from deerfield_desk.ui.a11y import theme

LABELS = {"light": "&Light", "dark": "&Dark", "high-contrast": "&High contrast"}


def choose(window, name: str) -> None:
    theme.apply(name, save=True)
    window.register_changed.emit(OpChanges.all())  # views rebuild in the new colours


def install(window) -> None:
    menu = window.menu("Tools").addMenu("&Appearance")
    group = QActionGroup(window)
    group.setExclusive(True)
    now = theme.current()
    window.appearance_actions = {}
    for name, text in LABELS.items():
        action = QAction(text, window)
        action.setCheckable(True)
        action.setChecked(name == now)
        action.triggered.connect(lambda _=False, n=name: choose(window, n))
        group.addAction(action)
        menu.addAction(action)
        window.appearance_actions[name] = action
