"""Connections to a register file: the house pragmas, integrity checks, the damage message.

Split out of ``register.py`` (issue 12): opening a connection and checking a file need no
:class:`~deerfield_desk.store.register.Register`, and workers, backups and the verifier use
them on their own.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA trusted_schema = OFF",
    "PRAGMA busy_timeout = 15000",
)


def connect(path: Path | str, *, read_only: bool = False) -> sqlite3.Connection:
    """A connection with the house pragmas. One per thread: workers open their own.

    ``read_only`` opens with ``mode=ro``: the file descriptor is read-only, so SQLite can take
    no write lock through it and such a connection can never checkpoint, reset or delete the
    WAL of the process that owns the register, even if that process's POSIX locks were lost
    to a stray descriptor (issue 11, finding 1). Every process that does not hold the
    register lock (``store/register_lock.py``) reads this way.

    A read-write connection does no automatic checkpoints: :meth:`Register.transaction`
    checkpoints under the process's write gate, so no two connections ever write and
    checkpoint at once (the WAL-reset race of SQLite before 3.51.3; README, "Storage").
    """
    if read_only:
        conn = sqlite3.connect(f"file:{Path(path)}?mode=ro", uri=True, check_same_thread=False)
    else:
        conn = sqlite3.connect(str(path), check_same_thread=False)
    # No implicit transactions: the Register begins and ends every write transaction itself,
    # so a failed statement can never leave one open behind the caller's back.
    conn.isolation_level = None
    for pragma in PRAGMAS:
        if read_only and "journal_mode" in pragma:
            continue
        conn.execute(pragma)
    if not read_only:
        conn.execute("PRAGMA wal_autocheckpoint = 0")
    return conn


def file_problems(path: Path | str) -> list[str]:
    """quick_check + foreign_key_check of the file at ``path`` on its own read-only
    connection (the start-up check of a big register runs it on a worker thread); a file
    that cannot even be read is damaged too."""
    try:
        conn = connect(path, read_only=True)
        try:
            return integrity_problems(conn)
        finally:
            conn.close()
    except Exception as exc:
        return [str(exc)]


def integrity_problems(conn: sqlite3.Connection, *, full: bool = False) -> list[str]:
    """quick_check (or integrity_check) plus foreign_key_check, as readable lines."""
    pragma = "integrity_check" if full else "quick_check"
    problems = [row[0] for row in conn.execute(f"PRAGMA {pragma}") if row[0] != "ok"]
    for table, rowid, parent, _fk in conn.execute("PRAGMA foreign_key_check"):
        problems.append(f"{table} row {rowid} points to a missing {parent} record")
    return problems


def damaged_message(path: Path, problems: list[str]) -> str:
    from deerfield_desk.store.backup import newest_good_backup

    backup = newest_good_backup(path)
    first = " ".join((problems[0] if problems else "unknown damage").split())  # one line
    advice = (
        f"The newest good backup is {backup}: restore it with File → Restore backup… (offered "
        "at start-up when the register will not open) or deerfield-desk restore; the damaged "
        "file is kept."
        if backup
        else "No good backup was found beside it; keep the damaged file and call support."
    )
    return (
        f"The register {path} is damaged and was not opened ({first}). Nothing was "
        f"written to it. {advice}"
    )
