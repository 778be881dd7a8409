"""When the register will not open: offer "Restore the newest good backup", with its date.

Why here, at start-up: a damaged register is refused before the main window exists, so the
File → Restore backup menu is out of reach exactly when it is needed (issue 11, finding 4).
The offer names the backup and when it was taken; the restore itself is the store's atomic,
journaled one, and a failure is shown, not swallowed.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from deerfield_desk.config import APP_NAME
from deerfield_desk.store import backup


def restore_label(path) -> str:
    taken = backup.taken_at(path)
    when = taken.strftime("%d %b %Y %H:%M") if taken else "date unknown"
    return f"Restore the newest good backup ({when})"


def build_offer(parent, message: str, newest) -> tuple[QMessageBox, object]:
    """The message box (built, not shown), and its restore button."""
    box = QMessageBox(QMessageBox.Icon.Critical, APP_NAME, "The register could not be opened.",
                      parent=parent)  # fmt: skip
    box.setInformativeText(message)
    restore_button = box.addButton(restore_label(newest), QMessageBox.ButtonRole.AcceptRole)
    quit_button = box.addButton("Quit", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(restore_button)
    box.setEscapeButton(quit_button)
    return box, restore_button


def offer_restore(parent, db_path, message: str, actor, choose=None, tell=None) -> bool:
    """Show the damage and offer the newest good backup; True once it is restored.

    ``choose(box, restore_button) -> bool`` and ``tell(text)`` stand in for the user in tests.
    """
    tell = tell or (lambda text: QMessageBox.critical(parent, APP_NAME, text))
    newest = backup.newest_good_backup(db_path)
    if newest is None:
        tell(message)
        return False
    box, restore_button = build_offer(parent, message, newest)
    if choose is None:
        box.exec()
        chosen = box.clickedButton() is restore_button
    else:
        chosen = choose(box, restore_button)
    if not chosen:
        return False
    from deerfield_desk.store.restore import restore_backup

    try:
        result = restore_backup(db_path, newest, actor=actor)
    except Exception as exc:  # shown: the damaged file is still in place, untouched
        tell(f"The backup {newest.name} could not be restored: {exc}")
        return False
    tell_done = (
        f"Restored {newest.name}. The damaged register is kept as {result.kept.name}."
        if result.kept
        else f"Restored {newest.name}."
    )
    if choose is None:
        QMessageBox.information(parent, APP_NAME, tell_done)
    return True
