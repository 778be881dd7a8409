"""File → Back up now / Restore backup…, and how a failed backup or restore is shown.

A backup or restore failure is never only a status-bar line that vanishes: it is logged and
shown in a message box that names what failed and what to do (issue 11, finding 1: backups
failed with ``disk I/O error`` shown to nobody).
"""

from __future__ import annotations

import logging

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox

from deerfield_desk.config import APP_NAME
from deerfield_desk.store import backup
from deerfield_desk.store.backup_check import check_backup
from deerfield_desk.ui.changes import EVERYTHING

log = logging.getLogger(__name__)


def install(window) -> None:
    menu = window.menu("File")
    act_backup = QAction("&Back up now", window)
    act_backup.triggered.connect(lambda: back_up_now(window))
    menu.addAction(act_backup)
    act_restore = QAction("&Restore backup…", window)
    act_restore.triggered.connect(lambda: restore(window))
    menu.addAction(act_restore)


def report_failure(window, what: str, error: str, *, blocking: bool = False) -> QMessageBox:
    """Log the failure and show it in the window (kept as ``window._failure_box``)."""
    log.error("%s failed: %s", what, error)
    window.statusBar().showMessage(f"{what} failed — see the message.")
    box = QMessageBox(QMessageBox.Icon.Warning, APP_NAME, f"{what} failed.", parent=window)
    box.setInformativeText(
        f"{error[:1].upper()}{error[1:]}\n\nNothing else was changed. Try File → Back up "
        "now; if it fails again, keep the register file and call support."
    )
    window._failure_box = box
    if blocking:
        box.exec()
    else:
        box.open()
    return box


def report_backup(window, what: str, result) -> None:
    """A finished backup: the status bar, plus a warning when photos could not be copied."""
    window.statusBar().showMessage(
        f"{what} written and checked: {result.name} ({result.photos_copied} photo files copied)",
        8000,
    )
    if result.photo_problems:
        report_failure(window, f"{what}: photos", "\n".join(result.photo_problems[:5]))


def back_up_now(window) -> bool:
    try:
        result = backup.back_up(window.paths.db)
    except Exception as exc:  # shown and logged, never lost
        report_failure(window, "Back up now", str(exc))
        return False
    report_backup(window, "Backup", result)
    return True


def describe(path) -> str:
    taken = backup.taken_at(path)
    when = taken.strftime("%A %d %B %Y at %H:%M") if taken else "an unknown date"
    return f"{path.name}, taken {when}"


def restore(window, chosen: str | None = None, confirm=None, tell=None) -> bool:
    """Ask for a backup, confirm, restore it; the app reopens the register afterwards."""
    tell = tell or (lambda text: report_failure(window, "Restore", text))
    if chosen is None:
        chosen, _ = QFileDialog.getOpenFileName(
            window, "Restore which backup?", str(window.paths.backups), "Registers (*.sqlite)"
        )
    if not chosen:
        return False
    from pathlib import Path

    chosen = Path(chosen)
    check = check_backup(chosen)
    ask = confirm or (
        lambda text: (
            QMessageBox.question(window, "Restore backup", text) == QMessageBox.StandardButton.Yes
        )
    )
    if not ask(
        f"Replace the register with the backup\n{describe(chosen)}?\n({check.summary})\n\n"
        "Changes made since that backup will no longer be in the register. The current "
        "register is kept beside it (…replaced-DATE.sqlite), nothing is deleted, and the "
        "restore is written into the register's journal."
    ):
        return False
    from deerfield_desk.store.register import Register
    from deerfield_desk.store.restore import restore_backup

    actor = window.register.actor
    window.register.close()
    try:
        result = restore_backup(window.paths.db, chosen, actor=actor)
    except Exception as exc:  # refused or failed: the register in place is reopened
        try:
            window.register = Register.open(window.paths.db, actor, check=False)
        except Exception as again:  # said in the same message
            exc = f"{exc}\n\nThe register could not be reopened either: {again}"
        tell(str(exc))
        return False
    window.register = Register.open(window.paths.db, actor)
    window.notify_changed(EVERYTHING)
    window.statusBar().showMessage(
        f"Restored {chosen.name}; the replaced register is kept at {result.kept}"
    )
    if result.photo_problems:
        report_failure(window, "Restoring photos", "\n".join(result.photo_problems[:5]))
    return True
