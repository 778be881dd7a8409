"""Opening the register: pragmas, a damaged file refused by name, backups and restore."""

import sqlite3

import pytest

from deerfield_desk.errors import DamagedRegisterError
from deerfield_desk.store import backup
from deerfield_desk.store.register import Register


def test_house_pragmas_are_set(register):
    pragma = lambda name: register.conn.execute(f"PRAGMA {name}").fetchone()[0]  # noqa: E731
    assert pragma("journal_mode") == "wal"
    assert pragma("synchronous") == 2  # FULL
    assert pragma("foreign_keys") == 1
    assert pragma("trusted_schema") == 0


def _damage(path):
    data = bytearray(path.read_bytes())
    data[0:16] = b"this is not sql!"
    path.write_bytes(bytes(data))


def test_damaged_file_is_refused_naming_the_newest_good_backup(db_path, clerk):
    reg = Register.create(db_path, clerk)
    reg.insert("permits", {"kind": "building", "address_text": "1 Main St"})
    reg.close()
    good = backup.make_backup(db_path)
    _damage(db_path)
    with pytest.raises(DamagedRegisterError) as caught:
        Register.open(db_path, clerk)
    message = str(caught.value)
    assert "damaged" in message and str(good) in message and "Nothing was written" in message


def test_damaged_file_without_backup_says_so(db_path, clerk):
    Register.create(db_path, clerk).close()
    _damage(db_path)
    with pytest.raises(DamagedRegisterError, match="No good backup"):
        Register.open(db_path, clerk)


def test_backup_rotates_and_restore_keeps_the_replaced_file(db_path, clerk):
    from datetime import datetime, timedelta

    reg = Register.create(db_path, clerk)
    reg.insert("permits", {"kind": "building", "address_text": "1 Main St"})
    reg.close()
    start = datetime(2026, 11, 1, 17, 0)
    made = [backup.make_backup(db_path, now=start + timedelta(days=i), keep=3) for i in range(5)]
    assert backup.list_backups(db_path) == made[:1:-1]  # newest three, newest first
    reg = Register.open(db_path, clerk)
    reg.insert("permits", {"kind": "demolition", "address_text": "2 Main St"})
    reg.close()
    kept = backup.restore_backup(db_path, made[-1]).kept
    assert kept.exists()
    restored = sqlite3.connect(db_path)
    assert restored.execute("SELECT count(*) FROM permits").fetchone()[0] == 1
    replaced = sqlite3.connect(kept)
    assert replaced.execute("SELECT count(*) FROM permits").fetchone()[0] == 2


def test_backup_is_due_once_a_day(db_path, clerk):
    from datetime import datetime, timedelta

    Register.create(db_path, clerk).close()
    assert backup.backup_due(db_path)
    now = datetime(2026, 11, 30, 9, 0)
    backup.make_backup(db_path, now=now)
    assert not backup.backup_due(db_path, now + timedelta(hours=23))
    assert backup.backup_due(db_path, now + timedelta(hours=24))
