"""Reminders read once the register is on screen, off the GUI thread, and dropped on close.

Why: the state-report reminder reads a year of issued permits. At a million permits that query
held the window for seconds right after it appeared, and an app closed meanwhile waited for it
before the process could end. It now runs on a worker with its own read-only connection; when
the window closes first, the query is interrupted (``sqlite3.Connection.interrupt``) and its
answer, if any, is dropped, so closing never waits for a reminder nobody will see.
"""

from __future__ import annotations

from datetime import date

from deerfield_desk.ui import worker


def remind_state_reports(window, today: date | None = None) -> worker.Job | None:
    """Show the state-report reminder in the status bar when one is late or due soon."""
    if getattr(window, "released", False):
        return None
    from deerfield_desk.store.background_read import StoppableRead

    reader = StoppableRead(window.paths.db)
    window.__dict__.setdefault("_on_release", []).append(reader.stop)

    def job():  # worker thread
        from deerfield_desk.exports.state_report import outstanding

        day = today or date.today()
        urgent = reader.run(lambda reg: [r.line(day) for r in outstanding(reg, day)
                                         if r.status(day) != "upcoming"])  # fmt: skip
        return urgent or []

    def done(lines: list[str]) -> None:
        if lines and not reader.stopped and not getattr(window, "released", False):
            window.statusBar().showMessage("State report " + "; ".join(lines[:2]))

    started = worker.run_in_background(window, "State report reminder", job, done,
                                       lambda _message: None)  # fmt: skip
    started.abandon_on_exit = True  # it only reads
    return started
