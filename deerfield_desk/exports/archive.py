"""The year's archive: a consistent register snapshot, the photos, the rendered documents,
and a manifest with the SHA-256 of every file and the journal's head hash.

The snapshot is taken with SQLite's backup API (a file copy of a live WAL database is not a
database). The head hash is read from the snapshot itself, so the manifest names exactly the
journal the snapshot holds; ``verify_archive`` proves years later that nothing was changed,
removed or slipped in since.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deerfield_desk.config import Paths
from deerfield_desk.errors import DamagedRegisterError
from deerfield_desk.store import archive_records, journal
from deerfield_desk.store.register import Register

MANIFEST = "manifest.json"
FORMAT = "deerfield-desk-archive"
VERSION = 1
SNAPSHOT = "register.sqlite"
#: ``renderer(table, record) -> PDF bytes or None``: the documents layer's render_* functions
#: wrapped by the caller (permit cards, notices); None skips a record.
DocumentRenderer = Callable[[str, dict], bytes | None]


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._") or "unnamed"


def build_archive(
    reg: Register,
    paths: Paths,
    folder: Path,
    year: int,
    report_pdf: bytes,
    renderer: DocumentRenderer | None = None,
    warnings: list[str] | None = None,
    head: journal.Head | None = None,
    printed: tuple[str, ...] = ("permits", "notices"),
    before_manifest: Callable[[], None] | None = None,
) -> Iterator[str]:
    """Fill ``folder``; yields a label after each step (the caller turns it into progress).

    ``head``: the register snapshot is already in ``folder`` (``write_snapshot``: the export
    writes it first, so ``verify`` can check it while the other files are written).
    ``printed``: the tables whose records ``renderer`` prints (a renderer that prints no
    permit cards need not be handed 10,000 permits). ``before_manifest``: called before the
    manifest is written (the export waits there for the snapshot's check to finish)."""
    warnings = warnings if warnings is not None else []
    if head is None:
        head = write_snapshot(reg, folder)
        yield "Register snapshot written"
    documents = folder / "documents"
    documents.mkdir(exist_ok=True)  # a second process may be printing into it already
    report_path(folder, year).write_bytes(report_pdf)
    if renderer is not None:
        for table in printed:
            write_documents(reg, documents, year, renderer, table)
            yield f"Rendered {table} documents"
    photos = folder / "photos"
    photos.mkdir()
    rows = archive_records.year_photos(reg, year)
    for uuid, filename, original, expected in rows:
        source = _resolve(paths, original)
        if source is None:
            warnings.append(f"photo {filename} ({uuid}): the file {original} is missing")
            continue
        target = photos / f"{uuid}-{safe_name(filename)}"
        shutil.copyfile(source, target)
        if expected and sha256_file(target) != expected:
            warnings.append(
                f"photo {filename} ({uuid}): its content differs from when it was attached"
            )
    yield f"Copied {len(rows)} photos"
    if before_manifest is not None:
        before_manifest()
    write_manifest(folder, year, head)
    yield "Manifest written"


def report_path(folder: Path, year: int) -> Path:
    """Where the archive in ``folder`` keeps the year's annual report."""
    return folder / "documents" / f"annual-report-{year}.pdf"


def write_documents(
    reg: Register, documents: Path, year: int, renderer: DocumentRenderer, table: str
) -> None:
    """Each printed document of ``table``'s records of the year, as ``documents/<table>/
    <number>.pdf`` (by record id when it has no number)."""
    number = {"permits": "permit_number", "notices": "notice_number"}[table]
    for record in archive_records.year_documents(reg, table, year):
        pdf = renderer(table, record)
        if pdf:
            target = documents / table / f"{safe_name(record[number] or record['uuid'])}.pdf"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(pdf)


def write_snapshot(reg: Register, folder: Path) -> journal.Head:
    """The archive's register snapshot (the backup API inside ``reg``'s read transaction) and
    the journal head it holds."""
    folder.mkdir(parents=True, exist_ok=True)
    return archive_records.snapshot(reg, folder / SNAPSHOT)


def record_archive(db_path: Path, folder: Path, year: int, actor=None) -> dict:
    """Journal the finished archive's manifest SHA-256 and journal head in the register
    (``archives``), so ``verify_archive`` can later tell the manifest the app wrote from one
    rebuilt after an edit."""
    from deerfield_desk.models.actor import SYSTEM_ACTOR

    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    return archive_records.record_archive(
        Path(db_path),
        year,
        folder.name,
        manifest_sha256(folder),
        manifest["journal_head"],
        len(manifest["files"]),
        actor or SYSTEM_ACTOR,
    )


def _resolve(paths: Paths, stored: str | None) -> Path | None:
    if not stored:
        return None
    candidate = Path(stored)
    options = (
        [candidate]
        if candidate.is_absolute()
        else [paths.folder / candidate, paths.photos / candidate]
    )
    return next((p for p in options if p.is_file()), None)


def write_manifest(folder: Path, year: int, head: journal.Head) -> Path:
    files = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != MANIFEST):
        rel = path.relative_to(folder).as_posix()
        files.append({"path": rel, "sha256": sha256_file(path), "bytes": path.stat().st_size})
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "year": year,
        "journal_head": {"seq": head.seq, "hash": head.hash, "entries": head.entries},
        "files": files,
    }
    target = folder / MANIFEST
    target.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return target


@dataclass
class ArchiveReport:
    folder: Path
    problems: list[str] = field(default_factory=list)
    checked: int = 0
    head: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        out = [f"Archive: {self.folder}", f"Files checked against the manifest: {self.checked}"]
        if self.head:
            out.append(f"Journal head in the manifest: {self.head[:16]}…")
        out += [f"  - {p}" for p in self.problems]
        out.append("Result: " + ("the archive is intact" if self.ok else "PROBLEMS FOUND"))
        return out


def find_archive(folder: Path) -> Path:
    """The archive folder itself, or the single ``archive-YYYY`` folder inside an export."""
    if (folder / MANIFEST).is_file():
        return folder
    inside = sorted(p.parent for p in folder.glob(f"archive-*/{MANIFEST}"))
    return inside[0] if len(inside) == 1 else folder


def manifest_sha256(folder: Path) -> str:
    return sha256_file(Path(folder) / MANIFEST)


def verify_archive(folder: Path, db: Path | None = None) -> ArchiveReport:
    """The archive against its manifest, its snapshot's journal and, through ``db``, the
    register's own journaled record of the manifest (never raises)."""
    try:
        return _verify_archive(folder, db)
    except Exception as exc:  # noqa: BLE001 - a finding, never a traceback
        report = ArchiveReport(Path(folder))
        report.problems.append(f"the archive could not be checked ({type(exc).__name__}: {exc})")
        return report


def _verify_archive(folder: Path, db: Path | None) -> ArchiveReport:
    folder = find_archive(Path(folder))
    report = ArchiveReport(folder)
    several = sorted(p.parent.name for p in folder.glob(f"archive-*/{MANIFEST}"))
    if not (folder / MANIFEST).is_file() and len(several) > 1:
        report.problems.append(f"the folder holds several archives ({', '.join(several)}): "
                               "name the one to check")  # fmt: skip
        return report
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        listed = {entry["path"]: entry for entry in manifest["files"]}
        expected_head = manifest["journal_head"]["hash"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        report.problems.append(f"{MANIFEST}: missing or unreadable ({exc})")
        return report
    report.head = expected_head
    for rel, entry in sorted(listed.items()):
        path = folder / rel
        report.checked += 1
        if not path.is_file():
            report.problems.append(f"{rel}: listed in the manifest but missing")
        elif path.stat().st_size != entry.get("bytes") or sha256_file(path) != entry.get("sha256"):
            report.problems.append(
                f"{rel}: its SHA-256 does not match the manifest: it was changed"
            )
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != MANIFEST):
        rel = path.relative_to(folder).as_posix()
        if rel not in listed:
            report.problems.append(f"{rel}: not in the manifest: it was added afterwards")
    snapshot = folder / SNAPSHOT
    if SNAPSHOT in listed and snapshot.is_file():
        report.problems += _check_snapshot(snapshot, expected_head)
    elif SNAPSHOT not in listed:
        report.problems.append(f"{SNAPSHOT}: the manifest lists no register snapshot")
    report.problems += _check_recorded(folder, manifest, db)
    return report


def _check_recorded(folder: Path, manifest: dict, db: Path | None) -> list[str]:
    """Was this very manifest recorded (journaled) by the register when the archive was made?

    Editing the snapshot and recomputing the manifest's hashes changes the manifest's own
    SHA-256, which the register holds in ``archives``: such an archive is caught here."""
    if db is None or not Path(db).is_file():
        return [
            f"not checked against the register ({'no register given' if db is None else db} "
            "): give --db the register the archive was made from"
        ]
    digest = manifest_sha256(folder)
    try:
        row, at_seq = archive_records.recorded_archive(Path(db), digest)
    except DamagedRegisterError as exc:
        return [f"the register {db} could not be read to check the archive ({exc})"]
    if row is None:
        return [
            f"{MANIFEST}: the register {Path(db).name} never recorded this manifest "
            f"(SHA-256 {digest[:12]}…): the manifest, and what it lists, was written or changed "
            "after the export"
        ]
    problems = []
    head = manifest.get("journal_head", {})
    if row[1] != head.get("hash") or row[0] != head.get("seq"):
        problems.append(f"{MANIFEST}: its journal head differs from the one the register recorded")
    if at_seq is None or at_seq != row[1]:
        problems.append(
            f"the register's journal no longer holds entry {row[0]} as archived: the register "
            "was rewritten since the archive was made"
        )
    return problems


def _check_snapshot(snapshot: Path, expected_head: str) -> list[str]:
    try:
        intact, chain = archive_records.snapshot_check(snapshot)
    except DamagedRegisterError as exc:
        return [f"{SNAPSHOT}: not a readable register ({exc})"]
    if not intact or chain is None:
        return [f"{SNAPSHOT}: fails SQLite's integrity check"]
    problems = [f"{SNAPSHOT}: journal {p}" for p in chain.problems]
    if chain.head_hash != expected_head:
        problems.append(
            f"{SNAPSHOT}: its journal ends in {chain.head_hash[:12]}…, the manifest says "
            f"{expected_head[:12]}…"
        )
    return problems
