"""Rebuild a table with a ``CHECK`` constraint on each coded column (SQLite's 12-step way).

Why a rebuild: SQLite cannot add a constraint to an existing table. The table is re-created
from its own stored ``CREATE TABLE`` text plus named constraints ``<table>_<column>_code``,
its rows copied with their ids (so ``permits_fts``, an external-content index keyed on
``permits.id``, stays valid), and its indexes and triggers (the "never deleted" guards)
re-created from their stored text. A later migration that adds a code calls
:func:`rebuild_with_codes` again with the wider list: the old named constraint is replaced.

Rows already holding an unknown code stop the upgrade with a message naming the table, the
column and the codes, and nothing is changed: an official record is never rewritten behind
the journal's back.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Mapping

from deerfield_desk.errors import DamagedRegisterError

#: column -> (allowed codes, NULL allowed)
Checks = Mapping[str, tuple[Iterable[str], bool]]


def constraint_name(table: str, column: str) -> str:
    return f"{table}_{column}_code"


def _constraint(table: str, column: str, codes: Iterable[str], nullable: bool) -> str:
    listed = ", ".join("'" + code.replace("'", "''") + "'" for code in codes)
    test = f"{column} IN ({listed})"
    if nullable:
        test = f"{column} IS NULL OR {test}"
    return f"CONSTRAINT {constraint_name(table, column)} CHECK ({test})"


def _unknown(conn: sqlite3.Connection, table: str, column: str, codes: list[str]) -> list:
    marks = ", ".join("?" for _ in codes)
    return conn.execute(
        f"SELECT {column}, count(*) FROM {table} WHERE {column} IS NOT NULL "
        f"AND {column} NOT IN ({marks}) GROUP BY {column} ORDER BY {column}",
        codes,
    ).fetchall()


def new_table_sql(table_sql: str, table: str, checks: Checks) -> str:
    """``table_sql`` with this module's earlier constraints on ``checks``' columns replaced."""
    body = table_sql.rstrip().rstrip(")").rstrip()
    for column in checks:
        name = re.escape(constraint_name(table, column))
        body = re.sub(rf",\s*CONSTRAINT {name} CHECK \((?:[^()]|\([^()]*\))*\)", "", body)
    added = ",\n    ".join(
        _constraint(table, column, codes, nullable) for column, (codes, nullable) in checks.items()
    )
    return f"{body},\n    {added}\n)"


def rebuild_with_codes(conn: sqlite3.Connection, table: str, checks: Checks) -> None:
    """Rebuild ``table`` with a named CHECK per coded column. Call inside a transaction
    with ``PRAGMA foreign_keys`` OFF (see :func:`run_rebuilds`)."""
    checks = {column: (list(codes), nullable) for column, (codes, nullable) in checks.items()}
    for column, (codes, _nullable) in checks.items():
        bad = _unknown(conn, table, column, codes)
        if bad:
            found = ", ".join(f"{code!r} ({n} rows)" for code, n in bad)
            raise DamagedRegisterError(
                f"{table}.{column} holds codes this version does not know: {found}. "
                f"It accepts {', '.join(codes)}. Nothing was changed; a demo register from an "
                f"earlier version can be made again with 'deerfield-desk demo'."
            )
    (table_sql,) = conn.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
    ).fetchone()
    extras = [
        sql
        for (sql,) in conn.execute(
            "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') "
            "AND sql IS NOT NULL ORDER BY type, name",
            (table,),
        )
    ]
    temp = f"_rebuild_{table}"
    create = new_table_sql(table_sql, table, checks)
    create = re.sub(rf"^CREATE TABLE\s+\"?{re.escape(table)}\"?", f"CREATE TABLE {temp}", create)
    conn.execute(create)
    conn.execute(f"INSERT INTO {temp} SELECT * FROM {table}")
    conn.execute(f"DROP TABLE {table}")
    conn.execute(f"ALTER TABLE {temp} RENAME TO {table}")
    for sql in extras:
        conn.execute(sql)


def run_rebuilds(conn: sqlite3.Connection, tables: Mapping[str, Checks]) -> None:
    """Rebuild each table in one transaction with foreign keys off, as SQLite prescribes:
    the schema change commits only if every reference still resolves afterwards."""
    if conn.in_transaction:
        raise RuntimeError("a table rebuild must start outside a transaction")
    conn.execute("PRAGMA foreign_keys = OFF")
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for table, checks in tables.items():
                rebuild_with_codes(conn, table, checks)
            broken = conn.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise DamagedRegisterError(
                    f"rebuilding for coded values would break {len(broken)} references; "
                    "nothing was changed"
                )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    finally:
        conn.execute("PRAGMA foreign_keys = ON")
