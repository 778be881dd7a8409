"""Journal hash version 2: the register's id in the chain, values normalised before hashing,
and registers written by version 1 still verifying (store/journal.py)."""

from __future__ import annotations

import sqlite3
from datetime import date, datetime
from decimal import Decimal

import pytest

from deerfield_desk.store import journal
from deerfield_desk.store.register import Register
from deerfield_desk.store.verify import verify_register

PARCEL = {"parcel_number": "0812-1", "street": "Main St", "address_text": "1 Main St"}


def test_a_new_register_declares_its_id_at_the_head_of_its_chain(register, db_path):
    register.insert("parcels", PARCEL)
    first = next(journal.iter_entries(register.conn))
    assert first["seq"] == 1 and first["action"] == "format"
    assert first["record_uuid"] == journal.FORMAT_RECORD
    rid = journal.register_id(register.conn)
    assert rid and rid in first["after_json"]
    register.insert("parcels", {**PARCEL, "parcel_number": "0812-2"})
    assert journal.register_id(register.conn) == rid, "declared once, not per write"
    register.close()
    report = verify_register(db_path)
    assert report.ok and report.chain.register_id == rid
    assert f"Register id: {rid}" in report.lines()


def test_a_register_written_in_version_1_still_verifies_and_continues_in_version_2(
    db_path, clerk, monkeypatch
):
    with monkeypatch.context() as old_app:
        old_app.setattr(journal, "HASH_VERSION", 1)
        reg = Register.create(db_path, clerk)
        reg.insert("parcels", PARCEL)
        assert journal.register_id(reg.conn) is None
        reg.close()
    assert verify_register(db_path).ok
    reg = Register.open(db_path, clerk)
    reg.insert("parcels", {**PARCEL, "parcel_number": "0812-2"})
    actions = [e["action"] for e in journal.iter_entries(reg.conn)]
    assert actions == ["insert", "format", "insert"]
    reg.close()
    report = verify_register(db_path)
    assert report.ok, report.lines()
    assert report.chain.entries == 3 and report.chain.register_id
    conn = sqlite3.connect(db_path)
    (named,) = conn.execute("SELECT register_id FROM journal_head").fetchone()
    conn.close()
    assert named == report.chain.register_id, "declaring the id also writes it into the head"


def _tamper(db_path, sql):
    conn = sqlite3.connect(db_path)
    conn.execute("DROP TRIGGER journal_no_update")
    conn.execute(sql)
    conn.commit()
    conn.close()


def test_changing_the_register_id_in_the_format_entry_is_detected(register, db_path):
    register.insert("parcels", PARCEL)
    rid = journal.register_id(register.conn)
    register.close()
    _tamper(
        db_path,
        f"UPDATE journal SET after_json = replace(after_json, '{rid}', "
        "'11111111-1111-1111-1111-111111111111') WHERE seq = 1",
    )
    report = verify_register(db_path)
    assert not report.ok
    assert any("edited" in p for p in report.chain.problems), report.chain.problems


def _head_register_id(db_path) -> str | None:
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute("SELECT register_id FROM journal_head WHERE id = 1").fetchone()[0]
    finally:
        conn.close()


def test_the_journal_head_names_the_register(register, db_path):
    register.insert("parcels", PARCEL)
    first = next(journal.iter_entries(register.conn))
    register.close()
    assert _head_register_id(db_path) == journal.format_declared(first).register_id


def test_a_head_naming_another_register_is_reported(register, db_path):
    register.insert("parcels", PARCEL)
    register.close()
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE journal_head SET register_id = '33333333-3333-3333-3333-333333333333'")
    conn.commit()
    conn.close()
    problems = verify_register(db_path).chain.problems
    assert any("journal head names register 3333" in p for p in problems), problems


def test_a_register_from_before_m0020_gets_its_id_into_the_head(register, db_path, clerk):
    register.insert("parcels", PARCEL)
    rid = journal.register_id(register.conn)
    register.close()
    conn = sqlite3.connect(db_path)  # as the file stood before the migration shipped
    conn.execute("ALTER TABLE journal_head DROP COLUMN register_id")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm0020_journal_head_register'")
    conn.commit()
    conn.close()
    reopened = Register.open(db_path, clerk)
    assert journal.register_id(reopened.conn) == rid
    reopened.close()
    assert _head_register_id(db_path) == rid
    assert verify_register(db_path).ok


def test_an_entry_recomputed_as_version_1_does_not_verify_in_a_version_2_chain(register, db_path):
    """Hash version is not a field one can quietly downgrade: a v2 entry re-hashed the v1 way
    (no register id) breaks the chain."""
    register.insert("parcels", PARCEL)
    register.close()
    conn = sqlite3.connect(db_path)
    entry = next(e for e in journal.iter_entries(conn) if e["seq"] == 2)
    conn.close()
    _tamper(db_path, f"UPDATE journal SET hash = '{journal.entry_hash(entry)}' WHERE seq = 2")
    assert not verify_register(db_path).ok


def test_a_second_format_entry_naming_another_register_is_reported(register, db_path):
    register.insert("parcels", PARCEL)
    with register.transaction():
        journal.append_entries(
            register.conn,
            register.actor,
            [
                (
                    "journal",
                    journal.FORMAT_RECORD,
                    journal.FORMAT_ACTION,
                    None,
                    {"hash_version": 2, "register_id": "22222222-2222-2222-2222-222222222222"},
                    None,
                )
            ],
        )
    register.close()
    problems = verify_register(db_path).chain.problems
    assert any("spliced" in p for p in problems), problems


def test_values_are_normalised_not_stringified():
    as_sqlite = {"at": "2026-03-01T09:30:00", "day": "2026-03-01", "n": 3, "ok": 1}
    as_other_engine = {
        "at": datetime(2026, 3, 1, 9, 30),
        "day": date(2026, 3, 1),
        "n": Decimal("3"),
        "ok": True,
    }
    assert journal.to_json(as_sqlite) == journal.to_json(as_other_engine)
    assert journal.to_json({"x": Decimal("2.5")}) == '{"x":2.5}'
    with pytest.raises(TypeError, match="set"):
        journal.to_json({"tags": {"a"}})
    with pytest.raises(ValueError, match="nan"):
        journal.to_json({"x": float("nan")})


def test_the_register_has_one_id_for_its_journal_and_the_field_exchange(register, monkeypatch):
    from deerfield_desk.store.field.manifest import register_id as field_register_id

    register.insert("parcels", PARCEL)
    assert field_register_id(register) == journal.register_id(register.conn)


def test_a_register_named_before_version_2_keeps_its_name_in_the_journal(
    db_path, clerk, monkeypatch
):
    with monkeypatch.context() as old_app:
        old_app.setattr(journal, "HASH_VERSION", 1)
        reg = Register.create(db_path, clerk)
        reg.set_setting(journal.REGISTER_ID, "3f1c0e9a-0000-4000-8000-000000000001")
        reg.close()
    reg = Register.open(db_path, clerk)
    reg.insert("parcels", PARCEL)
    assert journal.register_id(reg.conn) == "3f1c0e9a-0000-4000-8000-000000000001"
    reg.close()
    assert verify_register(db_path).ok
