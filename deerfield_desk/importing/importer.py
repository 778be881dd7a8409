"""Bring in the register the village kept in spreadsheets (CSV or XLSX).

The clerk maps columns once (the mapping is remembered in the register's settings), every row
is checked, and the good rows go in through ``Register.insert_many`` in ONE transaction, each
journaled as an import. Rows that break a rule go to a rejects file beside the source, with
the reasons, in the same columns, so the clerk fixes them there and imports that file again.
Re-importing never duplicates: a permit number already in the register is skipped. Imported
permits keep their historical numbers, which must be in the register's one form ``YYYY-NNNN``
(``2019-7`` and ``2019-0007`` would otherwise be two permits). An imported number never moves
the number series: one typo like ``2026-999999`` must not make the next permit
``2026-1000000``. Issuance instead steps over a number an imported permit already holds
(``numbering.assign_permit_number``), so numbers stay in order of issuance and are never reused.
"""

from __future__ import annotations

import os
import uuid as uuidlib
from collections.abc import Generator
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from deerfield_desk.errors import InvalidInput
from deerfield_desk.exports.tabular import write_rows_csv
from deerfield_desk.importing.fields import (
    BY_NAME,
    IMPORTABLE,
    RowProblem,
    RowProblems,
    check_row,
    guess_mapping,
    parse_value,
)
from deerfield_desk.importing.source import SourceTable, read_source  # noqa: F401 (API)
from deerfield_desk.models.progress import Progress
from deerfield_desk.store.permit_keys import permit_keys
from deerfield_desk.store.register import Register

MAPPING_SETTING = "import.column_mapping"
PROBLEMS_HEADER = "Problems"
STEP = 500


@dataclass
class ImportResult:
    imported: int = 0
    already_present: int = 0
    rejected: int = 0
    rejects_path: Path | None = None


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
    keys = permit_keys(reg)
    numbers, uuids, parcels = keys.numbers, keys.uuids, keys.parcels
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
    row: dict[str, Any] = {f.name: None for f in IMPORTABLE}
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
