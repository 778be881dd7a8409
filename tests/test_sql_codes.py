"""Every code the store's SQL spells out is a code the register knows.

Why: the coded columns refuse unknown values (CHECK constraints, issue 12 item 2), but a query
that compares a column with a misspelt code — ``status = 'isued'`` — is not refused by anything:
it quietly matches nothing, and a list, a count or an export comes out short. This test reads
every SQL string in the package and checks each literal compared with a coded column against the
enum that column takes (``store/coded_columns.py``), so the SQL and the enums keep one set of
names. Tables outside that map (field exchange bookkeeping) are listed below with their codes.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from deerfield_desk.store.coded_columns import CODED_COLUMNS

PACKAGE = Path(__file__).resolve().parents[1] / "deerfield_desk"

# Field-exchange bookkeeping (m0009 checks these itself): the codes its SQL may compare with.
OTHER_CODES = {
    "status": {"out", "checked_in", "abandoned", "reserved", "closed", "open", "resolved"},
}

COMPARE = re.compile(r"\b(?:\w+\.)?(\w+)\s*(?:=|!=|<>)\s*'([^']*)'")
MEMBERSHIP = re.compile(r"\b(?:\w+\.)?(\w+)\s+(?:NOT\s+)?IN\s*\(((?:\s*'[^']*'\s*,?)+)\)", re.I)
SQL_WORDS = re.compile(r"\b(SELECT|UPDATE|WHERE|INSERT)\b")


def _codes_by_column() -> dict[str, set[str]]:
    codes: dict[str, set[str]] = {}
    for columns in CODED_COLUMNS.values():
        for column, (enum, _nullable) in columns.items():
            codes.setdefault(column, set()).update(str(member.value) for member in enum)
    for column, extra in OTHER_CODES.items():
        codes.setdefault(column, set()).update(extra)
    return codes


def _sql_strings():
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" in path.parts:
            continue  # shipped migrations freeze the codes of their day
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and SQL_WORDS.search(node.value):
                yield path.relative_to(PACKAGE.parent), node.lineno, node.value


def _compared_literals(sql: str):
    for column, value in COMPARE.findall(sql):
        yield column, value
    for column, values in MEMBERSHIP.findall(sql):
        for value in re.findall(r"'([^']*)'", values):
            yield column, value


def test_sql_literals_are_known_codes():
    codes = _codes_by_column()
    unknown = [
        f"{path}:{line}: {column} = '{value}'"
        for path, line, sql in _sql_strings()
        for column, value in _compared_literals(sql)
        if column in codes and value not in codes[column]
    ]
    assert not unknown, "SQL compares coded columns with codes nobody defines:\n" + "\n".join(
        unknown
    )


def test_the_check_finds_a_misspelt_code():
    """The scanner itself: a misspelt status and a stray kind in an IN list are caught."""
    codes = _codes_by_column()
    sql = "SELECT * FROM permits p WHERE p.status = 'isued' AND kind IN ('building', 'shed')"
    found = [(c, v) for c, v in _compared_literals(sql) if c in codes and v not in codes[c]]
    assert found == [("status", "isued"), ("kind", "shed")]


@pytest.mark.parametrize("column", ["status", "kind", "result", "method"])
def test_coded_columns_have_codes(column):
    assert _codes_by_column()[column], f"no codes known for {column}"
