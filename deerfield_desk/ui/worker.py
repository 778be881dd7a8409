"""Long work off the GUI thread: a generator yields progress, a QRunnable runs it, a
cancellable QProgressDialog shows it (CONVENTIONS.md; TagStudio/Picard pattern).

The generator is a plain domain function (no Qt) that yields ``Progress`` and returns its
result. The worker opens nothing itself: the job factory is called *on the worker thread*, so a
job that needs the register opens its own connection there. Tests set ``run_synchronously``
to run jobs inline, deterministically.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QWidget


@dataclass
class Progress:
    done: int
    total: int
    label: str = ""


class Cancelled(Exception):
    pass


class _Signals(QObject):
    progress = Signal(int, int, str)
    finished = Signal(object)
    failed = Signal(str)


class GeneratorJob(QRunnable):
    def __init__(self, factory: Callable[[], Generator[Progress, None, object]]):
        super().__init__()
        self.factory = factory
        self.signals = _Signals()
        self.cancelled = False

    def run(self) -> None:  # worker thread: no widgets here
        try:
            gen = self.factory()
            while True:
                if self.cancelled:
                    gen.close()
                    self.signals.failed.emit("Cancelled: nothing was left half-written.")
                    return
                try:
                    step = next(gen)
                except StopIteration as stop:
                    self.signals.finished.emit(stop.value)
                    return
                self.signals.progress.emit(step.done, step.total, step.label)
        except Exception as exc:  # reported to the user on the GUI thread
            self.signals.failed.emit(f"{type(exc).__name__}: {exc}")


run_synchronously = False


def run_with_progress(
    parent: QWidget,
    title: str,
    factory: Callable[[], Generator[Progress, None, object]],
    on_done: Callable[[object], None] | None = None,
) -> GeneratorJob:
    """Run ``factory()``'s generator in the pool behind a cancellable progress dialog."""
    dialog = QProgressDialog(title, "Cancel", 0, 0, parent)
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(300)
    dialog.setAutoClose(False)
    job = GeneratorJob(factory)

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
        dialog.close()
        if not job.cancelled:
            QMessageBox.warning(parent, title, message)

    job.signals.progress.connect(progress)
    job.signals.finished.connect(finished)
    job.signals.failed.connect(failed)
    dialog.canceled.connect(lambda: setattr(job, "cancelled", True))
    if run_synchronously:
        job.run()
    else:
        QThreadPool.globalInstance().start(job)
    return job
