"""`deerfield-desk --db PATH --smoke` and the start-up messages a clerk must not miss."""

import re
import subprocess
import sys

from deerfield_desk.config import unsafe_location_warning
from deerfield_desk.demo import generate_demo

SMOKE = "import sys; from deerfield_desk.cli import main; sys.exit(main(sys.argv[1:]))"


def _smoke(db, env_home):
    import os

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DEERFIELD_DESK_HOME=str(env_home))
    return subprocess.run(
        [sys.executable, "-c", SMOKE, "--db", str(db), "--smoke"],
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip


def test_smoke_probe_prints_one_ready_line(tmp_path):
    db = tmp_path / "demo.sqlite"
    list(generate_demo(db, permits=120, seed=4))
    done = _smoke(db, tmp_path / "home")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and re.fullmatch(r"ready_ms=\d+ rows=120", lines[0]), lines


def test_damaged_register_stops_the_app_with_the_message(tmp_path):
    db = tmp_path / "register.sqlite"
    list(generate_demo(db, permits=20, seed=4))
    data = bytearray(db.read_bytes())
    data[0:16] = b"this is not sql!"
    db.write_bytes(bytes(data))
    done = _smoke(db, tmp_path / "home")
    assert done.returncode == 1
    assert "is damaged and was not opened" in done.stderr and "No good backup" in done.stderr
    assert "ready_ms" not in done.stdout


def test_cloud_synced_folders_are_warned_about(tmp_path):
    for folder in ("OneDrive - Village of Deerfield", "Dropbox", "Google Drive", "iCloud Drive"):
        warning = unsafe_location_warning(tmp_path / folder / "register.sqlite")
        assert warning and "cloud-synced" in warning and "local folder" in warning
    assert unsafe_location_warning(tmp_path / "Documents" / "register.sqlite") is None


def test_the_app_shows_the_cloud_warning_at_start(tmp_path):
    from deerfield_desk.store.register import Register

    db = tmp_path / "Dropbox" / "register.sqlite"
    Register.create(db).close()
    done = _smoke(db, tmp_path / "home")
    assert done.returncode == 0
    assert "cloud-synced folder (dropbox)" in done.stderr
    assert re.fullmatch(r"ready_ms=\d+ rows=0", done.stdout.strip())


def test_first_start_opens_a_demo_register_unless_the_users_own_exists(isolated_home):
    from argparse import Namespace

    from deerfield_desk.config import demo_paths, register_paths
    from deerfield_desk.store.register import Register
    from deerfield_desk.ui.app import DEMO_PERMITS, choose_register

    args = Namespace(db=None, demo=False, smoke=True)
    paths, demo = choose_register(args)
    assert demo and paths == demo_paths()
    with Register.open(paths.db) as reg:
        assert reg.query_one("SELECT count(*) AS n FROM permits")["n"] == DEMO_PERMITS
    Register.create(register_paths().db).close()  # the clerk's own register now exists
    paths, demo = choose_register(args)
    assert not demo and paths == register_paths()
