"""The first start, end to end: welcome → (set up | open | demo) → the register to show.

Kept apart from ``ui/app.py`` so a test drives it with real dialogs: each step is a dialog
the test can fill and click. Returns what the window opens; nothing is made unless the clerk
chooses it (closing the welcome leaves the computer as it was).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QFileDialog

from deerfield_desk.config import Paths, data_home, demo_paths, register_paths
from deerfield_desk.ui.start.opening import Opened, adopt
from deerfield_desk.ui.start.welcome import DEMO, OPEN, SETUP, WelcomeDialog

Chosen = tuple[Paths, bool, Opened | None]


def ask_register_file(parent=None) -> str:
    """Tests replace this (a file dialog would block)."""
    chosen, _ = QFileDialog.getOpenFileName(
        parent, "Open register", str(data_home()), "Registers (*.sqlite);;All files (*)"
    )
    return chosen


def run_first_start(actor, welcome: WelcomeDialog | None = None, wizard=None) -> Chosen | None:
    """Ask until the clerk has chosen something that opens, or closes the welcome."""
    while True:
        dialog = welcome or WelcomeDialog()
        welcome = None  # a test's dialog is used once; back at the welcome, a fresh one
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.choice is None:
            return None
        if dialog.choice == DEMO:
            from deerfield_desk.demo import ensure_demo_register
            from deerfield_desk.ui.app import DEMO_PERMITS

            ensure_demo_register(demo_paths().db, permits=DEMO_PERMITS)
            return demo_paths(), True, None
        if dialog.choice == OPEN:
            chosen = ask_register_file()
            if chosen:
                return register_paths(chosen), False, None
            continue
        if dialog.choice == SETUP:
            from deerfield_desk.ui.start.setup_wizard import SetupWizard

            setup = wizard or SetupWizard(actor, register_paths().db)
            wizard = None
            setup.exec()
            if setup.register is None:  # cancelled before the register was made
                continue
            # Made, even if the later steps were left for later: the window opens on it and
            # Tools/Documents hold every setting the wizard offered.
            return register_paths(Path(setup.register.path)), False, adopt(setup.register)
