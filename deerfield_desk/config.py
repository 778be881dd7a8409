"""Where files live: one place only (ARCHITECTURE.md, "config.py").

The data folder holds the register (``register.sqlite``), its backups, the photos and the
device id. ``DEERFIELD_DESK_HOME`` overrides the folder (tests, portable use); ``--db PATH``
overrides the register file alone, and then backups and photos live beside that file so a
register on a USB stick carries its own.
"""

from __future__ import annotations

import importlib.resources
import os
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path

APP_NAME = "Deerfield Desk"
APP_SLUG = "deerfield-desk"
REGISTER_FILENAME = "register.sqlite"
DEMO_FILENAME = "demo-register.sqlite"
BACKUPS_KEPT = 14

# Folder names that mark a cloud-synced tree. SQLite's locking is not safe there: the sync
# client can upload a half-written file or resurrect an old copy of the WAL.
CLOUD_MARKERS = (
    "onedrive",
    "dropbox",
    "icloud drive",
    "icloud~",
    "mobile documents",
    "google drive",
    "googledrive",
    "my drive",
    "box sync",
    "nextcloud",
)


def data_home() -> Path:
    """The per-user data folder, by platform convention, unless overridden."""
    override = os.environ.get("DEERFIELD_DESK_HOME")
    if override:
        return Path(override).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        return base / APP_NAME
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_NAME
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / APP_SLUG


@dataclass(frozen=True)
class Paths:
    """The files that belong to one register."""

    db: Path

    @property
    def folder(self) -> Path:
        return self.db.parent

    @property
    def backups(self) -> Path:
        return self.folder / "backups"

    @property
    def photos(self) -> Path:
        return self.folder / "photos"

    @property
    def documents(self) -> Path:
        return self.folder / "documents"


def register_paths(db: str | os.PathLike | None = None) -> Paths:
    """Paths for the register at ``db``, or the default register in the data folder."""
    if db:
        return Paths(Path(db).expanduser().resolve())
    return Paths(data_home() / REGISTER_FILENAME)


def demo_paths() -> Paths:
    return Paths(data_home() / DEMO_FILENAME)


def device_id() -> str:
    """A stable id for this computer, written once; journal entries carry it (field/office sync)."""
    path = data_home() / "device-id"
    try:
        value = path.read_text(encoding="utf-8").strip()
        if value:
            return value
    except OSError:
        pass
    value = str(uuid.uuid4())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(value, encoding="utf-8")
    except OSError:
        pass  # read-only home: the id is per-run then; the journal still records it
    return value


def unsafe_location_warning(path: Path) -> str | None:
    """Say plainly when a register lies where SQLite is not safe, or None when it is fine."""
    text = str(path).lower().replace("\\", "/")
    for marker in CLOUD_MARKERS:
        if marker in text:
            return (
                f"The register {path} is inside a cloud-synced folder ({marker}). "
                "Sync clients can corrupt a live database: move it to a local folder and let "
                "the backups go to the cloud instead."
            )
    if text.startswith("//") or (sys.platform == "win32" and str(path).startswith("\\\\")):
        return (
            f"The register {path} is on a network share. SQLite cannot lock files safely "
            "over a network: keep it on this computer's own disk."
        )
    if sys.platform.startswith("linux"):
        fs = _linux_filesystem(path)
        if fs in {"nfs", "nfs4", "cifs", "smb3", "smbfs", "fuse.sshfs", "9p"}:
            return (
                f"The register {path} is on a network file system ({fs}). SQLite cannot lock "
                "files safely over a network: keep it on this computer's own disk."
            )
    return None


def _linux_filesystem(path: Path) -> str | None:
    try:
        mounts = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        return None
    best, fstype = "", None
    target = str(path.resolve())
    for line in mounts:
        parts = line.split()
        if len(parts) >= 3 and target.startswith(parts[1]) and len(parts[1]) > len(best):
            best, fstype = parts[1], parts[2]
    return fstype


#: The package's data folder: checklists/, fonts/, icons/, ordinance/.
RESOURCES = ("deerfield_desk", "resources")


def asset_path(*parts: str) -> Path:
    """A file the app ships (``asset_path("checklists", "exhibit_a_erosion.toml")``).

    Why one helper: the data live inside the package (``deerfield_desk/resources``), so a wheel
    installed anywhere, a checkout and a frozen bundle all find them the same way. In a
    PyInstaller bundle ``sys._MEIPASS`` holds the package's data under the same relative path;
    otherwise ``importlib.resources`` locates the installed package (a real folder: the app
    never runs from a zip, and reportlab and Qt need file paths).
    """
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root).joinpath(*RESOURCES, *parts)
    package = Path(os.fspath(importlib.resources.files(RESOURCES[0])))
    return package.joinpath(*RESOURCES[1:], *parts)
