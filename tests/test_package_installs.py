"""The wheel is the app: built from the source, installed into a fresh virtualenv outside the
repository, it assesses, renders and opens its window with nothing from the checkout.

Why: checklists, fonts and the ordinance texts used to sit beside the package, so a wheel
installed anywhere else failed with ``FileNotFoundError``. Now they ship inside it and are found
with ``config.asset_path()``.

The fresh virtualenv gets the wheel (no dependencies) and borrows the third-party packages of
the test interpreter through a plain path in a ``.pth`` file; that adds their folder to
``sys.path`` after the virtualenv's own site-packages without running the editable install's
hook, so ``deerfield_desk`` can only come from the wheel (asserted). This keeps the test
offline and quick enough for the normal suite.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", ".ruff_cache"}


def _copy_source(target: Path) -> Path:
    """The source tree without caches, builds or the virtualenv, so the build cannot pick up
    anything a fresh clone would not have."""

    def ignore(folder, names):
        return [n for n in names if n in SKIPPED or n.endswith(".egg-info")]

    shutil.copytree(ROOT, target, ignore=ignore)
    return target


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    tmp = tmp_path_factory.mktemp("wheel")
    source = _copy_source(tmp / "source")
    wheels = tmp / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "--no-index", "-w", str(wheels), str(source)],
        cwd=tmp, capture_output=True, text=True,
    )  # fmt: skip
    if built.returncode:  # most often a .venv made before setuptools>=70.1 joined [test]
        pytest.fail(f"building the wheel failed; run `make setup`:\n{built.stderr[-2000:]}")
    (wheel,) = wheels.glob("deerfield_desk-*.whl")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         "--no-index", str(wheel)],
        check=True, capture_output=True,
    )  # fmt: skip
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    borrowed = "\n".join(site.getsitepackages())
    (Path(purelib) / "_borrowed_dependencies.pth").write_text(borrowed + "\n")
    home = tmp / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(DEERFIELD_DESK_HOME=str(home), QT_QPA_PLATFORM="offscreen")
    env.pop("DEERFIELD_ORDINANCE_DIR", None)
    program = venv / ("Scripts/deerfield-desk.exe" if os.name == "nt" else "bin/deerfield-desk")
    return {"wheel": wheel, "python": python, "program": program, "env": env, "cwd": tmp,
            "purelib": Path(purelib)}  # fmt: skip


def run(installed, *argv, stdin=None, timeout=180) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(installed["program"]), *map(str, argv)],
        input=stdin, capture_output=True, text=True, cwd=installed["cwd"],
        env=installed["env"], timeout=timeout,
    )  # fmt: skip


def test_the_wheel_carries_the_data_and_the_type_marker(installed):
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    for expected in (
        "deerfield_desk/py.typed",
        "deerfield_desk/resources/checklists/exhibit_a_erosion.toml",
        "deerfield_desk/resources/checklists/inspection_sequence.toml",
        "deerfield_desk/resources/fonts/DejaVuSans.ttf",
        "deerfield_desk/resources/ordinance/chapter-12-building-code.txt",
        "deerfield_desk/resources/ordinance/chapter-31-erosion-control.txt",
        "deerfield_desk/resources/ordinance/README.md",
    ):
        assert expected in names


def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    where = subprocess.run(
        [str(installed["python"]), "-c",
         "import deerfield_desk.config as c; print(c.__file__); print(c.asset_path('ordinance'))"],
        capture_output=True, text=True, check=True, cwd=installed["cwd"], env=installed["env"],
    ).stdout.split()  # fmt: skip
    for path in where:
        assert Path(path).is_relative_to(installed["purelib"]), path
        assert not Path(path).is_relative_to(ROOT)


def test_assess_from_the_installed_wheel(installed):
    project = {"work": "new_building", "structure": "dwelling", "area_sqft": 2200,
               "disturbed_sqft": 9000}  # fmt: skip
    result = run(installed, "assess", "-", stdin=json.dumps(project))
    assert result.returncode == 0, result.stderr
    assessment = json.loads(result.stdout)
    kinds = {p["type"] for p in assessment["permits"]}
    assert {"building", "erosion_control"} <= kinds
    assert "12.07(2)(a)" in json.dumps(assessment)
    source = subprocess.run(
        [sys.executable, "-m", "deerfield_desk", "assess", "-"], input=json.dumps(project),
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    assert result.stdout == source.stdout  # the wheel answers exactly as the checkout does


def test_render_from_the_installed_wheel(installed, tmp_path):
    db = tmp_path / "demo.sqlite"
    made = run(installed, "demo", "--permits", 60, "--db", db)
    assert made.returncode == 0, made.stderr
    import sqlite3

    with sqlite3.connect(db) as conn:
        (number,) = conn.execute(
            "SELECT permit_number FROM permits WHERE status = 'issued' ORDER BY permit_number"
        ).fetchone()
    target = tmp_path / "card.pdf"
    result = run(installed, "render", "permit-card", number, "--db", db, "--to", target)
    assert result.returncode == 0, result.stderr
    pdf = target.read_bytes()
    assert pdf.startswith(b"%PDF")
    assert b"DejaVuSans" in pdf  # the shipped font, embedded


def test_smoke_start_from_the_installed_wheel(installed):
    result = run(installed, "--smoke", timeout=300)
    assert result.returncode == 0, result.stderr
    assert "ready_ms=" in result.stdout
