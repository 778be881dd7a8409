"""Issue 18 item 5: the annual report for the Village Board and the Census, counted from a
year written through the store's functions and read back out of the PDF."""

from __future__ import annotations

import io
from datetime import date

from pypdf import PdfReader

from deerfield_desk.documents.annual_report import render_annual_report
from deerfield_desk.store import ledger
from deerfield_desk.store.year_counts import compute
from tests.application_builders import file_application
from tests.exports_fixtures import YEAR
from tests.records_fixtures import make_full_year


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)


def test_applications_are_counted_as_applications_not_permits(register):
    make_full_year(register)
    before = compute(register, YEAR).report
    # fixture permits have no application row: each counts as its own (imported) application
    assert before.applications == 0 and before.applications_without_record == 11  # 12: voided
    permits = file_application(
        register, site={"site_house_number": "9"}, work="new_building", on=date(YEAR, 6, 2),
        answers={"structure": "dwelling", "disturbed_sqft": "20000", "earthwork_cuyd": "10"},
    )  # fmt: skip
    assert len(permits) == 2  # one application, a building and an erosion permit
    after = compute(register, YEAR)
    assert after.report.applications == 1  # not 2
    assert after.applied == compute(register, YEAR).applied  # permits applied for: own line
    assert "Applications received 12" in text_of(render_annual_report(after))


def test_money_reconciles_with_deposits_received_refunded_and_forfeited(register):
    made = make_full_year(register)
    uuids = made["uuids"]
    kept = ledger.record_deposit(register, uuids[f"{YEAR}-0003"], "completion_deposit", 80_000,
                                 "R-301", date(YEAR, 2, 1))  # fmt: skip
    lost = ledger.record_deposit(register, uuids[f"{YEAR}-0004"], "completion_deposit", 60_000,
                                 "R-302", date(YEAR, 3, 1))  # fmt: skip
    ledger.refund_deposit(register, kept["uuid"], "final passed", date(YEAR, 9, 1))
    ledger.forfeit_deposit(register, lost["uuid"], "occupied_before_final", date(YEAR, 10, 1))
    money = compute(register, YEAR).report.money
    n = {k: v[0] for k, v in money.deposits.items()}
    cents = {k: v[1] for k, v in money.deposits.items()}
    assert n["refunded"] == 1 and cents["refunded"] == 80_000
    assert n["forfeited"] == 1 and cents["forfeited"] == 60_000
    assert cents["received"] >= 80_000 + 60_000
    # make_year wrote one deposit "refunded" with no refund date: the check names the gap
    assert not money.deposits_balance
    register.update("deposits", register.query_one(
        "SELECT uuid FROM deposits WHERE status = 'refunded' AND disposition_at IS NULL")["uuid"],
        {"disposition_at": f"{YEAR}-06-30"}, action="correct", reason="refund date from the file",
    )  # fmt: skip
    stats = compute(register, YEAR)
    assert stats.report.money.deposits_balance
    fees = stats.report.money
    assert fees.fees_collected_cents == 7 * 15_000  # eight payments, one voided
    assert fees.payments_voided_cents == 15_000
    assert fees.outstanding_cents == fees.fees_charged_cents - 7 * 15_000  # all charged in YEAR
    text = text_of(render_annual_report(stats))
    assert "The deposits reconcile" in text and "Forfeited in the year" in text


def test_c404_by_month_lists_the_permits_of_500000_dollars_or_more(register):
    made = make_full_year(register)
    register.update("permits", made["uuids"][f"{YEAR}-0003"],
                    {"estimated_cost_cents": 123_456_789}, action="correct",
                    reason="cost from the contract")  # fmt: skip
    stats = compute(register, YEAR)
    # permit 3: four units, issued in March; the three-and-four class, month 3
    assert stats.report.housing_by_month["three_four"][2] == (1, 4)
    assert [(p.permit_number, p.value_dollars) for p in stats.report.large_permits] == [
        (f"{YEAR}-0003", 1_234_568)  # whole dollars, rounded
    ]
    text = text_of(render_annual_report(stats))
    assert "New housing by month of issuance (Census C-404)" in text
    assert f"{YEAR}-0003 {YEAR}-03-10 103 Main St 4 1,234,568" in text


def test_inspections_and_enforcement_pages(register):
    make_full_year(register)
    stats = compute(register, YEAR)
    r = stats.report
    assert r.reinspections == 1  # the failed insulation stage, found corrected
    # make_year: 11 permits x (footing passed, rough failed, final passed) + the fixture's own
    assert r.passed_first_time == r.inspections_done - 11 - 1 - 1
    assert r.enforcement["building_stop_work"]["appealed"] == 1
    assert r.enforcement["violation"]["complied"] == 1
    text = text_of(render_annual_report(stats))
    assert "Re-inspections of a failed or partial stage" in text
    assert "Enforcement: notices issued in the year" in text
