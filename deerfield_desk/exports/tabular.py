"""CSV files (UTF-8 with BOM) and one XLSX workbook, a sheet per record type.

The BOM makes Excel on Windows read the file as UTF-8 (accents in owner names survive). The
workbook streams row by row through :mod:`xlsx_writer` (memory stays flat at any size; see
there why not openpyxl's write-only mode) with fixed times, so the same records give the same
bytes.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from contextlib import ExitStack
from datetime import datetime
from pathlib import Path

from deerfield_desk.exports.cells import csv_cell, xlsx_cell
from deerfield_desk.exports.records import DATASETS
from deerfield_desk.exports.xlsx_writer import XlsxWriter
from deerfield_desk.store.executor import Executor

STEP = 2000  # rows between progress reports


def write_tables(
    folder: Path,
    file_names: dict[str, str],
    reg: Executor,
    year: int,
    *,
    csv_files: bool,
    workbook: bool,
    fixed_time: datetime,
    counts: dict[str, int],
) -> Iterator[tuple[str, int]]:
    """Each dataset's CSV file and workbook sheet, from ONE pass over its rows.

    Yields ``(dataset title, rows written since the last report)``.
    """
    book = None
    if workbook:
        title = f"Village of Deerfield permit records {year}"
        book = XlsxWriter(folder / file_names["xlsx"], title, fixed_time)
    try:
        for dataset in DATASETS:
            kinds = [c.kind for c in dataset.columns]
            headers = [c.header for c in dataset.columns]
            if book is not None:
                widths = [14 if k != "text" else max(12, min(40, len(h) + 6))
                          for h, k in zip(headers, kinds, strict=True)]  # fmt: skip
                book.add_sheet(dataset.title, headers, widths, kinds, counts[dataset.name])
            with ExitStack() as stack:
                handle = None
                if csv_files:
                    handle = stack.enter_context(
                        open(
                            folder / file_names[dataset.name], "w", encoding="utf-8-sig", newline=""
                        )
                    )
                    writer = csv.writer(handle)
                    writer.writerow(headers)
                pending = 0
                for row in dataset.rows(reg, year):
                    if handle is not None:
                        writer.writerow([csv_cell(v, k) for v, k in zip(row, kinds, strict=True)])
                    if book is not None:
                        book.append([xlsx_cell(v, k) for v, k in zip(row, kinds, strict=True)])
                    pending += 1
                    if pending == STEP:
                        yield dataset.title, pending
                        pending = 0
                if pending:
                    yield dataset.title, pending
    finally:
        if book is not None:
            book.close()


def write_rows_csv(path: Path, headers: list[str], rows) -> int:
    """A CSV of ready-made rows with the same conventions (BOM, neutralised text): BLDS,
    rejects. Rows stream from any iterable; returns how many were written."""
    count = 0
    with open(path, "w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(headers)
        for row in rows:
            writer.writerow([csv_cell(v, "text") for v in row])
            count += 1
    return count
