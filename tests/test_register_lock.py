"""The register lock (issue 11, finding 1): one owner per register, across real processes."""

from __future__ import annotations

import getpass
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time

import pytest

from deerfield_desk.errors import RegisterInUse
from deerfield_desk.store.register_lock import RegisterLock, held_by_this_process

HOLD_SCRIPT = textwrap.dedent(
    """
    import sys, time
    from deerfield_desk.store.register_lock import RegisterLock
    lock = RegisterLock(sys.argv[1], purpose="test holder", name="Pat Clerk").acquire()
    print("held", flush=True)
    seconds = float(sys.argv[2])
    time.sleep(seconds)
    lock.release()
    print("released", flush=True)
    """
)


def hold_in_other_process(db_path, seconds: float = 60) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD_SCRIPT, str(db_path), str(seconds)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_second_process_is_refused_with_who_and_since_when(db_path):
    proc = hold_in_other_process(db_path)
    try:
        with pytest.raises(RegisterInUse) as caught:
            RegisterLock(db_path).acquire(timeout=0.2)
        holder = caught.value.holder
        assert holder.pid == proc.pid
        assert holder.host == socket.gethostname()
        assert holder.os_account == getpass.getuser()
        assert holder.name == "Pat Clerk"
        message = str(caught.value)
        assert f"process {proc.pid}" in message and "Pat Clerk" in message
        assert "since 20" in message  # the date it was taken
        assert RegisterLock(db_path).holder().pid == proc.pid
    finally:
        proc.kill()
        proc.wait()


def test_waits_for_the_holder_to_let_go(db_path):
    proc = hold_in_other_process(db_path, seconds=0.5)
    try:
        lock = RegisterLock(db_path).acquire(timeout=20)
        assert lock.held and held_by_this_process(db_path)
        assert lock.holder().pid == os.getpid()
        lock.release()
        assert not held_by_this_process(db_path)
    finally:
        proc.wait()


def test_a_killed_holder_leaves_nothing_that_blocks(db_path):
    proc = hold_in_other_process(db_path)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    lock = RegisterLock(db_path)
    assert lock.holder() is None  # the dead process's note is recognised and removed
    assert not lock.holder_path.exists()
    with lock.acquire(timeout=0):
        assert lock.holder().pid == os.getpid()


def test_survives_other_descriptors_being_opened_and_closed(db_path):
    """What Qt's file dialog does to register.sqlite must not drop the owner lock."""
    db_path.write_bytes(b"")
    lock = RegisterLock(db_path).acquire()
    try:
        for path in (db_path, lock.lock_path, lock.holder_path):
            with open(path, "rb") as stray:
                stray.read(16)
        probe = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; from deerfield_desk.store.register_lock import RegisterLock; "
                "RegisterLock(sys.argv[1]).acquire(timeout=0.2)",
                str(db_path),
            ],
            capture_output=True,
            text=True,
        )
        assert probe.returncode != 0
        assert "RegisterInUse" in probe.stderr and f"process {os.getpid()}" in probe.stderr
    finally:
        lock.release()


def test_reentrant_within_the_process(db_path):
    window = RegisterLock(db_path, purpose="the window").acquire()
    worker = RegisterLock(db_path, purpose="a worker").acquire()
    assert worker.holder().purpose == "the window"
    worker.release()
    assert held_by_this_process(db_path)
    window.release()
    assert not held_by_this_process(db_path)
    proc = hold_in_other_process(db_path, seconds=0)
    proc.wait()
    assert proc.returncode == 0


def test_release_without_acquire_is_harmless(db_path):
    lock = RegisterLock(db_path)
    lock.release()
    with lock:
        assert lock.held
    assert not lock.held


def test_holder_while_free_is_none(db_path):
    assert RegisterLock(db_path).holder() is None


def test_timeout_is_bounded(db_path):
    proc = hold_in_other_process(db_path)
    try:
        started = time.monotonic()
        with pytest.raises(RegisterInUse):
            RegisterLock(db_path).acquire(timeout=0.5)
        assert time.monotonic() - started < 5
    finally:
        proc.kill()
        proc.wait()


def test_threads_of_one_process_share_the_hold(db_path):
    """Two threads opening their own connections at once (the window and a worker)."""
    import threading

    barrier = threading.Barrier(8)
    errors, locks = [], []

    def take():
        try:
            barrier.wait(timeout=30)
            locks.append(RegisterLock(db_path).acquire(timeout=5))
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=take) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors and len(locks) == 8
    for lock in locks:
        lock.release()
    assert not held_by_this_process(db_path)
