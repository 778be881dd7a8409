"""The bad-input corpus: the command line given damaged, truncated, foreign, missing and odd
files, import files that are not what they claim, and photos that are not photos.

Each CLI case runs ``python -m deerfield_desk …`` in a real process; a traceback on stderr (or
death by a signal) counts. Photos go through ``store.photos.import_photo`` in-process: anything
but the store's own ``InvalidInput`` refusal counts as a traceback. Every finding is listed
with the command and the exception's last line, so each can be traced to its owner.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sqlite3
import subprocess
import sys
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from deerfield_desk.config import Paths
from deerfield_desk.errors import DeskError
from deerfield_desk.store.photos import import_photo
from deerfield_desk.store.register import Register
from tests.faults.base import CLERK, build_base

REPO = Path(__file__).resolve().parents[2]
REAL_PROCESS_CASES = {"verify/garbage", "verify/truncated", "export/foreign", "backup/text",
                      "import-file/fake_xlsx", "render/missing"}  # fmt: skip


def _files(root: Path, good_db: Path) -> dict[str, Path]:
    """The damaged inputs, each a path (made once)."""
    out = {}
    out["missing"] = root / "no-such-folder" / "register.sqlite"
    (root / "empty.sqlite").write_bytes(b"")
    out["empty"] = root / "empty.sqlite"
    (root / "garbage.sqlite").write_bytes(os.urandom(8192))
    out["garbage"] = root / "garbage.sqlite"
    (root / "text.sqlite").write_text("hello, this is not a database\n")
    out["text"] = root / "text.sqlite"
    data = good_db.read_bytes()
    (root / "truncated.sqlite").write_bytes(data[: len(data) // 3])
    out["truncated"] = root / "truncated.sqlite"
    header = bytearray(data)
    header[16:24] = b"\xff" * 8  # page size and format bytes
    (root / "bad-header.sqlite").write_bytes(bytes(header))
    out["bad_header"] = root / "bad-header.sqlite"
    foreign = sqlite3.connect(root / "foreign.sqlite")
    foreign.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    foreign.execute("INSERT INTO recipes VALUES ('bread', 240)")
    foreign.commit()
    foreign.close()
    out["foreign"] = root / "foreign.sqlite"
    (root / "a-folder.sqlite").mkdir()
    out["directory"] = root / "a-folder.sqlite"
    return out


def _imports(root: Path) -> dict[str, Path]:
    out = {}
    (root / "empty.csv").write_bytes(b"")
    out["empty_csv"] = root / "empty.csv"
    (root / "binary.csv").write_bytes(os.urandom(4096))
    out["binary_csv"] = root / "binary.csv"
    (root / "latin1.csv").write_bytes("permit_number,owner\n2019-0007,Jos\xe9\n".encode("latin-1"))
    out["mixed_encoding_csv"] = root / "latin1.csv"
    (root / "fake.xlsx").write_bytes(b"PK\x03\x04 this is not a workbook")
    out["fake_xlsx"] = root / "fake.xlsx"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
    (root / "hollow.xlsx").write_bytes(buffer.getvalue())
    out["hollow_xlsx"] = root / "hollow.xlsx"
    (root / "cut.xlsx").write_bytes(buffer.getvalue()[:40])
    out["truncated_xlsx"] = root / "cut.xlsx"
    out["missing_file"] = root / "nowhere.csv"
    return out


def _cli_cases(root: Path, good_db: Path, files: dict, imports: dict) -> list[tuple[str, list]]:
    cases = []
    for name, path in files.items():
        db = ["--db", str(path)]
        cases += [
            (f"verify/{name}", ["verify", *db]),
            (f"backup/{name}", ["backup", *db, "--to", str(root / f"b-{name}.sqlite")]),
            (
                f"export/{name}",
                [
                    "export",
                    *db,
                    "--year",
                    "2026",
                    "--to",
                    str(root / f"x-{name}"),
                    "--format",
                    "csv,archive",
                ],
            ),  # fmt: skip
            (f"state-report/{name}", ["state-report", *db]),
            (f"inspections-today/{name}", ["inspections", *db, "today"]),
            (
                f"render/{name}",
                ["render", *db, "permit_card", "2026-0001", "--to", str(root / f"r-{name}.pdf")],
            ),  # fmt: skip
            (f"import/{name}", ["import-register", *db, str(imports["empty_csv"])]),
        ]
    db = ["--db", str(good_db)]
    for name, path in imports.items():
        cases.append((f"import-file/{name}", ["import-register", *db, str(path)]))
    archive = root / "archive-bad"
    archive.mkdir()
    (archive / "manifest.json").write_text("{not json")
    (root / "archive-file").write_text("x")
    cases += [
        ("verify-archive/garbage-manifest", ["verify-archive", *db, str(archive)]),
        ("verify-archive/missing", ["verify-archive", *db, str(root / "nowhere")]),
        ("verify-archive/a-file", ["verify-archive", *db, str(root / "archive-file")]),
        ("assess/garbage", ["assess", str(files["garbage"])]),
        ("assess/missing", ["assess", str(root / "nowhere.json")]),
        (
            "render/unknown-permit",
            ["render", *db, "permit_card", "1999-9999", "--to", str(root / "u.pdf")],
        ),  # fmt: skip
        ("render/to-a-folder", ["render", *db, "permit_card", "2026-0001", "--to", str(root)]),
        ("backup/to-missing-folder", ["backup", *db, "--to", str(root / "no" / "x.sqlite")]),
        ("demo/over-a-register", ["demo", "--db", str(good_db), "--permits", "5"]),
        ("verify/garbage-wal", ["verify", "--db", str(_with_garbage_wal(root, good_db))]),
    ]
    return cases


def _with_garbage_wal(root: Path, good_db: Path) -> Path:
    target = root / "wal" / "register.sqlite"
    target.parent.mkdir()
    shutil.copy(good_db, target)
    Path(str(target) + "-wal").write_bytes(os.urandom(5000))
    return target


def _run_cli(case: tuple[str, list], env: dict) -> dict:
    """One case in a real ``python -m deerfield_desk`` process (the entry point itself)."""
    name, argv = case
    try:
        done = subprocess.run(
            [sys.executable, "-m", "deerfield_desk", *argv],
            cwd=REPO, env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return {"case": name, "traceback": True, "detail": "timed out after 60 s"}
    return _result(name, done.returncode, done.stderr)


def _fork_cli(case: tuple[str, list], home: Path) -> dict:
    """One case in a forked child running ``deerfield_desk.cli.main`` as ``__main__`` does,
    with the interpreter's own handling of an uncaught exception (a traceback on stderr, exit
    1). Forking skips the interpreter start-up, most of the cost of 70 cases on two cores."""
    name, argv = case
    err_path = home / f"stderr-{len(name)}-{abs(hash(name))}.txt"
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            fd = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            null = os.open(os.devnull, os.O_WRONLY)
            sys.stdout.flush()
            os.dup2(null, 1)
            os.dup2(fd, 2)
            os.environ["DEERFIELD_DESK_HOME"] = str(home)
            from deerfield_desk.cli import main

            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            import traceback

            traceback.print_exc()
            code = 1
        finally:
            sys.stderr.flush()
            sys.stdout.flush()
            os._exit(code or 0)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    err = err_path.read_text(errors="replace") if err_path.exists() else ""
    err_path.unlink(missing_ok=True)
    return _result(name, code, err)


def _warm_up() -> None:
    """Import what the commands import lazily, once, before forking."""
    import importlib

    from deerfield_desk import cli

    cli.build_parser()
    for name in ("deerfield_desk.exports.year_export", "deerfield_desk.importing.importer",
                 "deerfield_desk.store.backup", "deerfield_desk.store.verify",
                 "deerfield_desk.exports.doc_renderer", "deerfield_desk.documents",
                 "deerfield_desk.exports.state_report", "deerfield_desk.store.inspections",
                 "openpyxl", "reportlab.pdfgen.canvas"):  # fmt: skip
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


def _result(name: str, code: int, stderr: str) -> dict:
    err = stderr.strip()
    return {
        "case": name,
        "code": code,
        "traceback": "Traceback (most recent call last)" in err or code < 0,
        "detail": (err.splitlines() or [""])[-1][:160],
        "lines": len(err.splitlines()),
    }


def _photo_cases(root: Path, good_db: Path) -> list[dict]:
    cam = root / "camera"
    cam.mkdir()
    (cam / "empty.jpg").write_bytes(b"")
    (cam / "garbage.jpg").write_bytes(os.urandom(3000))
    (cam / "text.jpg").write_text("not a photo")
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (800, 600), "green").save(buffer, "JPEG")
    (cam / "cut.jpg").write_bytes(buffer.getvalue()[:600])
    buffer = io.BytesIO()
    Image.new("RGB", (32, 32), "green").save(buffer, "GIF")
    (cam / "gif.jpg").write_bytes(buffer.getvalue())
    buffer = io.BytesIO()
    Image.new("1", (1, 1)).save(buffer, "PNG")
    data = bytearray(buffer.getvalue())
    data[16:24] = (60000).to_bytes(4, "big") * 2  # claims 60000 x 60000 pixels
    (cam / "bomb.png").write_bytes(bytes(data))
    (cam / "a-folder.jpg").mkdir()
    results = []
    with Register.open(good_db, CLERK) as reg:
        inspection = reg.query_one("SELECT uuid FROM inspections LIMIT 1")["uuid"]
        for path in [*sorted(cam.iterdir()), cam / "missing.jpg"]:
            try:
                import_photo(reg, Paths(good_db), path, "inspections", inspection)
                results.append({"case": f"photo/{path.name}", "traceback": False, "code": 0})
            except DeskError as exc:
                results.append({"case": f"photo/{path.name}", "traceback": False, "code": 2,
                                "detail": str(exc)[:160]})  # fmt: skip
            except Exception as exc:  # noqa: BLE001 - what the harness counts
                results.append({"case": f"photo/{path.name}", "traceback": True,
                                "detail": f"{type(exc).__name__}: {exc}"[:160]})  # fmt: skip
    return results


def run(folder: Path, workers: int = 2) -> dict:
    started = time.monotonic()
    folder.mkdir(parents=True, exist_ok=True)
    base = folder / "good"
    build_base(base)
    good_db = base / "register.sqlite"
    files = _files(folder, good_db)
    imports = _imports(folder)
    cases = _cli_cases(folder, good_db, files, imports)
    home = folder / "home"
    home.mkdir(exist_ok=True)
    env = {**os.environ, "DEERFIELD_DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    _warm_up()
    # a few through the real entry point (a new interpreter), the rest forked
    real = [c for c in cases if c[0] in REAL_PROCESS_CASES]
    with ThreadPoolExecutor(workers) as pool:
        results = list(pool.map(lambda c: _run_cli(c, env), real))
    results += [_fork_cli(c, home) for c in cases if c not in real]
    results += _photo_cases(folder, good_db)
    bad = [r for r in results if r["traceback"]]
    # A damaged or missing input must never be reported as a success either.
    accepted = [
        r["case"] for r in results
        if r.get("code") == 0 and not r["case"].startswith(("import-file/", "photo/"))
        and r["case"].split("/")[-1] in files
    ]  # fmt: skip
    return {
        "cases": len(results),
        "cli_cases": len(cases),
        "tracebacks": len(bad),
        "traceback_cases": [f"{r['case']}: {r['detail']}" for r in bad],
        "exit_zero_on_bad_input": accepted,
        "seconds": round(time.monotonic() - started, 1),
    }
