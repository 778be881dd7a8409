"""The seam for a second engine (docs/architecture.md): outside ``store/`` nothing holds a
SQLite connection. Screens and documents hand store functions a ``Register``; the store runs
every statement through ``Register.execute``."""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "deerfield_desk"
#: layers that must reach the database only through store/ functions
NO_CONNECTION = ("ui", "documents", "exports", "importing")


def modules():
    for layer in NO_CONNECTION:
        yield from sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("path", list(modules()), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_connection_outside_the_store(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert all(a.name != "sqlite3" for a in node.names), f"{path.name} imports sqlite3"
        elif isinstance(node, ast.ImportFrom):
            assert node.module != "sqlite3", f"{path.name} imports from sqlite3"
            if node.module == "deerfield_desk.store.register":
                names = {a.name for a in node.names}
                assert "connect" not in names, f"{path.name} opens its own connection"
        elif isinstance(node, ast.Attribute) and node.attr == "conn":
            raise AssertionError(f"{path.name}:{node.lineno} reaches for a raw connection")


def test_every_register_statement_passes_the_execution_point(register):
    """Writes, the journal, the change report and numbering all go through Register.execute:
    every statement SQLite runs for an insert was handed over there."""
    handed = []
    real_execute, real_many = register.execute, register.executemany

    def execute(sql, params=()):
        handed.append(sql)
        return real_execute(sql, params)

    def executemany(sql, rows):
        rows = list(rows)
        handed.extend([sql] * len(rows))
        return real_many(sql, rows)

    register.execute, register.executemany = execute, executemany
    ran = []
    register.conn.set_trace_callback(ran.append)
    register.insert("people", {"name": "Ann Lee"})
    register.next_number("permit", 2030)
    register.conn.set_trace_callback(None)
    assert len(ran) == len(handed) > 3
    assert any("number_series" in s for s in handed) and any("journal" in s for s in handed)
