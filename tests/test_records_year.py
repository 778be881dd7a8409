"""Issue 18: everything the year holds is exported, under column names that say what they hold.

The year is written through the store's own functions (``records_fixtures.make_full_year``)
and each file is read back and compared with what was recorded."""

from __future__ import annotations

import csv

import pytest

from deerfield_desk.exports.records import DATASETS
from deerfield_desk.exports.year_export import run_export
from tests.exports_fixtures import YEAR
from tests.records_fixtures import DEFECT, VOID_REASON, make_full_year


@pytest.fixture
def full_year(register, db_path, tmp_path):
    made = make_full_year(register, db_path.parent / "photos")
    result = run_export(db_path, YEAR, tmp_path / "out", ["csv"])
    return made, result, tmp_path / "out"


def read(folder, name):
    with open(folder / f"{name}-{YEAR}.csv", encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_every_record_type_of_the_year_has_its_file(full_year):
    _made, result, folder = full_year
    for dataset in DATASETS:
        assert (folder / f"{dataset.name}-{YEAR}.csv").is_file(), dataset.name
        assert len(read(folder, dataset.name)) == result.counts[dataset.name], dataset.name
    assert len({d.title for d in DATASETS}) == len(DATASETS)
    assert all(len(d.title) <= 31 for d in DATASETS)  # Excel's limit for a sheet name


def test_defects_carry_the_correction_and_when_it_was_found_corrected(full_year):
    _made, _result, folder = full_year
    [defect] = read(folder, "inspection-defects")
    assert defect["Permit number"] == f"{YEAR}-0005"
    assert defect["Section broken"] == DEFECT["section"]
    assert defect["Defect"] == DEFECT["description"]
    assert defect["Correction required"] == DEFECT["correction"]
    assert defect["Re-inspection passed"] == f"{YEAR}-05-27"
    inspections = {r["Record id"]: r for r in read(folder, "inspections")}
    failed = inspections[defect["Inspection record id"]]
    assert failed["Result"] == "failed" and failed["Defects found"] == "1"
    of = defect["Inspection record id"]
    reinspection = [r for r in inspections.values() if r["Re-inspection of (record id)"] == of]
    assert [r["Result"] for r in reinspection] == ["passed"]


def test_checklist_visits_and_their_items(full_year):
    made, _result, folder = full_year
    [visit] = read(folder, "checklist-visits")
    assert visit["Record id"] == made["visit"]["uuid"]
    assert visit["Permit number"] == f"{YEAR}-0007" and visit["Items deficient"] == "1"
    items = read(folder, "checklist-items")
    assert {i["Visit record id"] for i in items} == {visit["Record id"]}
    deficient = [i for i in items if i["Finding"] == "deficient"]
    assert [i["Note"] for i in deficient] == ["silt fence down along the east line"]
    assert all(i["Section"].startswith("31.") for i in items)


def test_occupancy_permits_are_exported(full_year):
    made, _result, folder = full_year
    [row] = read(folder, "occupancy-permits")
    assert row["Occupancy permit number"] == made["occupancy"]["occupancy_number"]
    assert row["Building permit number"] == f"{YEAR}-0001"
    assert row["Issued"] == f"{YEAR}-11-03" and row["Section"].startswith("12.16")


def test_notices_carry_their_service_and_appeal_facts(full_year):
    made, _result, folder = full_year
    notices = {r["Record id"]: r for r in read(folder, "notices")}
    order = notices[made["order"]["uuid"]]
    assert order["Service method"] == "in_person"  # not "Served by": it is how, not who
    assert order["Served"].startswith(f"{YEAR}-08-04")
    assert order["Appeal filed"] == f"{YEAR}-08-06" and order["Appeal filed late"] == "No"
    assert order["Appeal by"] >= order["Appeal filed"]
    assert order["Sections"] == "12.12(6)"  # as the notice prints them, not a JSON list
    assert order["Status"] == "appealed"


def test_voided_records_are_listed_with_their_reason_and_who_voided_them(full_year, clerk):
    made, _result, folder = full_year
    voids = {r["Record id"]: r for r in read(folder, "voided-records")}
    payment = voids[made["voided_payment"]]
    assert payment["Record type"] == "payments" and payment["Reason"] == VOID_REASON
    assert payment["Voided by"] == clerk.name and payment["Voided (UTC)"]
    assert voids_for(voids, "permits") == [f"{YEAR}-0012"]  # voided at entry: its own reason
    money = {r["Record id"]: r for r in read(folder, "fees-and-payments")}
    assert money[made["voided_payment"]]["Void reason"] == VOID_REASON
    assert money[made["voided_payment"]]["Payment method"] == "check"


def voids_for(voids: dict, table: str) -> list[str]:
    return [r["Number"] for r in voids.values() if r["Record type"] == table]


def test_permits_say_whether_they_count_in_the_annual_report(full_year):
    _made, _result, folder = full_year
    permits = {r["Permit number"]: r for r in read(folder, "permits")}
    assert permits[f"{YEAR}-0012"]["Counted in annual report"] == "No"  # voided
    assert permits[f"{YEAR}-0001"]["Counted in annual report"] == "Yes"
