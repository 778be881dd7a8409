"""Correction notice to the contractor after a failed or partly approved visit (§12.12(5)):
what the inspector found, what to do about each defect, and how to ask for the re-inspection.
It is printed from the visit itself (one click from the Today card), so it lists exactly the
defects the inspector recorded there.
"""

from __future__ import annotations

from reportlab.lib.units import inch

from deerfield_desk.documents.blocks import grid, heading, kv_table, para, signature
from deerfield_desk.documents.inspection_report import RESULTS, defects_of, stage_label
from deerfield_desk.documents.layout import FRAME_WIDTH, build_pdf, cite, fmt_date
from deerfield_desk.documents.signature_marks import signed_blocks
from deerfield_desk.documents.village import village_settings
from deerfield_desk.errors import InvalidInput

NEEDS_CORRECTION = ("failed", "partial")


def render_correction_notice(record: dict, settings, *, calendar=None) -> bytes:
    result = record.get("result")
    if result not in NEEDS_CORRECTION:
        raise InvalidInput(
            "result", f"a correction notice follows a failed or partial visit, not {result!r}"
        )
    village = village_settings(settings)
    ref = record.get("permit_number") or "—"
    defects = defects_of(record)
    phone = village.phone
    story = [
        para("Correction Notice", "title"),
        para(
            f"Permit {ref} · {stage_label(record.get('stage'))} inspection of "
            f"{fmt_date(record.get('inspected_at'))} ({cite('12.12(5)')})",
            "subtitle",
        ),
        kv_table(
            [
                ("To (contractor)", record.get("contractor_name") or "the permit holder"),
                ("Copy to (owner)", record.get("owner_name")),
                ("Site", record.get("address_text")),
                ("Result", RESULTS.get(result, result)),
                ("Inspector", record.get("inspector") or village.inspector),
            ],
            FRAME_WIDTH,
        ),
        heading("Correct these items"),
        grid(
            ["Defect", "Section", "What to do"],
            [
                [
                    d["item"] + (" (minor)" if d["minor"] else ""),
                    cite(d["section"]) if d["section"] else "",
                    d["note"],
                ]
                for d in defects
            ]  # fmt: skip
            or [["—", "", ""]],
            [2.4 * inch, 1.1 * inch, FRAME_WIDTH - 3.5 * inch],
        ),
        para(
            f"When the work is corrected, call {phone} at least 48 hours ahead to request the "
            f"re-inspection ({cite('12.12(5)')}). Work that must be inspected may not be "
            "covered until it passes; uncovering it later is at the owner's and contractor's "
            f"expense ({cite('12.12(7)')}). No work is approved by default ({cite('12.12(6)')}).",
            "bold",
        ),
    ]
    story += signature(record.get("inspector") or village.inspector, "Building Inspector")
    # the contractor's or owner's own signature, given on the inspector's screen (issue 17)
    story += signed_blocks(record.get("signatures") or [], "correction_notice")
    return build_pdf(story, title="Correction Notice", ref=ref, settings=village)
