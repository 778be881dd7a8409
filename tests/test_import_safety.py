"""Issue 11, finding 9: an import never silently alters data. Every file here is built for
real (bytes on disk, real zips), then imported through the same calls the dialog and CLI use."""

from __future__ import annotations

import csv
import re
import zipfile
from datetime import date

import pytest
from openpyxl import Workbook

from deerfield_desk.errors import InvalidInput
from deerfield_desk.importing import source as import_source
from deerfield_desk.importing.importer import initial_mapping, read_source, run_import
from deerfield_desk.store.numbering import assign_permit_number

HEADERS = ["Permit #", "Type", "Site Address", "Owner", "Date Issued"]


def csv_bytes(rows, encoding="utf-8") -> bytes:
    lines = [",".join(HEADERS)] + [",".join(r) for r in rows]
    return "\r\n".join(lines).encode(encoding) + b"\r\n"


def owners(register) -> dict[str, str]:
    return dict(register.conn.execute("SELECT permit_number, owner_name FROM permits"))


def imported(register, path):
    return run_import(register, path, initial_mapping(register, read_source(path).headers))


# -- one encoding per file ------------------------------------------------------------------
def test_a_utf8_file_with_one_windows_row_is_refused_naming_the_line(register, tmp_path):
    good = csv_bytes(
        [
            ["2019-0001", "building", "1 Elm St", "José Núñez", "2019-02-01"],
            ["2019-0002", "building", "2 Elm St", "Zoë Brontë", "2019-02-02"],
        ]
    )
    windows = "2019-0003,building,3 Elm St,Renée Côté,2019-02-03\r\n".encode("cp1252")
    source = tmp_path / "mixed.csv"
    source.write_bytes(good + windows)
    with pytest.raises(InvalidInput) as refused:
        read_source(source)
    assert refused.value.field == "file"
    assert "line 4" in str(refused.value) and "mixes two text encodings" in str(refused.value)
    assert owners(register) == {}


def test_a_whole_windows_file_and_a_whole_utf8_file_keep_every_accent(register, tmp_path):
    rows = [["2019-0001", "building", "1 Elm St", "Renée Côté", "2019-02-01"]]
    (tmp_path / "win.csv").write_bytes(csv_bytes(rows, "cp1252"))
    imported(register, tmp_path / "win.csv")
    rows = [["2019-0002", "building", "2 Elm St", "José Núñez", "2019-02-02"]]
    (tmp_path / "utf.csv").write_bytes(b"\xef\xbb\xbf" + csv_bytes(rows))
    imported(register, tmp_path / "utf.csv")
    assert owners(register) == {"2019-0001": "Renée Côté", "2019-0002": "José Núñez"}


# -- canonical permit numbers -----------------------------------------------------------------
def test_one_permit_written_three_ways_is_not_three_permits(register, tmp_path):
    rows = [
        ["2019-7", "building", "7 Elm St", "Ann Lee", "2019-03-14"],
        ["2019-07", "building", "7 Elm St", "Ann Lee", "2019-03-14"],
        ["2019-0007", "building", "7 Elm St", "Ann Lee", "2019-03-14"],
        ["B19-7", "building", "9 Elm St", "Bo Ray", "2019-03-14"],
    ]
    (tmp_path / "three.csv").write_bytes(csv_bytes(rows))
    result = imported(register, tmp_path / "three.csv")
    assert (result.imported, result.rejected) == (1, 3)
    assert list(owners(register)) == ["2019-0007"]
    with open(result.rejects_path, encoding="utf-8-sig", newline="") as handle:
        reasons = {r["Permit #"]: r["Problems"] for r in csv.DictReader(handle)}
    assert reasons["2019-7"].startswith("Permit number: 2019-7 is not written")
    assert "write 2019-0007" in reasons["2019-7"] and "write 2019-0007" in reasons["2019-07"]
    assert "must be a permit number like 2019-0007" in reasons["B19-7"]


def test_a_typo_in_an_imported_number_never_moves_the_current_series(register, tmp_path):
    rows = [
        ["2026-0001", "building", "1 Oak St", "A", "2026-01-05"],
        ["2026-0002", "building", "2 Oak St", "B", "2026-01-06"],
        ["2026-999999", "building", "3 Oak St", "C", "2026-01-07"],
    ]
    (tmp_path / "typo.csv").write_bytes(csv_bytes(rows))
    assert imported(register, tmp_path / "typo.csv").imported == 3
    assert register.query("SELECT * FROM number_series") == []
    draft = register.insert("permits", {"kind": "building", "status": "approved"})
    issued = assign_permit_number(register, draft["uuid"], date(2026, 2, 1))
    assert issued["permit_number"] == "2026-0003"


# -- the true sheet size ------------------------------------------------------------------------
def understated_workbook(path, rows: int):
    book = Workbook()
    sheet = book.active
    sheet.append(HEADERS)
    for n in range(1, rows + 1):
        sheet.append([f"2018-{n:04d}", "building", f"{n} Pine St", f"Owner {n}", date(2018, 5, 1)])
    book.save(path)
    # rewrite the recorded used range as if the sheet held the header and one row
    with zipfile.ZipFile(path) as zin:
        parts = {i.filename: zin.read(i.filename) for i in zin.infolist()}
    sheet_xml = parts["xl/worksheets/sheet1.xml"].decode()
    assert f'<dimension ref="A1:E{rows + 1}" />' in sheet_xml
    parts["xl/worksheets/sheet1.xml"] = re.sub(
        r'<dimension ref="[^"]+" ?/>', '<dimension ref="A1:E2" />', sheet_xml
    ).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in parts.items():
            zout.writestr(name, data)
    return path


def test_a_workbook_that_understates_its_size_imports_every_row(register, tmp_path):
    source = understated_workbook(tmp_path / "short.xlsx", 50)
    result = imported(register, source)
    assert (result.imported, result.rejected) == (50, 0)
    assert len(owners(register)) == 50


# -- zip bombs ------------------------------------------------------------------------------
def bomb(path, megabytes: int):
    """A genuine workbook whose sheet is padded with whitespace (valid XML) that deflates
    about a thousand times: the shape of a zip bomb, kept small enough for a test."""
    book = Workbook()
    book.active.append(HEADERS)
    book.save(path)
    with zipfile.ZipFile(path) as zin:
        parts = {i.filename: zin.read(i.filename) for i in zin.infolist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    padding = " " * (megabytes * 1024 * 1024)
    parts["xl/worksheets/sheet1.xml"] = sheet.replace("<sheetData>", "<sheetData>" + padding)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in parts.items():
            zout.writestr(name, data)
    return path


def test_a_zip_bomb_is_refused_before_parsing(register, tmp_path, monkeypatch):
    source = bomb(tmp_path / "bomb.xlsx", 30)
    assert source.stat().st_size < 100_000  # 30 MB of sheet in a tiny file
    parsed = []
    monkeypatch.setattr("openpyxl.load_workbook", lambda *a, **k: parsed.append(a))
    with pytest.raises(InvalidInput) as refused:
        read_source(source)
    assert "possible zip bomb" in str(refused.value) and "sheet1.xml" in str(refused.value)
    assert parsed == []  # refused before openpyxl saw it


def test_a_workbook_too_big_when_unpacked_is_refused(register, tmp_path, monkeypatch):
    # ordinary compression ratio, but more in total than the limit (lowered to keep it quick)
    monkeypatch.setattr(import_source, "MAX_UNCOMPRESSED_BYTES", 64 * 1024)
    source = understated_workbook(tmp_path / "big.xlsx", 2000)
    with pytest.raises(InvalidInput, match="would unpack to"):
        read_source(source)


def test_a_damaged_workbook_is_a_message_not_a_traceback(register, tmp_path):
    source = tmp_path / "broken.xlsx"
    source.write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(InvalidInput, match="not a readable .xlsx"):
        read_source(source)
