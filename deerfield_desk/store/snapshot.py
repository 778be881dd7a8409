"""One read transaction over a register: every file of an export describes the same moment.

Why a store function: the exports open a read-only ``Register`` and must not run SQL of their
own (issue 12); ``BEGIN``/``ROLLBACK`` is engine vocabulary (PostgreSQL would say
``BEGIN ISOLATION LEVEL REPEATABLE READ``), so it lives here, behind the execution point.
"""

from __future__ import annotations

from collections.abc import Generator

from deerfield_desk.store.register import Register


def read_snapshot(reg: Register) -> Generator[None, None, None]:
    """A generator: ``next()`` begins the snapshot, ``close()`` ends it (rolls back: it only
    read). Closing one that never began, or twice, does nothing."""
    reg.execute("BEGIN")
    try:
        yield
    finally:
        reg.execute("ROLLBACK")
