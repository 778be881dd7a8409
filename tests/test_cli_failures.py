"""Issue 11, finding 10: failures are one line and a non-zero exit, never a traceback; the
details go to the rotating log; a document never replaces a device node; a busy register
names who holds it."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from deerfield_desk.store.register import Register
from tests.test_register_lock import hold_in_other_process


def cli(*args, home=None, env_extra=None) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **(env_extra or {}))
    if home:
        env["DEERFIELD_DESK_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "deerfield_desk", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Bad register files of every kind seen in the field."""
    folder = tmp_path_factory.mktemp("corpus")
    good = folder / "good.sqlite"
    Register.create(good).close()
    data = good.read_bytes()
    files = {
        "missing": folder / "missing.sqlite",
        "empty": folder / "empty.sqlite",
        "folder": folder / "folder.sqlite",
        "random bytes": folder / "random.sqlite",
        "cut in half": folder / "half.sqlite",
        "first page only": folder / "page.sqlite",
        "garbled header": folder / "header.sqlite",
        "scrambled pages": folder / "scrambled.sqlite",
        "another program's": folder / "foreign.sqlite",
    }
    files["empty"].write_bytes(b"")
    files["folder"].mkdir()
    files["random bytes"].write_bytes(bytes((i * 7919) % 251 for i in range(8192)))
    files["cut in half"].write_bytes(data[: len(data) // 2])
    files["first page only"].write_bytes(data[:4096])
    files["garbled header"].write_bytes(b"this is not sql!" + data[16:])
    scrambled = bytearray(data)
    scrambled[5000:9000] = bytes((i * 31) % 256 for i in range(4000))
    files["scrambled pages"].write_bytes(bytes(scrambled))
    conn = sqlite3.connect(files["another program's"])
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    return folder, files


COMMANDS = {
    "render": ("render", "permit-card", "2026-0001", "--to", "{out}"),
    "inspections today": ("inspections", "today"),
    "backup": ("backup", "--to", "{out}"),
    "state report": ("state-report",),
    "window": ("--smoke",),
}


@pytest.mark.parametrize("command", COMMANDS)
def test_every_bad_file_gives_one_line_and_a_non_zero_exit(corpus, command, tmp_path):
    folder, files = corpus
    for kind, path in files.items():
        args = [a.format(out=tmp_path / "out.pdf") for a in COMMANDS[command]]
        done = cli(*args, "--db", path, home=tmp_path / "home")
        said = done.stdout + done.stderr
        assert done.returncode != 0, (kind, said)
        assert "Traceback" not in said, (kind, said)
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 or (not lines and done.stdout.strip()), (kind, said)
    assert not (files["missing"]).exists()  # nothing was created for the typo
    assert files["empty"].stat().st_size == 0


def test_render_refuses_a_device_node_as_its_target(tmp_path, register):
    from tests.documents_fixtures import build_register

    build_register(register, tmp_path)
    register.close()
    before = os.stat("/dev/null")
    for target in ("/dev/null", tmp_path):
        done = cli("render", "permit-card", "2026-0042", "--to", target, "--db", register.path)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert "not a file" in done.stderr or "folder" in done.stderr
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    link = tmp_path / "link.pdf"
    link.symlink_to("/dev/null")
    done = cli("render", "permit-card", "2026-0042", "--to", link, "--db", register.path)
    assert done.returncode == 2 and link.is_symlink()
    fine = cli(
        "render", "permit-card", "2026-0042", "--to", tmp_path / "ok.pdf", "--db", register.path
    )
    assert fine.returncode == 0, fine.stderr
    assert (tmp_path / "ok.pdf").read_bytes().startswith(b"%PDF")


def test_a_writer_refused_while_another_process_holds_the_register(tmp_path, db_path):
    Register.create(db_path).close()
    source = tmp_path / "old.csv"
    source.write_text("permit_number,address\n2019-0001,1 Main St\n", encoding="utf-8")
    holder = hold_in_other_process(db_path)
    try:
        done = cli(
            "import-register", source, "--db", db_path, env_extra={"DEERFIELD_DESK_LOCK_WAIT": "1"}
        )
    finally:
        holder.kill()
        holder.wait()
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert f"process {holder.pid}" in done.stderr and "Pat Clerk" in done.stderr


def test_database_is_locked_names_who_holds_the_register(tmp_path, db_path):
    from argparse import Namespace

    from deerfield_desk.cli import failure_line

    Register.create(db_path).close()
    holder = hold_in_other_process(db_path)
    try:
        line = failure_line(
            sqlite3.OperationalError("database is locked"), Namespace(db=str(db_path))
        )
    finally:
        holder.kill()
        holder.wait()
    assert "is busy" in line and f"process {holder.pid}" in line and "Pat Clerk" in line


def test_unexpected_failures_are_logged_with_their_traceback(tmp_path):
    home = tmp_path / "home"
    done = cli("backup", "--db", tmp_path / "nowhere" / "x.sqlite", "--to", "/", home=home)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    damaged = tmp_path / "register.sqlite"
    Register.create(damaged).close()
    data = bytearray(damaged.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the schema page: readable header, broken b-tree
    damaged.write_bytes(bytes(data))
    done = cli("state-report", "--db", damaged, home=home)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_window_logs_the_sqlite_version_at_start(tmp_path, db_path):
    Register.create(db_path).close()
    home = tmp_path / "home"
    done = cli("--db", db_path, "--smoke", home=home)
    assert done.returncode == 0, done.stderr
    log = (home / "logs" / "deerfield-desk.log").read_text(encoding="utf-8")
    assert f"SQLite {sqlite3.sqlite_version}" in log and str(db_path) in log


def test_a_second_window_is_refused_naming_the_first(tmp_path, db_path):
    Register.create(db_path).close()
    holder = hold_in_other_process(db_path)
    try:
        done = cli("--db", db_path, "--smoke", home=tmp_path / "home")
    finally:
        holder.kill()
        holder.wait()
    assert done.returncode == 1
    assert "in use by Pat Clerk" in done.stderr and f"process {holder.pid}" in done.stderr
    assert "since 20" in done.stderr


def test_journal_names_the_os_account(register):
    import getpass

    from deerfield_desk.store import journal

    person = register.insert("people", {"name": "Robin"})
    entry = register.query_one(
        "SELECT user_name, os_account FROM journal WHERE record_uuid = ?", (person["uuid"],)
    )
    assert entry == {"user_name": register.actor.name, "os_account": getpass.getuser()}
    assert journal.verify_chain(register.conn).ok
    # An entry written before m0006 (no account) keeps the hash it was given.
    old = {k: "x" for k in journal.HASHED_FIELDS} | {"seq": 1, "prev_hash": "0" * 64}
    assert journal.entry_hash(old) == journal.entry_hash({**old, "os_account": None})
    assert journal.entry_hash(old) != journal.entry_hash({**old, "os_account": "pat"})


def test_lock_files_stay_beside_the_register(db_path):
    """The lock and holder files are named after the register, so they are easy to explain."""
    reg = Register.create(db_path)
    try:
        assert Path(f"{db_path}.lock").exists() and Path(f"{db_path}.holder").exists()
    finally:
        reg.close()
    assert not Path(f"{db_path}.holder").exists()
