"""The window's last line of defence: an exception nobody caught.

Why: without a handler, PySide prints the traceback to a console the clerk never sees and
the window carries on as if the click had worked. Now the register is left consistent (an
open write transaction is rolled back: nothing half-done is kept), the traceback goes to the
log, and a plain dialog says what happened and where the log is.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable

from PySide6.QtWidgets import QApplication, QMessageBox

from deerfield_desk import logs
from deerfield_desk.config import APP_NAME


def leave_consistent(register) -> bool:
    """Roll back a write transaction the failure left open; True when one was."""
    if register is None:
        return False
    conn = getattr(register, "conn", None)
    try:
        if conn is not None and conn.in_transaction:
            conn.execute("ROLLBACK")
            register._tx_depth = 0
            return True
    except Exception:  # the connection itself is gone: nothing of it can be committed
        logs.get("crash").exception("rollback after an uncaught error failed")
    return False


def message(exc: BaseException, log_path, rolled_back: bool) -> str:
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    kept = (
        "The change in progress was not saved; everything saved before it is intact."
        if rolled_back
        else "Everything saved before it is intact."
    )
    where = f"Details are in the log: {log_path}" if log_path else "The log could not be written."
    return (
        f"Something went wrong: {first}\n\n{kept}\n\n{where}\n\n"
        "If it happens again, send that file to whoever supports Deerfield Desk."
    )


def handle(exc_type, exc, tb, register_of: Callable[[], object]) -> str:
    """Log, roll back, tell; returns the text shown (tests read it)."""
    logs.get("crash").error(
        "uncaught exception\n%s", "".join(traceback.format_exception(exc_type, exc, tb))
    )
    rolled_back = leave_consistent(register_of())
    text = message(exc, logs.log_file() if logs.setup() else None, rolled_back)
    on_gui_thread = threading.current_thread() is threading.main_thread()
    if QApplication.instance() is not None and on_gui_thread:
        QMessageBox.critical(None, APP_NAME, text)
    else:
        print(text, file=sys.stderr)
    return text


def install(register_of: Callable[[], object]) -> None:
    """Route uncaught exceptions (GUI thread and worker threads) through :func:`handle`."""

    def hook(exc_type, exc, tb):
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        handle(exc_type, exc, tb, register_of)

    def thread_hook(args):
        logs.get("crash").error(
            "uncaught exception in thread %s\n%s",
            getattr(args.thread, "name", "?"),
            "".join(traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)),
        )

    sys.excepthook = hook
    threading.excepthook = thread_hook
