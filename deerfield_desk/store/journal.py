"""The append-only, hash-chained journal: the register's audit trail (ARCHITECTURE.md).

Each entry's hash is SHA-256 over the previous entry's hash and the entry's canonical JSON
(sorted keys, no spaces), and the entry's sequence number is part of what is hashed, so an
edited, removed, inserted or reordered entry breaks the chain. ``journal_head`` records the last
sequence number, hash and count in the same transaction, so cutting entries off the end shows
too. The chain proves consistency, not authorship: anyone who can rewrite the file can rewrite
the chain, which is why backups are rotated and the head hash goes into every archive manifest.

Hash versions. Version 1 (registers written before the engine seam) hashed the fields above.
Version 2 also hashes the register's own id and the version number, so an entry copied from
another register's journal never verifies here, and values are normalised before they become
JSON (:func:`normalise`) instead of ``default=str``, so the same row gives the same text and
hash whichever engine returned it (a ``datetime`` from PostgreSQL, ISO text from SQLite). A
register switches to version 2 with a *format entry* at the head of its version-2 chain
(record ``FORMAT_RECORD``, action ``format``, after ``{"hash_version": 2, "register_id": …}``),
written just before the first change made by this version. Entries before it keep verifying
as version 1, so every existing register stays verifiable; the format entry itself is
version 2, so its register id is covered by its own hash and by every hash after it.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import json
import math
import sqlite3
import uuid as uuidlib
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from decimal import Decimal

from deerfield_desk.models.actor import Actor
from deerfield_desk.store.executor import Executor

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


HASH_VERSION = 2
#: The setting that names a register (shared with the field exchange's manifests).
REGISTER_ID = "register_id"
#: The record a format entry is about: the journal itself (the nil UUID, never a row's uuid).
FORMAT_RECORD = "00000000-0000-0000-0000-000000000000"
FORMAT_ACTION = "format"


def normalise(value: object) -> object:
    """A value as the journal writes it, the same whichever engine or Python type produced it.

    Text, integers and null pass; booleans become 0/1 (SQLite has no boolean); integral
    decimals become integers and other decimals floats; dates and times their ISO text (the
    house text form, see docs/architecture.md); enums their value; mappings and sequences
    element-wise. Anything else is refused: ``default=str`` would have hashed whatever ``str()``
    happened to print, which differs between drivers and Python versions."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, enum.Enum):
        return normalise(value.value)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"the journal cannot hold the number {value!r}")
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): normalise(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [normalise(v) for v in value]
    raise TypeError(f"the journal cannot hold a {type(value).__name__} value: {value!r}")


def to_json(value: object) -> str | None:
    if value is None:
        return None
    return json.dumps(normalise(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Format:
    """How entries are hashed from a point of the chain on."""

    version: int = 1
    register_id: str | None = None


V1 = Format()


#: The canonical JSON of a hashed entry: the text of ``json.dumps(hashed, sort_keys=True,
#: separators=(",", ":"), ensure_ascii=False)`` for a dict whose keys are already in sorted
#: order (``hashed_keys``). One encoder for every entry and no sort per entry: verify hashes
#: every entry of the register, and building an encoder and sorting the keys each time was a
#: third of that work.
_CANONICAL = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
#: hashed from version 2 on; their values come from the format, not the entry
VERSION_FIELDS = ("hash_version", "register_id")


@functools.cache
def hashed_keys(optional: tuple[str, ...], versioned: bool) -> tuple[str, ...]:
    """The names an entry's hash covers, in the order its canonical JSON lists them (sorted):
    ``HASHED_FIELDS``, the ``optional`` fields the entry has (not null), and from version 2
    on ``VERSION_FIELDS``."""
    return tuple(sorted((*HASHED_FIELDS, *optional, *(VERSION_FIELDS if versioned else ()))))


def _digest(prev_hash: str, hashed: dict) -> str:
    return hashlib.sha256((prev_hash + _CANONICAL(hashed)).encode("utf-8")).hexdigest()


def entry_hash(entry: dict, fmt: Format = V1) -> str:
    optional = tuple(n for n in OPTIONAL_HASHED_FIELDS if entry.get(n) is not None)
    versioned = fmt.version >= 2
    extra = {"hash_version": fmt.version, "register_id": fmt.register_id} if versioned else {}
    keys = hashed_keys(optional, versioned)
    return _digest(entry["prev_hash"], {k: extra[k] if k in extra else entry.get(k) for k in keys})


def format_declared(entry: dict) -> Format | None:
    """The format an entry declares, if it is a format entry."""
    if entry.get("record_uuid") != FORMAT_RECORD or entry.get("action") != FORMAT_ACTION:
        return None
    try:
        declared = json.loads(entry.get("after_json") or "{}")
        return Format(int(declared["hash_version"]), str(declared["register_id"]))
    except (ValueError, KeyError, TypeError):
        return None


def current_format(conn: Executor) -> Format:
    """The format of the newest format entry (one look-up on the record index), else v1."""
    row = conn.execute(
        "SELECT after_json, record_uuid, action FROM journal WHERE record_uuid = ? "
        "AND action = ? ORDER BY seq DESC LIMIT 1",
        (FORMAT_RECORD, FORMAT_ACTION),
    ).fetchone()
    if row is None:
        return V1
    return format_declared({"after_json": row[0], "record_uuid": row[1], "action": row[2]}) or V1


def _new_register_id(conn: Executor, changes: list[tuple]) -> str:
    """The id a register's first format entry declares: the ``register_id`` setting when the
    register already has one (the field exchange names registers by it) or this very batch
    writes it, so a register never carries two ids; else a new one."""
    for table, _uuid, _action, _before, after, _reason in changes:
        if table == "settings" and isinstance(after, dict) and after.get("key") == REGISTER_ID:
            return str(json.loads(after["value"]))
    try:
        row = conn.execute("SELECT value FROM settings WHERE key = ?", (REGISTER_ID,)).fetchone()
    except sqlite3.OperationalError:  # a bare journal without the settings table (tests)
        row = None
    return str(json.loads(row[0])) if row else str(uuidlib.uuid4())


def format_at(conn: Executor, seq: int) -> Format:
    """The format in effect after entry ``seq`` (for checking a run of later entries)."""
    row = conn.execute(
        "SELECT after_json, record_uuid, action FROM journal WHERE record_uuid = ? "
        "AND action = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
        (FORMAT_RECORD, FORMAT_ACTION, seq),
    ).fetchone()
    if row is None:
        return V1
    return format_declared({"after_json": row[0], "record_uuid": row[1], "action": row[2]}) or V1


def hash_holds(entry: dict, fmt: Format) -> tuple[bool, Format]:
    """Does ``entry``'s hash hold under ``fmt`` (or the format it declares itself)? Returns
    the format for the entries after it, so a caller walking a run of entries keeps step."""
    fmt = format_declared(entry) or fmt
    return entry_hash(entry, fmt) == entry["hash"], fmt


def register_id(conn: Executor) -> str | None:
    """The register's own id; None before its first change made by a version that writes one.

    Read from the journal head (m0020), where the first format entry puts it; a register not
    yet migrated has it only in its format entry."""
    if _head_names_register(conn):
        row = conn.execute("SELECT register_id FROM journal_head WHERE id = 1").fetchone()
        if row is not None and row[0] is not None:
            return str(row[0])
    return current_format(conn).register_id


def _head_names_register(conn: Executor) -> bool:
    return any(r[1] == "register_id" for r in conn.execute("PRAGMA table_info(journal_head)"))


@dataclass
class Head:
    seq: int
    hash: str
    entries: int


def read_head(conn: Executor) -> Head:
    row = conn.execute("SELECT seq, hash, entries FROM journal_head WHERE id = 1").fetchone()
    return Head(*row) if row else Head(0, GENESIS_HASH, 0)


def append_entries(
    conn: Executor, actor: Actor, changes: list[tuple], origin: dict | None = None
) -> Head:
    """Append one entry per change ``(table, record_uuid, action, before, after, reason)``.

    Must run inside the caller's write transaction, so the change and its entry land together.
    ``origin`` (hashed with the entry) marks entries replayed from elsewhere, e.g. a field copy.
    """
    # here, not at the top: verify (a process of its own beside every export) never writes
    from deerfield_desk.store.register_lock import os_account

    origin_text = to_json(origin)
    head = read_head(conn)
    fmt = current_format(conn)
    declare = fmt.version < HASH_VERSION
    if declare:
        fmt = Format(HASH_VERSION, _new_register_id(conn, changes))
        declaration = {"hash_version": fmt.version, "register_id": fmt.register_id}
        changes = [("journal", FORMAT_RECORD, FORMAT_ACTION, None, declaration, None), *changes]
    rows: list[tuple] = []
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
            "origin": None if declare and not rows else origin_text,
            "os_account": account,
        }
        entry["hash"] = entry_hash(entry, fmt)
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
    if declare and _head_names_register(conn):
        conn.execute("UPDATE journal_head SET register_id = ? WHERE id = 1", (fmt.register_id,))
    return head


@dataclass
class ChainReport:
    entries: int = 0
    head_hash: str = GENESIS_HASH
    #: the register id of the newest format entry, None for a journal all in version 1
    register_id: str | None = None
    problems: list[str] = field(default_factory=list)
    #: every entry was read (the walk did not stop at ``max_problems``)
    complete: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems


def _has_column(conn: Executor, name: str) -> bool:
    return any(r[1] == name for r in conn.execute("PRAGMA table_info(journal)"))


def _entry_columns(conn: Executor) -> list[str]:
    """The hashed fields, ``hash`` and the optional hashed fields whose columns exist."""
    have = {r[1] for r in conn.execute("PRAGMA table_info(journal)")}
    return [*HASHED_FIELDS, "hash", *(f for f in OPTIONAL_HASHED_FIELDS if f in have)]


def _entry_rows(conn: Executor, names: list[str], after_seq: int = 0):
    return conn.execute(
        f"SELECT {', '.join(names)} FROM journal WHERE seq > ? ORDER BY seq", (after_seq,)
    )


def iter_entries(conn: Executor, after_seq: int = 0) -> Iterator[dict]:
    """Entries oldest first (after ``after_seq``), with the optional hashed fields
    (``origin``, ``os_account``) where their columns exist."""
    names = _entry_columns(conn)
    for row in _entry_rows(conn, names, after_seq):
        yield dict(zip(names, row, strict=True))


def verify_chain(
    conn: Executor,
    max_problems: int = 20,
    latest: MutableMapping[tuple[str, str], str | None] | None = None,
) -> ChainReport:
    """Walk the whole chain; say where it breaks and how (edited, missing, inserted, moved).

    ``latest``, when given, is filled on the way with each record's newest after-image,
    ``(table_name, record_uuid) -> after_json`` (the entry of the highest seq wins), which is
    what ``replay.replay`` compares the rows with: the walk reads every entry anyway, so the
    replay need not read and group the journal a second time. It holds every record only when
    the report is ``complete``. The walk itself is ``store/chain_walk.py`` (why it is fast)."""
    from deerfield_desk.store.chain_walk import walk

    return walk(conn, max_problems, latest)


def history(conn: Executor, record_uuid: str) -> list[dict]:
    """The journal entries for one record, oldest first (the detail pane's History)."""
    account = ", os_account" if _has_column(conn, "os_account") else ""
    cursor = conn.execute(
        "SELECT seq, at_utc, user_name, user_role, action, reason, before_json, after_json"
        f"{account} FROM journal WHERE record_uuid = ? ORDER BY seq",
        (record_uuid,),
    )
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor]
