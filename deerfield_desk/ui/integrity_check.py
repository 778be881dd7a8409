"""The start-up integrity check for big registers, run after the window shows.

Why: ``PRAGMA quick_check`` reads every page. On a small register that is instant and runs at
open (``Register.open``); on a million-permit register it takes seconds, far past the 1.5 s the
window may take to appear. So a big register opens with only SQLite's own header and schema
checks, the window shows, and the full quick_check + foreign_key_check runs on a worker thread
with its own read-only connection. Until it passes the register is read-only
(``PRAGMA query_only``), and the status bar says so: nobody can add to a damaged file. If it
fails, the clerk gets the same message as at start (with the newest good backup) and the
register stays read-only.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from deerfield_desk.config import APP_NAME
from deerfield_desk.store.register import damaged_message, file_problems
from deerfield_desk.ui import worker

#: Registers up to this size are checked at open, before the window shows.
INLINE_CHECK_BYTES = 256 * 1024 * 1024
HOLD_MESSAGE = (
    "Checking the register's integrity in the background: you can search and read, "
    "changes wait until the check passes."
)


def check_at_open(path) -> bool:
    """True when the register is small enough to check before the window shows."""
    try:
        return path.stat().st_size <= INLINE_CHECK_BYTES
    except OSError:
        return True


def start_background_check(window, ask=None) -> worker.Job:
    """Hold writes, check on a worker thread, then release them or explain the damage."""
    window.register.hold_writes(HOLD_MESSAGE)
    window.statusBar().showMessage(HOLD_MESSAGE)
    path = window.paths.db
    tell = ask or (lambda text: QMessageBox.critical(window, APP_NAME, text))

    def finished(problems: list[str]) -> None:
        if problems:
            message = damaged_message(window.paths.db, problems).replace(
                "was not opened", "is open read-only"
            )
            window.statusBar().showMessage("The register is damaged: read-only.")
            window.register.hold_writes(message)
            tell(message)
            return
        window.register.release_writes()
        window.statusBar().showMessage("Integrity check passed.", 5000)

    return worker.run_in_background(
        window, "Integrity check", lambda: file_problems(path), finished, tell
    )
