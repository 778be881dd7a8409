"""Coded values: one enum per coded column, and a register that refuses any other code.

Migration m0005 rebuilds tables to add the checks; these tests hold it to keeping rows, ids,
indexes, triggers and the full-text index, and to refusing (changing nothing) a register that
already holds an unknown code.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from sqlite_utils import Database

from deerfield_desk.errors import DamagedRegisterError, InvalidInput, NotAllowed
from deerfield_desk.models.codes import PermitKind
from deerfield_desk.models.notices import NoticeKind
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store.coded_columns import CODED_COLUMNS, allowed
from deerfield_desk.store.migrations import build_migrations
from deerfield_desk.store.register import Register, connect
from tests.notices_fixtures import build_permits

CHECK = re.compile(r"CONSTRAINT (\w+)_code CHECK \((.*)\),?$", re.M)


def schema_codes(conn) -> dict[str, tuple[tuple[str, ...], bool]]:
    """``table_column`` -> (codes its CHECK lists, whether NULL passes), read from the schema."""
    found = {}
    for (sql,) in conn.execute("SELECT sql FROM sqlite_master WHERE type = 'table'"):
        for name, test in CHECK.findall(sql or ""):
            found[name] = (tuple(re.findall(r"'([^']*)'", test)), "IS NULL" in test)
    return found


def test_every_coded_column_checks_exactly_its_enum(register):
    """Fails when an enum gains a member without a migration that widens the check (or the
    other way round): the register and the code must agree on every code."""
    in_schema = schema_codes(register.conn)
    expected = {
        f"{table}_{column}": (allowed(table, column), nullable)
        for table, columns in CODED_COLUMNS.items()
        for column, (_enum, nullable) in columns.items()
    }
    assert in_schema == expected


def test_an_unknown_code_is_refused_naming_the_field(register):
    permit = build_permits(register)["permit1"]
    with pytest.raises(InvalidInput) as caught:
        register.insert("notices", {"kind": "expiry_notice", "permit_id": permit["id"]})
    assert caught.value.field == "kind"
    assert "building_stop_work" in caught.value.rule
    assert register.query("SELECT * FROM notices") == []
    with pytest.raises(InvalidInput, match="status: one of draft, submitted"):
        register.update("permits", permit["uuid"], {"status": "pending"})
    assert register.get("permits", permit["uuid"])["status"] == PermitStatus.ISSUED


def test_a_nullable_code_takes_null_and_known_codes(register):
    permit = build_permits(register)["permit1"]
    row = register.update("permits", permit["uuid"], {"permit_class": None})
    assert row["permit_class"] is None
    assert register.update("permits", permit["uuid"], {"permit_class": "major"})
    with pytest.raises(InvalidInput, match="permit_class: one of major, minor"):
        register.update("permits", permit["uuid"], {"permit_class": "huge"})


def _old_register(path, clerk) -> Register:
    """A register as version m0004 left it, with rows in the rebuilt tables."""
    conn = connect(path)
    build_migrations().apply(Database(conn), stop_before="m0005_coded_values")
    conn.close()
    return Register(connect(path), path, clerk)


def _shape(conn) -> dict:
    existing = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    rows = {
        table: conn.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()
        for table in CODED_COLUMNS
        if table in existing  # a later migration's table (m0015: receipts) is not there yet
    }
    extras = sorted(
        row
        for row in conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master "
            "WHERE type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_autoindex%'"
        )
        if row[2] in CODED_COLUMNS  # later migrations may add tables of their own
    )
    return {"rows": rows, "extras": extras}


def test_the_migration_keeps_rows_indexes_triggers_and_search(db_path, clerk):
    reg = _old_register(db_path, clerk)
    permits = build_permits(reg)
    reg.insert(
        "notices",
        {"kind": NoticeKind.VIOLATION, "permit_id": permits["permit1"]["id"], "status": "draft"},
    )
    before = _shape(reg.conn)
    reg.close()

    reg = Register.open(db_path, clerk)  # applies m0005
    assert reg.query_one("SELECT name FROM _sqlite_migrations WHERE name = 'm0005_coded_values'")
    after = _shape(reg.conn)
    # later migrations may add columns (m0007: notices) and indexes: compare what was there
    trimmed = {
        table: [row[: len(before["rows"][table][0])] if before["rows"][table] else row
                for row in rows]
        for table, rows in after["rows"].items()
        if table in before["rows"]
    }  # fmt: skip
    assert trimmed == before["rows"]
    assert set(before["extras"]) <= set(after["extras"])  # every index and "never deleted"
    assert len(before["extras"]) > 30
    reg.conn.execute("INSERT INTO permits_fts(permits_fts) VALUES ('integrity-check')")
    hits = reg.query(
        "SELECT p.permit_number FROM permits_fts JOIN permits p ON p.id = permits_fts.rowid "
        "WHERE permits_fts MATCH 'liberty'"
    )
    assert hits == [{"permit_number": "2026-0041"}]
    assert reg.conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert reg.conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
    with pytest.raises(sqlite3.IntegrityError, match="never deleted"):
        reg.conn.execute("DELETE FROM permits")
    with pytest.raises((InvalidInput, NotAllowed)):
        reg.update("permits", permits["permit2"]["uuid"], {"kind": "treehouse"})
    reg.close()


def test_a_register_holding_an_unknown_code_is_refused_unchanged(db_path, clerk):
    reg = _old_register(db_path, clerk)
    permit = build_permits(reg)["permit1"]
    reg.insert("notices", {"kind": "expiry_notice", "permit_id": permit["id"]})
    schema_before = reg.query("SELECT sql FROM sqlite_master ORDER BY name")
    reg.close()

    with pytest.raises(DamagedRegisterError, match=r"notices.kind .*'expiry_notice' \(1 rows\)"):
        Register.open(db_path, clerk)
    conn = connect(db_path)
    assert [r[0] for r in conn.execute("SELECT sql FROM sqlite_master ORDER BY name")] == [
        r["sql"] for r in schema_before
    ]
    assert conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
    conn.close()


def test_the_demo_writes_only_known_codes(tmp_path):
    """The demo once served 60 notices of kinds no screen knew; now the register would refuse
    them, and every demo notice is one the Notices tab and the printer understand."""
    from deerfield_desk.demo import generate_demo
    from deerfield_desk.models.notices import kind_rule

    db = tmp_path / "demo.sqlite"
    gen = generate_demo(db, permits=1500, seed=3)
    for _ in gen:
        pass
    conn = sqlite3.connect(db)
    kinds = dict(conn.execute("SELECT kind, count(*) FROM notices GROUP BY kind").fetchall())
    assert sum(kinds.values()) > 10
    assert set(kinds) <= set(NoticeKind)
    for kind in kinds:
        assert kind_rule(kind).cli_kind
    permit_kinds = {k for (k,) in conn.execute("SELECT DISTINCT kind FROM permits")}
    assert permit_kinds == set(PermitKind)
    assert conn.execute("SELECT count(*) FROM notices WHERE due_date IS NULL").fetchone()[0] < (
        sum(kinds.values())
    )
    conn.close()
