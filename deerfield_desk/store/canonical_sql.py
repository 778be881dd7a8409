"""The journal's canonical JSON written by SQLite, believed only where it proves itself.

Why: ``verify`` (and the archive's check beside every year-end export) hashes every journal
entry and compares every official row with its newest after-image. Writing the JSON text of
80,000 entries and 80,000 rows in Python was most of its time; SQLite's ``json_object``
writes the same compact text (``{"key":value,…}``, no spaces, non-ASCII kept) at C speed.

Why that cannot weaken a check: SQLite's text is only ever *compared* — with the entry's
stored hash, or with the row's after-image text — and taken only when it matches. A match
means SQLite wrote the very text Python wrote when the entry was made (for a hash, short of
a SHA-256 collision), and JSON text decodes to one set of values, so the values in the file
now are the values journaled then: exactly the case in which the Python computation matches
too. Values SQLite would not write faithfully are kept out by a guard in the query (BLOBs,
which newer SQLite reads as JSONB, and REALs, which it rounds to 15 digits); the query then
yields NULL. A NULL or a mismatch sends that entry or table through the Python computation,
which decides as it always did, with the same findings. An SQLite without ``json_object``, or
a register not stored as UTF-8, uses the Python computation throughout.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from deerfield_desk.store.executor import Executor


def usable(conn: Executor) -> bool:
    """``json_object`` exists and the file stores text as UTF-8 (the hash is over UTF-8)."""
    try:
        conn.execute("SELECT json_object('a', 1)").fetchone()
        encoding = conn.execute("PRAGMA encoding").fetchone()[0]
    except sqlite3.Error:
        return False
    return str(encoding).upper() == "UTF-8"


def quote_name(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def quote_text(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def text_affinity(declared: str | None) -> bool:
    """Does a column declared ``declared`` have TEXT affinity (SQLite's rules, section 3.1 of
    "Datatypes In SQLite")? Such a column turns any number written to it into text, so it
    never holds a REAL."""
    upper = (declared or "").upper()
    return "INT" not in upper and any(w in upper for w in ("CHAR", "CLOB", "TEXT"))


def unfaithful(columns: Sequence[tuple[str, str | None]]) -> str:
    """An SQL condition, true when a value of ``columns`` (name, declared type) is one that
    ``json_object`` would not write as Python's encoder does."""
    tests = [f"typeof({quote_name(name)}) = 'blob'" for name, _declared in columns]
    tests += [
        f"typeof({quote_name(name)}) = 'real'"
        for name, declared in columns
        if not text_affinity(declared)
    ]
    return " OR ".join(tests) or "0"


def json_object(pairs: Sequence[tuple[str, str]]) -> str:
    """``json_object('key', expr, …)`` over ``(key, SQL expression)`` pairs, in their order
    (give them sorted: the journal's text has sorted keys)."""
    return "json_object(" + ", ".join(f"{quote_text(k)}, {expr}" for k, expr in pairs) + ")"


def row_text_query(conn: Executor, table: str) -> str:
    """``uuid`` and the row's JSON text (NULL when a value is unfaithful), by uuid; over the
    very columns ``SELECT *`` gives, which is what the replay compares."""
    names = [d[0] for d in conn.execute(f"SELECT * FROM {quote_name(table)} LIMIT 0").description]
    declared = {r[1]: r[2] for r in conn.execute(f"PRAGMA table_xinfo({quote_name(table)})")}
    text = json_object([(name, quote_name(name)) for name in sorted(names)])
    guard = unfaithful([(name, declared.get(name)) for name in names])
    return (
        f"SELECT uuid, CASE WHEN {guard} THEN NULL ELSE {text} END "
        f"FROM {quote_name(table)} ORDER BY uuid"
    )
