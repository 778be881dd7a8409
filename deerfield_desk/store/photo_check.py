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
            "SELECT uuid, filename, sha256, original_path, display_path, thumb_path, id "
            "FROM attachments ORDER BY id"
        ).fetchall()
    except sqlite3.OperationalError:
        return report  # a register without attachments (the replay reports a dropped table)
    if not rows:  # nothing to look for (and no need to load the field copy's modules)
        return report
    missing_derived = left_at_office = 0
    office_through, carried = _field_copy_photos(conn)
    for uuid, filename, expected, original, display, thumb, rowid in rows:
        report.checked += 1
        where = f"photo {filename} ({uuid})"
        problem = _original_problem(paths, original, expected)
        target = resolve(paths, original)
        if (
            problem
            and rowid <= office_through
            and original not in carried
            and target is not None
            and not target.exists()
        ):
            left_at_office += 1  # a field copy carries only the open permits' photos
            continue
        if problem and len(report.problems) < cap:
            report.problems.append(f"{where}: {problem}")
        for derived in (display, thumb):
            target = resolve(paths, derived)
            if derived and (target is None or not target.is_file()):
                missing_derived += 1
    if left_at_office:
        report.notes.append(
            f"{left_at_office} photos of closed permits stayed at the office (this is a field "
            "copy: it carries the open permits' photos only)"
        )
    if missing_derived:
        report.notes.append(
            f"{missing_derived} display copies or thumbnails are missing (rebuilt from the "
            "originals when next shown)"
        )
    return report


def _field_copy_photos(conn: sqlite3.Connection) -> tuple[int, set]:
    """In a field copy: the last attachment id at check-out, and the originals the copy must
    carry (the open permits' photos). Elsewhere ``(0, set())``: every original must be there."""
    from deerfield_desk.store.field.checkout import OPEN_PERMIT_PHOTOS
    from deerfield_desk.store.field.manifest import read_copy_manifest

    manifest = read_copy_manifest(conn)
    if manifest is None:
        return 0, set()
    return manifest.office_photos_through_id, {r[0] for r in conn.execute(OPEN_PERMIT_PHOTOS)}


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
