"""Issue 18: the workbook is an office workbook, checked the way the office opens it: with
openpyxl and with LibreOffice itself (``soffice --headless --convert-to``), compared with the
register.

LibreOffice is installed by ``make setup`` (Debian's libreoffice-calc-nogui, as root); CI
runs ``make test``, so it is there. Without it this test fails and says what to install.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
from datetime import date, datetime

import pytest
from openpyxl import load_workbook

from deerfield_desk.exports.records import DATASETS
from deerfield_desk.exports.year_export import run_export
from tests.exports_fixtures import FORMULA_DESCRIPTION, FORMULA_OWNER, YEAR
from tests.records_fixtures import make_full_year


@pytest.fixture(scope="module")
def workbook(tmp_path_factory):
    """One export of the full year, shared by the checks below (LibreOffice is slow)."""
    from deerfield_desk.models.actor import Actor, Role
    from deerfield_desk.store.register import Register

    folder = tmp_path_factory.mktemp("workbook")
    db = folder / "register.sqlite"
    register = Register.create(db, Actor("Pat Clerk", Role.CLERK))
    made = make_full_year(register, folder / "photos")
    permits = register.query("SELECT * FROM permits")
    register.close()
    run_export(db, YEAR, folder / "out", ["csv", "xlsx", "blds"])
    return folder / "out" / f"records-{YEAR}.xlsx", made, permits


def test_every_sheet_has_a_frozen_filtered_header_widths_and_a_print_set_up(workbook):
    path, _made, _permits = workbook
    book = load_workbook(path)
    assert book.sheetnames == [d.title for d in DATASETS]
    for sheet in book.worksheets:
        columns = sheet.max_column
        assert sheet.freeze_panes == "A2", sheet.title
        assert sheet.auto_filter.ref == f"A1:{sheet.cell(1, columns).column_letter}{sheet.max_row}"
        assert all(c.font.b for c in sheet[1]), sheet.title  # bold header
        widths = [sheet.column_dimensions[sheet.cell(1, i).column_letter].width
                  for i in range(1, columns + 1)]  # fmt: skip
        for width, head, values in zip(widths, sheet[1], sheet.iter_cols(min_row=2), strict=True):
            assert head.alignment.wrap_text  # the header wraps: no word is cut
            assert width >= max(len(w) for w in head.value.split()), (sheet.title, head.value)
            texts = [c for c in values if isinstance(c.value, str)]
            longest = max((len(c.value) for c in texts), default=0)
            if not head.value.endswith("record id)") and head.value != "Record id":
                # long text wraps inside a column of 16 instead of running past its edge
                assert width >= min(longest, 16), (sheet.title, head.value)
                wraps = all(c.alignment.wrap_text for c in texts if len(c.value) >= width)
                assert wraps, (sheet.title, head.value)
            else:
                assert width >= longest, (sheet.title, head.value)  # ids are never cut
        assert sheet.page_setup.orientation == "landscape"
        assert sheet.sheet_properties.pageSetUpPr.fitToPage
        assert sheet.page_setup.fitToWidth in (1, 2) and sheet.page_setup.fitToHeight == 0
        # the header repeats on every page; two pages wide, the first column on each too
        repeated = "$A:$A" if sheet.page_setup.fitToWidth == 2 else None
        assert (sheet.print_title_rows, sheet.print_title_cols) == ("$1:$1", repeated)
        # printed: every column but the record ids at the end (they link files, not paper)
        area = sheet.print_area[0] if isinstance(sheet.print_area, list) else sheet.print_area
        last = area.split("!")[-1].split(":")[-1].replace("$", "").rstrip("0123456789")
        headers = [c.value for c in sheet[1]]
        cut = [c.column_letter for c in sheet[1]].index(last) + 1
        assert all("record id" in h.lower() for h in headers[cut:]), sheet.title
        assert "record id" not in headers[cut - 1].lower() or cut == 1, sheet.title
        assert "&P" in sheet.oddFooter.right.text and "&N" in sheet.oddFooter.right.text
    assert book["Permits"].page_setup.fitToWidth == 2


def test_dates_are_dates_money_and_counts_numbers_text_plain(workbook):
    path, _made, permits = workbook
    sheet = load_workbook(path)["Permits"]
    header = [c.value for c in sheet[1]]
    rows = [dict(zip(header, (c for c in row), strict=True)) for row in sheet.iter_rows(min_row=2)]
    by_number = {r["Permit number"].value: r for r in rows}
    for permit in permits:
        if permit["permit_number"] not in by_number:
            continue  # last year's
        row = by_number[permit["permit_number"]]
        issued = row["Issued"]
        assert issued.is_date and issued.value.date() == date.fromisoformat(permit["issued_date"])
        assert issued.number_format == "yyyy\\-mm\\-dd"
        cost = row["Estimated cost ($)"]
        assert cost.data_type == "n" and cost.value == permit["estimated_cost_cents"] / 100
        assert row["Housing units"].value == permit["housing_units"]
    texts = [c.value for r in rows for c in r.values() if c.data_type == "s"]
    assert FORMULA_DESCRIPTION in texts and FORMULA_OWNER in texts  # as typed: no apostrophe
    assert not [v for v in texts if isinstance(v, str) and v.startswith("'")]
    book = load_workbook(path)
    assert not [c for ws in book for row in ws.iter_rows() for c in row if c.data_type == "f"]
    inspected = book["Inspections"]["G2"]  # "Inspected": a day and a time
    assert inspected.is_date and isinstance(inspected.value, datetime)


def soffice() -> str:
    found = shutil.which("soffice") or shutil.which("libreoffice")
    assert found, "LibreOffice is needed: apt-get install libreoffice-calc-nogui (make setup)"
    return found


def convert(path, target: str, out, profile) -> None:
    subprocess.run(
        [soffice(), f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to",
         target, "--outdir", str(out), str(path)],
        check=True, capture_output=True, timeout=600,
    )  # fmt: skip


def test_libreoffice_reads_every_sheet_as_the_register_holds_it(workbook, tmp_path):
    path, made, permits = workbook
    # every sheet to its own CSV, values as shown (-1: all sheets; LibreOffice 7.2+)
    convert(path, "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1",
            tmp_path / "csv", tmp_path / "profile")  # fmt: skip
    for dataset in DATASETS:
        with open(tmp_path / "csv" / f"{path.stem}-{dataset.title}.csv", encoding="utf-8") as f:
            rows = list(csv.reader(f))
        assert rows[0] == [c.header for c in dataset.columns], dataset.title
    with open(tmp_path / "csv" / f"{path.stem}-Permits.csv", encoding="utf-8") as handle:
        shown = {r["Record id"]: r for r in csv.DictReader(handle)}
    for permit in permits:
        if permit["uuid"] not in shown:
            assert permit["issued_date"].startswith(str(YEAR - 1))
            continue
        row = shown[permit["uuid"]]
        assert row["Permit number"] == permit["permit_number"]
        assert row["Issued"] == permit["issued_date"]  # a date cell shown as the day
        cents = permit["estimated_cost_cents"]
        assert row["Estimated cost ($)"] == f"{cents // 100:,}.{cents % 100:02d}"
        assert row["Description"] == permit["description"]  # "=HYPERLINK…" stays text
    with open(tmp_path / "csv" / f"{path.stem}-Voided records.csv", encoding="utf-8") as handle:
        voided = {r["Record id"] for r in csv.DictReader(handle)}
    assert made["voided_payment"] in voided


def printed_size(page) -> float:
    """The size the sheet's 11-point text is printed at on ``page``: 11 × the print scale."""
    sizes = []

    def visit(text, cm, tm, _font, size):
        if text.strip():
            sizes.append(size * (tm[0] or 1) * (cm[0] or 1))

    page.extract_text(visitor_text=visit)
    return min(sizes)


def test_libreoffice_prints_each_sheet_readably_on_letter_paper(workbook, tmp_path):
    """Each sheet prints on letter paper, landscape, at 80 % of full size or more (record ids
    left out of the print area, long text wrapped in rows as tall as it needs): the 20 printed
    columns of the permits sheet go over two pages wide with the permit number repeated on
    the second; fitted to one page they came out at half size, and before that ran across 81
    pages."""
    from pypdf import PdfReader

    path, _made, _permits = workbook
    convert(path, "pdf", tmp_path / "pdf", tmp_path / "profile")
    reader = PdfReader(tmp_path / "pdf" / f"{path.stem}.pdf")
    assert len(DATASETS) <= len(reader.pages) <= 2 * len(DATASETS)
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    for page, text in zip(reader.pages, texts, strict=True):
        landscape_letter = (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        assert landscape_letter == (792, 612), text[:80]
        assert printed_size(page) >= 0.8 * 11, text[:80]
    permits = [t for t in texts if "— Permits Page" in t]
    assert len(permits) == 2 and "Page 1 of" in permits[0]
    for text in permits:  # the permit number on both halves, the columns split between them
        assert "Permit number" in text and f"{YEAR}-0012" in text
    assert "Description" in permits[0] and "Counted in annual report" in permits[1]
    # wrapped text is printed whole: its row is as tall as its lines (not cut at the edge)
    assert "New single-family house" in permits[0]


def test_libreoffice_opens_the_csvs_and_the_feed_as_data(workbook, tmp_path):
    """The office CSV's formula-looking text stays text in LibreOffice (the apostrophe), and
    the BLDS feed reads back with one row per permit of the register's year."""
    path, _made, permits = workbook
    folder = path.parent
    convert(folder / f"permits-{YEAR}.csv", "xlsx", tmp_path / "office", tmp_path / "profile")
    sheet = load_workbook(tmp_path / "office" / f"permits-{YEAR}.xlsx").active
    header = [c.value for c in sheet[1]]
    rows = {r[0].value: dict(zip(header, r, strict=True)) for r in sheet.iter_rows(min_row=2)}
    risky = rows[f"{YEAR}-0009"]["Description"]
    assert risky.data_type == "s" and risky.value.endswith(FORMULA_DESCRIPTION)
    feed = folder / f"blds-{YEAR}" / "permits.csv"
    convert(feed, "xlsx", tmp_path / "feed", tmp_path / "profile")
    sheet = load_workbook(tmp_path / "feed" / "permits.xlsx").active
    numbers = [r[0].value for r in sheet.iter_rows(min_row=2)]
    assert sheet["A1"].value == "PermitNum"  # no byte-order mark glued to the first name
    expected = {p["permit_number"] for p in permits if p["issued_date"].startswith(str(YEAR))}
    assert sorted(numbers) == sorted(expected)
