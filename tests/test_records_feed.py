"""Issue 18: money and permits link before a permit has a number, extensions are exported,
the BLDS feed publishes every permit once under a unique number and says what it leaves out,
and an empty year is said, not written as empty files."""

from __future__ import annotations

import csv
from datetime import UTC, datetime

import pytest

from deerfield_desk.errors import InvalidInput
from deerfield_desk.exports.year_export import run_export
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.store.permits_lifecycle import decide_review, extend_permit, issue_permit
from tests.application_builders import file_application, pay_all
from tests.exports_fixtures import FORMULA_DESCRIPTION, YEAR, make_year

RECEIVED = ["plans_two_sets", "plot_plan", "erosion_statement.sample_map",
            "erosion_statement.site_description", "erosion_statement.schedule"]  # fmt: skip


def read(path, bom=True):
    with open(path, encoding="utf-8-sig" if bom else "utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def new_house(register, on):
    """A new house with grading: one application, a building and an erosion permit."""
    return file_application(
        register, site={"site_house_number": "9"}, work="new_building", on=on,
        answers={"structure": "dwelling", "area_sqft": "1850", "disturbed_sqft": "20000",
                 "earthwork_cuyd": "10"}, received=RECEIVED,
    )  # fmt: skip


def test_money_and_the_feed_link_permits_that_have_no_number_yet(register, db_path, tmp_path):
    today = datetime.now(UTC).date()  # fees are stamped when charged, in UTC
    permits = new_house(register, today)
    assert [p["permit_number"] for p in permits] == [None, None]
    year = int(register.query_one("SELECT created_at FROM fees")["created_at"][:4])
    application = register.query_one("SELECT * FROM applications")
    run_export(db_path, year, tmp_path, ["csv", "blds"])
    fees = [r for r in read(tmp_path / f"fees-and-payments-{year}.csv") if r["Entry"] == "fee"]
    assert {f["Permit record id"] for f in fees} == {p["uuid"] for p in permits}
    assert {f["Permit number"] for f in fees} == {""}
    assert {f["Application number"] for f in fees} == {application["application_number"]}
    assert {f["Application record id"] for f in fees} == {application["uuid"]}
    feed = read(tmp_path / f"blds-{year}" / "permits.csv", bom=False)
    number = application["application_number"]
    assert sorted(r["PermitNum"] for r in feed) == [
        f"{number}-building",
        f"{number}-erosion_control",
    ]
    building = next(r for r in feed if r["PermitType"] == "building")
    assert (building["WorkClass"], building["WorkClassMapped"]) == ("new_building", "New")
    assert building["TotalSqFt"] == "1850"
    assert building["ContractorLicNum"] == "1234567"  # the contractor's state credential
    assert permits[0]["uuid"] in building["ExtraFields"]  # its register record id
    readme = (tmp_path / f"blds-{year}" / "README.txt").read_text(encoding="utf-8")
    assert "(2 not yet numbered)" in readme


def test_an_extension_is_exported_with_its_fee(register, db_path, tmp_path):
    today = datetime.now(UTC).date()
    for permit in new_house(register, today):
        decide_review(register, permit["uuid"], "approve")
        pay_all(register, permit, today)
        issued = issue_permit(register, permit["uuid"], today, VillageCalendar())
        if permit["kind"] == "building":
            building = issued
    extend_permit(register, building["uuid"], 90, "Lee Inspector", "cash", "R-9", today)
    ext = register.query_one("SELECT * FROM extensions")
    year = int(ext["granted_at"][:4])
    run_export(db_path, year, tmp_path, ["csv"])
    [row] = read(tmp_path / f"extensions-{year}.csv")
    assert row["Permit number"] == building["permit_number"]
    assert (row["Days"], row["Expiry before"], row["Expiry after"]) == (
        "90",
        ext["previous_expiry"],
        ext["new_expiry"],
    )
    assert row["Approved by"] == "Lee Inspector" and row["Fee code"] == "permit_extension"


def test_the_feed_publishes_text_as_recorded_and_counts_what_it_leaves_out(
    register, db_path, tmp_path
):
    make_year(register)
    register.insert(
        "permits",
        {"kind": "building", "status": "draft", "description": "never filed",
         "applied_date": f"{YEAR}-04-01", "housing_units": 0},
    )  # fmt: skip
    voided = register.query_one("SELECT uuid FROM inspections ORDER BY id LIMIT 1")["uuid"]
    register.void("inspections", voided, "entered on the wrong permit")
    run_export(db_path, YEAR, tmp_path, ["blds"])
    folder = tmp_path / f"blds-{YEAR}"
    raw = (folder / "permits.csv").read_bytes()
    assert raw.startswith(b"PermitNum,")  # no byte-order mark in a machine feed
    permits = read(folder / "permits.csv", bom=False)
    assert len({p["PermitNum"] for p in permits}) == len(permits) == 12  # the draft is not
    by_num = {p["PermitNum"]: p for p in permits}
    assert by_num[f"{YEAR}-0009"]["Description"] == FORMULA_DESCRIPTION  # no "'" prefix
    assert by_num[f"{YEAR}-0004"]["HousingUnits"] == "6"
    inspections = read(folder / "inspections.csv", bom=False)
    assert len(inspections) == 33 - 1
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    assert "Permits of the year:            13" in readme
    assert "published:                    12" in readme
    assert "1  drafts never filed" in readme
    assert "1  voided (entered in error" in readme


def test_an_empty_year_or_one_before_the_register_is_said(register, db_path, tmp_path):
    make_year(register)
    with pytest.raises(InvalidInput, match=f"before the register begins \\({YEAR - 1}\\)") as e:
        run_export(db_path, YEAR - 5, tmp_path / "out")
    assert e.value.field == "year"
    with pytest.raises(InvalidInput, match=f"no records for {YEAR + 1}"):
        run_export(db_path, YEAR + 1, tmp_path / "out", ["csv"])
    assert not any((tmp_path / "out").iterdir())  # nothing written, not even a staging folder
