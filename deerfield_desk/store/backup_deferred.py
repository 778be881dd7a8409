"""The backup on close: the copy now, its full check at the next start.

Why split: checking a backup in full (``integrity_check``, foreign keys, the journal chain and
a SHA-256 of the file) reads it all, several times. On a 141 MB register that held the closing
window for 32 s on the GUI thread (issue 11), and on a million permits for minutes: people
killed the app, and then there was no backup at all. The copy itself is one step of SQLite's
backup API into a partial file, fsynced and renamed (``backup.backup_to``), so a half backup
never carries a backup's name, whenever the process stops.

What waits is only the *verdict*: a backup without its check note (``NAME.check.json``) is
*pending*. The next start checks pending backups in the background (:func:`check_pending`),
records the result beside each, reports one that fails, and only then rotates: rotation never
runs on an unchecked backup, so a fresh but damaged copy can never push out the last good one.
Until checked, a pending backup is simply checked when someone needs it (restore, the
damaged-register offer): ``check_backup`` runs the check on demand.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Generator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from deerfield_desk.config import BACKUPS_KEPT, Paths
from deerfield_desk.models.progress import Progress
from deerfield_desk.store.backup import (
    _target_for,
    copy_register,
    list_backups,
    refuse_no_register,
    rotate,
)
from deerfield_desk.store.backup_check import BackupCheck, check_backup, sidecar

log = logging.getLogger(__name__)


@dataclass
class QuickBackup:
    """A backup copied but not yet checked."""

    path: Path
    seconds: float = 0.0
    photos_copied: int = 0
    photo_problems: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.path.name


def back_up_on_close(db_path: Path, now: datetime | None = None) -> QuickBackup:
    """Copy the register into its backups folder (and its new photos); check it later.

    Raises :class:`BackupFailed` when the copy cannot be written (nothing is left under a
    backup's name then)."""
    from deerfield_desk.store.backup_photos import back_up_photos

    db_path = Path(db_path)
    started = time.perf_counter()
    refuse_no_register(db_path)
    target = _target_for(db_path, now or datetime.now())
    copy_register(db_path, target, "backup on close")
    result = QuickBackup(target)
    result.photos_copied, _present, result.photo_problems = back_up_photos(Paths(db_path), target)
    result.seconds = time.perf_counter() - started
    log.info("backup on close %s written in %.1f s; its check runs at the next start",
             target, result.seconds)  # fmt: skip
    return result


def is_pending(backup: Path) -> bool:
    """A backup whose check note is missing or describes another version of the file."""
    note = sidecar(backup)
    if not note.is_file():
        return True
    try:
        stat = backup.stat()
        kept = json.loads(note.read_text(encoding="utf-8"))
        return (kept.get("size"), kept.get("mtime_ns")) != (stat.st_size, stat.st_mtime_ns)
    except (OSError, ValueError):
        return True


def pending_backups(db_path: Path) -> list[Path]:
    """This register's backups still waiting for their check, oldest first."""
    return [b for b in reversed(list_backups(db_path)) if is_pending(b)]


@dataclass
class PendingResult:
    checked: list[tuple[Path, BackupCheck]] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)

    @property
    def bad(self) -> list[tuple[Path, BackupCheck]]:
        return [(path, check) for path, check in self.checked if not check.good]


def check_pending(
    db_path: Path, keep: int = BACKUPS_KEPT
) -> Generator[Progress, None, PendingResult]:
    """Check every pending backup (the result is kept beside it), then rotate.

    A generator for ``ui/worker.Job``: yields progress per backup, returns a
    :class:`PendingResult`."""
    pending = pending_backups(db_path)
    result = PendingResult()
    for n, backup in enumerate(pending):
        yield Progress(n, len(pending), f"Checking the backup {backup.name}")
        check = check_backup(backup, use_cache=False)
        result.checked.append((backup, check))
        if not check.good:
            log.error("backup %s fails its check: %s", backup.name, check.summary)
    yield Progress(len(pending), len(pending), "Rotating the backups")
    if pending:
        result.removed = rotate(db_path, keep)
    return result
