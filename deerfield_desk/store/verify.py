"""`deerfield-desk verify`: is the register whole, and does it say only what its journal says?

Checks, in order (each is reported separately, so one finding never hides another):
1. the file is an SQLite database at all, and passes ``integrity_check`` and foreign keys;
2. the journal's hash chain and its head (store/journal.py);
3. the replay: every official record and the number series equal the journal's latest
   after-image, column by column; nothing inserted, deleted or replaced (store/replay.py);
4. the guards: every no-delete / append-only trigger present, no trigger writing behind the
   journal's back;
5. the head witness beside the file: the journal was not cut back (store/head_witness.py);
6. the photos: every original exists, is non-empty and hashes to its name
   (store/photo_check.py).

It never raises: a file that cannot be read, or any unexpected failure, is a finding (one
line), so the command prints a result and exits non-zero instead of a traceback.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from deerfield_desk.config import Paths
from deerfield_desk.store import head_witness, journal, photo_check, replay
from deerfield_desk.store.connection import connect, integrity_problems


@dataclass
class VerifyReport:
    path: Path
    integrity: list[str] = field(default_factory=list)
    chain: journal.ChainReport | None = None
    records: int = 0
    replayed: int = 0
    rows: list[str] = field(default_factory=list)  # replay findings
    rows_more: int = 0
    guards: list[str] = field(default_factory=list)
    witness: list[str] = field(default_factory=list)
    witness_note: str = ""
    photos: photo_check.PhotoReport | None = None
    unreadable: str = ""  # the one-line finding when the file is not a register at all

    @property
    def problems(self) -> list[str]:
        """Every finding, in report order (tests and the fault harness read these)."""
        out = [self.unreadable] if self.unreadable else []
        out += self.integrity
        out += self.chain.problems if self.chain else []
        out += self.rows + self.guards + self.witness
        out += self.photos.problems if self.photos else []
        return out

    @property
    def ok(self) -> bool:
        return not self.problems and self.chain is not None

    def lines(self) -> list[str]:
        if self.unreadable:
            return [f"Register {self.path}: {self.unreadable}. Result: problems found"]
        out = [f"Register: {self.path}"]
        out += _section("Integrity and foreign keys", self.integrity)
        if self.chain is None:
            out.append("Journal: not checked (the file could not be read)")
        elif self.chain.ok:
            out.append(
                f"Journal: ok, {self.chain.entries} entries, head {self.chain.head_hash[:16]}…"
            )
            if self.chain.register_id:
                out.append(f"Register id: {self.chain.register_id}")
        else:
            out.append(f"Journal: BROKEN ({self.chain.entries} entries read)")
            out += [f"  - {p}" for p in self.chain.problems]
        more = [f"… and {self.rows_more} more"] if self.rows_more else []
        out += _section(
            f"Records against the journal ({self.replayed:,} replayed)", self.rows + more
        )
        out += _section("Append-only guards (triggers)", self.guards)
        out += _section("Head witness", self.witness) if self.witness else [self.witness_note]
        if self.photos is not None:
            out += _section(f"Photos ({self.photos.checked:,} originals)", self.photos.problems)
            out += [f"  note: {n}" for n in self.photos.notes]
        out.append(f"Permits in the register: {self.records}")
        out.append("Result: " + ("all checks hold" if self.ok else "problems found"))
        return [line for line in out if line]


def _section(title: str, problems: list[str]) -> list[str]:
    if not problems:
        return [f"{title}: ok"]
    return [f"{title}: PROBLEMS", *(f"  - {p}" for p in problems[:40])]


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def verify_register(
    path: Path,
    *,
    photos: bool = True,
    full: bool = True,
    beside: Path | None = None,
    witnessed: tuple[bool, journal.Head | None] | None = None,
) -> VerifyReport:
    """Run every check on the register at ``path`` (read-only); never raises.

    ``beside``: ``path`` is a snapshot copy of that register file (the year's archive checks
    the very copy it keeps, alongside its other files): the head witness and the photo
    originals are that register's, and ``witnessed`` its witness as read before the copy's
    read transaction began (see ``head_witness.problems``)."""
    report = VerifyReport(Path(path))
    try:
        _verify(report, photos=photos, full=full, beside=beside, witnessed=witnessed)
    except Exception as exc:  # noqa: BLE001 - the contract is "a finding, never a traceback"
        report.unreadable = report.unreadable or f"could not be checked ({_first_line(exc)})"
    return report


def _verify(
    report: VerifyReport,
    *,
    photos: bool,
    full: bool,
    beside: Path | None = None,
    witnessed: tuple[bool, journal.Head | None] | None = None,
) -> None:
    path = report.path
    owner = Path(beside) if beside is not None else path
    if not path.exists():
        report.unreadable = "the file does not exist"
        return
    if not path.is_file():
        report.unreadable = "not a file"
        return
    if path.stat().st_size == 0:
        report.unreadable = "the file is empty (0 bytes): not a register"
        return
    try:
        conn = connect(path, read_only=True)
    except sqlite3.Error as exc:
        report.unreadable = f"not a readable register ({exc})"
        return
    try:
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        except sqlite3.DatabaseError as exc:
            report.unreadable = f"not a readable register ({exc})"
            return
        if not {"journal", "journal_head", "permits"} <= tables:
            report.unreadable = "not a Deerfield Desk register (no journal or permits table)"
            return
        # The witness first, then one read snapshot for every check: the app may go on
        # writing meanwhile, and no check may compare rows, journal and head of two moments.
        if witnessed is None:
            witnessed = read_witness(owner)
        conn.execute("BEGIN")
        conn.execute("SELECT count(*) FROM journal_head").fetchone()
        _run(report, conn, "integrity", lambda: integrity_problems(conn, full=full))
        # The chain walk reads every entry: it hands the replay each record's newest
        # after-image on the way (used only when it read them all), so the journal is read
        # once, not twice.
        latest: dict[tuple[str, str], str | None] | None = {} if _images_fit(conn) else None
        try:
            report.chain = journal.verify_chain(conn, latest=latest)
        except (sqlite3.Error, KeyError, TypeError, ValueError) as exc:
            report.chain = journal.ChainReport(problems=[f"journal unreadable ({exc})"])
        try:
            walked = latest if latest is not None and report.chain.complete else None
            result = replay.replay(conn, latest=walked)
            report.rows, report.rows_more, report.replayed = (
                result.problems,
                result.more,
                result.records,
            )
        except (sqlite3.Error, KeyError, TypeError, ValueError) as exc:
            report.rows = [f"the records could not be replayed ({exc})"]
        del latest  # the images are not needed past the replay
        _run(report, conn, "guards", lambda: replay.trigger_problems(conn))
        try:
            report.witness, report.witness_note = head_witness.problems(conn, owner, witnessed)
        except sqlite3.Error as exc:
            report.witness = [f"the head witness could not be compared ({exc})"]
        if photos:
            report.photos = photo_check.check_photos(conn, Paths(owner))
        with contextlib.suppress(sqlite3.Error):
            report.records = conn.execute("SELECT count(*) FROM permits").fetchone()[0]
    finally:
        conn.close()


#: Journal entries up to which the chain walk keeps each record's newest after-image for the
#: replay (about 0.4 KB each: ~120 MB at the limit). A larger register (the 1,000,000-permit
#: demo) is replayed from the journal by SQL instead, slower but in flat memory.
IMAGES_IN_MEMORY = 300_000


def _images_fit(conn) -> bool:
    try:
        return journal.read_head(conn).entries <= IMAGES_IN_MEMORY
    except (sqlite3.Error, TypeError):
        return False


def read_witness(path: Path) -> tuple[bool, journal.Head | None]:
    """The head witness beside ``path`` as ``(exists, head)``: read it BEFORE a read snapshot
    of the register begins, so a commit landing in between never makes it run ahead."""
    return head_witness.witness_path(path).exists(), head_witness.read(path)


def _run(report: VerifyReport, conn, attribute: str, check) -> None:
    try:
        setattr(report, attribute, list(getattr(report, attribute)) + check())
    except (sqlite3.Error, ValueError) as exc:
        getattr(report, attribute).append(str(exc))
