"""CSV files (UTF-8 with BOM) and one XLSX workbook, a sheet per record type.

The BOM makes Excel on Windows read the file as UTF-8 (accents in owner names survive). The
workbook is written with openpyxl's write-only mode (rows stream to disk; memory stays flat at
any size) into a zip whose entries carry one fixed time, so the same records give the same bytes.
"""

from __future__ import annotations

import csv
import shutil
import sqlite3
import zipfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from deerfield_desk.exports.cells import csv_cell, xlsx_cell
from deerfield_desk.exports.records import DATASETS, Dataset

STEP = 2000  # rows between progress reports
FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def write_csv(path: Path, dataset: Dataset, conn: sqlite3.Connection, year: int) -> Iterator[int]:
    """Write one dataset; yields the number of rows written since the last report."""
    kinds = [c.kind for c in dataset.columns]
    pending = 0
    with open(path, "w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow([c.header for c in dataset.columns])
        for row in dataset.rows(conn, year):
            writer.writerow([csv_cell(v, k) for v, k in zip(row, kinds, strict=True)])
            pending += 1
            if pending == STEP:
                yield pending
                pending = 0
    if pending:
        yield pending


def write_rows_csv(path: Path, headers: list[str], rows) -> None:
    """A small CSV with the same conventions (BOM, neutralised text): BLDS, rejects."""
    with open(path, "w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(headers)
        for row in rows:
            writer.writerow([csv_cell(v, "text") for v in row])


def write_xlsx(
    path: Path, conn: sqlite3.Connection, year: int, fixed_time: datetime
) -> Iterator[int]:
    """One workbook, a sheet per dataset, bold frozen header row, money as numbers."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    workbook = Workbook(write_only=True)
    workbook.properties.creator = "Deerfield Desk"
    workbook.properties.title = f"Village of Deerfield permit records {year}"
    workbook.properties.created = fixed_time
    workbook.properties.modified = fixed_time
    bold = Font(bold=True)
    for dataset in DATASETS:
        sheet = workbook.create_sheet(dataset.title)
        sheet.freeze_panes = "A2"
        for index, column in enumerate(dataset.columns):
            width = 14 if column.kind != "text" else max(12, min(40, len(column.header) + 6))
            sheet.column_dimensions[_letter(index)].width = width
        header = []
        for column in dataset.columns:
            cell = WriteOnlyCell(sheet, value=column.header)
            cell.font = bold
            header.append(cell)
        sheet.append(header)
        kinds = [c.kind for c in dataset.columns]
        money = [i for i, k in enumerate(kinds) if k == "money"]
        pending = 0
        for row in dataset.rows(conn, year):
            values = [xlsx_cell(v, k) for v, k in zip(row, kinds, strict=True)]
            for i in money:
                if values[i] is not None:
                    cell = WriteOnlyCell(sheet, value=values[i])
                    cell.number_format = "#,##0.00"
                    values[i] = cell
            sheet.append(values)
            pending += 1
            if pending == STEP:
                yield pending
                pending = 0
        if pending:
            yield pending
    _save_fixed(workbook, path)


def _letter(index: int) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(index + 1)


def _save_fixed(workbook, path: Path) -> None:
    """Save without openpyxl's own ``save``, which stamps "modified" with the clock, into a
    zip whose entries all carry one fixed time: the same records give the same bytes."""
    from openpyxl.writer.excel import ExcelWriter

    if not workbook.worksheets:
        workbook.create_sheet()
    archive = _FixedTimeZip(path, "w", zipfile.ZIP_DEFLATED, allowZip64=True)
    ExcelWriter(workbook, archive).save()  # closes the archive


class _FixedTimeZip(zipfile.ZipFile):
    """A zip writer that stamps every entry with :data:`FIXED_ZIP_TIME`."""

    def _info(self, name: str) -> zipfile.ZipInfo:
        info = zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o600 << 16
        return info

    def writestr(self, zinfo_or_arcname, data, *args, **kwargs):
        name = getattr(zinfo_or_arcname, "filename", zinfo_or_arcname)
        return super().writestr(self._info(name), data)

    def write(self, filename, arcname=None, *args, **kwargs):
        info = self._info(arcname or Path(filename).name)
        with open(filename, "rb") as src, self.open(info, "w", force_zip64=True) as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
