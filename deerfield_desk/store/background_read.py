"""A read on its own read-only connection that another thread can stop.

Why in the store: a screen's background reader (the state-report reminder) must be stoppable
when its window closes, so closing never waits for a query nobody will see; stopping means
``sqlite3.Connection.interrupt``, and only the store holds connections (the engine seam,
``tests/test_engine_seam.py``).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from deerfield_desk.store.register import Register

T = TypeVar("T")


class StoppableRead:
    """``run(read)`` on the worker thread, ``stop()`` from any other: the read then ends
    early (returning ``None``) and a read not yet started never starts."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._register: Register | None = None
        self.stopped = False

    def stop(self) -> None:
        with self._lock:
            self.stopped = True
            if self._register is not None:
                self._register.conn.interrupt()

    def run(self, read: Callable[[Register], T]) -> T | None:
        with self._lock:
            if self.stopped:
                return None
            register = self._register = Register.open_read_only(self.path)
        try:
            return read(register)
        except sqlite3.OperationalError:
            if self.stopped:  # interrupted by stop(): not a failure
                return None
            raise
        finally:
            with self._lock:
                self._register = None
            register.close()


def sqlite_version() -> str:
    """The SQLite library's version (About shows it: support asks for it)."""
    return sqlite3.sqlite_version
