"""The annual report's numbers and PDF, and the monthly state report of new dwellings."""

from __future__ import annotations

import io
from datetime import date

from pypdf import PdfReader

from deerfield_desk.documents.annual_report import render_annual_report
from deerfield_desk.exports.state_report import (
    due_date,
    mark_sent,
    outstanding,
    state_reports,
)
from deerfield_desk.store import year_counts as annual_stats
from tests.exports_fixtures import YEAR, make_year


def test_new_housing_falls_into_the_four_census_classes(register):
    make_year(register)
    stats = annual_stats.compute(register, YEAR)
    housing = {k: (v.buildings, v.units) for k, v in stats.housing.items()}
    # permits 1 and 5: one unit each; 2: two; 3: four; 4: six (12 is voided and left out)
    assert housing == {"single": (2, 2), "two": (1, 2), "three_four": (1, 4), "five_plus": (1, 6)}
    assert stats.housing["single"].value_cents == (25_000_000 + 100_050) + (25_000_000 + 500_250)


def test_annual_numbers_the_board_reads(register):
    make_year(register)
    stats = annual_stats.compute(register, YEAR)
    assert stats.issued == 11  # the voided permit is not counted as issued
    assert stats.by_kind_month["erosion_control"][6:8] == [1, 1]  # July and August
    assert stats.fees_collected_cents == 8 * 15_000
    assert stats.fees_charged_cents == sum(15_000 + n for n in range(1, 12))
    waived = register.query_one("SELECT uuid FROM fees ORDER BY id DESC LIMIT 1")["uuid"]
    register.update("fees", waived, {"status": "waived"}, action="waive", reason="hardship")
    after = annual_stats.compute(register, YEAR)
    assert after.fees_charged_cents == stats.fees_charged_cents - (15_000 + 11)
    # held at year end: this year's completion deposit and last year's, not the refunded one
    assert stats.deposits_held == {"completion_deposit": (2, 150_000)}
    assert stats.notices_issued == {"building_stop_work": 1, "violation": 1}
    assert stats.notices_outstanding == {"building_stop_work": 1}  # the violation was complied with
    assert list(stats.inspections) == ["footing", "rough", "final"]  # §12.12(5) order
    assert stats.inspections["rough"] == {"failed": 11}


def test_annual_report_pdf_embeds_its_fonts_and_shows_the_sections(register):
    make_year(register)
    pdf = render_annual_report(annual_stats.compute(register, YEAR))
    assert pdf == render_annual_report(annual_stats.compute(register, YEAR))  # deterministic
    reader = PdfReader(io.BytesIO(pdf))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    for heading in ("Annual Permit Report 2025", "Permits issued by kind and month",
                    "New housing units and construction value", "Single-family",
                    "Five or more units", "Inspections by stage and result",
                    "Notices and orders", "Fees collected"):  # fmt: skip
        assert heading in text, heading
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert descriptor is not None and "/FontFile2" in descriptor.get_object(), font
            fonts.add(str(font["/BaseFont"]))
    assert any("DejaVuSans" in f for f in fonts)


def test_state_report_is_due_on_the_fifteenth_of_the_next_month():
    assert due_date("2025-01") == date(2025, 2, 15)
    assert due_date("2025-12") == date(2026, 1, 15)


def test_state_report_lists_new_one_and_two_family_dwellings_only(register):
    make_year(register)
    today = date(2025, 3, 10)
    reports = {r.month: r for r in state_reports(register, today)}
    # permit 1 (one unit, January) and 2 (two units, February); 3 is four units: not here
    assert sorted(reports) == ["2025-01", "2025-02"]
    assert reports["2025-01"].status(today) == "overdue"
    assert reports["2025-02"].status(today) == "due soon"
    assert "due 2025-03-15 (in 5 day(s))" in reports["2025-02"].line(today)


def test_marking_a_report_sent_clears_the_reminder(register):
    make_year(register)
    today = date(2025, 3, 10)
    mark_sent(register, "2025-01", date(2025, 2, 11))
    assert [r.month for r in outstanding(register, today)] == ["2025-02"]
    sent = [r for r in state_reports(register, today) if r.month == "2025-01"][0]
    assert sent.status(today) == "sent" and sent.sent_on == "2025-02-11"
    entries = register.query("SELECT action FROM journal WHERE table_name = 'settings'")
    assert entries  # journaled like every other change


def test_state_report_command_lists_what_is_due(register, db_path, capsys):
    from deerfield_desk.cli import main

    register.insert(
        "permits",
        {"permit_number": f"{date.today().year}-0001", "kind": "building", "status": "issued",
         "structure": "dwelling", "housing_units": 1, "address_text": "3 Birch Ln",
         "issued_date": date.today().isoformat()},
    )  # fmt: skip
    assert main(["state-report", "--db", str(db_path)]) == 0
    out = capsys.readouterr().out
    assert "by the 15th" in out
    assert f"{date.today().isoformat()[:7]}: 1 permit(s), 1 dwelling unit(s); due" in out


def test_wizard_permits_without_a_unit_count_still_count_as_new_housing(register):
    """The application wizard records the work (new building) but not always the units."""
    import json

    for n, structure in ((1, "dwelling"), (2, "multifamily"), (3, "dwelling")):
        app = register.insert(
            "applications",
            {"project_json": json.dumps({"work": "new_building" if n < 3 else "addition"}),
             "created_at": f"{YEAR}-03-01", "status": "submitted"},
        )  # fmt: skip
        register.insert(
            "permits",
            {"application_id": app["id"], "permit_number": f"{YEAR}-010{n}", "kind": "building",
             "status": "issued", "structure": structure, "address_text": f"{n} Wizard Way",
             "estimated_cost_cents": 30_000_000, "issued_date": f"{YEAR}-03-0{n + 1}"},
        )  # fmt: skip
    stats = annual_stats.compute(register, YEAR)
    assert (stats.housing["single"].buildings, stats.housing["single"].units) == (1, 1)
    assert stats.housing_assumed == 1 and stats.housing_unclassified == 1
    reports = state_reports(register, date(YEAR, 4, 1))
    assert [p["permit_number"] for r in reports for p in r.permits] == [f"{YEAR}-0101"]
    text = " ".join(
        " ".join(page.extract_text().split())
        for page in PdfReader(
            io.BytesIO(render_annual_report(annual_stats.compute(register, YEAR)))
        ).pages
    )
    assert "1 new dwelling(s) had no unit count" in text
