"""Reminders read once the register is on screen, off the GUI thread, and dropped on close.

Why: the state-report reminder reads a year of issued permits. At a million permits that query
held the window for seconds right after it appeared, and an app closed meanwhile waited for it
before the process could end. It now runs on a worker with its own read-only connection; when
the window closes first, the query is interrupted (``sqlite3.Connection.interrupt``) and its
answer, if any, is dropped, so closing never waits for a reminder nobody will see.
"""

from __future__ import annotations

import sqlite3
from datetime import date

from deerfield_desk.ui import worker


class _Reader:
    """The worker's connection, kept where the GUI thread can interrupt it."""

    def __init__(self) -> None:
        self.conn: sqlite3.Connection | None = None
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True
        if self.conn is not None:
            self.conn.interrupt()


def remind_state_reports(window, today: date | None = None) -> worker.Job | None:
    """Show the state-report reminder in the status bar when one is late or due soon."""
    if getattr(window, "released", False):
        return None
    from deerfield_desk.store.register import Register

    db = window.paths.db
    reader = _Reader()
    window.__dict__.setdefault("_on_release", []).append(reader.stop)

    def job():  # worker thread
        from deerfield_desk.exports.state_report import outstanding

        day = today or date.today()
        if reader.stopped:
            return []
        reg = Register.open_read_only(db)
        reader.conn = reg.conn
        try:
            if reader.stopped:
                return []
            return [r.line(day) for r in outstanding(reg, day) if r.status(day) != "upcoming"]
        except sqlite3.OperationalError:
            if reader.stopped:  # interrupted because the window closed
                return []
            raise
        finally:
            reader.conn = None
            reg.close()

    def done(lines: list[str]) -> None:
        if lines and not reader.stopped and not getattr(window, "released", False):
            window.statusBar().showMessage("State report " + "; ".join(lines[:2]))

    started = worker.run_in_background(window, "State report reminder", job, done,
                                       lambda _message: None)  # fmt: skip
    started.abandon_on_exit = True  # it only reads
    return started
