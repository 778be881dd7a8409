"""Year-end export: the files the board, the state and the archive receive."""

from __future__ import annotations

import csv
import shutil
import sqlite3

import pytest
from openpyxl import load_workbook

from deerfield_desk.errors import InvalidInput
from deerfield_desk.exports import blds
from deerfield_desk.exports.cells import neutralise, restore
from deerfield_desk.exports.records import DATASETS
from deerfield_desk.exports.year_export import export_year, run_export
from tests.exports_fixtures import FORMULA_DESCRIPTION, FORMULA_OWNER, YEAR, make_year


@pytest.fixture
def year_db(register, db_path):
    make_year(register, db_path.parent / "photos")
    return db_path


def read_csv(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_every_format_lands_in_the_folder(year_db, tmp_path):
    result = run_export(year_db, YEAR, tmp_path / "out")
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == sorted(
        [f"annual-report-{YEAR}.pdf", f"archive-{YEAR}", f"blds-{YEAR}", f"records-{YEAR}.xlsx"]
        + [f"{d.name}-{YEAR}.csv" for d in DATASETS]
    )
    assert {"permits", "inspections", "inspection-defects", "checklist-visits", "extensions",
            "occupancy-permits", "notices", "fees-and-payments", "deposits",
            "voided-records"} <= {d.name for d in DATASETS}  # fmt: skip
    # 12 permits of the year (the voided one included, marked so); last year's stays out.
    assert result.counts["permits"] == 12
    assert result.counts["inspections"] == 33
    # Deposits: the two received this year, and last year's still held at year end.
    assert result.counts["deposits"] == 3
    assert result.counts["fees-and-payments"] == 11 + 8


def test_xlsx_opens_with_a_sheet_per_record_type_and_the_right_counts(year_db, tmp_path):
    result = run_export(year_db, YEAR, tmp_path, ["xlsx"])
    book = load_workbook(tmp_path / f"records-{YEAR}.xlsx", read_only=True)
    assert book.sheetnames == [d.title for d in DATASETS]
    for sheet, dataset in zip(book.sheetnames, result.counts, strict=True):
        rows = list(book[sheet].iter_rows(values_only=True))
        assert len(rows) - 1 == result.counts[dataset], sheet
    permits = list(book["Permits"].iter_rows(values_only=True))
    header = permits[0]
    first = dict(zip(header, permits[1], strict=True))
    assert first["Permit number"] == f"{YEAR}-0001"
    assert first["Estimated cost ($)"] == pytest.approx(251_000.50)  # a number, in dollars
    assert first["Housing units"] == 1


def test_formula_looking_text_is_neutralised_in_csv_and_plain_text_in_xlsx(year_db, tmp_path):
    run_export(year_db, YEAR, tmp_path, ["csv", "xlsx"])
    rows = {r["Permit number"]: r for r in read_csv(tmp_path / f"permits-{YEAR}.csv")}
    assert rows[f"{YEAR}-0009"]["Description"] == "'" + FORMULA_DESCRIPTION
    assert rows[f"{YEAR}-0010"]["Owner"] == "'" + FORMULA_OWNER
    assert rows[f"{YEAR}-0011"]["Contractor"] == "'-Dash Builders"
    assert rows[f"{YEAR}-0001"]["Description"] == 'Project 1, phase "A"'  # plain text untouched
    book = load_workbook(tmp_path / f"records-{YEAR}.xlsx")
    texts = [c.value for row in book["Permits"].iter_rows() for c in row if c.data_type == "s"]
    assert FORMULA_DESCRIPTION in texts  # a typed text cell: it cannot run, and shows no "'"
    # nothing in the workbook is a formula a spreadsheet would run
    assert not [c for row in book["Permits"].iter_rows() for c in row if c.data_type == "f"]


@pytest.mark.parametrize(
    "text", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "plain", "", "a=b", "'=x"]
)
def test_neutralise_round_trips(text):
    safe = neutralise(text)
    assert not safe.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert restore(safe) == text


def test_csv_has_a_bom_for_spreadsheet_programs(year_db, tmp_path):
    run_export(year_db, YEAR, tmp_path, ["csv"])
    assert (tmp_path / f"permits-{YEAR}.csv").read_bytes().startswith(b"\xef\xbb\xbfPermit number")


def test_blds_files_have_the_required_columns_and_mapped_values(year_db, tmp_path):
    run_export(year_db, YEAR, tmp_path, ["blds"])
    permits = read_csv(tmp_path / f"blds-{YEAR}" / "permits.csv")
    inspections = read_csv(tmp_path / f"blds-{YEAR}" / "inspections.csv")
    for name in blds.REQUIRED_PERMIT + ["PermitClass", "PermitType", "PermitTypeMapped",
                                        "StatusCurrentMapped", "EstProjectCost", "HousingUnits",
                                        "Fee", "ContractorCompanyName"]:  # fmt: skip
        assert name in permits[0], name
    for name in blds.REQUIRED_INSPECTION + ["Inspector", "Final", "ReInspection"]:
        assert name in inspections[0], name
    by_num = {p["PermitNum"]: p for p in permits}
    assert by_num[f"{YEAR}-0001"]["StatusCurrentMapped"] == "Inspection Phase"
    assert by_num[f"{YEAR}-0006"]["StatusCurrentMapped"] == "Permit Finaled"
    assert by_num[f"{YEAR}-0012"]["StatusCurrentMapped"] == "Permit Cancelled"
    assert by_num[f"{YEAR}-0007"]["PermitTypeMapped"] == "Grading"
    assert by_num[f"{YEAR}-0001"]["OriginalCity"] == "Deerfield"
    assert by_num[f"{YEAR}-0001"]["Fee"] == "150.01"
    allowed = {"Passed", "Rejected", "Partial", "Cancelled", "OK for Service", ""}
    assert {i["ResultMapped"] for i in inspections} <= allowed
    finals = [i for i in inspections if i["InspType"] == "final"]
    assert finals and all(i["Final"] == "Yes" for i in finals)
    failed = [i for i in inspections if i["Result"] == "failed"]
    assert failed and all(i["ReInspection"] == "Yes" for i in failed)


def test_re_running_an_export_gives_the_same_files(year_db, tmp_path):
    """The same register gives the same bytes. (Exporting journals the archive, so the
    second run is made from an identical twin of the register, photos included.)"""
    twin = tmp_path / "twin"
    shutil.copytree(year_db.parent / "photos", twin / "photos")
    source = sqlite3.connect(year_db)
    target = sqlite3.connect(twin / year_db.name)
    source.backup(target)
    source.close(), target.close()
    run_export(year_db, YEAR, tmp_path / "a")
    run_export(twin / year_db.name, YEAR, tmp_path / "b")
    a = sorted(p for p in (tmp_path / "a").rglob("*") if p.is_file())
    b = sorted(p for p in (tmp_path / "b").rglob("*") if p.is_file())
    assert [p.relative_to(tmp_path / "a") for p in a] == [p.relative_to(tmp_path / "b") for p in b]
    for left, right in zip(a, b, strict=True):
        assert left.read_bytes() == right.read_bytes(), left.name


def test_cancelling_leaves_nothing_behind(year_db, tmp_path):
    out = tmp_path / "out"
    gen = export_year(year_db, YEAR, out)
    for _ in range(4):  # part-way through the records
        next(gen)
    assert any(out.iterdir())  # the staging folder exists while it runs
    gen.close()  # what the progress dialog's Cancel does
    assert list(out.iterdir()) == []


def test_cancelling_keeps_the_previous_export_intact(year_db, tmp_path):
    run_export(year_db, YEAR, tmp_path, ["csv"])
    before = (tmp_path / f"permits-{YEAR}.csv").read_bytes()
    gen = export_year(year_db, YEAR, tmp_path, ["csv"])
    next(gen)
    next(gen)
    gen.close()
    assert (tmp_path / f"permits-{YEAR}.csv").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".export")) == []


@pytest.mark.parametrize(
    ("year", "formats", "field"),
    [("20x5", ["csv"], "year"), (1492, ["csv"], "year"), (YEAR, ["csv", "docx"], "format")],
)
def test_bad_input_names_the_field(year_db, tmp_path, year, formats, field):
    with pytest.raises(InvalidInput) as caught:
        run_export(year_db, year, tmp_path, formats)
    assert caught.value.field == field
    assert not any(tmp_path.glob(".export-*"))


@pytest.mark.parametrize(
    ("stage", "mapped"),
    [("footing", "Footing"), ("rough", "Framing"), ("draintile_basement_floor", "Plumbing"),
     ("underfloor_plumbing", "Plumbing"), ("electric_service", "Electrical"),
     ("final", "Final"), ("erosion_control", "Erosion Control"),
     ("demolition_excavation", "Excavation"), ("demolition_site", "Demolition")],
)  # fmt: skip
def test_every_inspection_stage_of_the_sequence_maps_to_a_blds_type(stage, mapped):
    assert blds.stage_mapped(stage) == mapped


def test_cancel_at_the_very_last_step_still_leaves_nothing(year_db, tmp_path):
    """The last progress report comes before the files move into place, never after, so a
    Cancel pressed at the end can never be reported about an export that was published."""
    steps = list(export_year(year_db, YEAR, tmp_path / "whole"))
    gen = export_year(year_db, YEAR, tmp_path / "cut")
    for _ in steps:
        next(gen)
    gen.close()
    assert list((tmp_path / "cut").iterdir()) == []
    assert steps[-1].label == "Moving the finished files into place"


def test_a_second_archive_of_a_year_never_removes_the_first(year_db, tmp_path):
    run_export(year_db, YEAR, tmp_path, ["archive"])
    first = (tmp_path / f"archive-{YEAR}" / "manifest.json").read_bytes()
    result = run_export(year_db, YEAR, tmp_path, ["archive"])
    assert [p.name for p in result.files] == [f"archive-{YEAR}-2"]
    assert (tmp_path / f"archive-{YEAR}" / "manifest.json").read_bytes() == first
    assert (tmp_path / f"archive-{YEAR}-2" / "manifest.json").is_file()


def test_an_archive_is_refused_from_a_register_that_fails_verify(year_db, tmp_path):
    conn = sqlite3.connect(year_db)
    conn.execute("UPDATE permits SET owner_name = 'Someone Else' WHERE id = 1")
    conn.commit()
    conn.close()
    with pytest.raises(InvalidInput, match="fails verify") as caught:
        run_export(year_db, YEAR, tmp_path / "out", ["archive"])
    assert caught.value.field == "db" and "owner_name" in str(caught.value)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
