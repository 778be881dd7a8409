"""Inspection report for one site visit: stage, result, defects with the sections they break,
notes and photos. It is what the inspector leaves with or mails to the contractor, and the
record the office files.

Record: the inspection row plus ``permit_number``, ``address_text``, ``owner_name``,
``contractor_name``, ``defects`` (list of ``{"item", "section", "note"}``; or the row's
``defects_json``) and ``photos`` (attachment rows: ``display_path``/``original_path``,
``caption``, ``taken_at``) and ``signatures`` (rows of ``store.signatures``: those given on
this document print under the inspector's line).
"""

from __future__ import annotations

import json

from reportlab.lib.units import inch

from deerfield_desk.documents.blocks import grid, heading, kv_table, para, signature
from deerfield_desk.documents.layout import FRAME_WIDTH, build_pdf, cite, fmt_date
from deerfield_desk.documents.photos import photo_grid
from deerfield_desk.documents.signature_marks import signed_blocks
from deerfield_desk.documents.village import village_settings
from deerfield_desk.models.inspection_rules import Result

RESULTS = {
    "passed": "Passed",
    "approved": "Passed",
    "failed": "Failed — correct and request a re-inspection",
    "partial": "Partially approved",
    "requested": "Requested (not yet inspected)",
    "scheduled": "Scheduled",
    "cancelled": "Cancelled",
}


def defects_of(record: dict) -> list[dict]:
    """The defects as recorded: ``store.inspections`` writes section/description/correction/
    minor; the report prints them as item/section/what to do."""
    raw = (
        record["defects"]
        if record.get("defects") is not None
        else json.loads(record.get("defects_json") or "[]")
    )
    out = []
    for d in raw:
        d = d if isinstance(d, dict) else {"item": str(d)}
        out.append({
            "item": d.get("item") or d.get("description") or "",
            "section": d.get("section") or "",
            "note": d.get("note") or d.get("correction") or "",
            "minor": bool(d.get("minor")),
        })  # fmt: skip
    return out


def stage_label(stage: str | None) -> str:
    return (stage or "—").replace("_", " ").capitalize()


def render_inspection_report(record: dict, settings, *, calendar=None) -> bytes:
    village = village_settings(settings)
    ref = record.get("permit_number") or "—"
    result = record.get("result") or "requested"
    story = [
        para("Inspection Report", "title"),
        para(
            f"Permit {ref} · {stage_label(record.get('stage'))} inspection ({cite('12.12(5)')})",
            "subtitle",
        ),
        kv_table(
            [
                ("Site", record.get("address_text")),
                ("Owner", record.get("owner_name")),
                ("Contractor", record.get("contractor_name")),
                ("Stage", stage_label(record.get("stage"))),
                ("Inspected", fmt_date(record.get("inspected_at"), missing="not yet")),
                ("Inspector", record.get("inspector")),
                ("Result", RESULTS.get(result, result)),
            ],
            FRAME_WIDTH,
        ),
    ]
    defects = defects_of(record)
    if defects:
        rows = [
            [
                d["item"] + (" (minor)" if d["minor"] else ""),
                cite(d["section"]) if d["section"] else "",
                d["note"],
            ]
            for d in defects
        ]
        story += [
            heading("Defects to correct"),
            grid(
                ["Item", "Section", "What to do"],
                rows,
                [2.4 * inch, 1.1 * inch, FRAME_WIDTH - 3.5 * inch],
            ),
        ]
    if record.get("notes"):
        story += [heading("Notes"), para(record["notes"])]
    if result == Result.FAILED:
        phone = village.phone or "the Village office"
        story.append(
            para(
                f"Correct the defects and call {phone} at least 48 hours ahead to "
                f"request a re-inspection ({cite('12.12(5)')}). Work that must be "
                "inspected may not be covered until it passes; uncovering it later "
                f"is at the owner's and contractor's expense ({cite('12.12(7)')}).",
                "bold",
            )
        )
    # signed before the photos, so a long photo section never strands the signature
    story += signature(record.get("inspector") or village.inspector, "Building Inspector")
    story += signed_blocks(record.get("signatures") or [], "inspection_report")
    photos = record.get("photos") or []
    if photos:
        story += [heading(f"Photos ({len(photos)})"), *photo_grid(photos)]
    return build_pdf(story, title="Inspection Report", ref=ref, settings=village)
