"""Photos for inspections and checklist items: the original kept untouched, a display copy,
a thumbnail, and a row in ``attachments``.

Why this way:
- the original is evidence: it is copied byte for byte and named by its SHA-256, so the hash
  in the register proves the file was not changed;
- the display copy has the camera's EXIF orientation applied and a long side of at most
  2,048 px, so screens and reports never rotate or scale a 12-megapixel file themselves;
  JPEGs are decoded at reduced size (``draft``), which keeps an import well under a second;
- what is accepted and what is refused as a decompression bomb (by pixel count and by the
  memory needed to decode), and how copies are decoded small, is ``store/photo_decode.py``;
  a refusal is a message naming the file, before anything is written.
No Qt here: the CLI, the tests and the field screen all call the same functions.
"""

from __future__ import annotations

import hashlib
import os
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

from PIL import Image

from deerfield_desk.config import Paths
from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.codes import AttachmentKind
from deerfield_desk.models.progress import Progress
from deerfield_desk.store.photo_decode import (  # noqa: F401 - re-exported for callers
    ALLOWED_FORMATS,
    CAMERA_SUFFIXES,
    DISPLAY_LONG_SIDE,
    THUMB_LONG_SIDE,
    check_file_size,
    decode_copies,
    open_checked,
)
from deerfield_desk.store.register import Register

OWNER_TABLES = ("inspections", "checklist_responses", "checklist_visits")

EXIF_IFD, GPS_IFD = 0x8769, 0x8825
DATETIME_ORIGINAL, DATETIME = 36867, 306


def _ratio(value) -> float:
    return float(value[0]) / float(value[1]) if isinstance(value, tuple) else float(value)


def _gps(exif: Image.Exif) -> tuple[float | None, float | None]:
    gps = exif.get_ifd(GPS_IFD)
    try:
        lat = sum(_ratio(v) / 60**i for i, v in enumerate(gps[2]))
        lon = sum(_ratio(v) / 60**i for i, v in enumerate(gps[4]))
    except (KeyError, TypeError, ValueError, ZeroDivisionError, IndexError):
        return None, None
    if str(gps.get(1, "N")).upper().startswith("S"):
        lat = -lat
    if str(gps.get(3, "E")).upper().startswith("W"):
        lon = -lon
    return round(lat, 7), round(lon, 7)


def _taken_at(exif: Image.Exif) -> str | None:
    raw = exif.get_ifd(EXIF_IFD).get(DATETIME_ORIGINAL) or exif.get(DATETIME)
    try:
        return datetime.strptime(str(raw).strip(), "%Y:%m:%d %H:%M:%S").isoformat()
    except (TypeError, ValueError):
        return None


def _already_whole(path: Path, data: bytes) -> bool:
    """A file already there counts only if it holds exactly these bytes: an empty or cut-short
    file left by a crash (or one altered since) is never trusted, it is written again."""
    try:
        if path.stat().st_size != len(data):
            return False
        return hashlib.sha256(path.read_bytes()).digest() == hashlib.sha256(data).digest()
    except OSError:
        return False


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # Windows cannot open a directory; NTFS journals the rename itself
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_once(path: Path, data: bytes, created: list[Path]) -> None:
    """Write ``data`` to ``path`` durably: temporary file, fsync, rename, fsync the folder, so
    after a crash the name holds either nothing or the whole file, and a row that names it is
    committed only after the file is on disk."""
    if path.exists() and _already_whole(path, data):
        return
    existed = path.exists()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(path.suffix + ".part")
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    _fsync_dir(path.parent)
    if not existed:
        created.append(path)


def import_photo(
    reg: Register, paths: Paths, source: str | os.PathLike, owner_table: str, owner_uuid: str
) -> dict:
    """Attach one photo to an inspection or a checklist item; returns the attachments row."""
    if owner_table not in OWNER_TABLES:
        raise InvalidInput("owner_table", f"photos attach to {', '.join(OWNER_TABLES)}")
    reg.get(owner_table, owner_uuid)  # the owner must exist before any file is written
    source = Path(source)
    check_file_size(source)  # before reading: a huge file is never held in memory
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise InvalidInput("photo", f"{source.name} could not be read ({exc.strerror})") from None
    image = open_checked(data, source.name)
    # hashlib releases the GIL on large buffers: hash on a helper thread while Pillow decodes
    with ThreadPoolExecutor(max_workers=1) as pool:
        hashing = pool.submit(lambda: hashlib.sha256(data).hexdigest())
        exif = image.getexif()
        display, thumb = decode_copies(image, source.name)
        digest = hashing.result()
    suffix = ALLOWED_FORMATS[str(image.format)]  # vetted by _open_checked
    taken_at, (lat, lon) = _taken_at(exif), _gps(exif)
    # The duplicate check and the insert are one decision (one BEGIN IMMEDIATE): two
    # processes attaching the same photo at once must not both add a row (issue 11).
    with reg.transaction():
        existing = reg.query_one(
            "SELECT * FROM attachments WHERE owner_table = ? AND owner_uuid = ? AND sha256 = ? "
            "AND status = 'active'",
            (owner_table, owner_uuid, digest),
        )
        relative = {
            "original_path": f"originals/{digest[:2]}/{digest}{suffix}",
            "display_path": f"display/{digest[:2]}/{digest}.jpg",
            "thumb_path": f"thumbs/{digest[:2]}/{digest}.jpg",
        }
        if existing:
            # Attaching the same photo again repairs what a crash or a mishap left: an empty,
            # cut-short or altered original is written again from these very bytes (its name is
            # their hash), and a missing or empty display copy or thumbnail is rebuilt.
            _write_once(paths.photos / existing["original_path"], data, [])
            for key, blob in (("display_path", display), ("thumb_path", thumb)):
                target = paths.photos / (existing[key] or relative[key])
                if not target.is_file() or target.stat().st_size == 0:
                    _write_once(target, blob, [])
            return existing
        created: list[Path] = []
        try:
            for key, blob in zip(relative, (data, display, thumb), strict=True):
                _write_once(paths.photos / relative[key], blob, created)
            return reg.insert(
                "attachments",
                {
                    "owner_table": owner_table,
                    "owner_uuid": owner_uuid,
                    "kind": AttachmentKind.PHOTO,
                    "filename": source.name,
                    "sha256": digest,
                    **relative,
                    "taken_at": taken_at,
                    "gps_lat": lat,
                    "gps_lon": lon,
                    "added_at": datetime.now().isoformat(timespec="seconds"),
                },
            )
        except BaseException:
            for path in created:  # nothing half-written: files without their row go away
                path.unlink(missing_ok=True)
            raise


def camera_files(folder: str | os.PathLike) -> list[Path]:
    """Photo files in a camera folder (DCIM or a card), oldest name first."""
    return sorted(
        p for p in Path(folder).rglob("*") if p.is_file() and p.suffix.lower() in CAMERA_SUFFIXES
    )


def import_files(reg, paths: Paths, files, owner_table: str, owner_uuid: str):
    """Generator for ``ui.worker.Job``: imports each photo in turn (one decision each, so a
    cancel keeps the photos already attached and leaves no half-written one), skipping and
    reporting the ones refused. Returns ``(rows, refusals)``."""
    files = [Path(f) for f in files]
    rows, refusals = [], []
    for number, path in enumerate(files, start=1):
        yield Progress(number - 1, len(files), f"Importing {path.name} ({number} of {len(files)})")
        try:
            rows.append(import_photo(reg, paths, path, owner_table, owner_uuid))
        except InvalidInput as exc:
            refusals.append(str(exc))
    yield Progress(len(files), len(files), "Done")
    return rows, refusals


def import_camera_folder(reg, paths: Paths, folder, owner_table: str, owner_uuid: str):
    """Generator for ``ui.worker.run_with_progress``: every photo of a camera folder."""
    return (yield from import_files(reg, paths, camera_files(folder), owner_table, owner_uuid))


def attachments_for(reg: Register, owner_table: str, owner_uuid: str) -> list[dict]:
    return reg.query(
        "SELECT * FROM attachments WHERE owner_table = ? AND owner_uuid = ? "
        "AND status = 'active' ORDER BY id",
        (owner_table, owner_uuid),
    )
