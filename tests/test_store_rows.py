"""The typed records of store/rows.py describe the tables exactly as the migrations leave
them: a column added, dropped, retyped or made nullable without rows.py following fails here,
so mypy's checks of the code that reads rows rest on the real schema."""

from __future__ import annotations

import types
import typing

import pytest

from deerfield_desk.store import rows

SQL_TYPES = {"INTEGER": int, "TEXT": str}


def _described(hint) -> tuple[type, bool]:
    if isinstance(hint, types.UnionType):
        args = set(typing.get_args(hint))
        return next(a for a in args if a is not type(None)), type(None) in args
    return hint, False


@pytest.mark.parametrize("table", sorted(rows.ROW_TYPES))
def test_row_type_matches_the_table(register, table):
    hints = typing.get_type_hints(rows.ROW_TYPES[table])
    schema = {
        name: (SQL_TYPES[kind], not notnull and name != "id")
        for _cid, name, kind, notnull, _default, _pk in register.conn.execute(
            f"PRAGMA table_info({table})"
        )
    }
    typed = {name: _described(hint) for name, hint in hints.items()}
    missing = sorted(set(schema) - set(typed))
    extra = sorted(set(typed) - set(schema))
    assert not missing, f"store/rows.py: add {missing} to the {table} row type"
    assert not extra, f"store/rows.py: {extra} are no longer columns of {table}"
    differ = {n: (typed[n], schema[n]) for n in schema if typed[n] != schema[n]}
    assert not differ, f"store/rows.py: (type, nullable) of {table} differ: {differ}"


def test_accessors_return_the_stored_row(register):
    parcel = register.insert(
        "parcels", {"parcel_number": "1", "street": "Main", "address_text": "1"}
    )
    stored = register.insert(
        "permits", {"kind": "building", "parcel_id": parcel["id"], "address_text": "1 Main"}
    )
    permit = rows.permit(register, stored["uuid"])
    assert permit == stored and permit["status"] == "draft"
    assert rows.permit_by_id(register, stored["id"]) == stored


def test_a_permit_without_an_application_is_refused_with_a_reason(register):
    """mypy found it: ``application_id`` may be None (an imported permit), and issuing such
    a permit failed with "no applications row None"."""
    from datetime import date

    from deerfield_desk.errors import NotAllowed
    from deerfield_desk.store.permits_lifecycle import issue_permit

    imported = register.insert(
        "permits", {"kind": "building", "status": "approved", "address_text": "3 Elm St"}
    )
    with pytest.raises(NotAllowed, match="no application on file"):
        issue_permit(register, imported["uuid"], date(2026, 3, 2), None)
    assert rows.permit(register, imported["uuid"])["status"] == "approved"
