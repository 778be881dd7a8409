"""Who is at the keyboard, and the backups a session takes (on close and once a day).

The name and role stay visible in the status bar, because they sign every journal entry;
File → Switch user… changes them (accountability, not a security boundary). Backups use the
store's online backup (never a file copy); a failed backup is reported, never silent.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QLabel

from deerfield_desk.models.actor import Role
from deerfield_desk.store import backup
from deerfield_desk.ui import identity, worker

log = logging.getLogger(__name__)

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
    QTimer.singleShot(5000, window, lambda: start_of_session(window))


def start_of_session(window) -> worker.Job | None:
    """First the check of the backups taken on close (store/backup_deferred.py), then the
    daily backup: one after the other, so rotation never meets a backup being checked."""
    if not getattr(window, "backups_enabled", True) or getattr(window, "released", False):
        return None
    from deerfield_desk.store import backup_deferred

    db = window.paths.db
    if not backup_deferred.pending_backups(db):
        return daily_backup(window)

    def done(result) -> None:
        for path, check in result.bad:
            problem = (
                f"it fails its check: {check.summary}. The register itself may be "
                "damaged: run File → Back up now; call support if it fails too."
            )
            _report(window, f"The backup taken on close ({path.name})", None, problem)
        if not result.bad:
            window.statusBar().showMessage(
                f"{len(result.checked)} backup(s) taken on close checked: good", 8000
            )
        daily_backup(window)

    job = worker.run_in_background(
        window, "Checking the backups taken on close",
        lambda: backup_deferred.check_pending(db), done,
        lambda error: _report(window, "Checking the backups taken on close", None, error),
    )  # fmt: skip
    job.abandon_on_exit = True  # it reads backups; a check cut short simply runs again
    return job


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


def daily_backup(window) -> worker.Job | None:
    """The daily backup on a worker thread: on a big register it takes a while, and the
    backup API reads through its own connection, so the office keeps working meanwhile."""
    if not getattr(window, "backups_enabled", True) or not backup.backup_due(window.paths.db):
        return None
    db = window.paths.db
    return worker.run_in_background(
        window,
        "Daily backup",
        lambda: backup.back_up(db),
        lambda result: _report(window, "Daily backup", result, ""),
        lambda error: _report(window, "Daily backup", None, error),
    )


def on_close(window) -> None:
    """The backup on close: the copy is taken before the window goes (the app must not exit
    mid-copy), its full check waits for the next start (``store/backup_deferred.py``): the
    check held the closing window for half a minute on a big register."""
    if not getattr(window, "backups_enabled", True):
        return
    from deerfield_desk.store import backup_deferred

    window.statusBar().showMessage("Backing up the register before closing…")
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        result = backup_deferred.back_up_on_close(window.paths.db)
    except Exception as exc:  # a backup failure must be seen, but must not lose the session
        log.exception("backup on close failed")
        QApplication.restoreOverrideCursor()
        _report(window, "Backup on close", None, str(exc), blocking=True)
        return
    QApplication.restoreOverrideCursor()
    window.statusBar().showMessage(f"Backup on close written: {result.name} (checked at the "
                                   "next start)")  # fmt: skip
    if result.photo_problems:
        _report(window, "Backup on close: photos", None, "\n".join(result.photo_problems[:5]),
                blocking=True)  # fmt: skip


def _report(window, what: str, result, error: str, *, blocking: bool = False) -> None:
    from deerfield_desk.ui import backup_actions

    if error:
        backup_actions.report_failure(window, what, error, blocking=blocking)
    else:
        backup_actions.report_backup(window, what, result)
