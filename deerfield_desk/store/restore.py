"""Restore a backup over the register: atomic, owned, journaled, identity-checked.

Why each step (issue 11, finding 4):
- **Owned.** A restore under a process that has the register open would lose that process's
  acknowledged records (or have them written into the replaced file). So it takes the register
  lock (``register_lock``) and is refused, naming the holder, while another process holds it.
- **Checked.** The backup must pass a full integrity check and its journal chain, and be a
  backup of THIS register (same ``register_identity``; when the register cannot be read, the
  identity of its own newest good backup stands in). Any other SQLite file is refused.
- **Atomic.** The backup is copied (backup API) into a partial file in the register's own
  folder, the restore is recorded in that copy's journal, the copy is checked and fsynced, the
  current file is kept under a ``.replaced-DATE`` name (a hard link: no copy, no moment
  without a register), its WAL goes with it, and ONE ``rename`` puts the copy in place; then
  the folder is fsynced. Killed at any point, a register is at the path: the old or the new.
- **Works over a damaged register.** Nothing is read from the current file except, if it
  can be read, its identity; a failed checkpoint of a damaged file is not an obstacle (its WAL
  is kept beside it).
"""

from __future__ import annotations

import getpass
import logging
import os
import shutil
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from deerfield_desk.config import Paths
from deerfield_desk.errors import NotAllowed
from deerfield_desk.models.actor import SYSTEM_ACTOR, Actor
from deerfield_desk.store import head_witness, journal
from deerfield_desk.store.backup import STAMP, list_backups, remove_stale_partials, taken_at
from deerfield_desk.store.backup_check import (
    BackupCheck,
    check_backup,
    fsync_dir,
    fsync_file,
    identity_of,
)
from deerfield_desk.store.migrations import apply_migrations
from deerfield_desk.store.register import Register, connect, integrity_problems

log = logging.getLogger(__name__)


class RestoreRefused(NotAllowed):
    """The restore was refused before anything changed; the message says why."""


@dataclass
class RestoreResult:
    backup: Path
    check: BackupCheck
    kept: Path | None
    photos_restored: int = 0
    photo_problems: list[str] = field(default_factory=list)


@contextmanager
def _owner(db_path: Path, actor: Actor):
    """Hold the register lock for the restore (re-entrant for the app that owns it)."""
    from deerfield_desk.store.register_lock import RegisterLock

    lock = RegisterLock(db_path, purpose="restoring a backup", name=actor.name)
    lock.acquire(timeout=0)
    try:
        yield
    finally:
        lock.release()


def _journal_is_empty(db_path: Path) -> bool:
    try:
        conn = connect(db_path, read_only=True)
        try:
            return conn.execute("SELECT count(*) FROM journal").fetchone()[0] == 0
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return False


def reference_identity(db_path: Path) -> str | None:
    """Whose backups may replace this register: its own identity, or (damaged beyond reading)
    that of its newest good backup; None when nothing can tell (no register and no backup, or
    a new register with nothing in it yet: restoring over it loses nothing)."""
    if db_path.is_file() and db_path.stat().st_size > 0:
        if _journal_is_empty(db_path):
            return None
        identity = identity_of(db_path)
        if identity:
            return identity
    for candidate in list_backups(db_path):
        check = check_backup(candidate)
        if check.good and check.identity:
            return check.identity
    return None


def check_restorable(db_path: Path, backup: Path) -> BackupCheck:
    """The backup's full check; raises :class:`RestoreRefused` unless it may replace the
    register at ``db_path``."""
    if not backup.is_file():
        raise RestoreRefused(f"{backup} does not exist; the register was not replaced")
    check = check_backup(backup, use_cache=False)
    if not check.good:
        raise RestoreRefused(
            f"{backup.name} is not a good backup ({'; '.join(check.problems[:2])}); "
            "the register was not replaced"
        )
    expected = reference_identity(db_path)
    if expected and check.identity != expected:
        raise RestoreRefused(
            f"{backup.name} is not a backup of the register {db_path.name} (it belongs to "
            "another register); the register was not replaced"
        )
    return check


def _os_account() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name (services, some containers)
        return "unknown account"


def _prepare_copy(backup: Path, temp: Path, check: BackupCheck, actor: Actor, kept, now) -> None:
    """Copy the backup to ``temp``, bring its schema up to date, journal the restore in it,
    fold everything into the one file, check it and fsync it."""
    source = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    try:
        dest = sqlite3.connect(str(temp))
        try:
            source.backup(dest, pages=-1)
        finally:
            dest.close()
    finally:
        source.close()
    conn = connect(temp)
    try:
        reg = Register(conn, temp, actor)
        apply_migrations(reg.db)
        taken = taken_at(backup)
        reg.insert(
            "restores",
            {
                "restored_at": now.astimezone(UTC).isoformat(timespec="seconds"),
                "backup_name": backup.name,
                "backup_sha256": check.sha256,
                "backup_taken_at": taken.isoformat() if taken else None,
                "backup_journal_entries": check.journal_entries,
                "backup_head_hash": check.head_hash,
                "replaced_kept_as": kept.name if kept else None,
                "os_user": _os_account(),
            },
        )
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode = DELETE")  # one self-contained file to rename
        problems = integrity_problems(conn)
        chain = journal.verify_chain(conn)
    finally:
        conn.close()
    if problems or not chain.ok:
        raise RestoreRefused(
            f"the restored copy of {backup.name} failed its check "
            f"({'; '.join((problems + chain.problems)[:2])}); the register was not replaced"
        )
    fsync_file(temp)


def _keep_current(db_path: Path, kept: Path) -> None:
    """Keep the current register as ``kept`` (with its WAL), leaving ``db_path`` in place."""
    wal = Path(f"{db_path}-wal")
    if wal.exists():
        try:  # fold the WAL in so the kept file is whole on its own; a damaged file may refuse
            conn = sqlite3.connect(str(db_path))
            try:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
        except sqlite3.DatabaseError as exc:
            log.warning("could not checkpoint %s before replacing it: %s", db_path, exc)
    try:
        os.link(db_path, kept)  # the same file under a second name: never a moment without it
    except OSError:  # a file system without hard links (FAT): a copy, made durable
        shutil.copy2(db_path, kept)
        fsync_file(kept)
    for suffix in ("-wal", "-journal", head_witness.SUFFIX):
        side = Path(f"{db_path}{suffix}")
        if side.exists():  # it belongs to the old file: never let it replay onto the new one
            os.replace(side, Path(f"{kept}{suffix}"))
    Path(f"{db_path}-shm").unlink(missing_ok=True)
    fsync_dir(db_path.parent)


SIDE_FILES = ("-journal", "-wal", "-shm", head_witness.SUFFIX)


def _move_witness(temp: Path, db_path: Path) -> None:
    written = head_witness.witness_path(temp)
    if written.exists():
        os.replace(written, head_witness.witness_path(db_path))
        return
    conn = connect(db_path, read_only=True)
    try:
        head_witness.write(db_path, journal.read_head(conn))
    finally:
        conn.close()


def restore_backup(
    db_path: Path | str,
    backup: Path | str,
    *,
    actor: Actor | None = None,
    now: datetime | None = None,
) -> RestoreResult:
    """Replace the register at ``db_path`` with ``backup`` (see the module docstring).

    The caller has closed its own connections to the register. Raises
    :class:`RestoreRefused` (nothing changed) or ``RegisterInUse`` (another process holds it).
    """
    from deerfield_desk.store.backup_photos import restore_photos

    db_path, backup = Path(db_path).resolve(), Path(backup).resolve()
    actor = actor or SYSTEM_ACTOR
    now = now or datetime.now().astimezone()
    with _owner(db_path, actor):
        check = check_restorable(db_path, backup)
        remove_stale_partials(db_path.parent)
        exists = db_path.is_file()
        kept = None
        if exists:
            stamp = now.strftime(STAMP)
            kept = db_path.with_name(f"{db_path.stem}.replaced-{stamp}{db_path.suffix}")
            n = 1
            while kept.exists():
                n += 1
                kept = db_path.with_name(f"{db_path.stem}.replaced-{stamp}-{n}{db_path.suffix}")
        temp = db_path.with_name(f"{db_path.name}.{os.getpid()}.partial")
        temp.unlink(missing_ok=True)
        try:
            _prepare_copy(backup, temp, check, actor, kept, now)
            if exists and kept is not None:
                _keep_current(db_path, kept)
            os.replace(temp, db_path)
            # the head witness follows the restored journal: a restore is a journaled
            # rollback, not the cut-off journal the witness exists to catch
            _move_witness(temp, db_path)
            fsync_dir(db_path.parent)
        except BaseException:
            for leftover in (temp, *(Path(f"{temp}{s}") for s in SIDE_FILES)):
                leftover.unlink(missing_ok=True)
            raise
        result = RestoreResult(backup, check, kept)
        restored, _present, problems = restore_photos(Paths(db_path), db_path)
        result.photos_restored, result.photo_problems = restored, problems
    log.info(
        "restored %s over %s (replaced file kept as %s) by %s", backup, db_path, kept, actor.name
    )
    return result
