"""Run a multi-statement SQL script inside the caller's transaction.

``sqlite3.Connection.executescript`` commits any open transaction first, which would break a
migration's atomicity; this splits the script into complete statements and runs them one by one.
"""

from __future__ import annotations

import sqlite3


def split_statements(script: str) -> list[str]:
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        raise ValueError(f"incomplete SQL statement: {buffer.strip()[:60]}")
    return statements


def execute_statements(conn: sqlite3.Connection, script: str) -> None:
    for statement in split_statements(script):
        conn.execute(statement)
