"""Ending the app quickly once its window has closed, without cutting short anything that
writes.

Why: after the window closed, the process took seconds to go (issue 16: about 2.5 s, and more
at a million permits): Python tore down every module and Qt object one by one, and Qt waited
for background readers nobody would hear from again. By then everything that matters is done:
the register is closed (its last close checkpoints the WAL), the backup on close written, the
log and preferences flushed. So the window's process waits only for background jobs that
write (a daily backup, an import), then ends at once. Jobs that only read (the state-report
reminder, the background integrity check) are abandoned: a reader killed holds nothing.

Only the real program does this (``cli.main`` called with no arguments, as the
``deerfield-desk`` command and ``python -m deerfield_desk`` do); a test calling ``main([...])``
in its own process keeps the ordinary return.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time

from deerfield_desk.ui import worker

#: How long a writing job (a backup on a big register) may keep the process after the window
#: closed; past it, the process ends the ordinary way and Qt waits for the job itself.
WRITER_WAIT_S = 600.0


def end_process(code: int, wait_s: float = WRITER_WAIT_S) -> None:
    """Wait for background writers, flush the log and the streams, end with ``code``."""
    deadline = time.monotonic() + wait_s
    while worker.must_finish():
        if time.monotonic() > deadline:
            return  # let Python and Qt end the slow way: they wait for the pool themselves
        time.sleep(0.05)
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)
