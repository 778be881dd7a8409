"""Issue 11, finding 3: nothing is created implicitly; registers are known by application_id.

Before: a missing or 0-byte path (a typo in --db, a file cut off by a crash) became a new
empty register and numbering restarted at YYYY-0001; another program's SQLite file got our
tables added; a read-only file was called "damaged"; two processes creating a register at
once failed unclearly.
"""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from deerfield_desk.errors import NotAllowed, RegisterUnavailable
from deerfield_desk.store.register import Register
from deerfield_desk.store.register_file import APPLICATION_ID


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_missing_path_is_refused_and_nothing_is_created(tmp_path, clerk):
    typo = tmp_path / "regsiter.sqlite"
    with pytest.raises(RegisterUnavailable, match="no register at .*init --db"):
        Register.open(typo, clerk)
    assert list(tmp_path.iterdir()) == []


def test_an_empty_file_is_refused_and_stays_as_it_was(tmp_path, clerk):
    cut = tmp_path / "register.sqlite"
    cut.write_bytes(b"")
    with pytest.raises(RegisterUnavailable, match="empty .*backup"):
        Register.open(cut, clerk)
    assert cut.stat().st_size == 0
    with pytest.raises(RegisterUnavailable, match="already exists"):
        Register.create(cut, clerk)  # not even an explicit create writes over it
    assert cut.stat().st_size == 0


def test_created_registers_carry_the_application_id(db_path, clerk):
    Register.create(db_path, clerk).close()
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    finally:
        conn.close()
    with pytest.raises(RegisterUnavailable, match="already exists"):
        Register.create(db_path, clerk)
    Register.open(db_path, clerk).close()


def test_a_foreign_sqlite_file_is_refused_untouched(tmp_path, clerk):
    other = tmp_path / "photos.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE pictures (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO pictures (name) VALUES ('lake.jpg')")
    conn.commit()
    conn.close()
    before = digest(other)
    with pytest.raises(RegisterUnavailable, match="not a Deerfield Desk register"):
        Register.open(other, clerk)
    assert digest(other) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photos.db", "photos.db.lock"]
    conn = sqlite3.connect(f"file:{other}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # not made WAL
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["pictures"]
    finally:
        conn.close()


def test_a_register_from_before_the_id_is_recognised_and_stamped(db_path, clerk):
    reg = Register.create(db_path, clerk)
    reg.insert("people", {"name": "From an older version"})
    reg.conn.execute("PRAGMA application_id = 0")  # as every register made before m0006
    reg.close()
    with Register.open(db_path, clerk) as reopened:
        assert reopened.conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert reopened.query_one("SELECT name FROM people")["name"] == "From an older version"


@pytest.fixture
def immutable(tmp_path):
    """``chattr +i``: read-only even for root (the tests run as root)."""
    made = []

    def make(path: Path) -> Path:
        subprocess.run(["chattr", "+i", str(path)], check=True)
        made.append(path)
        return path

    yield make
    for path in made:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_file_opens_read_only_and_says_so(db_path, clerk, immutable):
    reg = Register.create(db_path, clerk)
    reg.insert("people", {"name": "Kept"})
    reg.close()
    before = digest(db_path)
    immutable(db_path)
    with Register.open(db_path, clerk) as reg:
        assert reg.read_only and "read-only" in reg.read_only_reason
        assert reg.query_one("SELECT name FROM people")["name"] == "Kept"
        with pytest.raises(NotAllowed, match="open read-only .* nothing can be changed"):
            reg.insert("people", {"name": "Refused"})
    assert digest(db_path) == before


def test_the_app_says_read_only_not_damaged(db_path, clerk, immutable, tmp_path):
    Register.create(db_path, clerk).close()
    immutable(db_path)
    done = subprocess.run(
        [sys.executable, "-m", "deerfield_desk", "--db", str(db_path), "--smoke"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    assert "open read-only" in done.stderr and "damaged" not in done.stderr


CREATE_AT_ONCE = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from deerfield_desk.cli import main
    go = Path(sys.argv[1] + ".go")
    while not go.exists():
        time.sleep(0.002)
    sys.exit(main(["init", "--db", sys.argv[1]]))
    """
)


def test_two_processes_creating_one_register_at_once(tmp_path):
    target = tmp_path / "new" / "register.sqlite"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", CREATE_AT_ONCE, str(target)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    target.parent.mkdir()
    Path(f"{target}.go").touch()
    results = [(p.wait(timeout=120), p.stdout.read(), p.stderr.read()) for p in procs]
    codes = sorted(code for code, _out, _err in results)
    assert codes == [0, 2], results
    refused = next(err for code, _out, err in results if code == 2)
    assert "already exists" in refused and "Traceback" not in refused
    assert len(refused.strip().splitlines()) == 1
    with Register.open(target) as reg:
        assert reg.query_one("SELECT count(*) AS n FROM journal")["n"] == 0
