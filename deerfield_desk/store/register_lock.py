"""One owner per register: a lock file beside the register, held for as long as a process writes.

Why not SQLite's own locks: on Linux and macOS they are POSIX record locks, which belong to the
*process* and vanish when *any* descriptor on ``register.sqlite`` in that process is closed.
Qt's file dialogs open and close the register to sniff its type, so the app silently loses
its locks; the next process to open and close the register then believes it is the last user,
checkpoints and deletes the app's ``-wal``/``-shm``, and every later change of the app goes into
a deleted file (issue 11, finding 1).

This lock is a ``flock`` (Windows: ``LockFileEx``) on a separate file, ``<register>.lock``,
through the ``filelock`` package. A ``flock`` belongs to the open file description, not to the
process, so nothing else the process opens or closes can drop it, and the kernel releases it
when the process dies: a lock file left by a crashed process is never an obstacle. Beside it,
``<register>.holder`` says who holds the lock (OS account, name at the keyboard, host, pid,
since when, what for), so a refusal can name the holder.

Rules (ARCHITECTURE.md, "Storage"):

- a process that *writes* the register holds this lock from before its first write until after
  its last connection is closed (the app: its whole lifetime; a CLI command: its run);
- a process that only *reads* does not take it and opens the register with ``mode=ro`` (see
  :func:`deerfield_desk.store.register.connect`): such a connection can neither checkpoint nor
  delete the WAL, whatever state the owner's POSIX locks are in.

The lock is re-entrant within a process: the app's worker threads open their own connections
under the window's hold. Use::

    with RegisterLock(db_path, purpose="deerfield-desk import").acquire(timeout=10):
        ...  # open, write, close

    lock = RegisterLock(db_path)
    holder = lock.holder()          # None when nobody holds it
    if holder: print(holder.describe())
"""

from __future__ import annotations

import getpass
import json
import os
import socket
import threading
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from filelock import FileLock, Timeout

from deerfield_desk.errors import RegisterInUse, RegisterUnavailable

LOCK_SUFFIX = ".lock"
HOLDER_SUFFIX = ".holder"
POLL_SECONDS = 0.05


def os_account() -> str:
    """The operating-system account this process runs as (the journal records it too)."""
    try:
        return getpass.getuser()
    except Exception:  # no login name (some containers, services): fall back to the uid
        return f"uid {os.getuid()}" if hasattr(os, "getuid") else "unknown account"


def _process_started(pid: int) -> float | None:
    """When ``pid`` started (to tell a live holder from a reused pid), or None if unknown."""
    try:
        import psutil

        return psutil.Process(pid).create_time()
    except Exception:
        return None


@dataclass(frozen=True)
class Holder:
    """Who holds a register: enough to walk over and ask them to close it."""

    os_account: str
    host: str
    pid: int
    since: str  # ISO 8601, UTC
    purpose: str
    name: str | None = None  # the name typed at "who is at the keyboard", when known
    started: float | None = None  # the holder process's start time (pid reuse check)

    def describe(self) -> str:
        who = f"{self.name} (account {self.os_account})" if self.name else self.os_account
        try:
            when = datetime.fromisoformat(self.since).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            when = self.since
        return f"{who} on {self.host}, process {self.pid}, since {when} ({self.purpose})"

    def is_dead(self) -> bool:
        """True when this holder certainly no longer runs (same host, pid gone or reused)."""
        if self.host != socket.gethostname():
            return False
        started = _process_started(self.pid)
        if started is None:
            return True
        return self.started is not None and abs(started - self.started) > 1.0


class _ProcessHold:
    """The one physical lock this process holds on one register, with a use count."""

    def __init__(self, lock: FileLock, holder: Holder):
        self.lock = lock
        self.holder = holder
        self.count = 0


_HOLDS: dict[str, _ProcessHold] = {}
_HOLDS_GUARD = threading.RLock()
_ACQUIRING: dict[str, threading.Lock] = {}


def _acquiring(key: str) -> threading.Lock:
    with _HOLDS_GUARD:
        return _ACQUIRING.setdefault(key, threading.Lock())


def _key(db_path: Path) -> str:
    return os.path.normcase(str(Path(db_path).expanduser().resolve()))


def held_by_this_process(db_path: Path | str) -> bool:
    """Does this process hold the register lock on ``db_path`` (through any RegisterLock)?"""
    with _HOLDS_GUARD:
        return _key(Path(db_path)) in _HOLDS


class RegisterLock:
    """The owner lock of the register at ``db_path``; see the module docstring.

    ``purpose`` and ``name`` are shown to whoever is refused ("the Deerfield Desk window",
    "deerfield-desk import"; the name typed at the keyboard). One instance may be acquired
    several times (nested); every acquire needs its release. Thread-safe.
    """

    def __init__(
        self, db_path: Path | str, *, purpose: str = "Deerfield Desk", name: str | None = None
    ):
        self.db_path = Path(db_path).expanduser().resolve()
        self.lock_path = self.db_path.with_name(self.db_path.name + LOCK_SUFFIX)
        self.holder_path = self.db_path.with_name(self.db_path.name + HOLDER_SUFFIX)
        self.purpose = purpose
        self.name = name
        self._mine = 0

    # -- taking and giving back -------------------------------------------------------------
    def acquire(self, timeout: float = 0) -> RegisterLock:
        """Take the lock, waiting up to ``timeout`` seconds for another process to let go.

        Raises :class:`RegisterInUse` naming the holder when it stays taken, and
        :class:`RegisterUnavailable` when the lock file cannot be made (read-only folder).
        Returns ``self`` so ``with RegisterLock(p).acquire(timeout=5):`` reads naturally.
        """
        key = _key(self.db_path)
        if self._join_existing(key):
            return self
        # One thread of this process takes the physical lock at a time: a second flock from
        # the same process on another descriptor would wait for the first, not share it.
        with _acquiring(key):
            if self._join_existing(key):
                return self
            lock = FileLock(str(self.lock_path), thread_local=False, fallback_to_soft=False)
            try:
                lock.acquire(timeout=max(timeout, 0), poll_interval=POLL_SECONDS)
            except Timeout:
                raise RegisterInUse(self.db_path, self._read_holder()) from None
            except OSError as exc:
                raise RegisterUnavailable(
                    f"The register {self.db_path} cannot be opened for changes: its lock file "
                    f"{self.lock_path.name} cannot be made ({exc.strerror or exc}). "
                    "Is the folder read-only? Copy the register to a folder you can write to."
                ) from exc
            holder = Holder(
                os_account=os_account(),
                host=socket.gethostname(),
                pid=os.getpid(),
                since=datetime.now(UTC).isoformat(timespec="seconds"),
                purpose=self.purpose,
                name=self.name,
                started=_process_started(os.getpid()),
            )
            self._write_holder(holder)
            with _HOLDS_GUARD:
                hold = _ProcessHold(lock, holder)
                hold.count = 1
                _HOLDS[key] = hold
                self._mine += 1
        return self

    def _join_existing(self, key: str) -> bool:
        """Count one more use of this process's hold, if it has one."""
        with _HOLDS_GUARD:
            hold = _HOLDS.get(key)
            if hold is None:
                return False
            hold.count += 1
            self._mine += 1
            return True

    def release(self) -> None:
        """Give back one acquire of this instance; the last one in the process unlocks."""
        key = _key(self.db_path)
        with _HOLDS_GUARD:
            if self._mine == 0:
                return
            self._mine -= 1
            hold = _HOLDS.get(key)
            if hold is None:
                return
            hold.count -= 1
            if hold.count > 0:
                return
            del _HOLDS[key]
            # The holder note goes first, while still locked, so it never names a process
            # that has let go; the next owner writes its own after taking the lock.
            self.holder_path.unlink(missing_ok=True)
            hold.lock.release(force=True)

    def __enter__(self) -> RegisterLock:
        if self._mine == 0:
            self.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    @property
    def held(self) -> bool:
        """Does this instance hold the lock (at least one acquire not yet released)?"""
        return self._mine > 0

    # -- who holds it ------------------------------------------------------------------------
    def holder(self) -> Holder | None:
        """Who holds the register now, or None when nobody does.

        This process's own hold is reported too. When the lock is free, a holder note left by
        a process that died is removed (the kernel already released its lock).
        """
        with _HOLDS_GUARD:
            hold = _HOLDS.get(_key(self.db_path))
            if hold is not None:
                return hold.holder
        if not self.lock_path.exists():
            return None
        probe = FileLock(str(self.lock_path), thread_local=False, fallback_to_soft=False)
        try:
            probe.acquire(timeout=0)
        except Timeout:
            return self._read_holder()
        except OSError:
            return self._read_holder()  # cannot even probe (read-only folder): best knowledge
        try:
            self.holder_path.unlink(missing_ok=True)  # a dead process's note: recovered
        finally:
            probe.release(force=True)
        return None

    def _read_holder(self) -> Holder:
        try:
            data = json.loads(self.holder_path.read_text(encoding="utf-8"))
            return Holder(**data)
        except (OSError, ValueError, TypeError):
            # Taken a moment ago and not yet described, or described by an older version.
            return Holder(
                os_account="unknown account",
                host="unknown computer",
                pid=0,
                since="unknown",
                purpose="another program",
            )

    def _write_holder(self, holder: Holder) -> None:
        """Write the holder note atomically (temp file, then rename): readers see all or none."""
        tmp = self.holder_path.with_name(f"{self.holder_path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(json.dumps(asdict(holder), sort_keys=True), encoding="utf-8")
            os.replace(tmp, self.holder_path)
        except OSError:
            tmp.unlink(missing_ok=True)  # the lock still holds; only the description is lost
