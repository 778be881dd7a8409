"""Backups through SQLite's online backup API (never a file copy: a copy taken mid-write, or
without its WAL, is not a database), checked, rotated safely, with the photos.

Why each rule (issue 11, finding 6):
- **One step.** The backup API restarts whenever another connection writes between two steps;
  copied in small steps, a large register being written never finishes (144 MB: not done after
  140 s). Copied in ONE step (``pages=-1``) it reads one consistent snapshot inside one read
  transaction; in WAL mode writers carry on meanwhile.
- **Checked before rotation.** Each new backup gets a full integrity check and a journal-chain
  check (``backup_check``). Rotation keeps the newest ``keep`` backups AND the newest good one,
  however old: fourteen backups of a damaged register cannot push out every good one.
- **Names belong to one register.** ``register-20261130-170000.sqlite`` belongs to
  ``register.sqlite``; ``register-old-…`` does not, though it shares the prefix.
- **Photos go with it** (``backup_photos``), content-addressed: only new originals are copied;
  a backup written to a file of its own (``--to``) gets them in ``photos/`` beside it.
- **No half files.** A backup is written as ``….partial`` (named with the writer's process
  id), fsynced, then renamed; a failure removes it, and a partial left by a killed process is
  removed by the next backup.
"""

from __future__ import annotations

import itertools
import logging
import os
import re
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from deerfield_desk.config import BACKUPS_KEPT, Paths
from deerfield_desk.store.backup_check import (
    BackupCheck,
    check_backup,
    fsync_dir,
    fsync_file,
    sidecar,
)

log = logging.getLogger(__name__)
STAMP = "%Y%m%d-%H%M%S"
STALE_PARTIAL_SECONDS = 24 * 3600
PROGRESS_STEP_PAGES = 4096


class BackupFailed(Exception):
    """A backup could not be written, or was written but fails its own check."""


@dataclass
class BackupResult:
    path: Path
    check: BackupCheck
    photos_copied: int = 0
    photos_present: int = 0
    photo_problems: list[str] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def name(self) -> str:
        return self.path.name


def backup_folder(db_path: Path) -> Path:
    return Paths(Path(db_path)).backups


def _name_pattern(db_path: Path) -> re.Pattern:
    stem = re.escape(Path(db_path).stem)
    return re.compile(rf"^{stem}-(\d{{8}}-\d{{6}})(?:-(\d+))?\.sqlite$")


def taken_at(backup: Path) -> datetime | None:
    """When a backup was taken, from its name; None for a name not in our form."""
    found = re.search(r"-(\d{8}-\d{6})(?:-\d+)?\.sqlite$", Path(backup).name)
    try:
        return datetime.strptime(found.group(1), STAMP) if found else None
    except ValueError:
        return None


def list_backups(db_path: Path) -> list[Path]:
    """Backups of this register (and no other register's), newest first."""
    folder = backup_folder(db_path)
    if not folder.is_dir():
        return []
    pattern = _name_pattern(db_path)
    found = []
    for path in folder.iterdir():
        match = pattern.match(path.name)
        if match and path.is_file():
            found.append((match.group(1), int(match.group(2) or 1), path))
    return [p for *_key, p in sorted(found, reverse=True)]


def is_good(path: Path) -> bool:
    return check_backup(path).good


def newest_good_backup(db_path: Path) -> Path | None:
    for candidate in list_backups(db_path):
        if check_backup(candidate).good:
            return candidate
    return None


def backup_to(source: sqlite3.Connection, target: Path, progress=None) -> Path:
    """Write a consistent snapshot of ``source`` to ``target`` with the backup API, through a
    partial file that never outlives a failure.

    In one step (see the module's docstring), unless the caller asks for ``progress``: then in
    steps of ``PROGRESS_STEP_PAGES`` so a screen can update between them. Stepping is safe only
    when nobody else writes meanwhile, e.g. a copy taken through the writer's own connection
    (field check-out); a copy on its own connection (the daily backup) must not ask for it."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = partial_name(target)
    try:
        dest = sqlite3.connect(str(partial))
        try:
            pages = -1 if progress is None else PROGRESS_STEP_PAGES
            source.backup(dest, pages=pages, progress=progress)
            dest.execute("PRAGMA journal_mode = DELETE")
        finally:
            dest.close()
        fsync_file(partial)
        os.replace(partial, target)  # only a complete backup ever carries the final name
        fsync_dir(target.parent)
    except BaseException:
        partial.unlink(missing_ok=True)
        Path(str(partial) + "-journal").unlink(missing_ok=True)
        raise
    return target


_PARTIALS = itertools.count(1)


def partial_name(target: Path) -> Path:
    """The partial file one copy writes before its rename: the writer's process id (so a
    killed writer's leftovers are recognised) and a number of its own within the process.

    Why the number: the window's daily backup (on its worker) and the backup on close could
    start in the same second, aim at the same name and, sharing the process id, delete and
    overwrite each other's partial file — one of them failed with a modal error at close."""
    return target.with_name(f"{target.name}.{os.getpid()}-{next(_PARTIALS)}.partial")


def remove_stale_partials(folder: Path) -> list[Path]:
    """Partial files whose writer is gone (a killed backup or restore)."""
    import psutil

    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    for path in folder.glob("*.sqlite.*.partial"):
        found = re.search(r"\.sqlite\.(\d+)(?:-\d+)?\.partial$", path.name)
        try:
            age = time.time() - path.stat().st_mtime
            alive = found is not None and psutil.pid_exists(int(found.group(1)))
            if found and (
                (not alive and int(found.group(1)) != os.getpid()) or (age > STALE_PARTIAL_SECONDS)
            ):
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def refuse_no_register(db_path: Path) -> None:
    if not db_path.is_file() or db_path.stat().st_size == 0:
        raise BackupFailed(f"no register at {db_path}: nothing to back up")


def copy_register(db_path: Path, target: Path, what: str) -> None:
    """Copy the register at ``db_path`` to ``target`` on its own read-only connection (stale
    partials beside the target cleared first); the one copy step of every backup (``what``
    names it in the log). Raises :class:`BackupFailed` when it cannot be written."""
    remove_stale_partials(target.parent)
    try:
        source = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            source.execute("PRAGMA busy_timeout = 15000")
            backup_to(source, target)
        finally:
            source.close()
    except (sqlite3.Error, OSError) as exc:
        log.error("%s of %s to %s failed: %s", what, db_path, target, exc)
        raise BackupFailed(f"the backup of {db_path.name} could not be written: {exc}") from exc


def _target_for(db_path: Path, now: datetime) -> Path:
    base = backup_folder(db_path) / f"{db_path.stem}-{now.strftime(STAMP)}"
    target, n = base.with_name(base.name + ".sqlite"), 1
    while target.exists():  # two backups within one second keep both
        n += 1
        target = base.with_name(f"{base.name}-{n}.sqlite")
    return target


def back_up(
    db_path: Path,
    to: Path | None = None,
    now: datetime | None = None,
    keep: int = BACKUPS_KEPT,
    photos: bool = True,
) -> BackupResult:
    """Back up the register at ``db_path`` (to ``to``, or into its rotated backups folder),
    check the copy, copy new photos, then rotate. Raises :class:`BackupFailed` (logged) when
    the backup cannot be written or fails its check; a failed backup never rotates."""
    from deerfield_desk.store.backup_photos import back_up_photos, copy_photos_beside

    db_path = Path(db_path)
    started = time.perf_counter()
    refuse_no_register(db_path)
    now = now or datetime.now()
    rotated = to is None
    target = Path(to) if to is not None else _target_for(db_path, now)
    copy_register(db_path, target, "backup")
    check = check_backup(target, use_cache=False)
    result = BackupResult(target, check)
    if photos:
        # Rotated: into backups/photos/, shared by every backup. To a file of its own (a USB
        # stick, a copy for the county): into photos/ beside it, where a register opened from
        # that folder keeps its photos (config.Paths), so the copy is whole on its own.
        copied, present, problems = (
            back_up_photos(Paths(db_path), target)
            if rotated
            else copy_photos_beside(Paths(db_path), target)
        )
        result.photos_copied, result.photos_present = copied, present
        result.photo_problems = problems
    result.seconds = time.perf_counter() - started
    if not check.good:
        log.error("backup %s fails its check: %s", target, check.summary)
        good = newest_good_backup(db_path)
        raise BackupFailed(
            f"the backup {target.name} was written but fails its check ({check.summary}): "
            "the register itself may be damaged. "
            + (f"The newest good backup, {good.name}, is kept." if good else "No good backup.")
        )
    if rotated:
        result.removed = rotate(db_path, keep)
    for problem in result.photo_problems:
        log.warning("backup %s: %s", target.name, problem)
    log.info(
        "backup %s written and checked in %.1f s (%d photo files copied)",
        target,
        result.seconds,
        result.photos_copied,
    )
    return result


def make_backup(
    db_path: Path, to: Path | None = None, now: datetime | None = None, keep: int = BACKUPS_KEPT
) -> Path:
    """:func:`back_up`, returning the backup's path."""
    return back_up(db_path, to, now, keep).path


def rotate(db_path: Path, keep: int = BACKUPS_KEPT) -> list[Path]:
    """Remove backups beyond the newest ``keep``, never the newest good backup."""
    backups = list_backups(db_path)
    if len(backups) <= keep:
        return []
    protected = newest_good_backup(db_path)
    removed = []
    for old in backups[keep:]:
        if old == protected:
            continue
        old.unlink(missing_ok=True)
        sidecar(old).unlink(missing_ok=True)
        removed.append(old)
    return removed


def backup_due(db_path: Path, now: datetime | None = None) -> bool:
    """Once a day: due when the newest backup is older than 24 hours (or there is none)."""
    backups = list_backups(db_path)
    taken = taken_at(backups[0]) if backups else None
    if taken is None:
        return True
    return (now or datetime.now()) - taken >= timedelta(hours=24)


def restore_backup(db_path: Path, backup: Path, now: datetime | None = None, actor=None):
    """See :func:`deerfield_desk.store.restore.restore_backup`."""
    from deerfield_desk.store.restore import restore_backup as restore

    return restore(db_path, backup, now=now, actor=actor)
