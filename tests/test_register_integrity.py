"""A big register opens at once and is checked in the background, read-only until it passes."""

import sqlite3

import pytest

from deerfield_desk.errors import NotAllowed
from deerfield_desk.ui import integrity_check
from tests.register_fixtures import known_permits, window  # noqa: F401


def test_writes_wait_for_the_check_then_go_through(window, sync_workers, monkeypatch):  # noqa: F811
    seen = []
    real = integrity_check.integrity_problems

    def check(conn):
        # while the check runs, the open register refuses writes, saying why
        with pytest.raises(NotAllowed, match="changes wait until the check passes"):
            window.register.insert("permits", {"kind": "building", "address_text": "9 Mill St"})
        seen.append(True)
        return real(conn)

    monkeypatch.setattr(integrity_check, "integrity_problems", check)
    integrity_check.start_background_check(window, ask=lambda text: pytest.fail(text))
    assert seen
    window.register.insert("permits", {"kind": "building", "address_text": "9 Mill St"})
    assert "Integrity check passed" in window.statusBar().currentMessage()


def test_a_failed_check_keeps_the_register_read_only_and_says_why(
    window,  # noqa: F811
    sync_workers,
    monkeypatch,
):
    monkeypatch.setattr(
        integrity_check, "integrity_problems", lambda conn: ["page 812: btree damaged"]
    )
    told = []
    integrity_check.start_background_check(window, ask=told.append)
    assert told and "is damaged and is open read-only (page 812: btree damaged)" in told[0]
    assert "No good backup" in told[0]
    with pytest.raises(NotAllowed, match="damaged"):
        window.register.insert("permits", {"kind": "building", "address_text": "9 Mill St"})
    # SQLite itself refuses too, should anything bypass the Register
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        window.register.conn.execute("UPDATE permits SET description = 'x'")


def test_only_big_registers_are_checked_after_the_window_shows(tmp_path, monkeypatch):
    small = tmp_path / "small.sqlite"
    small.write_bytes(b"x" * 1000)
    assert integrity_check.check_at_open(small)
    monkeypatch.setattr(integrity_check, "INLINE_CHECK_BYTES", 100)
    assert not integrity_check.check_at_open(small)
