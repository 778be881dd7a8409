"""Where a document may be written: a new file, or a regular file it replaces whole.

Documents are written to a temporary file beside the target and renamed over it when
complete, so a failure never leaves half a PDF. Renaming over something that is not a
regular file would replace it: ``render --to /dev/null`` run as root replaced the device node
with a regular file (issue 11, finding 10). So a target that exists and is not a regular file
(a device, a folder, a pipe, a socket, a symbolic link) is refused before anything is written.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from deerfield_desk.errors import InvalidInput


def check_target(target: Path | str, field: str = "file") -> Path:
    """Return ``target`` if a document may be written there; else :class:`InvalidInput`."""
    target = Path(target)
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        kind = (
            "a folder"
            if stat.S_ISDIR(mode)
            else "a link"
            if stat.S_ISLNK(mode)
            else "a device or pipe, not a file"
        )
        raise InvalidInput(field, f"{target} is {kind}; give the path of a .pdf file to write")
    if not target.parent.is_dir():
        raise InvalidInput(field, f"folder {target.parent} does not exist")
    return target


def write_atomically(target: Path | str, data: bytes, field: str = "file") -> Path:
    """Write ``data`` to a temporary file beside ``target``, then rename it into place."""
    target = check_target(target, field)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        check_target(target, field)  # still not a device by the time it is renamed over
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
