"""Benchmark (issue 18): the year's workbook written by the hand-written streaming writer and
by XlsxWriter (constant-memory mode), side by side, on the 10,000-permit, 50,000-inspection
year of ``bench_exports``. Each writer runs in its own child process, so its time and peak
resident memory are its own; both write the same sheets with the same office features.

The app switches to XlsxWriter unless it is more than 1.5x slower
(``workbook_switch_to_xlsxwriter`` in the output).

    python -m benchmarks.bench_workbook        # prints one JSON object
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_exports import YEAR, _children_peak_rss, build_register

ALLOWED_RATIO = 1.5
CHILD = """
import sys, time
from datetime import datetime
from pathlib import Path
from deerfield_desk.exports import tabular
from deerfield_desk.exports.records import DATASETS
from deerfield_desk.store.register import Register
db, out, which, year = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
if which == "library":
    from benchmarks.xlsx_library_writer import LibraryXlsxWriter as book_class
else:
    from deerfield_desk.exports.xlsx_writer import XlsxWriter as book_class
reg = Register.open_read_only(db)
counts = {d.name: d.count(reg, year) for d in DATASETS}
started = time.perf_counter()
for _ in tabular.write_tables(out, {"xlsx": "records.xlsx"}, reg, year, csv_files=False,
                              workbook=True, fixed_time=datetime(year, 12, 31), counts=counts,
                              book_class=book_class):
    pass
print(time.perf_counter() - started)
"""


def write_with(db: Path, out: Path, which: str) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    before = _children_peak_rss()
    root = Path(__file__).resolve().parent.parent
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(db), str(out), which, str(YEAR)],
        capture_output=True, text=True, check=True, cwd=root,
    )  # fmt: skip
    peak = _children_peak_rss()
    return {
        "seconds": round(float(child.stdout.strip().splitlines()[-1]), 2),
        # the kernel's high-water mark over finished children: a later child only raises it
        "peak_rss_mb": round(max(peak, before) / 2**20, 1),
        "bytes": (out / "records.xlsx").stat().st_size,
    }


def run(context: dict | None = None) -> dict:
    context = context or {}
    if not context.get("workdir"):
        with tempfile.TemporaryDirectory(prefix="bench-workbook-") as scratch:
            return run({**context, "workdir": scratch})
    root = Path(context["workdir"])
    db = root / "register.sqlite"
    if db.exists():
        db.unlink()
    started = time.perf_counter()
    build_register(db)
    built = time.perf_counter() - started
    hand = write_with(db, root / "hand", "hand")
    library = write_with(db, root / "library", "library")
    ratio = library["seconds"] / hand["seconds"] if hand["seconds"] else float("inf")
    return {
        "workbook_build_register_s": round(built, 2),
        "workbook_hand_written_s": hand["seconds"],
        "workbook_xlsxwriter_constant_memory_s": library["seconds"],
        "workbook_xlsxwriter_to_hand_ratio": round(ratio, 2),
        "workbook_allowed_ratio": ALLOWED_RATIO,
        "workbook_switch_to_xlsxwriter": ratio <= ALLOWED_RATIO,
        "workbook_hand_written_bytes": hand["bytes"],
        "workbook_xlsxwriter_bytes": library["bytes"],
        "workbook_peak_rss_mb_hand_written": hand["peak_rss_mb"],
        "workbook_peak_rss_mb_max_of_both": library["peak_rss_mb"],
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
