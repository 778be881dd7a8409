"""Photos in the backups: content-addressed and incremental (issue 11, finding 6).

A photo original is named by its SHA-256 (``store/photos.py``), so a copy under the same name
in ``backups/photos/`` is the same photo: each backup copies only the files it does not find
there yet, and every backup of the register shares them. Which files to copy is read from the
backup just written (not the live register), so the photos match that snapshot. An original is
hashed while it is copied: a photo altered on disk is reported, never backed up as evidence.
A restore puts back any photo the restored register needs that the photos folder lacks.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

from deerfield_desk.config import Paths
from deerfield_desk.store.backup_check import fsync_file

PATH_COLUMNS = ("original_path", "display_path", "thumb_path")


def photos_backup_folder(paths: Paths) -> Path:
    return paths.backups / "photos"


def referenced_files(register_file: Path) -> list[tuple[str, str | None]]:
    """``(relative path, sha256 when it is an original)`` of every attachment file."""
    conn = sqlite3.connect(f"file:{register_file}?mode=ro", uri=True)
    try:
        rows = conn.execute(f"SELECT sha256, {', '.join(PATH_COLUMNS)} FROM attachments").fetchall()
    except sqlite3.OperationalError:  # a register from before photos existed
        return []
    finally:
        conn.close()
    files: dict[str, str | None] = {}
    for sha, original, display, thumb in rows:
        if original:
            files[original] = sha
        for derived in (display, thumb):
            if derived:
                files.setdefault(derived, None)
    return sorted(files.items())


def _copy_verified(source: Path, target: Path, sha: str | None) -> None:
    """Copy through a partial file; an original must hash to its recorded SHA-256."""
    target.parent.mkdir(parents=True, exist_ok=True)
    from deerfield_desk.store.backup import partial_name

    partial = partial_name(target)
    digest = hashlib.sha256()
    try:
        with open(source, "rb") as src, open(partial, "wb") as dst:
            for block in iter(lambda: src.read(1 << 20), b""):
                digest.update(block)
                dst.write(block)
        if sha and digest.hexdigest() != sha:
            raise ValueError(f"{source.name} no longer matches its recorded hash")
        fsync_file(partial)
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def _sync(files, source_root: Path, target_root: Path) -> tuple[int, int, list[str]]:
    copied = present = 0
    problems: list[str] = []
    for relative, sha in files:
        source, target = source_root / relative, target_root / relative
        if target.is_file() and target.stat().st_size > 0:
            present += 1
            continue
        if not source.is_file() or source.stat().st_size == 0:
            problems.append(f"photo file {relative} is missing from {source_root}")
            continue
        try:
            _copy_verified(source, target, sha)
        except (OSError, ValueError) as exc:
            problems.append(f"photo file {relative} was not copied: {exc}")
            continue
        copied += 1
    return copied, present, problems


def back_up_photos(paths: Paths, backup_file: Path) -> tuple[int, int, list[str]]:
    """Copy the photos ``backup_file`` refers to that the backup folder lacks.
    Returns ``(copied, already there, problems)``."""
    return _sync(referenced_files(backup_file), paths.photos, photos_backup_folder(paths))


def copy_photos_beside(paths: Paths, backup_file: Path) -> tuple[int, int, list[str]]:
    """Copy the photos ``backup_file`` refers to into ``photos/`` beside it (a backup written
    to a file of its own carries its photos, as a register on a stick does)."""
    return _sync(referenced_files(backup_file), paths.photos, Paths(Path(backup_file)).photos)


def restore_photos(paths: Paths, register_file: Path) -> tuple[int, int, list[str]]:
    """Put back the photos the (restored) register refers to that the photos folder lacks."""
    return _sync(referenced_files(register_file), photos_backup_folder(paths), paths.photos)
