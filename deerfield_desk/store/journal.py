"""The append-only, hash-chained journal: the register's audit trail (ARCHITECTURE.md).

Each entry's hash is SHA-256 over the previous entry's hash and the entry's canonical JSON
(sorted keys, no spaces), and the entry's sequence number is part of what is hashed, so an
edited, removed, inserted or reordered entry breaks the chain. ``journal_head`` records the last
sequence number, hash and count in the same transaction, so cutting entries off the end shows
too. The chain proves consistency, not authorship: anyone who can rewrite the file can rewrite
the chain, which is why backups are rotated and the head hash goes into every archive manifest.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import uuid as uuidlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime

from deerfield_desk.models.actor import Actor
from deerfield_desk.store.register_lock import os_account

GENESIS_HASH = "0" * 64
HASHED_FIELDS = (
    "seq",
    "uuid",
    "at_utc",
    "user_name",
    "user_role",
    "device_id",
    "table_name",
    "record_uuid",
    "action",
    "reason",
    "before_json",
    "after_json",
    "prev_hash",
)
# Hashed only when present, so entries written before the column existed keep their hashes.
# ``origin`` says where an entry came from when it did not start here: a field copy's entry
# applied at check-in carries the device, the check-out and the field entry's own hash.
# ``os_account`` (m0006): the operating-system account the app ran as, recorded next to the
# name typed at "who is at the keyboard" (a typed name is easy to get wrong or to borrow).
OPTIONAL_HASHED_FIELDS = ("origin", "os_account")


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def to_json(value: object) -> str | None:
    if value is None:
        return None
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def entry_hash(entry: dict) -> str:
    hashed = {k: entry.get(k) for k in HASHED_FIELDS}
    for name in OPTIONAL_HASHED_FIELDS:
        if entry.get(name) is not None:
            hashed[name] = entry[name]
    canonical = json.dumps(
        hashed,
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256((entry["prev_hash"] + canonical).encode("utf-8")).hexdigest()


@dataclass
class Head:
    seq: int
    hash: str
    entries: int


def read_head(conn: sqlite3.Connection) -> Head:
    row = conn.execute("SELECT seq, hash, entries FROM journal_head WHERE id = 1").fetchone()
    return Head(*row) if row else Head(0, GENESIS_HASH, 0)


def append_entries(
    conn: sqlite3.Connection, actor: Actor, changes: list[tuple], origin: dict | None = None
) -> Head:
    """Append one entry per change ``(table, record_uuid, action, before, after, reason)``.

    Must run inside the caller's write transaction, so the change and its entry land together.
    ``origin`` (hashed with the entry) marks entries replayed from elsewhere, e.g. a field copy.
    """
    origin_text = to_json(origin)
    head = read_head(conn)
    rows = []
    at = utc_now()
    # a register not yet migrated to the origin column can still take entries without one
    columns = (*HASHED_FIELDS, "hash") if origin is None else (*HASHED_FIELDS, "hash", "origin")
    account = os_account() if _has_column(conn, "os_account") else None
    if account is not None:
        columns = (*columns, "os_account")
    for table, record_uuid, action, before, after, reason in changes:
        entry = {
            "seq": head.seq + 1,
            "uuid": str(uuidlib.uuid4()),
            "at_utc": at,
            "user_name": actor.name,
            "user_role": str(actor.role),
            "device_id": actor.device_id,
            "table_name": table,
            "record_uuid": record_uuid,
            "action": action,
            "reason": reason,
            "before_json": to_json(before),
            "after_json": to_json(after),
            "prev_hash": head.hash,
            "origin": origin_text,
            "os_account": account,
        }
        entry["hash"] = entry_hash(entry)
        rows.append(tuple(entry[k] for k in columns))
        head = Head(entry["seq"], entry["hash"], head.entries + 1)
    conn.executemany(
        f"INSERT INTO journal ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
        rows,
    )
    conn.execute(
        "INSERT INTO journal_head (id, seq, hash, entries) VALUES (1, ?, ?, ?) "
        "ON CONFLICT(id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash, "
        "entries = excluded.entries",
        (head.seq, head.hash, head.entries),
    )
    return head


@dataclass
class ChainReport:
    entries: int = 0
    head_hash: str = GENESIS_HASH
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _has_column(conn: sqlite3.Connection, name: str) -> bool:
    return any(r[1] == name for r in conn.execute("PRAGMA table_info(journal)"))


def iter_entries(conn: sqlite3.Connection, after_seq: int = 0) -> Iterator[dict]:
    """Entries oldest first (after ``after_seq``), with the optional hashed fields
    (``origin``, ``os_account``) where their columns exist."""
    have = {r[1] for r in conn.execute("PRAGMA table_info(journal)")}
    names = [*HASHED_FIELDS, "hash", *(f for f in OPTIONAL_HASHED_FIELDS if f in have)]
    cursor = conn.execute(
        f"SELECT {', '.join(names)} FROM journal WHERE seq > ? ORDER BY seq", (after_seq,)
    )
    for row in cursor:
        yield dict(zip(names, row, strict=True))


def verify_chain(conn: sqlite3.Connection, max_problems: int = 20) -> ChainReport:
    """Walk the whole chain; say where it breaks and how (edited, missing, inserted, moved)."""
    report = ChainReport()
    prev_hash, expected_seq = GENESIS_HASH, 1
    for entry in iter_entries(conn):
        report.entries += 1
        where = f"journal entry {entry['seq']}"
        if entry["seq"] != expected_seq:
            report.problems.append(
                f"{where}: expected entry {expected_seq} next: an entry was removed or moved"
            )
        if entry["prev_hash"] != prev_hash:
            report.problems.append(
                f"{where}: does not follow the entry before it: an entry was removed, "
                "inserted or reordered"
            )
        if entry_hash(entry) != entry["hash"]:
            report.problems.append(f"{where}: its content does not match its hash: it was edited")
        prev_hash, expected_seq = entry["hash"], entry["seq"] + 1
        if len(report.problems) >= max_problems:
            report.problems.append("… stopped after too many problems")
            return report
    report.head_hash = prev_hash
    head = read_head(conn)
    if head.entries != report.entries or head.hash != prev_hash:
        report.problems.append(
            f"the journal head records {head.entries} entries ending in {head.hash[:12]}…, "
            f"but {report.entries} entries ending in {prev_hash[:12]}… are present: "
            "entries were cut off or added outside the app"
        )
    return report


def history(conn: sqlite3.Connection, record_uuid: str) -> list[dict]:
    """The journal entries for one record, oldest first (the detail pane's History)."""
    account = ", os_account" if _has_column(conn, "os_account") else ""
    cursor = conn.execute(
        "SELECT seq, at_utc, user_name, user_role, action, reason, before_json, after_json"
        f"{account} FROM journal WHERE record_uuid = ? ORDER BY seq",
        (record_uuid,),
    )
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor]
