"""The register: one SQLite file, opened safely, written only through journaled calls.

Every insert and update goes through :class:`Register`, which writes the change and its
journal entry in the same transaction. There is no delete: :meth:`Register.void` marks a
record voided with a required reason (ARCHITECTURE.md, "Storage").

The class is assembled from three parts (issue 12, files under 24 KB): ``register_core``
(transactions, listeners, the one execution point), ``register_writes`` (journaled writes,
settings, numbering) and this module (opening, creating and closing a file). ``connection``
holds the pragmas and integrity checks; their names are re-exported here for callers.
"""

from __future__ import annotations

import functools
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from deerfield_desk.errors import DamagedRegisterError, RegisterUnavailable
from deerfield_desk.models.actor import SYSTEM_ACTOR, Actor
from deerfield_desk.store import register_file
from deerfield_desk.store.connection import (
    PRAGMAS,
    connect,
    damaged_message,
    file_problems,
    integrity_problems,
)
from deerfield_desk.store.migrations import apply_migrations
from deerfield_desk.store.register_lock import RegisterLock
from deerfield_desk.store.register_writes import FTS_INDEXES, RegisterWrites

__all__ = [
    "FTS_INDEXES",
    "LOCK_TIMEOUT",
    "PRAGMAS",
    "Register",
    "connect",
    "damaged_message",
    "decision",
    "file_problems",
    "integrity_problems",
]

# How long a writer waits for another process to let go of the register (e.g. a CLI import
# while the window starts): long enough for a command to finish, short enough to say who.
LOCK_TIMEOUT = float(os.environ.get("DEERFIELD_DESK_LOCK_WAIT") or 10.0)

T = TypeVar("T")


class Register(RegisterWrites):
    """An open register file. Not shared between threads: each worker opens its own."""

    @classmethod
    def open(
        cls,
        path: Path | str,
        actor: Actor | None = None,
        *,
        check: bool = True,
        migrate: bool = True,
        read_only: bool = False,
        lock_timeout: float = LOCK_TIMEOUT,
        purpose: str = "Deerfield Desk",
    ) -> Register:
        """Open an existing register, check integrity, apply migrations.

        Refused, with nothing written: a missing, empty or foreign file
        (:class:`RegisterUnavailable`), a damaged one (:class:`DamagedRegisterError`, naming
        the newest good backup), one another process owns (:class:`RegisterInUse`, naming
        who). ``read_only`` (or a file this account cannot write) opens with ``mode=ro``
        without the register lock; ``read_only_reason`` then says why writes are refused.
        Otherwise the register lock is taken (waiting up to ``lock_timeout`` seconds) and
        held until :meth:`close`.
        """
        path = Path(path).expanduser().absolute()
        register_file.refuse_missing_or_empty(path)
        reason = "opened read-only" if read_only else register_file.read_only_reason(path)
        actor = actor or SYSTEM_ACTOR
        lock = None
        if reason is None:
            lock = RegisterLock(path, purpose=purpose, name=actor.name)
            lock.acquire(timeout=lock_timeout)
        try:
            state = register_file.probe(path)
            conn = connect(path, read_only=reason is not None)
            try:
                if check:
                    problems = integrity_problems(conn)
                    if problems:
                        raise DamagedRegisterError(damaged_message(path, problems))
            except BaseException:
                conn.close()
                raise
            register = cls(conn, path, actor)
            register.owner_lock = lock
            if reason is not None:
                register.read_only_reason = reason
                register.hold_writes(
                    f"The register {path} is open read-only ({reason}): nothing can be "
                    "changed in it. Copy it to a folder you can write to, or ask whoever "
                    "manages this computer."
                )
            elif migrate:
                with register._gate:
                    apply_migrations(register.db)
                if state.legacy:  # a register from before application_id: stamped once
                    with register._gate:
                        register_file.stamp(conn)
        except sqlite3.DatabaseError as exc:
            if lock is not None:
                lock.release()
            raise DamagedRegisterError(damaged_message(path, [str(exc)])) from exc
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        from deerfield_desk.store.field.mode import install_field_guard

        install_field_guard(register)
        return register

    @classmethod
    def create(
        cls,
        path: Path | str,
        actor: Actor | None = None,
        *,
        exist_ok: bool = False,
        lock_timeout: float = LOCK_TIMEOUT,
    ) -> Register:
        """Create a new, empty register at ``path`` (the one explicit way) and open it.

        Built beside the target and renamed into place whole, under the register lock, so
        two processes creating the same register at once cannot both build it: the second
        waits for the first, then finds the register there (``exist_ok`` opens it, else a
        clear :class:`RegisterUnavailable`). An existing file, even an empty one, is never
        overwritten.
        """
        path = Path(path).expanduser().absolute()
        actor = actor or SYSTEM_ACTOR
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RegisterUnavailable(
                f"The folder {path.parent} cannot be made ({exc.strerror or exc})."
            ) from exc
        with RegisterLock(path, purpose="creating the register", name=actor.name).acquire(
            timeout=lock_timeout
        ):
            if path.exists():
                if exist_ok and path.is_file() and path.stat().st_size > 0:
                    return cls.open(path, actor, lock_timeout=lock_timeout)
                raise RegisterUnavailable(
                    f"{path} already exists; a new register is only made where there is no "
                    "file. Open it instead, or choose another name."
                )
            register_file.build_new(path, connect)
        return cls.open(path, actor, lock_timeout=lock_timeout)

    @classmethod
    def open_read_only(cls, path: Path | str, actor: Actor | None = None) -> Register:
        """A register opened to read only (``mode=ro``): no migration, no write, no lock
        taken (the ``deadline`` command, checks of another process's file)."""
        path = Path(path)
        return cls(connect(path, read_only=True), path, actor or SYSTEM_ACTOR)

    def close(self) -> None:
        """Close the connection (under the write gate: the last close checkpoints), then
        give back this connection's hold on the register lock."""
        with self._gate:
            self.conn.close()
        self.closed = True
        if self.owner_lock is not None:
            self.owner_lock.release()
            self.owner_lock = None

    def __enter__(self) -> Register:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def decision(function: Callable[..., T]) -> Callable[..., T]:
    """Run a store function ``f(reg, ...)`` as one decision: its reads, checks and writes in
    one ``BEGIN IMMEDIATE`` transaction (issue 11, finding 2).

    Without it, a function read a record, checked it and wrote it back in separate steps, so
    two devices ticking papers or recording results overwrote each other (400 acknowledged
    ticks left 200; a "passed" became "failed"). A refusal raised inside rolls everything back.
    """

    @functools.wraps(function)
    def in_one_transaction(reg: Register, *args, **kwargs):
        with reg.transaction():
            return function(reg, *args, **kwargs)

    return in_one_transaction
