"""Long work off the GUI thread: the app's one background runner (CONVENTIONS.md;
TagStudio ``function_iterator``/Picard ``thread.run_task`` pattern).

A job is a factory called *on the worker thread* (so a job that needs the register opens its
own connection there). It returns either a generator that yields
:class:`~deerfield_desk.models.progress.Progress` and returns its result (export, import,
batch printing, demo data), or the result itself (a backup, the integrity check). One
:class:`Job` runs both; :func:`run_in_background` runs it quietly with callbacks, and
:func:`run_with_progress` adds a cancellable ``QProgressDialog``.

Failures: the user sees the exception's message (our errors are written to be read by a clerk)
and the log keeps the whole traceback (``logging``, logger ``deerfield_desk.ui.worker``), so a
support call can find what the message leaves out. Tests set ``run_synchronously`` to run
jobs inline, deterministically.
"""

from __future__ import annotations

import inspect
import logging
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QWidget

from deerfield_desk.models.progress import Progress

__all__ = ["Job", "Progress", "run_in_background", "run_with_progress", "user_message"]

log = logging.getLogger(__name__)

CANCELLED_MESSAGE = "Cancelled: nothing was left half-written."


def user_message(exc: BaseException) -> str:
    """What the user reads: the message itself; the exception's name only when it has none."""
    text = str(exc).strip()
    return text or type(exc).__name__


class _Signals(QObject):
    progress = Signal(int, int, str)
    finished = Signal(object)
    failed = Signal(str)


class Job(QRunnable):
    """Runs ``factory()`` on a worker thread; reports through ``signals`` (queued to the GUI
    thread). Setting ``cancelled`` stops a generator at its next step and closes it, so its
    ``finally`` clauses remove whatever it staged."""

    def __init__(self, factory: Callable[[], Any], title: str = "Background work"):
        super().__init__()
        self.factory = factory
        self.title = title
        self.signals = _Signals()
        self.cancelled = False
        #: A job that only reads (a reminder, the integrity check) may be abandoned when the
        #: app ends; the others (a backup, an import) are waited for (``ui/start/shutdown.py``).
        self.abandon_on_exit = False

    def run(self) -> None:  # worker thread: no widgets here
        with _running_lock:
            _running.add(self)
        try:
            self._run()
        finally:
            with _running_lock:
                _running.discard(self)

    def _run(self) -> None:
        try:
            result = self.factory()
            if inspect.isgenerator(result):
                result = self._drive(result)
                if result is _CANCELLED:
                    self.signals.failed.emit(CANCELLED_MESSAGE)
                    return
        except Exception as exc:  # reported to the user on the GUI thread; traceback logged
            log.exception("%s failed", self.title)
            self.signals.failed.emit(user_message(exc))
            return
        self.signals.finished.emit(result)

    def _drive(self, gen) -> object:
        while True:
            if self.cancelled:
                gen.close()
                log.info("%s cancelled", self.title)
                return _CANCELLED
            try:
                step = next(gen)
            except StopIteration as stop:
                return stop.value
            if isinstance(step, Progress):
                self.signals.progress.emit(step.done, step.total, step.label)


_CANCELLED = object()
_running: set[Job] = set()
_running_lock = threading.Lock()


def must_finish() -> list[Job]:
    """Jobs running now that the app must not end under (everything not abandonable)."""
    with _running_lock:
        return [job for job in _running if not job.abandon_on_exit]


#: Tests set this (conftest ``sync_workers``) so jobs run inline, deterministically.
run_synchronously = False


def start(job: Job) -> Job:
    if run_synchronously:
        job.run()
    else:
        QThreadPool.globalInstance().start(job)
    return job


def run_in_background(
    owner: QObject,
    title: str,
    factory: Callable[[], Any],
    on_done: Callable[[Any], None] | None = None,
    on_failed: Callable[[str], None] | None = None,
) -> Job:
    """Run ``factory`` with no dialog (the daily backup, the start-up integrity check).
    ``owner`` keeps the job's signals alive until it reports."""
    job = Job(factory, title)
    if on_done:
        job.signals.finished.connect(on_done)
    if on_failed:
        job.signals.failed.connect(on_failed)
    jobs = owner.__dict__.setdefault("_background_jobs", [])
    jobs.append(job)
    job.signals.finished.connect(lambda _r: _forget(jobs, job))
    job.signals.failed.connect(lambda _m: _forget(jobs, job))
    return start(job)


def _forget(jobs: list, job: Job) -> None:
    if job in jobs:
        jobs.remove(job)


def report_failure(parent: QWidget, title: str, message: str) -> None:
    """Tell the user a job failed (tests replace this: a modal box would block them)."""
    QMessageBox.warning(parent, title, message)


def run_with_progress(
    parent: QWidget,
    title: str,
    factory: Callable[[], Any],
    on_done: Callable[[Any], None] | None = None,
) -> Job:
    """Run ``factory()``'s generator in the pool behind a cancellable progress dialog; a
    failure is shown to the user in a message box (a cancel is not a failure)."""
    dialog = QProgressDialog(title, "Cancel", 0, 0, parent)
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(300)
    dialog.setAutoClose(False)
    job = Job(factory, title)

    def progress(done: int, total: int, label: str) -> None:
        dialog.setMaximum(max(total, 1))
        dialog.setValue(min(done, max(total, 1)))
        if label:
            dialog.setLabelText(label)

    def finished(result: object) -> None:
        dialog.close()
        if on_done:
            on_done(result)

    def failed(message: str) -> None:
        # Read before closing: QProgressDialog's close emits ``canceled`` itself, which would
        # make every failure look like the user's cancel and hide it.
        cancelled_by_user = job.cancelled
        dialog.close()
        if not cancelled_by_user:
            report_failure(parent, title, message)

    job.signals.progress.connect(progress)
    job.signals.finished.connect(finished)
    job.signals.failed.connect(failed)
    dialog.canceled.connect(lambda: setattr(job, "cancelled", True))
    return start(job)
