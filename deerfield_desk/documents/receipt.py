"""The counter receipt: one numbered receipt for one payment over several fee lines.

Why it prints what it does: the payer keeps it as proof of payment, so it names who paid,
how (with the check number the bank will show), each fee line with its section and permit,
and the total. A voided receipt reprints with VOID across the page and the reason and date of
the void, so a copy found later is never taken for money the village still holds.

Record: ``store.receipt_records.receipt_record``.
"""

from __future__ import annotations

from reportlab.lib.units import inch
from reportlab.platypus import Spacer

from deerfield_desk.documents.blocks import grid, kv_table, para, signature
from deerfield_desk.documents.layout import FRAME_WIDTH, build_pdf, cite, fmt_date
from deerfield_desk.documents.marks import NO_MARK, status_mark
from deerfield_desk.documents.permit_card import kind_label
from deerfield_desk.documents.village import village_settings
from deerfield_desk.models.money import format_cents


def method_text(record: dict) -> str:
    label = record.get("method_label") or str(record.get("method") or "")
    number = record.get("check_number")
    return f"{label} no. {number}" if number else label


def receipt_mark(record: dict):
    if record.get("status") != "voided":
        return NO_MARK
    when = fmt_date((record.get("voided_at") or "")[:10] or None)
    return status_mark("VOID", f"Voided {when}: {record.get('void_reason') or ''}".strip())


def render_receipt(record: dict, settings, *, calendar=None) -> bytes:
    """On the paper the village chose in Settings (``VillageSettings.receipt_paper``): a
    letter page, or an 80 mm roll for a receipt printer (``documents.receipt_roll``)."""
    village = village_settings(settings)
    if village.receipt_paper == "roll80":
        from deerfield_desk.documents.receipt_roll import render_receipt_roll

        return render_receipt_roll(record, village, method_text(record))
    number = record["receipt_number"]
    mark = receipt_mark(record)
    lines = record.get("lines") or []
    rows = [
        (
            line.get("permit_number") or kind_label(line.get("permit_kind")) or "—",
            line.get("description") or "",
            cite(line["basis"]) if line.get("basis") else "—",
            format_cents(line["amount_cents"]),
        )
        for line in lines
    ]
    rows.append(("", "Total received", "", format_cents(record["amount_cents"])))
    story = [
        *mark.flowables(),
        para("Receipt", "title"),
        para(f"No. {number} · {fmt_date(record['received_at'])}", "subtitle"),
        kv_table(
            [
                ("Received from", record.get("payer_name")),
                ("Amount", format_cents(record["amount_cents"])),
                ("Paid by", method_text(record)),
                ("Application", record.get("application_number")),
                ("Site", record.get("site")),
                ("Note", record.get("note")),
            ],
            FRAME_WIDTH,
        ),
        Spacer(1, 10),
        grid(
            ["Permit", "Fee", "Section", "Amount"],
            rows,
            [1.2 * inch, FRAME_WIDTH - 3.4 * inch, 1.0 * inch, 1.2 * inch],
        ),
        Spacer(1, 8),
        para(
            f"Received for the {village.name} by {record.get('received_by') or village.clerk}. "
            "Keep this receipt: it is your record of payment."
        ),
        *signature(record.get("received_by") or "", "for the Village Clerk"),
    ]
    return build_pdf(story, title="Receipt", ref=number, settings=village, mark=mark or None)
