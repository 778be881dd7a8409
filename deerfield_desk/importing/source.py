"""Reading an old register's file (CSV or XLSX) without silently altering it.

Why each rule:
- **One encoding per file.** A UTF-8 file with one row saved by a Windows program is not
  valid UTF-8; decoding the whole file as Windows-1252 then garbles every accented name in the
  other rows. So a file is read as UTF-8 when it is, as Windows-1252 only when no line of it is
  UTF-8 text, and a file that mixes the two is refused naming the first line that differs.
- **The true sheet size.** An .xlsx records its used range in a ``<dimension>`` element that
  some programs write wrong; openpyxl's read-only mode trusts it and stops early (1 row of 50,
  imported "successfully"). We drop the recorded dimension and read every row present.
- **No decompression bombs.** An .xlsx is a zip. Before any XML is parsed, the sizes the zip
  declares (which Python's zipfile enforces while reading) are checked against plain limits:
  a 5 MB workbook that inflates to gigabytes is refused in milliseconds, not after minutes.
"""

from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

from deerfield_desk.errors import InvalidInput

#: An old register of a village this size is a few MB of XML; 400 MB is far beyond any real one.
MAX_UNCOMPRESSED_BYTES = 400 * 1024 * 1024
#: Spreadsheet XML compresses 10-30x; a part inflating more than this (and more than
#: RATIO_FLOOR_BYTES) is built to explode.
MAX_RATIO = 150
RATIO_FLOOR_BYTES = 2 * 1024 * 1024
MAX_PARTS = 10_000
MAX_COLUMNS = 200


@dataclass
class SourceTable:
    path: Path
    headers: list[str]
    rows: list[list]


def read_source(path: Path | str) -> SourceTable:
    """The header row and the data rows (blank rows dropped) of a CSV or XLSX file."""
    path = Path(path)
    suffix = path.suffix.lower()
    if not path.is_file():
        raise InvalidInput("file", f"{path} does not exist")
    if suffix == ".csv":
        rows = read_csv_rows(path)
    elif suffix in (".xlsx", ".xlsm"):
        rows = read_xlsx_rows(path)
    else:
        raise InvalidInput("file", f"must be a .csv or .xlsx file (got {path.name})")
    rows = [r for r in rows if any(c not in (None, "") for c in r)]
    if not rows:
        raise InvalidInput("file", f"{path.name} has no header row")
    headers = [str(h or "").strip() for h in rows[0]]
    width = len(headers)
    body = [list(r[:width]) + [None] * (width - len(r)) for r in rows[1:]]
    return SourceTable(path, headers, body)


# -- CSV ------------------------------------------------------------------------------------
def decode_text(data: bytes, name: str) -> str:
    """The file's text in its one encoding (UTF-8, else Windows-1252), or a refusal that
    names the line where a second encoding starts."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    utf8_line = windows_line = None
    for number, line in enumerate(data.split(b"\n"), start=1):
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            windows_line = windows_line or number
        else:
            utf8_line = utf8_line or number
        if utf8_line and windows_line:
            raise InvalidInput(
                "file",
                f"{name} mixes two text encodings: line {utf8_line} is UTF-8 but line "
                f"{windows_line} is not (it was saved by another program). Nothing was "
                "imported: save the whole file again as CSV UTF-8 and import it again",
            )
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError as exc:
        line_no = data[: exc.start].count(b"\n") + 1
        raise InvalidInput(
            "file",
            f"{name} line {line_no} holds a byte that is neither UTF-8 nor Windows text; "
            "save the file again as CSV UTF-8",
        ) from None


def read_csv_rows(path: Path) -> list[list]:
    text = decode_text(path.read_bytes(), path.name)
    try:
        return list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise InvalidInput("file", f"{path.name} is not a readable CSV file ({exc})") from None


# -- XLSX -----------------------------------------------------------------------------------
def check_workbook_size(path: Path) -> None:
    """Refuse a workbook whose declared uncompressed size or compression ratio is absurd,
    before any of it is decompressed."""
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise unreadable(path, exc) from None
    if len(parts) > MAX_PARTS:
        raise InvalidInput("file", f"{path.name} holds {len(parts):,} parts: not a workbook")
    total = sum(p.file_size for p in parts)
    if total > MAX_UNCOMPRESSED_BYTES:
        raise InvalidInput(
            "file",
            f"{path.name} would unpack to {total / 2**20:,.0f} MB (more than "
            f"{MAX_UNCOMPRESSED_BYTES // 2**20} MB): refused as a possible zip bomb",
        )
    for part in parts:
        if part.file_size > RATIO_FLOOR_BYTES:
            ratio = part.file_size / max(part.compress_size, 1)
            if ratio > MAX_RATIO:
                raise InvalidInput(
                    "file",
                    f"{path.name}: its part {part.filename} inflates {ratio:,.0f} times "
                    f"(to {part.file_size / 2**20:,.0f} MB): refused as a possible zip bomb",
                )


def unreadable(path: Path, exc: Exception) -> InvalidInput:
    return InvalidInput("file", f"{path.name} is not a readable .xlsx workbook ({exc})")


def read_xlsx_rows(path: Path) -> list[list]:
    from openpyxl import load_workbook

    check_workbook_size(path)
    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged workbook
        raise unreadable(path, exc) from None
    try:
        sheet = workbook["Permits"] if "Permits" in workbook.sheetnames else workbook.active
        sheet.reset_dimensions()  # the recorded <dimension> may under-state the sheet
        rows = []
        for row in sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS):
            values = list(row)
            while values and values[-1] in (None, ""):
                values.pop()
            if values:
                rows.append(values)
        return rows
    except InvalidInput:
        raise
    except Exception as exc:
        raise InvalidInput("file", f"{path.name} could not be read ({exc})") from None
    finally:
        workbook.close()
