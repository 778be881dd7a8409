"""The annual report's later sections: money reconciled, new housing by month for the Census
(C-404) with the permits of $500,000 or more, inspections and enforcement.

Why apart from ``annual_report.py``: each section is a small function from the store's counts
(``store/year_report_counts.py``) to reportlab flowables, so a new section is a new function,
and the report module keeps to the page furniture. Money is shown in dollars and cents except
the C-404 list, which the Census asks for in whole dollars.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from deerfield_desk.store.year_counts import C404_CLASSES, AnnualStats

Table = Callable[[Sequence[Sequence[object]], list[float]], Flowable]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def money(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(int(cents)), 100)
    return f"{sign}${whole:,}.{part:02d}"


def label(code: str | None) -> str:
    return (code or "(none)").replace("_", " ").capitalize()


def money_section(stats: AnnualStats, table: Table, h2, small) -> list[Flowable]:
    m = stats.report.money
    fees = [
        ["Fees", str(stats.year)],
        ["Charged in the year (not voided or waived)", money(m.fees_charged_cents)],
        ["Waived in the year", money(m.fees_waived_cents)],
        ["Collected in the year", money(m.fees_collected_cents)],
        ["Payments voided in the year (not collected)", money(m.payments_voided_cents)],
        ["Outstanding on 31 December (charged, not paid)", money(m.outstanding_cents)],
    ]
    steps = (
        ("opening", f"Held on 1 January {stats.year}", 1),
        ("received", "Received in the year", 1),
        ("refunded", "Refunded in the year", -1),
        ("forfeited", "Forfeited in the year", -1),
    )
    deposits: list[list[object]] = [["Deposits and securities", "Count", "Amount"]]
    for key, text, sign in steps:
        n, cents = m.deposits[key]
        deposits.append([text, f"{'+' if sign > 0 else '-'} {n:,}", money(sign * cents)])
    n, cents = m.deposits["closing"]
    deposits.append([f"Held on 31 December {stats.year}", f"= {n:,}", money(cents)])
    check = (
        "The deposits reconcile: held on 1 January, plus received, less refunded and forfeited, "
        "equals held on 31 December."
        if m.deposits_balance
        else "THE DEPOSITS DO NOT RECONCILE: the register holds a deposit whose dates or status "
        "disagree; the deposits sheet of the records export lists every one."
    )
    return [
        KeepTogether(
            [
                Paragraph("Money reconciled", h2),
                table(fees, [4.2 * inch, 1.6 * inch]),
                Spacer(1, 6),
                table(deposits, [3.4 * inch, 0.8 * inch, 1.6 * inch]),
                Paragraph(check, small),
            ]
        )
    ]


def housing_by_month_section(stats: AnnualStats, table: Table, h2, small) -> list[Flowable]:
    by_month = stats.report.housing_by_month
    rows: list[list[object]] = [["Class (C-404)", *MONTHS, "Total"]]
    for key, text, _low, _high in C404_CLASSES:
        months = by_month.get(key, [(0, 0)] * 12)
        rows.append([f"{text}: buildings", *[b for b, _u in months], sum(b for b, _ in months)])
        rows.append([f"{text}: units", *[u for _b, u in months], sum(u for _, u in months)])
    large: list[list[object]] = [["Permit", "Issued", "Address", "Units", "Value ($)"]]
    for p in stats.report.large_permits:
        large.append([p.permit_number, p.issued_date, p.address, p.units, f"{p.value_dollars:,}"])
    if len(large) == 1:
        large.append(["(none this year)", "", "", "", ""])
    return [
        KeepTogether(
            [
                Paragraph("New housing by month of issuance (Census C-404)", h2),
                table(rows, [1.9 * inch] + [0.34 * inch] * 12 + [0.45 * inch]),
            ]
        ),
        KeepTogether(
            [
                Paragraph("New housing permits valued at $500,000 or more", h2),
                table(large, [1.0 * inch, 0.9 * inch, 2.8 * inch, 0.6 * inch, 1.2 * inch]),
                Paragraph(
                    "Whole dollars of the estimated construction cost, as C-404 asks.", small
                ),
            ]
        ),
    ]


def inspections_section(stats: AnnualStats, table: Table, h2, small) -> list[Flowable]:
    r = stats.report
    share = f"{r.passed_first_time / r.inspections_done:.0%}" if r.inspections_done else "-"
    rows = [
        ["Inspections", str(stats.year)],
        ["Inspections done (a result recorded)", f"{r.inspections_done:,}"],
        ["Passed the first time", f"{r.passed_first_time:,} ({share})"],
        ["Re-inspections of a failed or partial stage (§12.12(6))", f"{r.reinspections:,}"],
    ]
    return [
        Paragraph("Inspections", h2),
        table(rows, [4.2 * inch, 1.6 * inch]),
        Paragraph(
            "Done: a result was recorded in the year (cancelled requests and voided records "
            "are not counted). Passed the first time: passed, and not a re-inspection.",
            small,
        ),
    ]


def enforcement_section(stats: AnnualStats, table: Table, h2, small) -> list[Flowable]:
    heads = ("issued", "complied", "appealed", "withdrawn", "outstanding")
    rows: list[list[object]] = [["Notice or order", *[h.capitalize() for h in heads]]]
    totals = dict.fromkeys(heads, 0)
    for kind, counts in stats.report.enforcement.items():
        rows.append([label(kind), *[counts[h] for h in heads]])
        for h in heads:
            totals[h] += counts[h]
    rows.append(["All notices", *[totals[h] for h in heads]])
    return [
        KeepTogether(
            [
                Paragraph("Enforcement: notices issued in the year", h2),
                table(rows, [2.3 * inch] + [0.9 * inch] * len(heads)),
                Paragraph(
                    "Of the notices issued in the year, where each stands now: complied with, "
                    "appealed (an appeal was filed), withdrawn, or still outstanding.",
                    small,
                ),
            ]
        )
    ]
