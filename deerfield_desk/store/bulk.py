"""A fast, journaled bulk path for filling a NEW register (demo data, first import).

Why it exists: ``Register.insert_many`` is right for day-to-day work but costs ~60 µs a record,
most of it building the same JSON twice through ``json.dumps`` with fresh encoders. A million
demo permits with their inspections would take minutes. This writer produces *byte-identical*
journal entries to ``journal.append_entries`` (same fields, same canonical JSON, same SHA-256
chain, same ``journal_head``) but builds the canonical text from a cached encoder. It needs no
connection, so ``deerfield_desk/demo`` can run it in a second process while the first one writes.
``tests/test_register_demo.py`` checks the equivalence and that
``deerfield-desk verify`` passes.

Only for a file nobody else has open: it writes with the journal and sync off and is meant to
be followed by a rename into place, so a failure leaves no half-built register behind.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence

from deerfield_desk.models.actor import Actor
from deerfield_desk.store import journal

_ROW_JSON = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
).encode
_STR = json.encoder.encode_basestring  # what json.dumps(ensure_ascii=False) uses for strings


def row_json(row: dict) -> str:
    """``journal.to_json(row)`` for flat rows of str/int/None, without building an encoder per
    call (the same text: sorted keys, no spaces, non-ASCII kept). Anything else goes through
    the real encoder."""
    parts = []
    for key in sorted(row):
        value = row[key]
        kind = type(value)
        if kind is str:
            parts.append(f"{_STR(key)}:{_STR(value)}")
        elif kind is int:
            parts.append(f"{_STR(key)}:{value}")
        elif value is None:
            parts.append(f"{_STR(key)}:null")
        else:
            return _ROW_JSON(row)
    return "{" + ",".join(parts) + "}"


def _lit(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return _STR(value)
    return _ROW_JSON(value)


class JournalChain:
    """Extends the journal's hash chain for many inserts, exactly as journal.append_entries."""

    def __init__(self, conn: sqlite3.Connection, actor: Actor):
        head = journal.read_head(conn)
        self.seq, self.hash, self.entries = head.seq, head.hash, head.entries
        self.actor = actor

    @classmethod
    def from_head(cls, actor: Actor, seq: int, hash_: str, entries: int) -> JournalChain:
        """Continue a chain whose head was read elsewhere (another process)."""
        chain = cls.__new__(cls)
        chain.seq, chain.hash, chain.entries, chain.actor = seq, hash_, entries, actor
        return chain

    def entries_for(self, table: str, rows: Sequence[dict], uuids: Sequence[str], at_utc: str):
        """Journal tuples (HASHED_FIELDS + hash) for ``rows`` inserted into ``table``.

        ``uuids[i]`` is the journal entry's own uuid (the caller makes them, seeded)."""
        a = self.actor
        # Sorted-key canonical JSON, split around the fields that change per entry.
        head = '{"action":"insert","after_json":'
        middle = (
            f',"at_utc":{_lit(at_utc)},"before_json":null,"device_id":{_lit(a.device_id)}'
            ',"prev_hash":"'
        )
        tail_fixed = (
            f',"table_name":{_lit(table)},"user_name":{_lit(a.name)}'
            f',"user_role":{_lit(str(a.role))},"uuid":"'
        )
        out = []
        prev, seq = self.hash, self.seq
        sha = hashlib.sha256
        for row, entry_uuid in zip(rows, uuids, strict=True):
            seq += 1
            after = row_json(row)
            record_uuid = row["uuid"]
            canonical = (
                f'{head}{_STR(after)}{middle}{prev}","reason":null,"record_uuid":'
                f'{_STR(record_uuid)},"seq":{seq}{tail_fixed}{entry_uuid}"}}'
            )
            digest = sha((prev + canonical).encode("utf-8")).hexdigest()
            out.append(
                (
                    seq, entry_uuid, at_utc, a.name, str(a.role), a.device_id, table,
                    record_uuid, "insert", None, None, after, prev, digest,
                )
            )  # fmt: skip
            prev = digest
        self.seq, self.hash, self.entries = seq, prev, self.entries + len(out)
        return out

    def series_entries(self, series_rows: Sequence[tuple], uuids: Sequence[str], at_utc: str):
        """Journal tuples for number-series rows ``(series, year, last)`` set in bulk, in the
        form ``Register.next_number`` writes (store/replay.py replays them)."""
        out = []
        a = self.actor
        for (series, year, last), entry_uuid in zip(series_rows, uuids, strict=True):
            entry = {
                "seq": self.seq + 1, "uuid": entry_uuid, "at_utc": at_utc, "user_name": a.name,
                "user_role": str(a.role), "device_id": a.device_id,
                "table_name": "number_series", "record_uuid": f"{series}/{year}",
                "action": "number", "reason": None, "before_json": None,
                "after_json": journal.to_json({"series": series, "year": year, "last": last}),
                "prev_hash": self.hash,
            }  # fmt: skip
            entry["hash"] = journal.entry_hash(entry)
            out.append(tuple(entry[k] for k in (*journal.HASHED_FIELDS, "hash")))
            self.seq, self.hash, self.entries = entry["seq"], entry["hash"], self.entries + 1
        return out


JOURNAL_INSERT = (
    f"INSERT INTO journal ({', '.join((*journal.HASHED_FIELDS, 'hash'))}) "
    f"VALUES ({', '.join('?' * (len(journal.HASHED_FIELDS) + 1))})"
)
HEAD_UPSERT = (
    "INSERT INTO journal_head (id, seq, hash, entries) VALUES (1, ?, ?, ?) "
    "ON CONFLICT(id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash, "
    "entries = excluded.entries"
)


def insert_sql(table: str, columns: Sequence[str]) -> str:
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"


def journal_rows(conn: sqlite3.Connection, actor: Actor, tables: Sequence[str], at_utc: str):
    """Journal every row of ``tables`` as inserted, as stored (benchmarks and tools that fill
    a new register with executemany, so ``verify`` passes on it). Inside the caller's
    transaction; returns the number of entries written."""
    import uuid as uuidlib

    chain = JournalChain(conn, actor)
    written = 0
    for table in tables:
        cursor = conn.execute(f"SELECT * FROM {table} ORDER BY id")
        names = [d[0] for d in cursor.description]
        rows = [dict(zip(names, values, strict=True)) for values in cursor]
        if not rows:
            continue
        entries = chain.entries_for(table, rows, [str(uuidlib.uuid4()) for _ in rows], at_utc)
        conn.executemany(JOURNAL_INSERT, entries)
        written += len(entries)
    conn.execute(HEAD_UPSERT, (chain.seq, chain.hash, chain.entries))
    return written
