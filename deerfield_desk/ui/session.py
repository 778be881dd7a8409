"""Who is at the keyboard, and the backups a session takes (on close and once a day).

The name and role stay visible in the status bar, because they sign every journal entry;
File → Switch user… changes them (accountability, not a security boundary). Backups use the
store's online backup (never a file copy); a failed backup is reported, never silent.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QLabel

from deerfield_desk.models.actor import Role
from deerfield_desk.store import backup
from deerfield_desk.ui import identity

ROLE_LABELS = {Role.INSPECTOR: "Building inspector", Role.CLERK: "Village clerk"}
DAILY_CHECK_MS = 60 * 60 * 1000  # look once an hour whether the daily backup is due


def who_text(actor) -> str:
    return f"At the keyboard: {actor.name} ({ROLE_LABELS.get(actor.role, str(actor.role))})"


def install(window) -> None:
    window.who_label = QLabel(who_text(window.register.actor))
    window.who_label.setObjectName("whoLabel")
    window.statusBar().addPermanentWidget(window.who_label)
    action = QAction("Switch &user…", window)
    action.triggered.connect(lambda: switch_user(window))
    window.menu("File").addAction(action)
    timer = QTimer(window)
    timer.setInterval(DAILY_CHECK_MS)
    timer.timeout.connect(lambda: daily_backup(window))
    timer.start()
    window._daily_backup_timer = timer
    QTimer.singleShot(5000, window, lambda: daily_backup(window))


def switch_user(window, dialog: identity.IdentityDialog | None = None) -> bool:
    """Ask who is at the keyboard now; journal entries from here on carry that name."""
    dialog = dialog or identity.IdentityDialog(window, window.register.actor)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    set_actor(window, dialog.actor())
    return True


def set_actor(window, actor) -> None:
    window.register.actor = actor
    identity.remember(actor)
    window.who_label.setText(who_text(actor))
    window.statusBar().showMessage(f"Changes are now signed by {actor.name}", 5000)


def daily_backup(window) -> None:
    if getattr(window, "backups_enabled", True) and backup.backup_due(window.paths.db):
        _backup(window, "Daily backup")


def on_close(window) -> None:
    if getattr(window, "backups_enabled", True):
        _backup(window, "Backup on close")


def _backup(window, what: str) -> None:
    try:
        target = backup.make_backup(window.paths.db)
    except Exception as exc:  # a backup failure must be seen, but must not lose the session
        window.statusBar().showMessage(f"{what} failed: {exc}. Use File → Back up now.")
        return
    window.statusBar().showMessage(f"{what} written: {target.name}", 8000)
