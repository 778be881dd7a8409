"""Backups through SQLite's online backup API (never a file copy: a copy taken mid-write, or
without its WAL, is not a database). Rotated; restore keeps the file it replaces.
"""

from __future__ import annotations

import shutil
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

from deerfield_desk.config import BACKUPS_KEPT, Paths

STAMP = "%Y%m%d-%H%M%S"


def backup_folder(db_path: Path) -> Path:
    return Paths(Path(db_path)).backups


def list_backups(db_path: Path) -> list[Path]:
    """Backups of this register, newest first."""
    folder = backup_folder(db_path)
    if not folder.is_dir():
        return []
    stem = Path(db_path).stem
    return sorted(folder.glob(f"{stem}-*.sqlite"), key=lambda p: p.name, reverse=True)


def is_good(path: Path) -> bool:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return False


def newest_good_backup(db_path: Path) -> Path | None:
    for candidate in list_backups(db_path):
        if is_good(candidate):
            return candidate
    return None


def backup_to(source: sqlite3.Connection, target: Path, progress=None) -> Path:
    """Write a consistent snapshot of ``source`` to ``target`` with the backup API."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(target.suffix + ".partial")
    partial.unlink(missing_ok=True)
    dest = sqlite3.connect(str(partial))
    try:
        source.backup(dest, pages=4096, progress=progress)
        dest.execute("PRAGMA journal_mode = DELETE")
    finally:
        dest.close()
    partial.replace(target)  # only a complete backup ever carries the final name
    return target


def make_backup(
    db_path: Path, to: Path | None = None, now: datetime | None = None, keep: int = BACKUPS_KEPT
) -> Path:
    """Back up the register at ``db_path`` (to ``to``, or into its rotated backups folder)."""
    db_path = Path(db_path)
    if not db_path.exists():
        raise FileNotFoundError(f"no register at {db_path}")
    now = now or datetime.now()
    rotated = to is None
    if to is None:
        to = backup_folder(db_path) / f"{db_path.stem}-{now.strftime(STAMP)}.sqlite"
    source = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        result = backup_to(source, Path(to))
    finally:
        source.close()
    if rotated:
        rotate(db_path, keep)
    return result


def rotate(db_path: Path, keep: int = BACKUPS_KEPT) -> list[Path]:
    removed = []
    for old in list_backups(db_path)[keep:]:
        old.unlink(missing_ok=True)
        removed.append(old)
    return removed


def backup_due(db_path: Path, now: datetime | None = None) -> bool:
    """Once a day: due when the newest backup is older than 24 hours (or there is none)."""
    backups = list_backups(db_path)
    if not backups:
        return True
    try:
        taken = datetime.strptime("-".join(backups[0].stem.rsplit("-", 2)[-2:]), STAMP)
    except ValueError:
        return True
    return (now or datetime.now()) - taken >= timedelta(hours=24)


def restore_backup(db_path: Path, backup: Path, now: datetime | None = None) -> Path:
    """Replace the register with ``backup``; the replaced file is kept beside it.

    The register must be closed. Returns where the replaced file was kept.
    """
    db_path, backup = Path(db_path), Path(backup)
    if not is_good(backup):
        raise ValueError(f"{backup} fails its integrity check; the register was not replaced")
    now = now or datetime.now()
    kept = db_path.with_name(f"{db_path.stem}.replaced-{now.strftime(STAMP)}{db_path.suffix}")
    if db_path.exists():
        # Fold the WAL in first so the kept file is whole on its own.
        conn = sqlite3.connect(str(db_path))
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        shutil.move(str(db_path), kept)
        for suffix in ("-wal", "-shm"):
            Path(str(db_path) + suffix).unlink(missing_ok=True)
    source = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    try:
        backup_to(source, db_path)
    finally:
        source.close()
    return kept
