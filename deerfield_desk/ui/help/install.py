"""Help → Quick guide (F1), Keyboard shortcuts, About Deerfield Desk.

The dialogs are imported when opened, not at start: nothing of Help is on the first screen.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

GUIDE_SHORTCUT = "F1"


def install(window) -> None:
    menu = window.menu("Help")
    for name, text, shortcut, slot in (
        ("help_guide_action", "Quick &guide", GUIDE_SHORTCUT, open_guide),
        ("help_shortcuts_action", "&Keyboard shortcuts", None, open_shortcuts),
        ("help_about_action", "&About Deerfield Desk", None, open_about),
    ):
        action = QAction(text, window)
        action.setObjectName(name)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _=False, s=slot: s(window))
        menu.addAction(action)
    window.menu("Help").actions()[-1].setMenuRole(QAction.MenuRole.AboutRole)


def open_guide(window):
    from deerfield_desk.ui.help.guide import GuideDialog

    dialog = GuideDialog(window)
    dialog.show()
    return dialog


def open_shortcuts(window):
    from deerfield_desk.ui.help.shortcuts import ShortcutsDialog

    dialog = ShortcutsDialog(window)
    dialog.show()
    return dialog


def open_about(window):
    from deerfield_desk.ui.help.about import AboutDialog

    dialog = AboutDialog(window)
    dialog.show()
    return dialog
