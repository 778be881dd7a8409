"""Is a backup good, and whose is it? (checked before rotation, before restore, at damage).

A backup is *good* when SQLite's full ``integrity_check`` and ``foreign_key_check`` pass and
its journal chain is whole: a snapshot of a damaged register is a faithful copy of the damage,
so "the backup API finished" proves nothing. A full check of a large backup takes seconds, so
the result is kept beside the backup (``NAME.sqlite.check.json``) together with the file's size
and modification time; a file changed since is checked again.

A backup *belongs* to a register when both carry the same identity (``register_identity``,
m0010; for files older than that, the first journal entry's UUID, which m0010 adopts).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from deerfield_desk.store import journal
from deerfield_desk.store.register import connect, integrity_problems

SIDECAR_SUFFIX = ".check.json"


@dataclass
class BackupCheck:
    good: bool
    problems: list[str] = field(default_factory=list)
    identity: str | None = None
    journal_entries: int = 0
    head_hash: str = journal.GENESIS_HASH
    sha256: str = ""
    size: int = 0
    mtime_ns: int = 0
    checked_at: str = ""

    @property
    def summary(self) -> str:
        if self.good:
            return f"good: {self.journal_entries:,} journal entries, chain whole"
        return "damaged: " + "; ".join(self.problems[:3])


def sidecar(path: Path) -> Path:
    return path.with_name(path.name + SIDECAR_SUFFIX)


def register_identity(conn: sqlite3.Connection) -> str | None:
    """The register's identity UUID, or None when the file cannot tell (empty, not ours)."""
    for sql in (
        "SELECT identity FROM register_identity WHERE id = 1",
        "SELECT uuid FROM journal WHERE seq = 1",
    ):
        try:
            row = conn.execute(sql).fetchone()
        except sqlite3.DatabaseError:
            continue
        if row:
            return row[0]
    return None


def identity_of(path: Path) -> str | None:
    """The identity of the register file at ``path``; None when it cannot be read."""
    try:
        conn = connect(path, read_only=True)
    except sqlite3.DatabaseError:
        return None
    try:
        return register_identity(conn)
    except sqlite3.DatabaseError:
        return None
    finally:
        conn.close()


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _run_check(path: Path) -> BackupCheck:
    stat = path.stat()
    result = BackupCheck(good=False, size=stat.st_size, mtime_ns=stat.st_mtime_ns)
    result.checked_at = datetime.now(UTC).isoformat(timespec="seconds")
    if stat.st_size == 0:
        result.problems.append("the file is empty")
        return result
    try:
        conn = connect(path, read_only=True)
    except sqlite3.DatabaseError as exc:
        result.problems.append(str(exc))
        return result
    try:
        result.problems += integrity_problems(conn, full=True)
        if not result.problems:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            if not {"journal", "journal_head", "permits"} <= tables:
                result.problems.append("it is not a Deerfield Desk register")
            else:
                chain = journal.verify_chain(conn)
                result.problems += chain.problems
                result.journal_entries, result.head_hash = chain.entries, chain.head_hash
                result.identity = register_identity(conn)
    except sqlite3.DatabaseError as exc:
        result.problems.append(str(exc))
    finally:
        conn.close()
    result.sha256 = file_sha256(path)
    result.good = not result.problems
    return result


def check_backup(path: Path | str, *, use_cache: bool = True) -> BackupCheck:
    """Check a backup (or reuse the result kept beside it when the file is unchanged)."""
    path = Path(path)
    if not path.is_file():
        return BackupCheck(good=False, problems=[f"{path} does not exist"])
    stat = path.stat()
    note = sidecar(path)
    if use_cache:
        try:
            kept = BackupCheck(**json.loads(note.read_text(encoding="utf-8")))
            if (kept.size, kept.mtime_ns) == (stat.st_size, stat.st_mtime_ns):
                return kept
        except (OSError, ValueError, TypeError):
            pass
    result = _run_check(path)
    try:
        temporary = note.with_name(note.name + ".partial")
        temporary.write_text(json.dumps(asdict(result), indent=1), encoding="utf-8")
        os.replace(temporary, note)
    except OSError:
        pass  # a read-only backups folder: the check simply runs again next time
    return result


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(path: Path) -> None:
    """Make a rename in ``path`` durable (a no-op where directories cannot be opened)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
