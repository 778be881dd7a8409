"""The one background runner (ui/worker.py): progress reaches the dialog, results reach the
GUI thread, and a failure reaches the user as its message while the log keeps the traceback."""

from __future__ import annotations

import logging

from PySide6.QtWidgets import QWidget

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.progress import Progress
from deerfield_desk.ui import worker


def _counting(n):
    for i in range(1, n + 1):
        yield Progress(i, n, f"step {i}")
    return "counted"


def test_progress_and_result_reach_the_gui(qtbot, sync_workers):
    parent = QWidget()
    qtbot.addWidget(parent)
    results, steps = [], []
    job = worker.Job(lambda: _counting(3))
    job.signals.progress.connect(lambda d, t, label: steps.append((d, t, label)))
    job.signals.finished.connect(results.append)
    worker.start(job)
    assert steps == [(1, 3, "step 1"), (2, 3, "step 2"), (3, 3, "step 3")]
    assert results == ["counted"]
    assert worker.run_with_progress(parent, "Counting", lambda: _counting(2), results.append)
    assert results == ["counted", "counted"]


def _failing():
    yield Progress(0, 1, "starting")
    raise InvalidInput("year", "the year must be 1990 or later")


def test_a_failure_shows_its_message_and_logs_the_traceback(
    qtbot, sync_workers, monkeypatch, caplog
):
    parent = QWidget()
    qtbot.addWidget(parent)
    shown = []
    monkeypatch.setattr(
        worker, "report_failure", lambda _p, title, text: shown.append((title, text))
    )
    with caplog.at_level(logging.ERROR, logger="deerfield_desk.ui.worker"):
        worker.run_with_progress(parent, "Export", _failing)
    assert shown == [("Export", str(InvalidInput("year", "the year must be 1990 or later")))]
    assert "Traceback" not in shown[0][1]
    record = next(r for r in caplog.records if r.name == "deerfield_desk.ui.worker")
    assert "Export failed" in record.getMessage()
    assert record.exc_info and record.exc_info[0] is InvalidInput
    assert "_failing" in caplog.text  # the traceback names where it broke


def test_plain_work_runs_without_a_dialog_and_reports_failures_to_a_callback(qtbot, sync_workers):
    owner = QWidget()
    qtbot.addWidget(owner)
    done, failed = [], []
    worker.run_in_background(owner, "Sum", lambda: 2 + 2, done.append, failed.append)
    worker.run_in_background(owner, "Div", lambda: 1 / 0, done.append, failed.append)
    assert done == [4] and failed == ["division by zero"]
    assert owner.__dict__["_background_jobs"] == []  # nothing kept once reported


def test_a_cancelled_generator_is_closed_so_it_cleans_up(sync_workers):
    cleaned = []

    def staged():
        try:
            yield Progress(0, 2, "")
            yield Progress(1, 2, "")
        finally:
            cleaned.append(True)

    job = worker.Job(staged)
    failures = []
    job.signals.progress.connect(lambda *a: setattr(job, "cancelled", True))
    job.signals.failed.connect(failures.append)
    job.run()
    assert cleaned == [True] and failures == [worker.CANCELLED_MESSAGE]
