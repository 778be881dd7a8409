"""Is this file a register we may open, and how? Checked before anything is written to it.

Issue 11, finding 3: a missing or 0-byte path used to become a new empty register (numbering
restarting at ``YYYY-0001``), and another program's SQLite file given to ``--db`` got our
tables added. Now:

- a register is recognised by ``PRAGMA application_id`` = :data:`APPLICATION_ID` (registers
  made before the id existed are recognised by their journal tables and stamped by m0006);
- a missing, empty or foreign file is refused with a message and left untouched: the probe
  reads it through a ``mode=ro`` connection, which cannot write, checkpoint or delete a WAL;
- a file or folder this account cannot write is opened read-only, and the window says so;
- creating a register is explicit (:func:`deerfield_desk.store.register.Register.create`).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from deerfield_desk.errors import DamagedRegisterError, RegisterUnavailable

# "DFD1" in ASCII: Deerfield Desk registers, format 1. Stored in the file header (offset 68).
APPLICATION_ID = 0x44464431
# Tables every register has had since m0001: how a register from before the id is known.
REGISTER_TABLES = frozenset({"journal", "journal_head", "permits", "number_series"})
SQLITE_HEADER = b"SQLite format 3\x00"


@dataclass(frozen=True)
class FileState:
    """What the read-only probe found."""

    application_id: int
    legacy: bool  # a register from before application_id (tables present, id 0)
    writable: bool
    read_only_reason: str | None


def refuse_missing_or_empty(path: Path) -> None:
    """A register path must name an existing, non-empty regular file."""
    if not path.exists():
        raise RegisterUnavailable(
            f"There is no register at {path}. Check the path for a typo; to start a new "
            f"register use File → New register… or `deerfield-desk init --db {path}`."
        )
    if not path.is_file():
        raise RegisterUnavailable(f"{path} is not a register file (it is a folder or a device).")
    if path.stat().st_size == 0:
        raise RegisterUnavailable(
            f"The register {path} is empty (0 bytes): it was cut off, perhaps by a crash or a "
            "failed copy. It was not opened and nothing was written to it. Restore the newest "
            "backup (File → Restore backup, or `deerfield-desk restore`)."
        )


def read_only_reason(path: Path) -> str | None:
    """Why this account cannot change the register (None when it can)."""
    if not os.access(path, os.W_OK):
        return f"the file {path.name} is read-only for this account"
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return f"its folder {path.parent} is read-only for this account"
    for suffix in ("-wal", "-shm"):
        side = Path(str(path) + suffix)
        if side.exists() and not os.access(side, os.W_OK):
            return f"{side.name} beside it is read-only for this account"
    return None


def probe(path: Path) -> FileState:
    """Read the header fields through a read-only connection and say what the file is.

    Raises :class:`RegisterUnavailable` for another program's file (untouched) and
    :class:`DamagedRegisterError` when SQLite cannot read it at all.
    """
    from deerfield_desk.store.register import damaged_message

    reason = read_only_reason(path)
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            tables = {
                row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise DamagedRegisterError(damaged_message(path, [str(exc)])) from exc
    legacy = app_id == 0 and tables >= REGISTER_TABLES
    if app_id != APPLICATION_ID and not legacy:
        what = (
            f"application id {app_id:#x}"
            if app_id
            else ("an empty SQLite database" if not tables else "tables of another program")
        )
        raise RegisterUnavailable(
            f"{path} is not a Deerfield Desk register (a SQLite file with {what}). "
            "It was not opened and nothing was written to it."
        )
    return FileState(app_id, legacy, reason is None, reason)


def stamp(conn: sqlite3.Connection) -> None:
    """Mark a register as ours (a header field: no table, no journal entry needed)."""
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def build_new(path: Path, connect) -> None:
    """Build an empty register beside ``path`` and rename it into place whole (the caller
    holds the register lock and has checked that nothing is at ``path``)."""
    from sqlite_utils import Database

    from deerfield_desk.store.migrations import apply_migrations

    building = path.with_name(f".{path.name}.creating-{os.getpid()}")
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{building}{suffix}").unlink(missing_ok=True)
    try:
        conn = connect(building)
        try:
            stamp(conn)
            apply_migrations(Database(conn))
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        os.replace(building, path)
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{building}{suffix}").unlink(missing_ok=True)
