"""What the year's archive (``exports/archive.py``) reads from and writes to registers.

Why in the store: the archive module lays files out and checks hashes; the SQL it needs (the
year's documents and photos, the snapshot, the journaled record of each manifest, the check of
an old snapshot) lives here, behind functions that take a ``Register`` or a file path. A bare
connection is opened only on files no Register owns: an archive's snapshot being checked and a
register read to check an archive against (``docs/architecture.md``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from deerfield_desk.errors import DamagedRegisterError
from deerfield_desk.store import journal
from deerfield_desk.store.backup import backup_to
from deerfield_desk.store.register import Register
from deerfield_desk.store.year_scope import INSPECTION_IN_YEAR, NOTICE_IN_YEAR, PERMIT_IN_YEAR

YEAR_OWNERS = f"""
SELECT p.uuid FROM permits p WHERE {PERMIT_IN_YEAR}
UNION SELECT i.uuid FROM inspections i WHERE {INSPECTION_IN_YEAR}
UNION SELECT n.uuid FROM notices n WHERE {NOTICE_IN_YEAR}
"""
#: Exhibit A checklist visits of the year (by visit date, or on a permit of the year) and
#: their item responses: their photos belong in the archive too.
YEAR_VISITS = f"""
SELECT v.id FROM checklist_visits v WHERE substr(v.visited_at, 1, 4) = :y
    OR v.permit_id IN (SELECT p.id FROM permits p WHERE {PERMIT_IN_YEAR})
"""
#: The records of the year whose documents are printed: each table by its own year rule
#: (``store/year_scope.py``), the rule ``YEAR_OWNERS`` applies to it. Not ``uuid IN
#: (YEAR_OWNERS)``: that built the 60,000 uuids of the year's permits and inspections to pick
#: 60 notices (0.19 s -> 0.001 s; the 10,000 permits for their cards 0.38 s -> 0.17 s).
YEAR_DOCUMENTS = {
    "permits": f"SELECT * FROM permits p WHERE {PERMIT_IN_YEAR} ORDER BY p.uuid",
    "notices": f"SELECT * FROM notices n WHERE {NOTICE_IN_YEAR} ORDER BY n.uuid",
}
YEAR_PHOTO_OWNERS = f"""
{YEAR_OWNERS}
UNION SELECT uuid FROM checklist_visits WHERE id IN ({YEAR_VISITS})
UNION SELECT uuid FROM checklist_responses WHERE visit_id IN ({YEAR_VISITS})
"""


def snapshot(reg: Register, target: Path) -> journal.Head:
    """A consistent copy of the register (the backup API, inside the caller's read
    transaction) and the journal head that copy holds, read from the copy itself."""
    backup_to(reg.conn, target)
    check = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
    try:
        return journal.read_head(check)
    finally:
        check.close()


def year_documents(reg: Register, table: str, year: int) -> Iterator[dict]:
    """The permits or notices of the year whose printed documents the archive keeps."""
    if table not in YEAR_DOCUMENTS:
        raise ValueError(f"no documents are archived for {table}")
    cursor = reg.execute(YEAR_DOCUMENTS[table], {"y": str(year)})
    names = [d[0] for d in cursor.description]
    for row in cursor:
        yield dict(zip(names, row, strict=True))


def year_photos(reg: Register, year: int) -> list[tuple[str, str, str, str]]:
    """(uuid, filename, original path, sha256) of every photo of the year's records."""
    return reg.execute(
        "SELECT uuid, filename, original_path, sha256 FROM attachments WHERE status != 'voided' "
        f"AND owner_uuid IN ({YEAR_PHOTO_OWNERS}) ORDER BY uuid",
        {"y": str(year)},
    ).fetchall()


def record_archive(
    db_path: Path, year: int, folder_name: str, manifest_sha: str, head: dict, files: int, actor
) -> dict:
    """Journal a finished archive (``archives``), in its own write transaction through a
    register opened for writing, i.e. under the register lock (the export's own register is
    a read-only snapshot that never touches the owner's WAL)."""
    with Register.open(Path(db_path), actor, check=False, purpose="year-end archive") as register:
        return register.insert(
            "archives",
            {
                "year": year,
                "folder_name": folder_name,
                "manifest_sha256": manifest_sha,
                "journal_seq": head["seq"],
                "journal_hash": head["hash"],
                "files": files,
                "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
            },
        )


def recorded_archive(db: Path, manifest_sha: str) -> tuple[tuple | None, str | None]:
    """The register's record of a manifest: ((journal seq, journal hash, year) or None, the
    hash the register's journal holds today at that seq or None).

    Raises DamagedRegisterError when ``db`` cannot be read as a register."""
    try:
        return _recorded_archive(db, manifest_sha)
    except sqlite3.DatabaseError as exc:
        raise DamagedRegisterError(str(exc)) from exc


def _recorded_archive(db: Path, manifest_sha: str) -> tuple[tuple | None, str | None]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        row = conn.execute(
            "SELECT journal_seq, journal_hash, year FROM archives WHERE manifest_sha256 = ? "
            "AND status != 'voided'",
            (manifest_sha,),
        ).fetchone()
        at_seq = (
            conn.execute("SELECT hash FROM journal WHERE seq = ?", (row[0],)).fetchone()
            if row
            else None
        )
    finally:
        conn.close()
    return row, (at_seq[0] if at_seq else None)


def snapshot_check(snapshot_path: Path) -> tuple[bool, journal.ChainReport | None]:
    """(passes SQLite's integrity check, the journal chain's report) of an archived
    snapshot. Raises DamagedRegisterError when the file is not a readable register."""
    try:
        conn = sqlite3.connect(f"file:{snapshot_path}?mode=ro", uri=True)
        try:
            if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                return False, None
            return True, journal.verify_chain(conn)
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise DamagedRegisterError(str(exc)) from exc
