"""A copy of the journal head kept OUTSIDE the register file: ``register.sqlite.head``.

Why: inside the file, the head (``journal_head``), the rows, the number series and the
journal can all be rolled back together, consistently, by anyone who can write the file: cut
the journal's last entries, fix ``journal_head``, put the rows and the series back the way the
cut entries found them. The replay (store/replay.py) catches every partial version of that
(cut entries whose rows were left; a head that does not match), but a *consistent* rollback is
indistinguishable from an old copy of the register, unless something outside the file
remembers how far the journal had got. Every committed write refreshes this small file, so
``verify`` can say "the journal ends at entry 80 but this register had reached entry 95".

Rules (why each):
- written after the commit, atomically (temporary file, fsync, rename): a crash between the
  commit and the witness leaves the witness *behind*, which is never reported; only a witness
  *ahead of* the journal, or naming an entry whose hash differs, is a finding;
- a missing witness is only noted (a copy on a USB stick or a backup has none): removing the
  witness as well as rolling back is caught only by the backups and year-end archives, whose
  journal heads are recorded (see the note in docs);
- never raises into the writer: the change is already committed when the witness is written.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from pathlib import Path

from deerfield_desk.store import journal
from deerfield_desk.store.journal import Head

SUFFIX = ".head"


def witness_path(db_path: Path | str) -> Path:
    db_path = Path(db_path)
    return db_path.with_name(db_path.name + SUFFIX)


def write(db_path: Path | str, head: journal.Head) -> bool:
    """Record ``head`` beside the register; False if the folder refused it."""
    target = witness_path(db_path)
    temporary = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    payload = json.dumps({"seq": head.seq, "hash": head.hash, "entries": head.entries})
    try:
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
        return True
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        return False


def read(db_path: Path | str) -> journal.Head | None:
    """The recorded head, or None when there is none (or it cannot be read)."""
    try:
        data = json.loads(witness_path(db_path).read_text(encoding="utf-8"))
        return journal.Head(int(data["seq"]), str(data["hash"]), int(data["entries"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def problems(
    conn: sqlite3.Connection, db_path: Path | str, witnessed: tuple[bool, Head | None] | None = None
) -> tuple[list[str], str]:
    """(findings, a one-line note) comparing the witness with the journal in ``conn``.

    ``witnessed`` is ``(exists, head)`` read BEFORE ``conn``'s read snapshot began: the app
    writes the witness after each commit, so a witness read first never runs ahead of the
    snapshot because of a write that landed in between."""
    target = witness_path(db_path)
    exists, head = witnessed if witnessed is not None else (target.exists(), read(db_path))
    if not exists:
        return [], "Head witness: none beside this file (a copy or a backup has none)"
    if head is None:
        return [f"{target.name}: the head witness is unreadable: it was edited"], ""
    if head.seq == 0:
        return [], "Head witness: ok (empty journal)"
    row = conn.execute("SELECT hash FROM journal WHERE seq = ?", (head.seq,)).fetchone()
    last = conn.execute("SELECT max(seq) FROM journal").fetchone()[0] or 0
    if row is None:
        return [
            f"the journal ends at entry {last}, but this register had reached entry "
            f"{head.seq} ({target.name}): entries were cut off, or an older copy was put in "
            "place without Restore"
        ], ""
    if row[0] != head.hash:
        return [
            f"journal entry {head.seq} is not the one this register wrote ({target.name} "
            f"records {head.hash[:12]}…): the journal was rewritten from there on"
        ], ""
    return [], f"Head witness: ok (entry {head.seq} of {last} confirmed)"
