"""Import of the old register: good rows in, bad rows back to the clerk with reasons."""

from __future__ import annotations

import csv

import pytest
from openpyxl import Workbook

from deerfield_desk.errors import InvalidInput
from deerfield_desk.exports.year_export import run_export
from deerfield_desk.importing.importer import (
    MAPPING_SETTING,
    import_register,
    initial_mapping,
    read_source,
    run_import,
)
from deerfield_desk.store.numbering import assign_permit_number
from deerfield_desk.store.register import Register
from tests.exports_fixtures import YEAR, make_year

OLD_HEADERS = ["Permit #", "Type", "Site Address", "Owner", "Date Issued", "Cost", "Units"]


def write_csv(path, headers, rows):
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(headers)
        writer.writerows(rows)
    return path


def old_register(path):
    return write_csv(
        path,
        OLD_HEADERS,
        [
            ["2019-0007", "Building", "12 Elm St", "Ann Lee", "3/14/2019", "$185,000.00", "1"],
            ["2019-0012", "demo", "14 Elm St", "Bo Ray", "2019-06-01", "4000", "0"],
            ["2019-0013", "pool house", "16 Elm St", "Cy Day", "2019-06-02", "10", "0"],
            ["2019-0014", "Building", "", "Di Fox", "13/45/2019", "lots", "-2"],
            ["2019-0007", "Building", "12 Elm St", "Ann Lee", "3/14/2019", "1", "1"],
            ["2018-0099", "Erosion", "18 Elm St", "Ed Gay", "2019-01-05", "0", "0"],
        ],
    )


def permits(reg):
    return reg.query("SELECT * FROM permits ORDER BY permit_number")


def test_good_rows_import_and_bad_rows_come_back_with_reasons(register, tmp_path):
    source = old_register(tmp_path / "old.csv")
    table = read_source(source)
    mapping = initial_mapping(register, table.headers)
    assert mapping == {
        "Permit #": "permit_number", "Type": "kind", "Site Address": "address_text",
        "Owner": "owner_name", "Date Issued": "issued_date", "Cost": "estimated_cost_cents",
        "Units": "housing_units",
    }  # fmt: skip
    result = run_import(register, source, mapping)
    assert (result.imported, result.rejected) == (2, 4)
    rows = {p["permit_number"]: p for p in permits(register)}
    assert rows["2019-0007"]["issued_date"] == "2019-03-14"
    assert rows["2019-0007"]["estimated_cost_cents"] == 18_500_000
    assert rows["2019-0012"]["kind"] == "demolition"
    assert rows["2019-0012"]["status"] == "issued"
    with open(result.rejects_path, encoding="utf-8-sig", newline="") as handle:
        rejects = list(csv.DictReader(handle))
    reasons = {f"{r['Permit #']}|{r['Site Address']}": r["Problems"] for r in rejects}
    assert "Kind: must be one of" in reasons["2019-0013|16 Elm St"]
    bad = reasons["2019-0014|"]
    # every broken rule of the row, each naming its field
    for part in ("Address: is required", "Issued: must be a date", "Estimated cost ($): must be "
                 "an amount", "Housing units: cannot be negative"):  # fmt: skip
        assert part in bad
    assert "appears twice in this file (line 2)" in reasons["2019-0007|12 Elm St"]
    assert "belongs to 2018" in reasons["2018-0099|18 Elm St"]
    # the rejects file keeps the clerk's columns, so it maps the same way when fixed
    assert list(rejects[0])[: len(OLD_HEADERS)] == OLD_HEADERS


def test_every_imported_row_is_journaled_as_an_import(register, tmp_path):
    source = old_register(tmp_path / "old.csv")
    run_import(register, source, initial_mapping(register, read_source(source).headers))
    actions = register.query("SELECT action, count(*) AS n FROM journal WHERE table_name = "
                             "'permits' GROUP BY action")  # fmt: skip
    assert actions == [{"action": "import", "n": 2}]
    hits = register.query("SELECT rowid FROM permits_fts WHERE permits_fts MATCH 'Elm'")
    assert len(hits) == 2  # searchable at once


def test_re_importing_the_same_file_does_not_duplicate(register, tmp_path):
    source = old_register(tmp_path / "old.csv")
    mapping = initial_mapping(register, read_source(source).headers)
    run_import(register, source, mapping)
    again = run_import(register, source, mapping)
    # both good rows, and the repeated 2019-0007 line, are now simply already present
    assert again.imported == 0 and again.already_present == 3
    assert len(permits(register)) == 2


def test_numbers_are_kept_and_issuance_continues_after_them(register, tmp_path):
    from datetime import date

    source = old_register(tmp_path / "old.csv")
    run_import(register, source, initial_mapping(register, read_source(source).headers))
    # the import moved no series; issuance steps over the imported numbers as it meets them
    assert register.query("SELECT * FROM number_series") == []
    issued = []
    for _ in range(12):
        draft = register.insert("permits", {"kind": "building", "status": "approved"})
        issued.append(assign_permit_number(register, draft["uuid"], date(2019, 7, 1)))
    numbers = [p["permit_number"] for p in issued]
    assert "2019-0007" not in numbers and "2019-0012" not in numbers
    assert numbers[:7] == ["2019-0001", "2019-0002", "2019-0003", "2019-0004", "2019-0005",
                           "2019-0006", "2019-0008"]  # fmt: skip
    assert numbers[-1] == "2019-0014"


def test_the_mapping_is_remembered_for_next_time(register, tmp_path):
    headers = ["Num", "What", "Where", "When"]
    source = write_csv(tmp_path / "odd.csv", headers, [["2020-0001", "building", "1 A St",
                                                       "2020-01-02"]])  # fmt: skip
    assert initial_mapping(register, headers) == {}  # nothing recognisable
    mapping = {"Num": "permit_number", "What": "kind", "Where": "address_text",
               "When": "issued_date"}  # fmt: skip
    run_import(register, source, mapping)
    assert register.get_setting(MAPPING_SETTING) == mapping
    assert initial_mapping(register, headers) == mapping


def test_a_mapping_without_a_required_field_is_refused_before_anything_changes(register, tmp_path):
    source = old_register(tmp_path / "old.csv")
    with pytest.raises(InvalidInput) as caught:
        run_import(register, source, {"Permit #": "permit_number", "Type": "kind"})
    assert caught.value.field == "mapping" and "Address" in caught.value.rule
    assert permits(register) == []
    assert not (tmp_path / "old-rejected.csv").exists()


def test_a_failure_inside_the_transaction_imports_nothing(register, tmp_path, monkeypatch):
    source = old_register(tmp_path / "old.csv")
    mapping = initial_mapping(register, read_source(source).headers)

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(register, "set_setting", broken)
    with pytest.raises(RuntimeError):
        run_import(register, source, mapping)
    assert permits(register) == []
    assert register.query("SELECT * FROM number_series") == []
    assert not list(tmp_path.glob("old-rejected.csv*"))


def test_cancelling_the_import_changes_nothing(register, tmp_path):
    rows = [[f"2021-{n:04d}", "building", f"{n} Oak St", "", "2021-02-03", "1", "0"]
            for n in range(1, 1200)]  # fmt: skip
    source = write_csv(tmp_path / "big.csv", OLD_HEADERS, rows)
    gen = import_register(register, source, initial_mapping(register, OLD_HEADERS))
    next(gen)
    gen.close()
    assert permits(register) == []


def test_xlsx_register_imports(register, tmp_path):
    from datetime import datetime

    book = Workbook()
    sheet = book.active
    sheet.append(OLD_HEADERS)
    sheet.append(["2017-0003", "building", "9 Pine St", "Fay Ho", datetime(2017, 8, 9), 2500.5, 2])
    book.save(tmp_path / "old.xlsx")
    result = run_import(register, tmp_path / "old.xlsx", initial_mapping(register, OLD_HEADERS))
    assert result.imported == 1
    row = permits(register)[0]
    assert (row["issued_date"], row["estimated_cost_cents"], row["housing_units"]) == (
        "2017-08-09", 250_050, 2)  # fmt: skip


def test_round_trip_export_import_export_gives_the_same_records(register, db_path, tmp_path):
    make_year(register)
    run_export(db_path, YEAR, tmp_path / "first", ["csv"])
    exported = tmp_path / "first" / f"permits-{YEAR}.csv"
    empty = Register.create(tmp_path / "empty.sqlite", register.actor)
    try:
        table = read_source(exported)
        mapping = initial_mapping(empty, table.headers)
        # our own headers map by themselves; the application's columns are not the permit's
        from deerfield_desk.exports.records import PERMIT_FIELDS

        assert set(mapping) == {header for _f, header, _k in PERMIT_FIELDS}
        result = run_import(empty, exported, mapping)
        assert (result.imported, result.rejected) == (12, 0)
    finally:
        empty.close()
    run_export(tmp_path / "empty.sqlite", YEAR, tmp_path / "second", ["csv"])
    first = exported.read_text(encoding="utf-8-sig").splitlines()
    second = (tmp_path / "second" / f"permits-{YEAR}.csv").read_text(encoding="utf-8-sig")
    second = second.splitlines()
    assert first == second  # same records, same ids, byte for byte


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"Status": "voided"}, "Void reason: a voided permit needs the written reason"),
        ({"Applied": "2019-05-01", "Date Issued": "2019-04-01"}, "Issued: 2019-04-01 is before"),
        ({"Type": "rocket"}, "Kind: must be one of building, demolition"),
        ({"Cost": "12 dollars"}, "Estimated cost ($): must be an amount in dollars"),
    ],
)
def test_each_rule_names_its_field(register, tmp_path, values, message):
    row = {"Permit #": "2019-0001", "Type": "building", "Site Address": "1 A St",
           "Date Issued": "2019-05-02", "Cost": "$1,200.50", "Status": "",
           "Applied": ""}  # fmt: skip
    row.update(values)
    source = write_csv(tmp_path / "one.csv", list(row), [list(row.values())])
    mapping = initial_mapping(register, list(row))
    assert mapping["Status"] == "status" and mapping["Applied"] == "applied_date"
    result = run_import(register, source, mapping)
    assert result.rejected == 1
    with open(result.rejects_path, encoding="utf-8-sig", newline="") as handle:
        assert message in next(csv.DictReader(handle))["Problems"]


def test_import_register_command_imports_and_points_to_the_rejects(register, db_path, tmp_path,
                                                                    capsys):  # fmt: skip
    from deerfield_desk.cli import main

    source = old_register(tmp_path / "old.csv")
    register.close()
    assert main(["import-register", "--db", str(db_path), str(source), "--user", "Pat"]) == 1
    out = capsys.readouterr().out
    assert "Imported 2 permits" in out and "4 rejected" in out and "old-rejected.csv" in out
    reopened = Register.open(db_path)
    try:
        who = reopened.query_one("SELECT user_name FROM journal WHERE action = 'import'")
        assert who["user_name"] == "Pat"
    finally:
        reopened.close()
    assert main(["import-register", "--db", str(db_path), str(tmp_path / "nope.docx")]) == 2
    assert "file:" in capsys.readouterr().err
