"""Photos are evidence: ``verify`` checks every original the register references.

An original is named by its SHA-256 (store/photos.py), so the check needs nothing but the
file: it must exist, be non-empty, hash to its recorded ``sha256`` and carry that hash in its
name. Voided attachments are checked too: a voided photo is still part of the record. The
display copy and thumbnail are derived (rebuilt from the original) and only noted when
missing.
"""

from __future__ import annotations

import hashlib
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from deerfield_desk.config import Paths


@dataclass
class PhotoReport:
    checked: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def resolve(paths: Paths, stored: str | None) -> Path | None:
    """Where a stored photo path points (relative to the photos folder, or absolute)."""
    if not stored:
        return None
    candidate = Path(stored)
    if candidate.is_absolute():
        return candidate
    return paths.photos / candidate


def check_photos(conn: sqlite3.Connection, paths: Paths, cap: int = 40) -> PhotoReport:
    report = PhotoReport()
    try:
        rows = conn.execute(
            "SELECT uuid, filename, sha256, original_path, display_path, thumb_path "
            "FROM attachments ORDER BY id"
        ).fetchall()
    except sqlite3.OperationalError:
        return report  # a register without attachments (the replay reports a dropped table)
    missing_derived = 0
    for uuid, filename, expected, original, display, thumb in rows:
        report.checked += 1
        where = f"photo {filename} ({uuid})"
        problem = _original_problem(paths, original, expected)
        if problem and len(report.problems) < cap:
            report.problems.append(f"{where}: {problem}")
        for derived in (display, thumb):
            target = resolve(paths, derived)
            if derived and (target is None or not target.is_file()):
                missing_derived += 1
    if missing_derived:
        report.notes.append(
            f"{missing_derived} display copies or thumbnails are missing (rebuilt from the "
            "originals when next shown)"
        )
    return report


def _original_problem(paths: Paths, original: str | None, expected: str | None) -> str | None:
    target = resolve(paths, original)
    if target is None:
        return "the register names no original file"
    if not target.is_file():
        return f"the original {original} is missing: it was deleted or moved"
    try:
        size = target.stat().st_size
        if size == 0:
            return f"the original {original} is empty (left by a crash or cut short)"
        actual = sha256_of(target)
    except OSError as exc:
        return f"the original {original} cannot be read ({exc.strerror})"
    if actual != expected:
        return f"the original {original} does not hash to its recorded SHA-256: it was changed"
    if PurePosixPath(str(original)).stem != expected:
        return f"the original {original} is not named by its SHA-256"
    return None
