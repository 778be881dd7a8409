"""Occupancy permit and temporary occupancy permit (§12.16).

No one may occupy a building until one is issued. A temporary permit is for minor
shortcomings that do not threaten safety, health or welfare; it runs 30 days (the engine's
``temporary_occupancy_end``) unless the inspector sets another term (``record['occupancy']
['end_date']``). Occupancy past a temporary permit's end forfeits the completion deposit
(§12.15), so the end date is printed large.

Record: the permit row plus ``occupancy``: ``{"temporary": bool, "issued_date": ISO,
"end_date": ISO | None, "outstanding": [items], "use": "single-family dwelling",
"voided": bool, "void_reason": str | None}``: a voided one prints with VOID across it.
"""

from __future__ import annotations

from datetime import date

from reportlab.platypus import Spacer

from deerfield_desk.documents.blocks import (
    bullet_list,
    heading,
    kv_table,
    para,
    signature,
    text_items,
)
from deerfield_desk.documents.layout import FRAME_WIDTH, build_pdf, cite, fmt_date
from deerfield_desk.documents.marks import permit_mark, status_mark
from deerfield_desk.documents.village import village_settings
from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.deadlines import compute_deadline
from deerfield_desk.models.notice_deadlines import period_words


def temporary_end(occupancy: dict, calendar=None) -> date:
    if occupancy.get("end_date"):
        return date.fromisoformat(occupancy["end_date"])
    issued = date.fromisoformat(occupancy["issued_date"])
    return compute_deadline("temporary_occupancy_end", issued, calendar).due


def occupancy_mark(record: dict, occ: dict):
    """VOID across a voided occupancy permit (with its reason: it is kept as a record and
    reprints, never as a permit in force), else the building permit's own mark."""
    if occ.get("voided"):
        return status_mark("VOID", f"Occupancy permit voided: {occ.get('void_reason') or ''}")
    return status_mark(permit_mark(record))


def render_occupancy(record: dict, settings, *, calendar=None) -> bytes:
    """Only an occupancy permit recorded in the register prints (``record['occupancy']`` with
    its ``number``, e.g. 2026-0042-OC1): the register refuses to record one before every
    required inspection passed (§12.16), so no paper can claim otherwise."""
    village = village_settings(settings)
    occ = dict(record.get("occupancy") or {})
    if not occ.get("number") or not occ.get("issued_date"):
        raise InvalidInput(
            "occupancy",
            "print an occupancy permit recorded in the register (§12.16), not an unrecorded one",
        )
    temporary = bool(occ.get("temporary"))
    title = "Temporary Occupancy Permit" if temporary else "Occupancy Permit"
    number = occ["number"]
    mark = occupancy_mark(record, occ)
    story = [
        *mark.flowables(),
        para(title, "title"),
        para(
            f"Occupancy permit {number} · building permit {record.get('permit_number')} · "
            f"issued under {cite('12.16')}",
            "subtitle",
        ),
        kv_table(
            [
                ("Building", record.get("address_text")),
                ("Parcel", record.get("parcel_number")),
                ("Owner", record.get("owner_name")),
                ("Use", occ.get("use") or record.get("structure") or record.get("description")),
                ("Issued", fmt_date(occ.get("issued_date"))),
            ],
            FRAME_WIDTH,
        ),
        Spacer(1, 8),
    ]
    conditions = text_items(occ.get("conditions"))
    if conditions:
        story += [heading("Conditions", "12.16"), *bullet_list(conditions)]
    if temporary:
        end = temporary_end(occ, calendar)
        if occ.get("term_days"):
            term = f"a term of {occ['term_days']} days"
        elif occ.get("end_date"):
            term = "the term set by the Building Inspector"
        else:
            term = period_words("temporary_occupancy_end")
        story += [
            para(f"Valid until {fmt_date(end)}", "big"),
            para(f"End of the temporary permit: {term}, {cite('12.16')}.", "small"),
            para(
                "The Building Inspector found that all required inspections are complete and "
                "that the building falls short of the codes only in minor ways that do not "
                "threaten the safety, health or welfare of its occupants. The items below must "
                "be finished and inspected before this permit ends.",
            ),
            heading("Items to finish before the end date"),
            *(bullet_list(text_items(occ.get("outstanding"))) or [para("—")]),
            para(
                "Occupying the building after this permit ends without a full occupancy "
                f"permit forfeits the completion deposit ({cite('12.15')}).",
                "bold",
            ),
        ]
    else:
        story += [
            para(
                "After completing all required inspections, the Building Inspector finds that "
                "this building has been constructed in accordance with the applicable codes and "
                "may be occupied.",
            ),
        ]
    story += signature(village.inspector, "Building Inspector")
    return build_pdf(story, title=title, ref=number, settings=village, mark=mark)
