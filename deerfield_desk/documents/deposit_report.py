"""The daily deposit report the clerk hands to the treasurer with the day's money.

Why this shape: the treasurer counts the bag against it. Totals by method first (cash, checks
and money orders go to the bank; card payments are settled by the processor, shown apart),
then the checks by number (the bank's deposit slip lists them), then every receipt of the day
in number order, so a missing number is seen at once. Receipts voided that day are listed with
their reasons and left out of the totals; payments on hand-written receipts are included and
listed by their written numbers.

Record: ``store.receipt_records.deposit_report_record``.
"""

from __future__ import annotations

from reportlab.lib.units import inch
from reportlab.platypus import Spacer

from deerfield_desk.documents.blocks import grid, heading, para, signature
from deerfield_desk.documents.layout import FRAME_WIDTH, build_pdf, fmt_date
from deerfield_desk.documents.receipt import method_text
from deerfield_desk.documents.village import village_settings
from deerfield_desk.models.codes import PaymentMethod
from deerfield_desk.models.money import format_cents


def _time(moment: str) -> str:
    return moment[11:16] if len(moment) >= 16 else ""


def render_deposit_report(record: dict, settings, *, calendar=None) -> bytes:
    village = village_settings(settings)
    day = record["day"]
    totals = [(m["label"], str(m["count"]), format_cents(m["total_cents"]))
              for m in record["methods"]]  # fmt: skip
    totals += [
        ("To the bank (cash, checks, money orders)", "", format_cents(record["deposit_cents"])),
        ("Card (settled by the card processor)", "", format_cents(record["card_cents"])),
        ("Total received", "", format_cents(record["total_cents"])),
    ]
    wide = FRAME_WIDTH - 2.4 * inch
    story = [
        para("Daily Deposit Report", "title"),
        para(f"{fmt_date(day)} · prepared for the Village Treasurer", "subtitle"),
        heading("Totals by method"),
        grid(["Method", "Receipts", "Amount"], totals, [wide, 1.0 * inch, 1.4 * inch]),
    ]
    checks = record["checks"]
    story.append(heading("Checks and money orders"))
    if checks:
        story.append(grid(
            ["Receipt", "Payer", "Number", "Amount"],
            [(r["receipt_number"], r["payer_name"], method_text(
                {**r, "method_label": PaymentMethod(r["method"]).label}),
              format_cents(r["amount_cents"])) for r in checks],
            [1.2 * inch, FRAME_WIDTH - 4.2 * inch, 1.8 * inch, 1.2 * inch],
        ))  # fmt: skip
    else:
        story.append(para("None this day."))
    story.append(heading("Receipts"))
    if record["receipts"]:
        story.append(grid(
            ["Receipt", "Time", "Payer", "Method", "Application", "Amount"],
            [(r["receipt_number"], _time(r["received_at"]), r["payer_name"],
              PaymentMethod(r["method"]).label, r.get("application_number") or "—",
              format_cents(r["amount_cents"])) for r in record["receipts"]],
            [1.1 * inch, 0.6 * inch, FRAME_WIDTH - 5.1 * inch, 1.0 * inch, 1.2 * inch,
             1.2 * inch],
        ))  # fmt: skip
    else:
        story.append(para("No receipts this day."))
    if record["handwritten"]:
        story += [
            heading("Payments on hand-written receipts"),
            grid(
                ["Receipt", "Permit", "Fee", "Method", "Amount"],
                [(p["receipt_number"] or "—", p["permit_number"] or "—", p["description"],
                  PaymentMethod(p["method"]).label, format_cents(p["amount_cents"]))
                 for p in record["handwritten"]],
                [1.1 * inch, 1.0 * inch, FRAME_WIDTH - 4.3 * inch, 1.0 * inch, 1.2 * inch],
            ),
        ]  # fmt: skip
    if record["voided"]:
        story += [
            heading("Voided receipts (not in the totals)"),
            grid(
                ["Receipt", "Payer", "Amount", "Why voided"],
                [(r["receipt_number"], r["payer_name"], format_cents(r["amount_cents"]),
                  r["void_reason"] or "") for r in record["voided"]],
                [1.1 * inch, 1.8 * inch, 1.1 * inch, FRAME_WIDTH - 4.0 * inch],
            ),
        ]  # fmt: skip
    story += [Spacer(1, 8), *signature(village.clerk, "Village Clerk (prepared by)")]
    story += signature("", "Village Treasurer (received by)")
    return build_pdf(story, title="Daily Deposit Report", ref=day, settings=village)
