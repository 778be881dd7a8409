"""File → New register…, Open register…, Open recent ▸, Exit: which register the window shows.

Nothing creates a register implicitly (a typo in a path or a file cut off by a crash used to
become a new, empty register with numbering restarted), so creating one is an act of its own,
followed by the same setup steps as the first start. New and Open put the chosen register in
the window (``ui/start/switching.py``); the register left behind is backed up and closed as on
exit. Exit is Ctrl+Q on every platform (Qt's standard Quit key is empty on Windows).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu

from deerfield_desk.ui import prefs
from deerfield_desk.ui.start import switching

EXIT_SHORTCUT = "Ctrl+Q"
OPEN_SHORTCUT = "Ctrl+O"


def install(window) -> None:
    menu = window.menu("File")
    first = menu.actions()[0] if menu.actions() else None
    new = QAction("&New register…", window)
    new.setObjectName("new_register_action")
    new.triggered.connect(lambda: new_register(window))
    open_ = QAction("&Open register…", window)
    open_.setObjectName("open_register_action")
    open_.setShortcut(QKeySequence(OPEN_SHORTCUT))
    open_.triggered.connect(lambda: open_register(window))
    recent = QMenu("Open re&cent", window)
    recent.setObjectName("recent_registers_menu")
    recent.aboutToShow.connect(lambda: fill_recent(window, recent))
    window.recent_menu = recent
    menu.insertActions(first, [new, open_])
    menu.insertMenu(first, recent)
    if first is not None:
        menu.insertSeparator(first)
    fill_recent(window, recent)
    quit_ = QAction("E&xit", window)
    quit_.setObjectName("exit_action")
    quit_.setShortcut(QKeySequence(EXIT_SHORTCUT))
    quit_.setMenuRole(QAction.MenuRole.QuitRole)
    quit_.triggered.connect(window.close)
    window.exit_action = quit_


def add_exit(window) -> None:
    """Exit goes last in File, after every feature's items (called once they are in)."""
    menu = window.menu("File")
    menu.addSeparator()
    menu.addAction(window.exit_action)


def fill_recent(window, menu: QMenu) -> None:
    """The registers opened lately, this one aside; a file that has gone is shown disabled."""
    menu.clear()
    here = Path(window.paths.db).resolve()
    shown = 0
    for path in prefs.recent_registers():
        if path.resolve() == here:
            continue
        shown += 1
        action = menu.addAction(f"&{shown} {path.name} — {path.parent}")
        action.setObjectName(f"recent_register_{shown}")
        if path.is_file():
            action.triggered.connect(lambda _=False, p=path: switching.switch_to(window, p))
        else:
            action.setEnabled(False)
            action.setText(f"{path.name} — {path.parent} (not found)")
    if not shown:
        none = menu.addAction("&No other register opened yet")
        none.setEnabled(False)


def ask_new_path(window) -> str:
    """Tests replace this (a file dialog would block)."""
    chosen, _ = QFileDialog.getSaveFileName(
        window, "New register", str(window.paths.folder / "new-register.sqlite"),
        "Registers (*.sqlite)",
    )  # fmt: skip
    return chosen


def ask_open_path(window) -> str:
    """Tests replace this (a file dialog would block)."""
    chosen, _ = QFileDialog.getOpenFileName(
        window, "Open register", str(window.paths.folder), "Registers (*.sqlite);;All files (*)"
    )
    return chosen


def open_register(window, chosen: str | None = None):
    """Ask which register, and put it in the window (or say why not and stay)."""
    chosen = chosen if chosen is not None else ask_open_path(window)
    if not chosen:
        return window
    return switching.switch_to(window, Path(chosen))


def new_register(window, chosen: str | None = None, wizard=None):
    """Ask where, then the setup steps (the register is made on the first), then show it.

    The setup opens on the place chosen; "Finish later" after the register is made still opens
    it (the other settings are in the menus). Cancelled before that, nothing is made.
    """
    from deerfield_desk.ui.start.opening import adopt
    from deerfield_desk.ui.start.setup_wizard import SetupWizard

    chosen = chosen if chosen is not None else ask_new_path(window)
    if not chosen:
        return window
    setup = wizard or SetupWizard(window.register.actor, Path(chosen), window)
    if wizard is None:
        setup.exec()
    if setup.register is None:
        return window
    return switching.switch_to(window, opened=adopt(setup.register))
