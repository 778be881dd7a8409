"""Smoke-test a frozen Deerfield Desk: prove the bundle holds everything the office will use.

    python packaging/smoke.py dist/deerfield-desk/deerfield-desk          # an app folder
    python packaging/smoke.py --tarball dist/deerfield-desk-*-linux-*.tar.gz

Why compare with the source tree: the frozen app must answer exactly as the source does. A
command module left out changes --help; a missing migration or feature module stops the window
before its first rows; missing holiday data changes (or crashes) the deadline. With --tarball the
archive is unpacked and installed with its install.sh into a throw-away home first, so what is
tested is what a village downloads. Everything runs in temporary folders, offscreen.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEMO_PERMITS = 200
WINDOW_TIMEOUT_S = 90
READY = re.compile(r"ready_ms=(\d+) rows=(\d+)")
# A new house on a platted lot: a building permit and minor erosion control (issue 3's input).
PROJECT = {
    "work": "new_building",
    "structure": "dwelling",
    "area_sqft": 2400,
    "estimated_cost": 350000,
    "disturbed_sqft": 12000,
    "on_platted_lot": True,
    "new_primary_structure": True,
}
# A stop-work appeal filed the day before Thanksgiving: 10 business days end on 9 December 2026
# only if no holiday is counted, so a later date proves the holiday calendar is in the bundle.
DEADLINE = ("stop_work_appeal", "2026-11-25")
WITHOUT_HOLIDAYS = "2026-12-09"


class SmokeFailure(Exception):
    """A check failed: the message says which and what the frozen app did."""


def run(command, env, cwd, *, stdin: str | None = None, timeout: float = 120):
    return subprocess.run(
        [str(part) for part in command],
        env=env,
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def ok(label: str, detail: str = "") -> None:
    print(f"ok   {label}" + (f": {detail}" if detail else ""), flush=True)


def expect(condition: bool, label: str, result=None) -> None:
    if not condition:
        said = ""
        if result is not None:
            said = f" (exit {result.returncode}; stdout {result.stdout[-600:]!r}; "
            said += f"stderr {result.stderr[-1500:]!r})"
        raise SmokeFailure(f"{label}{said}")


def environments(tmp: Path) -> tuple[dict, dict]:
    """Frozen and source environments: own data folder and QSettings, offscreen, 100 columns."""
    base = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME"}}
    base.update(
        DEERFIELD_DESK_HOME=str(tmp / "data"),
        XDG_CONFIG_HOME=str(tmp / "config"),
        QT_QPA_PLATFORM="offscreen",
        COLUMNS="100",
    )
    return base, {**base, "PYTHONPATH": str(ROOT)}


def install_tarball(tarball: Path, tmp: Path) -> Path:
    """Unpack the archive and run its install.sh for a throw-away user; return the program."""
    with tarfile.open(tarball) as tar:
        tar.extractall(tmp / "unpacked", filter="data")
    (top,) = (tmp / "unpacked").iterdir()
    home = tmp / "home"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home)}
    result = run(["sh", top / "install.sh"], env, tmp)
    expect(result.returncode == 0, "install.sh runs", result)
    program = home / ".local" / "opt" / "deerfield-desk" / "deerfield-desk"
    desktop = home / ".local" / "share" / "applications" / "deerfield-desk.desktop"
    icon = home / ".local/share/icons/hicolor/256x256/apps/deerfield-desk.png"
    expect(program.is_file() and os.access(program, os.X_OK), f"{program} is executable")
    entry = desktop.read_text(encoding="utf-8") if desktop.is_file() else ""
    expect(f'Exec="{program}"' in entry, f"the menu entry starts {program}")
    expect(icon.is_file(), "the icon is installed")
    ok("install.sh", f"menu entry and icon installed, program in {program.parent}")
    return program


def bundle_data_dir(program: Path) -> Path:
    if sys.platform == "darwin":
        return program.parent.parent / "Resources"
    return program.parent / "_internal"


def smoke(program: Path, tmp: Path) -> str:
    frozen_env, source_env = environments(tmp)
    work = tmp / "work"
    work.mkdir()
    source = [sys.executable, "-m", "deerfield_desk"]

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    result = run([program, "--version"], frozen_env, work)
    expect(result.stdout.strip() == f"deerfield-desk {version}", "--version", result)
    ok("version", result.stdout.strip())

    frozen, expected = (
        run([*cmd, "--help"], env, work)
        for cmd, env in (([program], frozen_env), (source, source_env))
    )
    expect(
        frozen.returncode == 0 and frozen.stdout == expected.stdout,
        "--help lists the same commands as the source tree",
        frozen,
    )
    ok("every command module is inside", "--help matches the source tree")

    for folder in ("resources", "checklists"):
        for path in sorted((ROOT / folder).rglob("*")) if (ROOT / folder).is_dir() else ():
            relative = path.relative_to(ROOT)
            expect(
                path.is_dir() or (bundle_data_dir(program) / relative).is_file(),
                f"{relative} is in the bundle",
            )
    ok("resources/ and checklists/ are in the bundle", str(bundle_data_dir(program)))

    db = tmp / "demo-register.sqlite"
    if run([program, "demo", "--help"], frozen_env, work).returncode == 0:
        result = run([program, "demo", "--permits", DEMO_PERMITS, "--db", db], frozen_env, work)
        expect(result.returncode == 0, "demo register", result)
        made = f"demo register of {DEMO_PERMITS} permits"
    else:  # until the register helper's demo command is merged: an empty register
        code = "import sys;from deerfield_desk.models.actor import SYSTEM_ACTOR as A;"
        code += "from deerfield_desk.store.register import Register as R;R.open(sys.argv[1],A)"
        result = run([sys.executable, "-c", code, db], source_env, ROOT)
        expect(result.returncode == 0, "empty register", result)
        made = "empty register (no demo command yet)"
    with sqlite3.connect(db) as conn:
        permits = conn.execute("SELECT count(*) FROM permits").fetchone()[0]
    ok("register", f"{made}: {permits} permits")

    result = run([program, "verify", "--db", db], frozen_env, work)
    expect(result.returncode == 0, "verify passes on the fresh register", result)
    ok("verify", "integrity, foreign keys and journal chain")

    project = json.dumps(PROJECT)
    frozen, expected = (
        run([*cmd, "assess", "-"], env, work, stdin=project)
        for cmd, env in (([program], frozen_env), (source, source_env))
    )
    expect(
        frozen.returncode == 0 and frozen.stdout == expected.stdout,
        "assess answers as the source tree does",
        frozen,
    )
    kinds = sorted(p["type"] for p in json.loads(frozen.stdout)["permits"])
    expect("building" in kinds, "assess finds the building permit", frozen)
    ok("assess", f"new house on a platted lot needs {', '.join(kinds)}")

    frozen, expected = (
        run([*cmd, "deadline", *DEADLINE], env, work)
        for cmd, env in (([program], frozen_env), (source, source_env))
    )
    expect(
        frozen.returncode == 0 and frozen.stdout == expected.stdout,
        "deadline answers as the source tree does",
        frozen,
    )
    due = json.loads(frozen.stdout)["due"]
    expect(due > WITHOUT_HOLIDAYS, f"the deadline counts Thanksgiving (due {due})", frozen)
    ok("deadline", f"{' '.join(DEADLINE)} is due {due}: the holiday calendar is inside")

    check_documents(program, db, (frozen_env, source_env), work)
    ready = window_ready([program, "--db", db, "--smoke"], frozen_env, work, permits)
    ok("window (offscreen)", ready)
    if sys.platform.startswith("linux") and shutil.which("xvfb-run"):
        # As on a clerk's desktop: the bundled xcb platform plugin and its X libraries.
        xcb_env = {**frozen_env, "QT_QPA_PLATFORM": "xcb"}
        command = ["xvfb-run", "-a", program, "--db", db, "--smoke"]
        ok("window (X11 under Xvfb)", window_ready(command, xcb_env, work, permits))
    return ready.split(" (")[0]


def check_documents(program: Path, db: Path, envs: tuple[dict, dict], work: Path) -> None:
    """A permit card rendered by the frozen app is byte for byte the source tree's (reportlab
    runs with invariant=1): the fonts from resources/fonts and the QR code are inside."""
    if run([program, "render", "--help"], envs[0], work).returncode != 0:
        print("skip documents: no render command in this build", flush=True)
        return
    with sqlite3.connect(db) as conn:
        row = conn.execute(
            "SELECT permit_number FROM permits WHERE permit_number IS NOT NULL LIMIT 1"
        ).fetchone()
    if row is None:
        print("skip documents: the register has no issued permit to print", flush=True)
        return
    pdfs = []
    for name, command, env in (
        ("frozen", [program], envs[0]),
        ("source", [sys.executable, "-m", "deerfield_desk"], envs[1]),
    ):
        target = work / f"{name}-card.pdf"
        result = run(
            [*command, "render", "permit-card", row[0], "--to", target, "--db", db], env, work
        )
        expect(result.returncode == 0 and target.is_file(), f"{name} renders a permit card", result)
        pdfs.append(target.read_bytes())
    expect(b"DejaVuSans" in pdfs[0], "the permit card embeds the bundled DejaVu fonts")
    expect(pdfs[0] == pdfs[1], "the frozen permit card is identical to the source tree's")
    ok("documents", f"permit card {row[0]}: {len(pdfs[0]):,} bytes, fonts embedded, as source")


def window_ready(command, env, work: Path, permits: int) -> str:
    """Start the window; it must print its ready line showing every permit, then exit 0."""
    started = time.perf_counter()
    try:
        result = run(command, env, work, timeout=WINDOW_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        said = exc.stderr.decode() if isinstance(exc.stderr, bytes) else exc.stderr or ""
        raise SmokeFailure(
            f"no ready line within {WINDOW_TIMEOUT_S} s; stderr {said[-1500:]!r}"
        ) from None
    match = READY.search(result.stdout)
    expect(result.returncode == 0 and match is not None, "the window prints its ready line", result)
    expect(int(match.group(2)) == permits, f"the window shows all {permits} permits", result)
    return f"{match.group(0)} (process {time.perf_counter() - started:.1f} s)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("program", nargs="?", type=Path, help="the frozen executable")
    parser.add_argument("--tarball", type=Path, help="a Linux .tar.gz to unpack and install")
    args = parser.parse_args(argv)
    if not (args.program or args.tarball):
        parser.error("give the frozen executable or --tarball")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="deerfield-smoke-") as name:
        tmp = Path(name)
        try:
            program = install_tarball(args.tarball, tmp) if args.tarball else args.program
            ready = smoke(program.resolve(), tmp)
        except (SmokeFailure, subprocess.TimeoutExpired) as exc:
            print(f"SMOKE FAILED: {exc}", file=sys.stderr, flush=True)
            return 1
    print(f"smoke passed in {time.perf_counter() - started:.1f} s: {ready}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
