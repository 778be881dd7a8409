"""The log: a rotating file in the data folder, for what a user cannot be shown in one line.

Why: a failure must be loud to the user (one line on the CLI, a plain dialog in the window)
and complete for whoever investigates it (the traceback, the SQLite version, the register).
The file is ``<data folder>/logs/deerfield-desk.log``, 1 MB each, five kept. No Qt here: the
CLI and the window both log through it.
"""

from __future__ import annotations

import logging
import logging.handlers
import platform
import sqlite3
import sys
from pathlib import Path

from deerfield_desk.config import data_home

LOG_NAME = "deerfield-desk.log"
MAX_BYTES = 1_000_000
BACKUPS = 5
LOGGER = "deerfield_desk"

_installed: Path | None = None


def log_file() -> Path:
    return data_home() / "logs" / LOG_NAME


def setup() -> Path | None:
    """Send the app's log records to the rotating file; returns its path (None when the data
    folder cannot be written, e.g. a read-only home: then records go to stderr only)."""
    global _installed
    path = log_file()
    logger = logging.getLogger(LOGGER)
    logger.setLevel(logging.INFO)
    if _installed == path:
        return path
    for handler in list(logger.handlers):
        if getattr(handler, "_deerfield", False):
            logger.removeHandler(handler)
            handler.close()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError:
        _installed = None
        return None
    handler._deerfield = True  # type: ignore[attr-defined]
    handler.setFormatter(
        logging.Formatter("%(asctime)s %(levelname)s %(process)d %(name)s: %(message)s")
    )
    logger.addHandler(handler)
    _installed = path
    return path


def get(name: str = "") -> logging.Logger:
    return logging.getLogger(f"{LOGGER}.{name}" if name else LOGGER)


def versions() -> str:
    from deerfield_desk import __version__

    return (
        f"Deerfield Desk {__version__}, Python {platform.python_version()}, "
        f"SQLite {sqlite3.sqlite_version} ({sys.platform})"
    )


def log_start(db_path: Path, register=None) -> None:
    """One line at start: versions (SQLite's above all: README, "Storage") and the register."""
    mode = ""
    if register is not None and getattr(register, "read_only_reason", None):
        mode = f", read-only: {register.read_only_reason}"
    get("start").info("%s; register %s%s", versions(), db_path, mode)
