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
WINDOW_TIMEOUT_S = 60
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


class Runner:
    """Runs the frozen program and the source tree side by side, each in its own throw-away
    data folder and QSettings, offscreen, at 100 columns (so --help wraps alike)."""

    def __init__(self, program: Path, tmp: Path):
        self.program = program
        self.work = tmp / "work"
        self.work.mkdir()
        base = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME"}}
        base.update(
            DEERFIELD_DESK_HOME=str(tmp / "data"),
            XDG_CONFIG_HOME=str(tmp / "config"),
            QT_QPA_PLATFORM="offscreen",
            COLUMNS="100",
        )
        self.env = base
        self.source_env = {**base, "PYTHONPATH": str(ROOT)}

    def frozen(self, *args, stdin: str | None = None, timeout: float = 120):
        return run([self.program, *args], self.env, self.work, stdin=stdin, timeout=timeout)

    def source(self, *args, stdin: str | None = None):
        command = [sys.executable, "-m", "deerfield_desk", *args]
        return run(command, self.source_env, self.work, stdin=stdin)

    def has_command(self, name: str) -> bool:
        return self.frozen(name, "--help").returncode == 0

    def same_as_source(self, label: str, *args, stdin: str | None = None):
        """The frozen program must succeed and print exactly what the source tree prints."""
        frozen, expected = self.frozen(*args, stdin=stdin), self.source(*args, stdin=stdin)
        expect(expected.returncode == 0, f"{label}: the source tree itself succeeds", expected)
        same = frozen.returncode == 0 and frozen.stdout == expected.stdout
        expect(same, f"{label}: the frozen app answers as the source tree does", frozen)
        return frozen


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
    app = Runner(program, tmp)
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    result = app.frozen("--version")
    expect(result.stdout.strip() == f"deerfield-desk {version}", "--version", result)
    ok("version", result.stdout.strip())

    app.same_as_source("--help", "--help")
    ok("every command module is inside", "--help matches the source tree")

    data = bundle_data_dir(program)
    resources = ROOT / "deerfield_desk" / "resources"
    for path in sorted(resources.rglob("*")):
        relative = path.relative_to(ROOT)
        expect(path.is_dir() or (data / relative).is_file(), f"{relative} is in the bundle")
    ok("the package's resources (checklists, fonts, ordinance) are in the bundle", str(data))

    db = tmp / "demo-register.sqlite"
    if app.has_command("demo"):
        result = app.frozen("demo", "--permits", DEMO_PERMITS, "--db", db, timeout=300)
        expect(result.returncode == 0, "demo register", result)
        made = f"demo register of {DEMO_PERMITS} permits"
    else:  # until the register helper's demo command is merged: an empty register
        code = "import sys;from deerfield_desk.models.actor import SYSTEM_ACTOR as A;"
        code += "from deerfield_desk.store.register import Register as R;R.open(sys.argv[1],A)"
        result = run([sys.executable, "-c", code, db], app.source_env, ROOT)
        expect(result.returncode == 0, "empty register", result)
        made = "empty register (no demo command yet)"
    with sqlite3.connect(db) as conn:
        permits = conn.execute("SELECT count(*) FROM permits").fetchone()[0]
        issued = conn.execute(
            "SELECT permit_number FROM permits WHERE permit_number IS NOT NULL "
            "ORDER BY permit_number LIMIT 1"
        ).fetchone()
        year = conn.execute("SELECT max(substr(issued_date, 1, 4)) FROM permits").fetchone()
    ok("register", f"{made}: {permits} permits")

    result = app.frozen("verify", "--db", db)
    expect(result.returncode == 0, "verify passes on the fresh register", result)
    ok("verify", "integrity, foreign keys and journal chain")

    result = app.same_as_source("assess", "assess", "-", stdin=json.dumps(PROJECT))
    kinds = sorted(p["type"] for p in json.loads(result.stdout)["permits"])
    expect("building" in kinds, "assess finds the building permit", result)
    ok("assess", f"new house on a platted lot needs {', '.join(kinds)}")

    result = app.same_as_source("deadline", "deadline", *DEADLINE)
    due = json.loads(result.stdout)["due"]
    expect(due > WITHOUT_HOLIDAYS, f"the deadline counts Thanksgiving (due {due})", result)
    ok("deadline", f"{' '.join(DEADLINE)} is due {due}: the holiday calendar is inside")

    permit = issued[0] if issued else None
    check_inspection_stages(app, db, permit)
    check_documents(app, db, permit)
    check_year_export(app, db, year[0] if year and year[0] else "2026")

    ready = window_ready([program, "--db", db, "--smoke"], app.env, app.work, permits)
    ok("window (offscreen)", ready)
    if sys.platform.startswith("linux") and shutil.which("xvfb-run"):
        # As on a clerk's desktop: the bundled xcb platform plugin and its X libraries.
        xcb_env = {**app.env, "QT_QPA_PLATFORM": "xcb"}
        command = ["xvfb-run", "-a", program, "--db", db, "--smoke"]
        ok("window (X11 under Xvfb)", window_ready(command, xcb_env, app.work, permits))
    return ready.split(" (")[0]


def skip(what: str, why: str) -> None:
    print(f"skip {what}: {why}", flush=True)


def check_inspection_stages(app: Runner, db: Path, permit: str | None) -> None:
    """The stages of 12.12(5) come from checklists/inspection_sequence.toml via asset_path."""
    if not app.has_command("inspections"):
        return skip("inspection stages", "no inspections command in this build")
    if permit is None:
        return skip("inspection stages", "the register has no issued permit")
    app.same_as_source("inspection stages", "inspections", "stages", permit, "--db", db)
    ok("inspection stages", f"permit {permit}: the sequence from checklists/ is read")


def check_documents(app: Runner, db: Path, permit: str | None) -> None:
    """A permit card rendered by the frozen app is byte for byte the source tree's (reportlab
    runs with invariant=1): the package's fonts and the QR code are inside."""
    if not app.has_command("render"):
        return skip("documents", "no render command in this build")
    if permit is None:
        return skip("documents", "the register has no issued permit to print")
    pdfs = []
    for name, runner in (("frozen", app.frozen), ("source", app.source)):
        target = app.work / f"{name}-card.pdf"
        result = runner("render", "permit-card", permit, "--to", target, "--db", db)
        expect(result.returncode == 0 and target.is_file(), f"{name} renders a permit card", result)
        pdfs.append(target.read_bytes())
    expect(b"DejaVuSans" in pdfs[0], "the permit card embeds the bundled DejaVu fonts")
    expect(pdfs[0] == pdfs[1], "the frozen permit card is identical to the source tree's")
    ok("documents", f"permit card {permit}: {len(pdfs[0]):,} bytes, fonts embedded, as source")


def check_year_export(app: Runner, db: Path, year: str) -> None:
    """The year-end export (CSV, XLSX by openpyxl, BLDS, annual report, archive) is written
    deterministically, so the frozen app's files must equal the source tree's, byte for byte;
    and the frozen app must find its own archive intact."""
    if not app.has_command("export"):
        return skip("year-end export", "no export command in this build")
    # Each exports from its own copy of the same register: an export journals the archive it
    # wrote, so a second export from the same file would cite a later journal entry.
    folders, copies = [], []
    for name, runner in (("frozen", app.frozen), ("source", app.source)):
        copy = app.work / f"{name}-export-register.sqlite"
        with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
            source.backup(target)
        folder = app.work / f"{name}-export"
        result = runner("export", "--year", year, "--to", folder, "--db", copy)
        expect(result.returncode == 0, f"{name} exports {year}", result)
        folders.append(folder)
        copies.append(copy)
    files = sorted(p.relative_to(folders[0]) for p in folders[0].rglob("*") if p.is_file())
    expect(any(f.suffix == ".xlsx" for f in files), "the export holds the XLSX workbook")
    for relative in files:
        same = (folders[1] / relative).read_bytes() == (folders[0] / relative).read_bytes()
        expect(same, f"exported {relative} is identical to the source tree's")
    archives = [p for p in folders[0].iterdir() if (p / "manifest.json").is_file()]
    for archive in archives:
        result = app.frozen("verify-archive", archive, "--db", copies[0])
        expect(result.returncode == 0, f"verify-archive {archive.name}", result)
    ok("year-end export", f"{year}: {len(files)} files as source, {len(archives)} archive intact")


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
