"""File → Back up now / Restore backup… (the backup API; restore keeps the replaced file)."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox

from deerfield_desk.store import backup


def install(window) -> None:
    menu = window.menu("File")
    act_backup = QAction("&Back up now", window)
    act_backup.triggered.connect(lambda: back_up_now(window))
    menu.addAction(act_backup)
    act_restore = QAction("&Restore backup…", window)
    act_restore.triggered.connect(lambda: restore(window))
    menu.addAction(act_restore)


def back_up_now(window) -> None:
    target = backup.make_backup(window.paths.db)
    window.statusBar().showMessage(f"Backup written and checked: {target}", 8000)


def restore(window, chosen: str | None = None, confirm=None) -> bool:
    """Ask for a backup, confirm, restore it; the app reopens the register afterwards."""
    if chosen is None:
        chosen, _ = QFileDialog.getOpenFileName(
            window, "Restore which backup?", str(window.paths.backups), "Registers (*.sqlite)"
        )
    if not chosen:
        return False
    ask = confirm or (
        lambda text: (
            QMessageBox.question(window, "Restore backup", text) == QMessageBox.StandardButton.Yes
        )
    )
    if not ask(
        f"Replace the register with the backup\n{chosen}?\n\nThe current register is "
        "kept beside it (…replaced-DATE.sqlite), nothing is deleted."
    ):
        return False
    actor = window.register.actor
    window.register.close()
    kept = backup.restore_backup(window.paths.db, chosen)
    from deerfield_desk.store.register import Register

    window.register = Register.open(window.paths.db, actor)
    window.announce_everything()
    window.statusBar().showMessage(f"Restored {chosen}; the replaced register is kept at {kept}")
    return True
