"""Bring in the register the village kept in spreadsheets (CSV or XLSX).

The clerk maps columns once (the mapping is remembered in the register's settings), every row
is checked, and the good rows go in through ``Register.insert_many`` in ONE transaction, each
journaled as an import. Rows that break a rule go to a rejects file beside the source, with
the reasons, in the same columns, so the clerk fixes them there and imports that file again.
Re-importing never duplicates: a permit number already in the register is skipped. Imported
permits keep their historical numbers, and the permit number series is moved past them so
the next issuance continues after the highest imported number of its year (§12.12(8)).
"""

from __future__ import annotations

import csv
import os
import uuid as uuidlib
from collections.abc import Generator
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from deerfield_desk.errors import InvalidInput
from deerfield_desk.exports.import_fields import (
    BY_NAME,
    IMPORTABLE,
    PERMIT_NUMBER,
    RowProblem,
    RowProblems,
    check_row,
    guess_mapping,
    parse_value,
)
from deerfield_desk.exports.progress import Progress
from deerfield_desk.exports.tabular import write_rows_csv
from deerfield_desk.store.numbering import PERMIT_SERIES
from deerfield_desk.store.register import Register

MAPPING_SETTING = "import.column_mapping"
PROBLEMS_HEADER = "Problems"
STEP = 500


@dataclass
class SourceTable:
    path: Path
    headers: list[str]
    rows: list[list]


@dataclass
class ImportResult:
    imported: int = 0
    already_present: int = 0
    rejected: int = 0
    rejects_path: Path | None = None
    series_moved: dict[int, int] = field(default_factory=dict)  # year: last number now


def read_source(path: Path | str) -> SourceTable:
    """The header row and the data rows (blank rows dropped) of a CSV or XLSX file."""
    path = Path(path)
    suffix = path.suffix.lower()
    if not path.is_file():
        raise InvalidInput("file", f"{path} does not exist")
    if suffix == ".csv":
        rows = _read_csv(path)
    elif suffix in (".xlsx", ".xlsm"):
        rows = _read_xlsx(path)
    else:
        raise InvalidInput("file", f"must be a .csv or .xlsx file (got {path.name})")
    rows = [r for r in rows if any(c not in (None, "") for c in r)]
    if not rows:
        raise InvalidInput("file", f"{path.name} has no header row")
    headers = [str(h or "").strip() for h in rows[0]]
    width = len(headers)
    body = [list(r[:width]) + [None] * (width - len(r)) for r in rows[1:]]
    return SourceTable(path, headers, body)


def _read_csv(path: Path) -> list[list]:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            with open(path, encoding=encoding, newline="") as handle:
                return list(csv.reader(handle))
        except UnicodeDecodeError:
            continue
    raise InvalidInput("file", f"{path.name} is neither UTF-8 nor Windows text")


def _read_xlsx(path: Path) -> list[list]:
    from openpyxl import load_workbook

    workbook = load_workbook(path, read_only=True, data_only=True)
    try:
        sheet = workbook["Permits"] if "Permits" in workbook.sheetnames else workbook.active
        return [list(row) for row in sheet.iter_rows(values_only=True)]
    finally:
        workbook.close()


def initial_mapping(reg: Register, headers: list[str]) -> dict[str, str]:
    """The remembered mapping for the headers present, else our best guess from their names."""
    remembered = reg.get_setting(MAPPING_SETTING, {}) or {}
    mapping = guess_mapping(headers)
    for header in headers:
        if header in remembered and remembered[header] in BY_NAME:
            for other, target in list(mapping.items()):
                if target == remembered[header]:
                    del mapping[other]
            mapping[header] = remembered[header]
    return mapping


def check_mapping(mapping: dict[str, str], headers: list[str]) -> None:
    targets = [t for t in mapping.values() if t]
    for header, target in mapping.items():
        if header not in headers:
            raise InvalidInput("mapping", f"the file has no column {header!r}")
        if target and target not in BY_NAME:
            raise InvalidInput("mapping", f"{target!r} is not a permit field")
    twice = sorted({t for t in targets if targets.count(t) > 1})
    if twice:
        raise InvalidInput("mapping", f"{BY_NAME[twice[0]].header} is mapped from two columns")
    missing = [f.header for f in IMPORTABLE if f.required and f.name not in targets]
    if missing:
        raise InvalidInput("mapping", f"map a column to each required field: {', '.join(missing)}")


def import_register(
    reg: Register,
    source: Path | str,
    mapping: dict[str, str],
    rejects_path: Path | str | None = None,
    remember: bool = True,
) -> Generator[Progress, None, ImportResult]:
    table = read_source(source)
    mapping = {h: t for h, t in mapping.items() if t}
    check_mapping(mapping, table.headers)
    rejects_path = Path(rejects_path or table.path.with_name(f"{table.path.stem}-rejected.csv"))
    result = ImportResult()
    numbers = {r[0] for r in reg.conn.execute("SELECT permit_number FROM permits")}
    uuids = {r[0] for r in reg.conn.execute("SELECT uuid FROM permits")}
    parcels = dict(reg.conn.execute("SELECT parcel_number, id FROM parcels"))
    columns = [table.headers.index(h) for h in mapping]
    good: list[dict] = []
    rejects: list[list] = []
    seen: dict[str, int] = {}
    total = len(table.rows)
    for index, raw in enumerate(table.rows):
        line = index + 2  # the header is line 1
        try:
            row = _row(mapping, columns, raw)
            number = row["permit_number"]
            if number in numbers:
                result.already_present += 1
                continue
            if number in seen:
                raise RowProblem(
                    "Permit number", f"{number} appears twice in this file (line {seen[number]})"
                )
            seen[number] = line
        except RowProblem as problem:
            rejects.append([_text(v) for v in raw] + [str(problem)])
        else:
            if not row["uuid"] or row["uuid"] in uuids:
                row["uuid"] = str(uuidlib.uuid4())
            uuids.add(row["uuid"])
            row["parcel_id"] = parcels.get(row["parcel_number"])
            good.append(row)
        if index % STEP == STEP - 1:
            yield Progress(index + 1, total + 1, f"Checked {index + 1:,} of {total:,} rows")
    yield Progress(total, total + 1, f"Importing {len(good):,} permits in one transaction")
    # No yield from here on: the transaction commits and the rejects file lands together, and
    # a Cancel can no longer arrive to report "cancelled" about an import that happened.
    partial = rejects_path.with_name(rejects_path.name + ".partial")
    if rejects:
        write_rows_csv(partial, [*table.headers, PROBLEMS_HEADER], rejects)
    try:
        with reg.transaction():
            result.imported = reg.insert_many("permits", good, action="import")
            result.series_moved = _move_series_past(reg, good)
            if remember:
                reg.set_setting(MAPPING_SETTING, mapping)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    if rejects:
        os.replace(partial, rejects_path)
        result.rejects_path = rejects_path
    result.rejected = len(rejects)
    return result


def _row(mapping: dict[str, str], columns: list[int], raw: list) -> dict:
    """One source row as a permits row; every broken rule of the row is reported at once."""
    row = {f.name: None for f in IMPORTABLE}
    problems = []
    for target, column in zip(mapping.values(), columns, strict=True):
        try:
            row[target] = parse_value(BY_NAME[target], raw[column])
        except RowProblem as problem:
            problems.append(problem)
    if problems:
        raise RowProblems(problems)
    check_row(row)
    row["housing_units"] = row["housing_units"] or 0
    row["status"] = row["status"] or ("finaled" if row["finaled_date"] else "issued")
    return row


def _move_series_past(reg: Register, rows: list[dict]) -> dict[int, int]:
    """Move each year's permit series to at least the highest imported number, through
    ``Register.next_number`` (the one writer of number_series), so no number is reused."""
    highest: dict[int, int] = {}
    for row in rows:
        match = PERMIT_NUMBER.match(row["permit_number"])
        if match:
            year, n = int(match.group(1)), int(match.group(2))
            highest[year] = max(highest.get(year, 0), n)
    moved = {}
    for year, top in sorted(highest.items()):
        current = reg.query_one(
            "SELECT last FROM number_series WHERE series = ? AND year = ?", (PERMIT_SERIES, year)
        )
        last = current["last"] if current else 0
        while last < top:
            last = reg.next_number(PERMIT_SERIES, year)
        moved[year] = last
    return moved


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime | date):
        return (
            value.isoformat()[:10]
            if not isinstance(value, datetime) or not value.time()
            else value.isoformat()
        )
    return str(value)


def run_import(*args, **kwargs) -> ImportResult:
    gen = import_register(*args, **kwargs)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
