"""The archive's check against ``verify``, run in a second process while the files are written.

Why: the year's archive is made only from a register that passes every check of ``verify``
(the archive is the permanent record), and on the 10,000-permit year that check is about a
third of the export's time, all of it Python (hash chain, replay) that a thread could not run
beside the writers. So the export first writes the archive's register snapshot (the backup API
inside the export's one read transaction), then a child process verifies THAT copy, with the
head witness and photos of the register it came from, while this process writes the CSVs, the
workbook, the feed and the report from the same transaction. The copy is exactly what the
archive keeps and exactly what every other file was read from, so the check covers the very
snapshot it vouches for.

The export asks ``failure()`` between steps (a damaged register stops the export as soon as
the check says so) and ``wait()`` before anything is published; the staging folder is removed
on refusal, so a register that fails leaves nothing behind, exactly as when the check ran
first. ``stop()`` ends the child when the export is cancelled or fails.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import Connection
from pathlib import Path

from deerfield_desk.errors import InvalidInput
from deerfield_desk.store.journal import Head


def _child(send: Connection, copy: str, register: str, witnessed) -> None:
    """In the child: verify the copy; send ``(ok, first problem)``."""
    from deerfield_desk.store.verify import verify_register

    report = verify_register(Path(copy), full=False, beside=Path(register), witnessed=witnessed)
    problems = report.problems
    send.send((report.ok, problems[0] if problems else "the journal could not be read"))
    send.close()


class VerifyAlongside:
    """``verify_register(copy, full=False)`` for the register at ``register``, in a child."""

    def __init__(self, copy: Path, register: Path, witnessed: tuple[bool, Head | None]):
        # spawn, not fork: the parent may be the GUI (Qt, worker threads, open connections)
        context = multiprocessing.get_context("spawn")
        self._receive, send = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_child,
            args=(send, str(copy), str(register), witnessed),
            name="deerfield-desk verify for the archive",
            daemon=True,
        )
        self._process.start()
        send.close()  # the child holds the only sending end: EOF if it dies without a word
        self._problem: str | None = None
        self._done = False

    def failure(self) -> str | None:
        """The first problem if the check has finished and failed, without waiting."""
        if not self._done and self._receive.poll():
            self._collect()
        return self._problem

    def wait(self) -> None:
        """Wait for the check; raise ``InvalidInput("db", …)`` if the register fails it."""
        if not self._done:
            self._collect()
        if self._problem is not None:
            raise refusal(self._problem)

    def stop(self) -> None:
        """End the child (cancel, failure or done) and free its pipe; safe to call twice."""
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(timeout=10)
        self._receive.close()

    def _collect(self) -> None:
        try:
            ok, problem = self._receive.recv()
        except EOFError:
            self._process.join(timeout=10)
            ok, problem = (
                False,
                (f"the check stopped before it finished (exit code {self._process.exitcode})"),
            )
        self._done = True
        self._problem = None if ok else problem


def refusal(problem: str) -> InvalidInput:
    return InvalidInput(
        "db",
        f"the register fails verify ({problem}); no archive was made. Run "
        "'deerfield-desk verify' for every finding and restore the newest good backup",
    )
