"""The journal is the audit trail: every change lands in it, and tampering is caught."""

import sqlite3

import pytest

from deerfield_desk.cli import main
from deerfield_desk.errors import InvalidInput
from deerfield_desk.store import journal
from deerfield_desk.store.verify import verify_register


def _some_history(register):
    parcel = register.insert(
        "parcels",
        {
            "parcel_number": "0812-054-1100-2",
            "house_number": "7",
            "street": "Liberty St",
            "address_text": "7 Liberty St",
        },
    )
    permit = register.insert(
        "permits",
        {
            "kind": "building",
            "parcel_id": parcel["id"],
            "address_text": "7 Liberty St",
            "owner_name": "Ann Lee",
            "description": "detached garage",
        },
    )
    register.update("permits", permit["uuid"], {"status": "submitted"})
    register.update("permits", permit["uuid"], {"status": "under_review"})
    return permit


def _tamper(db_path, *statements):
    conn = sqlite3.connect(db_path)
    conn.execute("DROP TRIGGER journal_no_update")
    conn.execute("DROP TRIGGER journal_no_delete")
    for sql in statements:
        conn.execute(sql)
    conn.commit()
    conn.close()


def test_every_change_is_journaled_with_who_and_before_after(register, db_path, clerk):
    permit = _some_history(register)
    entries = journal.history(register.conn, permit["uuid"])
    assert [e["action"] for e in entries] == ["insert", "update", "update"]
    assert all(e["user_name"] == clerk.name and e["user_role"] == "clerk" for e in entries)
    assert '"status":"submitted"' in entries[2]["before_json"]
    assert '"status":"under_review"' in entries[2]["after_json"]
    register.close()
    assert verify_register(db_path).ok


def test_void_keeps_the_record_and_needs_a_reason(register):
    permit = _some_history(register)
    with pytest.raises(InvalidInput, match="reason"):
        register.void("permits", permit["uuid"], "  ")
    register.void("permits", permit["uuid"], "entered twice by mistake")
    row = register.get("permits", permit["uuid"])
    assert row["status"] == "voided" and row["void_reason"] == "entered twice by mistake"
    assert journal.history(register.conn, permit["uuid"])[-1]["action"] == "void"


def test_official_records_cannot_be_deleted(register):
    _some_history(register)
    with pytest.raises(sqlite3.DatabaseError, match="never deleted"):
        register.conn.execute("DELETE FROM permits")
    assert register.query_one("SELECT count(*) AS n FROM permits")["n"] == 1


def test_failed_write_leaves_neither_record_nor_entry(register):
    _some_history(register)
    before = journal.read_head(register.conn).entries
    with pytest.raises(sqlite3.IntegrityError):
        register.insert(
            "parcels", {"parcel_number": "0812-054-1100-2", "street": "Dup", "address_text": "dup"}
        )
    assert journal.read_head(register.conn).entries == before
    assert register.query_one("SELECT count(*) AS n FROM parcels")["n"] == 1


@pytest.mark.parametrize(
    "statements, expected",
    [
        (["UPDATE journal SET user_name = 'Someone Else' WHERE seq = 3"], "edited"),
        (
            ["UPDATE journal SET after_json = replace(after_json, 'garage', 'shed') WHERE seq = 2"],
            "edited",
        ),
        (["DELETE FROM journal WHERE seq = 3"], "removed"),
        (["DELETE FROM journal WHERE seq = (SELECT max(seq) FROM journal)"], "cut off"),
        (
            [
                "INSERT INTO journal (seq, uuid, at_utc, user_name, user_role, device_id, "
                "table_name, record_uuid, action, reason, before_json, after_json, prev_hash, "
                "hash) SELECT 99, 'x', at_utc, user_name, user_role, device_id, "
                "table_name, record_uuid, action, reason, before_json, after_json, prev_hash, hash "
                "FROM journal WHERE seq = 2",
                "UPDATE journal SET seq = 100 WHERE seq = 3",
                "UPDATE journal SET seq = 3 WHERE seq = 99",
                "UPDATE journal SET seq = 99 WHERE seq = 100",
            ],
            "inserted",
        ),
        (
            [
                "UPDATE journal SET seq = 100 WHERE seq = 2",
                "UPDATE journal SET seq = 2 WHERE seq = 3",
                "UPDATE journal SET seq = 3 WHERE seq = 100",
            ],
            "reordered",
        ),
    ],
    ids=["edited-field", "edited-after", "removed", "truncated", "inserted", "reordered"],
)
def test_tampering_is_detected(register, db_path, statements, expected, capsys):
    _some_history(register)
    register.close()
    _tamper(db_path, *statements)
    report = verify_register(db_path)
    assert not report.ok
    assert any(expected in p or "does not follow" in p for p in report.chain.problems), (
        report.chain.problems
    )
    assert main(["verify", "--db", str(db_path)]) == 1
    assert "BROKEN" in capsys.readouterr().out


def test_verify_command_passes_on_a_good_register(register, db_path, capsys):
    _some_history(register)
    register.close()
    assert main(["verify", "--db", str(db_path)]) == 0
    out = capsys.readouterr().out
    assert "Journal: ok, 4 entries" in out and "all checks hold" in out
