"""The walk behind ``journal.verify_chain``: every entry's hash and place in the chain, fast.

Why its own module: ``verify`` runs this walk over the whole journal (beside every year-end
export too), and on a busy year it was most of verify's time. Two ways to check an entry's
hash, with the same findings:

- the plain way (``_RowHasher``): the entry's canonical JSON written in Python from the row;
- the fast way: SQLite writes the canonical JSON in the query (``store/canonical_sql.py``
  says why a *matching* hash from that text can be believed); an entry whose text is
  missing or does not match is hashed the plain way, which decides. A format entry (the
  hash format changes there) is always hashed the plain way, and the query is read again
  from it on with the new format.

The fast way needs ``seq`` to be the table's row id (unique, so an entry can be read again
by it); a journal that is not so, or an SQLite that cannot run the query, is walked the
plain way from the start.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import MutableMapping
from itertools import combinations
from operator import itemgetter
from typing import Any

from deerfield_desk.store import canonical_sql
from deerfield_desk.store.executor import Executor
from deerfield_desk.store.journal import (
    FORMAT_RECORD,
    GENESIS_HASH,
    HASHED_FIELDS,
    OPTIONAL_HASHED_FIELDS,
    V1,
    VERSION_FIELDS,
    ChainReport,
    Format,
    _digest,
    _entry_columns,
    _entry_rows,
    _head_names_register,
    format_declared,
    hashed_keys,
    read_head,
)

Latest = MutableMapping[tuple[str, str], str | None]


class _RowHasher:
    """``journal.entry_hash`` over a journal row as a tuple (columns ``names``).

    Why: a dict per row and the key bookkeeping of ``entry_hash`` cost as much as the
    hashing. Which fields are hashed depends only on which optional fields the row has and on
    the format, so each such shape's sorted keys and their columns are worked out once; the
    hashed dict (keys in sorted order, the same canonical text) is then made at C speed.
    ``tests/test_journal_walk.py`` holds it to the hash registers have always carried."""

    def __init__(self, names: list[str]):
        self.names = names
        self.column = {name: i for i, name in enumerate(names)}
        self.optional = [(n, self.column[n]) for n in OPTIONAL_HASHED_FIELDS if n in self.column]
        self.prev = self.column["prev_hash"]
        self.shapes: dict[tuple, tuple[tuple[str, ...], itemgetter]] = {}

    def __call__(self, row: tuple, fmt: Format) -> str:
        versioned = fmt.version >= 2
        present = tuple(n for n, i in self.optional if row[i] is not None)
        shape = self.shapes.get((present, versioned))
        if shape is None:
            keys = hashed_keys(present, versioned)
            # the version fields are read from two values appended to the row
            at = {**self.column, "hash_version": len(row), "register_id": len(row) + 1}
            shape = self.shapes[(present, versioned)] = (keys, itemgetter(*(at[k] for k in keys)))
        keys, pick = shape
        values = pick((*row, fmt.version, fmt.register_id))
        return _digest(row[self.prev], dict(zip(keys, values, strict=True)))


class _Walk:
    """The chain's state and findings along the walk, whichever way a hash was checked."""

    def __init__(self, max_problems: int, latest: Latest | None):
        self.report = ChainReport()
        self.max_problems = max_problems
        self.latest = latest
        # as read from the file: a damaged journal may hold other types than str and int
        self.prev_hash: Any = GENESIS_HASH
        self.expected: Any = 1
        self.fmt = V1

    def format_entry(self, entry: dict) -> None:
        """An entry about the journal itself: the hash format from here on."""
        problems, seq = self.report.problems, entry["seq"]
        declared = format_declared(entry)
        if declared is None:
            problems.append(f"journal entry {seq}: a damaged format entry")
            return
        if self.fmt.register_id and declared.register_id != self.fmt.register_id:
            problems.append(
                f"journal entry {seq}: names register {declared.register_id}, but the entries "
                f"before it belong to register {self.fmt.register_id}: journals were spliced"
            )
        self.fmt = declared

    def step(self, seq, prev, hash_, holds: bool, table, record, after) -> bool:
        """One entry checked; True when the walk must stop (too many problems)."""
        report, problems = self.report, self.report.problems
        report.entries += 1
        if seq != self.expected:
            problems.append(
                f"journal entry {seq}: expected entry {self.expected} next: an entry was "
                "removed or moved"
            )
        if prev != self.prev_hash:
            problems.append(
                f"journal entry {seq}: does not follow the entry before it: an entry was "
                "removed, inserted or reordered"
            )
        if not holds:
            problems.append(
                f"journal entry {seq}: its content does not match its hash: it was edited"
            )
        if self.latest is not None:
            self.latest[(table, record)] = after
        self.prev_hash, self.expected = hash_, seq + 1
        if len(problems) >= self.max_problems:
            problems.append("… stopped after too many problems")
            return True
        return False


def walk(conn: Executor, max_problems: int = 20, latest: Latest | None = None) -> ChainReport:
    """``journal.verify_chain``: see there."""
    names = _entry_columns(conn)
    state = _Walk(max_problems, latest)
    complete = False
    if _seq_is_row_id(conn) and canonical_sql.usable(conn):
        try:
            complete = _fast(conn, state, names)
        except sqlite3.Error:  # the query failed part-way: start again the plain way
            state = _Walk(max_problems, latest)
            if latest is not None:
                latest.clear()
            complete = _plain(conn, state, names)
    else:
        complete = _plain(conn, state, names)
    if complete:
        _close(conn, state)
    return state.report


def _plain(conn: Executor, state: _Walk, names: list[str]) -> bool:
    """Every entry hashed in Python; True when every entry was read."""
    hasher = _RowHasher(names)
    at = hasher.column
    i_seq, i_prev, i_hash = at["seq"], at["prev_hash"], at["hash"]
    i_table, i_record, i_after = at["table_name"], at["record_uuid"], at["after_json"]
    for row in _entry_rows(conn, names):
        if row[i_record] == FORMAT_RECORD:
            state.format_entry(dict(zip(names, row, strict=True)))
        holds = hasher(row, state.fmt) == row[i_hash]
        if state.step(
            row[i_seq], row[i_prev], row[i_hash], holds, row[i_table], row[i_record], row[i_after]
        ):
            return False
    return True


def _fast(conn: Executor, state: _Walk, names: list[str]) -> bool:
    """Hashes from SQLite's canonical text; the plain way for any entry that does not match
    and for every format entry (then the query goes on with the format it declares)."""
    hasher = _RowHasher(names)
    one = f"SELECT {', '.join(names)} FROM journal WHERE seq = ?"
    queries = {v: _text_query(conn, names, v) for v in (False, True)}
    sha = hashlib.sha256
    after_seq = 0
    while True:
        fmt = state.fmt
        params = {"after": after_seq, "hash_version": fmt.version, "register_id": fmt.register_id}
        for seq, prev, hash_, table, record, after, text in conn.execute(
            queries[fmt.version >= 2], params
        ):
            if record == FORMAT_RECORD:
                row = conn.execute(one, (seq,)).fetchone()
                state.format_entry(dict(zip(names, row, strict=True)))
                holds = hasher(row, state.fmt) == hash_
                if state.step(seq, prev, hash_, holds, table, record, after):
                    return False
                after_seq = seq
                break  # read on with the format this entry declares
            holds = (
                text is not None
                and type(prev) is str
                and sha(prev.encode("utf-8") + text).hexdigest() == hash_
            )
            if not holds:
                holds = hasher(conn.execute(one, (seq,)).fetchone(), fmt) == hash_
            if state.step(seq, prev, hash_, holds, table, record, after):
                return False
        else:
            return True


def _text_query(conn: Executor, names: list[str], versioned: bool) -> str:
    """Each entry's chain fields, its after-image and its canonical JSON as UTF-8 bytes,
    written by SQLite (NULL where a value would not be written faithfully)."""
    declared = {r[1]: r[2] for r in conn.execute("PRAGMA table_info(journal)")}
    optional = [n for n in OPTIONAL_HASHED_FIELDS if n in names]
    hashed = [*HASHED_FIELDS, *optional]
    guard = canonical_sql.unfaithful([(n, declared.get(n)) for n in hashed])
    cases = []
    for size in range(len(optional), -1, -1):  # which optional fields an entry has
        for present in combinations(optional, size):
            when = " AND ".join(
                f"{n} IS {'NOT ' if n in present else ''}NULL" for n in optional
            )  # fmt: skip
            pairs = [
                (k, f":{k}" if k in VERSION_FIELDS else canonical_sql.quote_name(k))
                for k in hashed_keys(present, versioned)
            ]
            cases.append(
                f"WHEN {when or '1'} THEN CAST({canonical_sql.json_object(pairs)} AS BLOB)"
            )
    return (
        "SELECT seq, prev_hash, hash, table_name, record_uuid, after_json, "
        f"CASE WHEN {guard} THEN NULL {' '.join(cases)} END "
        "FROM journal WHERE seq > :after ORDER BY seq"
    )


def _seq_is_row_id(conn: Executor) -> bool:
    """Is ``seq`` the journal's row id (INTEGER PRIMARY KEY of a rowid table), so unique?
    Any other primary key is kept by an index of origin 'pk'."""
    info = list(conn.execute("PRAGMA table_info(journal)"))
    keys = [(r[1], str(r[2]).upper()) for r in info if r[5]]
    if keys != [("seq", "INTEGER")]:
        return False
    return not any(r[3] == "pk" for r in conn.execute("PRAGMA index_list(journal)"))


def _close(conn: Executor, state: _Walk) -> None:
    """After the last entry: the head must name it, and the register the entries name."""
    report, fmt = state.report, state.fmt
    report.complete = True
    prev_hash = state.prev_hash
    report.head_hash = prev_hash
    report.register_id = fmt.register_id
    head = read_head(conn)
    if head.entries != report.entries or head.hash != prev_hash:
        report.problems.append(
            f"the journal head records {head.entries} entries ending in {head.hash[:12]}…, "
            f"but {report.entries} entries ending in {prev_hash[:12]}… are present: "
            "entries were cut off or added outside the app"
        )
    if fmt.register_id is not None and _head_names_register(conn):
        named = conn.execute("SELECT register_id FROM journal_head WHERE id = 1").fetchone()
        if named is not None and named[0] != fmt.register_id:
            report.problems.append(
                f"the journal head names register {named[0]}, but its entries belong to "
                f"register {fmt.register_id}: the head was edited or copied from another register"
            )
