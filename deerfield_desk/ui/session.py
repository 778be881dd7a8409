"""Who is at the keyboard, and the backups a session takes (on close and once a day).

The name and role stay visible in the status bar, because they sign every journal entry;
File → Switch user… changes them (accountability, not a security boundary). Backups use the
store's online backup (never a file copy); a failed backup is reported, never silent.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QLabel

from deerfield_desk.models.actor import Role
from deerfield_desk.store import backup
from deerfield_desk.ui import identity, worker

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


class _BackupSignals(QObject):
    done = Signal(object, str)  # (BackupResult or None, error or "")


class BackupJob(QRunnable):
    """The daily backup on a worker thread: on a big register it takes a while, and the
    backup API reads through its own connection, so the office keeps working meanwhile."""

    def __init__(self, db):
        super().__init__()
        self.db = db
        self.signals = _BackupSignals()

    def run(self) -> None:
        try:
            result = backup.back_up(self.db)
        except Exception as exc:  # reported (and logged) on the GUI thread
            self.signals.done.emit(None, str(exc))
            return
        self.signals.done.emit(result, "")


def daily_backup(window) -> BackupJob | None:
    if not getattr(window, "backups_enabled", True) or not backup.backup_due(window.paths.db):
        return None
    job = BackupJob(window.paths.db)
    job.signals.done.connect(lambda result, error: _report(window, "Daily backup", result, error))
    window._backup_job = job
    if worker.run_synchronously:
        job.run()
    else:
        QThreadPool.globalInstance().start(job)
    return job


def on_close(window) -> None:
    """The backup on close runs before the window goes: the app must not exit mid-backup."""
    if not getattr(window, "backups_enabled", True):
        return
    window.statusBar().showMessage("Backing up the register before closing…")
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        result = backup.back_up(window.paths.db)
    except Exception as exc:  # a backup failure must be seen, but must not lose the session
        QApplication.restoreOverrideCursor()
        _report(window, "Backup on close", None, str(exc), blocking=True)
        return
    QApplication.restoreOverrideCursor()
    _report(window, "Backup on close", result, "")


def _report(window, what: str, result, error: str, *, blocking: bool = False) -> None:
    from deerfield_desk.ui import backup_actions

    if error:
        backup_actions.report_failure(window, what, error, blocking=blocking)
    else:
        backup_actions.report_backup(window, what, result)
