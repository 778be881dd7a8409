"""CSV files (UTF-8 with BOM) and one XLSX workbook, a sheet per record type.

The BOM makes Excel on Windows read the file as UTF-8 (accents in owner names survive). The
workbook streams row by row through :mod:`xlsx_writer` (memory stays flat at any size; see
there why not a library) with fixed times, so the same records give the same bytes. Only the
first rows of each dataset are held, to size its columns.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from datetime import datetime
from itertools import chain
from pathlib import Path
from typing import Any

from deerfield_desk.exports.cells import CSV_CELLS, CSV_WHOLE, ColumnCells, csv_cell
from deerfield_desk.exports.csv_block import csv_block
from deerfield_desk.exports.records import DATASETS
from deerfield_desk.exports.xlsx_writer import XlsxWriter
from deerfield_desk.store.executor import Executor

STEP = 2000  # rows read, converted and reported at a time


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
    book_class: Callable[[Path, str, datetime], Any] = XlsxWriter,
) -> Iterator[tuple[str, int]]:
    """Each dataset's CSV file and workbook sheet, from ONE pass over its rows.

    Yields ``(dataset title, rows written since the last report)``. ``book_class`` is the
    workbook writer (the benchmark passes XlsxWriter's, to measure both side by side).
    """
    book = None
    if workbook:
        title = f"Village of Deerfield permit records {year}"
        book = book_class(folder / file_names["xlsx"], title, fixed_time)
    try:
        for dataset in DATASETS:
            kinds = [c.kind for c in dataset.columns]
            headers = [c.header for c in dataset.columns]
            batches = dataset.batches(reg, year, STEP)
            sample = next(batches, [])  # the first rows size the columns (STEP >= SAMPLE)
            if book is not None:
                widths = fitted_widths(dataset.columns, sample[:SAMPLE])
                book.add_sheet(
                    dataset.title,
                    headers,
                    widths,
                    kinds,
                    counts[dataset.name],
                    dataset.printed,
                    wrapped_columns(dataset.columns, widths),
                )
            with ExitStack() as stack:
                handle = None
                if csv_files:
                    handle = stack.enter_context(
                        open(
                            folder / file_names[dataset.name], "w", encoding="utf-8-sig", newline=""
                        )
                    )
                    csv.writer(handle).writerow(headers)
                    to_csv = [ColumnCells(CSV_CELLS[k], "", CSV_WHOLE.get(k)) for k in kinds]
                for batch in chain((sample,), batches):
                    if not batch:
                        continue
                    if handle is not None:
                        columns = map(ColumnCells.convert, to_csv, zip(*batch, strict=True))
                        handle.write(csv_block(list(columns)))
                    if book is not None:
                        book.append_rows(batch)
                    yield dataset.title, len(batch)
    finally:
        if book is not None:
            book.close()


#: Rows read ahead to size the columns (a sheet's columns are written before its rows).
SAMPLE = 500
#: Width in characters of a cell of each kind that is not text.
KIND_WIDTH = {"money": 13, "int": 9, "date": 10, "moment": 16, "flag": 6}
MAX_WIDTH = 45
#: Text longer than this wraps onto more lines of a column this wide (descriptions,
#: conditions, notes): the printed permits sheet stays two pages wide at a readable size.
WRAP_WIDTH = 16


def fitted_widths(columns, sample: list[tuple]) -> list[float]:
    """Column widths that fit the longest value of the first rows and the longest word of the
    header (which wraps onto two lines), within reason: a long description wraps at
    ``WRAP_WIDTH``, not the whole sheet made wide. Narrow columns keep the printed sheet
    readable on few pages."""
    widths = []
    for index, column in enumerate(columns):
        words = column.header.split()
        longest = max(len(max(words, key=len)) + 2, (len(column.header) + 1) // 2 + 1)
        if column.kind == "text":
            for row in sample:
                value = row[index]
                if value is not None:
                    longest = max(longest, len(str(value)))
        else:
            longest = max(longest, KIND_WIDTH[column.kind])
        widths.append(float(min(_widest(column), longest + 1)))
    return widths


def _widest(column) -> int:
    """Record ids (programs' links, never printed) keep their whole width; other text wraps."""
    return MAX_WIDTH if column.key.endswith("uuid") or column.kind != "text" else WRAP_WIDTH


def wrapped_columns(columns, widths: list[float]) -> frozenset[int]:
    """The text columns at the wrapping width: their longer values wrap onto more lines."""
    return frozenset(
        i
        for i, (column, width) in enumerate(zip(columns, widths, strict=True))
        if column.kind == "text" and width >= WRAP_WIDTH and _widest(column) == WRAP_WIDTH
    )


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
