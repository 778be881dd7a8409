"""File → New register…: the one way to make a register from the window.

Nothing creates a register implicitly any more (a typo in a path or a file cut off by a crash
used to become a new, empty register with numbering restarted), so creating one is an act of
its own. Kept minimal: it creates the file and says how to open it; the first-run flow that
chooses between registers is built elsewhere.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox

from deerfield_desk.config import APP_NAME
from deerfield_desk.errors import DeskError
from deerfield_desk.store.register import Register


def install(window) -> None:
    action = QAction("&New register…", window)
    action.triggered.connect(lambda: new_register(window))
    window.menu("File").addAction(action)


def new_register(window, chosen: str | None = None) -> Path | None:
    """Ask where, create an empty register there (never over an existing file)."""
    if chosen is None:
        chosen, _ = QFileDialog.getSaveFileName(
            window,
            "New register",
            str(window.paths.folder / "new-register.sqlite"),
            "Registers (*.sqlite)",
        )
    if not chosen:
        return None
    path = Path(chosen)
    if path.suffix.lower() != ".sqlite":
        path = path.with_name(path.name + ".sqlite")
    try:
        Register.create(path, window.register.actor).close()
    except DeskError as exc:
        QMessageBox.warning(window, APP_NAME, str(exc))
        return None
    QMessageBox.information(
        window,
        APP_NAME,
        f"A new, empty register was created at\n{path}\n\nOpen it with:\n"
        f"deerfield-desk --db {path}",
    )
    window.statusBar().showMessage(f"New register created: {path}", 8000)
    return path
