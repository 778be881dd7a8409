"""The village board's annual report: one PDF from the year's numbers.

Why in documents/: it is a printed document like the permit card, with the same embedded
fonts (``documents/village.py``). It lays out an ``AnnualStats`` the store counted
(``store/year_counts.py``); it never reads the register itself.

Deterministic (``invariant=1``, fixed metadata): printed twice from the same register it gives
the same bytes, so the archive's SHA-256 of it means something.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from html import escape  # not xml.sax.saxutils: it imports urllib, http and ssl (~30 ms)
from types import SimpleNamespace

from deerfield_desk.documents import annual_report_pages as pages
from deerfield_desk.documents.charts import MONTHS, stacked_bars
from deerfield_desk.documents.marks import draw_demo
from deerfield_desk.documents.village import FONT, FONT_BOLD, register_fonts, village_settings
from deerfield_desk.store.year_counts import AnnualStats, result_key

SUMMARY_NOTE = (
    "Counts come straight from the permit register. An application counts once however many "
    "permits it needs (a permit imported without its application counts as one). A permit "
    "counts in the year it was issued; voided and revoked permits are left out of the issued "
    "counts."
)
HOUSING_NOTE = (
    "New residential buildings by units in the building, in the four classes of the Census "
    "Bureau's monthly building permit survey (form C-404). Value is the estimated construction "
    "cost stated on the permit."
)


def _housing_caveat(stats) -> str:
    parts = []
    if stats.housing_assumed:
        parts.append(
            f" {stats.housing_assumed} new dwelling(s) had no unit count on the permit and are "
            "counted as single-family."
        )
    if stats.housing_unclassified:
        parts.append(
            f" {stats.housing_unclassified} new multifamily building(s) had no unit count and "
            "are not in the table."
        )
    return "".join(parts)


def label(code: str | None) -> str:
    return (code or "(none)").replace("_", " ").capitalize()


def money(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(int(cents)), 100)
    return f"{sign}${whole:,}.{part:02d}"


def render_annual_report_document(record, settings, *, calendar=None) -> bytes:
    """``documents.render("annual-report", "2025", register)``: the one entry every printed
    document goes through (the archive, the Documents menu and the ``render`` command print
    the same bytes). ``record["stats"]`` is the year's counts (``store/document_records.py``
    gathers them); the village's name, and whether the register is the demo, come from the
    settings every document loads."""
    chosen = village_settings(settings)
    return render_annual_report(record["stats"], chosen.name, demo=chosen.demo)


def render_annual_report(
    stats: AnnualStats, village: str = "Village of Deerfield", *, demo: bool = False
) -> bytes:
    """The report's PDF; ``demo`` (the register is the demo, ``store.demo_register``) prints
    DEMO across every page like every other document of the demo register."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import inch
    from reportlab.platypus import (
        KeepTogether,
        Paragraph,
        SimpleDocTemplate,
        Spacer,
        Table,
        TableStyle,
    )

    register_fonts()
    regular, bold = FONT, FONT_BOLD
    year = stats.year
    body = ParagraphStyle("body", fontName=regular, fontSize=9.5, leading=12.5)
    small = ParagraphStyle("small", parent=body, fontSize=8, leading=10, textColor="#444444")
    h1 = ParagraphStyle("h1", parent=body, fontName=bold, fontSize=17, leading=21)
    h2 = ParagraphStyle("h2", parent=body, fontName=bold, fontSize=12, leading=15, spaceBefore=10)

    def table(
        rows: Sequence[Sequence[object]], widths: list[float], numeric_from: int = 1
    ) -> Table:
        t = Table(rows, colWidths=widths, repeatRows=1)
        t.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), regular, 8.5),
                    ("FONT", (0, 0), (-1, 0), bold, 8.5),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                    (
                        "ROWBACKGROUNDS",
                        (0, 1),
                        (-1, -1),
                        [colors.white, colors.HexColor("#F2F2F2")],
                    ),
                    ("ALIGN", (numeric_from, 0), (-1, -1), "RIGHT"),
                    ("TOPPADDING", (0, 0), (-1, -1), 2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ]
            )
        )
        return t

    story: list = [
        Paragraph(escape(village, quote=False), body),
        Paragraph(f"Annual Permit Report {year}", h1),
        Paragraph("Building and erosion control permits (chapters 12 and 31)", body),
        Paragraph(
            f"For the Village Board. Prepared from the permit register (journal entry "
            f"{stats.journal_entries:,}); every figure can be traced to the exported records.",
            small,
        ),
        Spacer(1, 8),
    ]
    applications = stats.report.applications + stats.report.applications_without_record
    held_n = sum(n for n, _c in stats.deposits_held.values())
    held_c = sum(c for _n, c in stats.deposits_held.values())
    summary = [
        ["Summary", str(year)],
        ["Applications received", f"{applications:,}"],
        ["Permits applied for", f"{stats.applied:,}"],
        ["Permits issued", f"{stats.issued:,}"],
        ["Permits finaled", f"{stats.finaled:,}"],
        ["Fees charged", money(stats.fees_charged_cents)],
        ["Fees collected", money(stats.fees_collected_cents)],
        [f"Deposits held at year end ({held_n:,})", money(held_c)],
        ["Notices issued", f"{sum(stats.notices_issued.values()):,}"],
        ["Notices outstanding at year end", f"{sum(stats.notices_outstanding.values()):,}"],
    ]
    story += [table(summary, [3.6 * inch, 1.6 * inch]), Paragraph(SUMMARY_NOTE, small)]

    series = {label(k): v for k, v in stats.by_kind_month.items()}
    story += [
        Paragraph("Permits issued by kind and month", h2),
        stacked_bars("Permits issued per month", MONTHS, series),
    ]
    rows: list[list[object]] = [["Kind", *MONTHS, "Total"]]
    for kind, months in stats.by_kind_month.items():
        rows.append([label(kind), *months, sum(months)])
    rows.append(["All kinds", *stats.permits_issued_by_month, stats.issued])
    story.append(table(rows, [1.25 * inch] + [0.37 * inch] * 12 + [0.5 * inch]))

    housing: list[list[object]] = [
        ["Class (C-404)", "Buildings", "Housing units", "Construction value"]
    ]
    for entry in stats.housing.values():
        housing.append([entry.label, entry.buildings, entry.units, money(entry.value_cents)])
    total_units = sum(e.units for e in stats.housing.values())
    housing.append(
        [
            "All new housing",
            sum(e.buildings for e in stats.housing.values()),
            total_units,
            money(sum(e.value_cents for e in stats.housing.values())),
        ]
    )
    units_chart = stacked_bars(
        "New housing units by class",
        [e.label for e in stats.housing.values()],
        {"Housing units": [e.units for e in stats.housing.values()]},
        height=150,
    )
    story.append(
        KeepTogether(
            [
                Paragraph("New housing units and construction value", h2),
                table(housing, [2.2 * inch, 1 * inch, 1.1 * inch, 1.5 * inch]),
                Paragraph(HOUSING_NOTE + _housing_caveat(stats), small),
                units_chart,
            ]
        )
    )

    money_rows = [["Fees collected by fee code", "Amount"]]
    money_rows += [[code, money(c)] for code, c in stats.collected_by_code.items()]
    money_rows.append(["Total collected", money(stats.fees_collected_cents)])
    deposit_rows: list[list[object]] = [["Deposits held at year end", "Count", "Amount"]]
    deposit_rows += [[label(k), n, money(c)] for k, (n, c) in stats.deposits_held.items()]
    deposit_rows.append(["All deposits", held_n, money(held_c)])
    story += pages.housing_by_month_section(stats, table, h2, small)
    story += [
        Paragraph("Fees and deposits", h2),
        table(money_rows, [3.6 * inch, 1.6 * inch]),
        Spacer(1, 6),
        table(deposit_rows, [2.8 * inch, 0.8 * inch, 1.6 * inch]),
    ]

    story += pages.money_section(stats, table, h2, small)
    story += pages.inspections_section(stats, table, h2, small)
    results = sorted({r for by in stats.inspections.values() for r in by}, key=result_key)
    stages = list(stats.inspections)
    insp_rows: list[list[object]] = [["Stage", *[label(r) for r in results], "Total"]]
    for stage in stages:
        counts = [stats.inspections[stage].get(r, 0) for r in results]
        insp_rows.append([label(stage), *counts, sum(counts)])
    width = (7.0 * inch - 2.2 * inch) / max(len(results) + 1, 1)
    story.append(
        KeepTogether(
            [
                Paragraph("Inspections by stage and result (§12.12(5))", h2),
                table(insp_rows, [2.2 * inch] + [width] * (len(results) + 1)),
                stacked_bars(
                    "Inspections by stage",
                    [label(s) for s in reversed(stages)] or ["(none)"],
                    {
                        label(r): [stats.inspections[s].get(r, 0) for s in reversed(stages)]
                        for r in results
                    },
                    height=max(140, 28 * len(stages) + 60),
                    horizontal=True,
                ),
            ]
        )
    )

    kinds = sorted(set(stats.notices_issued) | set(stats.notices_outstanding))
    notice_rows: list[list[object]] = [["Notice", "Issued in the year", "Outstanding at year end"]]
    for kind in kinds:
        notice_rows.append(
            [label(kind), stats.notices_issued.get(kind, 0), stats.notices_outstanding.get(kind, 0)]
        )
    notice_rows.append(
        ["All notices", sum(stats.notices_issued.values()), sum(stats.notices_outstanding.values())]
    )
    story += [
        Paragraph("Notices and orders", h2),
        table(notice_rows, [2.4 * inch, 1.6 * inch, 1.9 * inch]),
        Paragraph(
            "Outstanding: issued and not yet complied with, closed or withdrawn on 31 December.",
            small,
        ),
    ]

    story += pages.enforcement_section(stats, table, h2, small)

    def footer(canvas, doc) -> None:
        draw_demo(canvas, letter, SimpleNamespace(demo=demo))
        canvas.saveState()
        canvas.setFont(regular, 7.5)
        canvas.drawString(doc.leftMargin, 0.5 * inch, f"{village} · Annual permit report {year}")
        canvas.drawRightString(doc.leftMargin + doc.width, 0.5 * inch, f"Page {doc.page}")
        canvas.restoreState()

    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out,
        pagesize=letter,
        leftMargin=0.75 * inch,
        rightMargin=0.75 * inch,
        topMargin=0.7 * inch,
        bottomMargin=0.8 * inch,
        title=f"{village} annual permit report {year}",
        author=village,
        creator="Deerfield Desk",
        subject="Building and erosion control permits",
        invariant=1,
        initialFontName=regular,  # else every page names Helvetica, a font it does not embed
    )
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return out.getvalue()
