"""The Exhibit A erosion control checklist report (§31.10(2)) for a site visit: each item
with its answer and note, the items that fail listed first in the summary, and photos.

The checklist items themselves are the inspections feature's data
(``resources/checklists/``); this report prints whatever items the visit recorded, in order.

Record: ``permit_number``, ``address_text``, ``inspected_at``, ``inspector``, ``items``
(list of ``{"item", "section", "answer": "yes"|"no"|"n/a", "note"}``) and ``photos``.
"""

from __future__ import annotations

from reportlab.lib.units import inch
from reportlab.platypus import KeepTogether

from deerfield_desk.documents.blocks import bullet_list, grid, heading, kv_table, para, signature
from deerfield_desk.documents.layout import FRAME_WIDTH, build_pdf, cite, fmt_date
from deerfield_desk.documents.photos import photo_grid
from deerfield_desk.documents.village import village_settings
from deerfield_desk.errors import InvalidInput

EXHIBIT_A_TITLE = "Erosion control checklist (Exhibit A as adopted)"


def version_note(record: dict) -> str:
    version = record.get("checklist_version")
    return f", version {version}" if version else ""


ANSWERS = {"yes": "Meets", "no": "DEFICIENT", "n/a": "n/a", "na": "n/a", None: "—", "": "—"}


def render_checklist_report(record: dict, settings, *, calendar=None) -> bytes:
    village = village_settings(settings)
    ref = record.get("permit_number") or "—"
    items = list(record.get("items") or [])
    if not items:  # no visit recorded: nothing to sign
        raise InvalidInput(
            "items", f"permit {ref} has no Exhibit A visit recorded: there is nothing to report"
        )
    failing = [i for i in items if (i.get("answer") or "").lower() == "no"]
    not_applicable = [i for i in items if (i.get("answer") or "").lower() in ("n/a", "na")]
    meets = [i for i in items if (i.get("answer") or "").lower() == "yes"]
    story = [
        # Which list was used follows the permit's class: Exhibit A (31.10(2)) for minor
        # activities, the 31.13 inspection checklist for major ones; every visit is a 31.13
        # inspection.
        para(record.get("checklist_title") or EXHIBIT_A_TITLE, "title"),
        para(
            f"Permit {ref} · list of {cite(record.get('checklist_basis') or '31.10(2)')}"
            f"{version_note(record)} · site inspection under {cite('31.13')}",
            "subtitle",
        ),
        kv_table(
            [
                ("Site", record.get("address_text")),
                ("Permittee", record.get("owner_name")),
                ("Visited", fmt_date(record.get("inspected_at"), missing="—")),
                ("Inspector", record.get("inspector") or village.inspector),
                (
                    "Summary",
                    f"{len(meets)} of {len(items)} items meet; "
                    f"{len(not_applicable)} not applicable; {len(failing)} deficient",
                ),
            ],
            FRAME_WIDTH,
        ),
        heading("Checklist"),
        grid(
            ["#", "Item", "Section", "Result", "Note"],
            [
                [
                    str(n),
                    i.get("item", ""),
                    cite(i["section"]) if i.get("section") else "",
                    ANSWERS.get((i.get("answer") or "").lower(), i.get("answer")),
                    i.get("note", ""),
                ]
                for n, i in enumerate(items, 1)
            ],
            [0.35 * inch, 2.4 * inch, 1.1 * inch, 0.9 * inch, FRAME_WIDTH - 4.75 * inch],
        ),
    ]
    if failing:
        deficient = [f"{i.get('item', '')}: {i.get('note') or 'deficient'}" for i in failing]
        story.append(
            KeepTogether(  # the heading never ends a page without its list
                [
                    heading("Deficient items"),
                    *bullet_list(deficient),
                    para(
                        "These items must be put right. Work that does not follow the control "
                        "plan or permit conditions may be stopped and the permit revoked "
                        f"({cite('31.14(2)')})."
                    ),
                ]
            )
        )
    if record.get("notes"):
        story += [heading("Notes"), para(record["notes"])]
    # signed before the photos, so a long photo section never strands the signature
    story += signature(record.get("inspector") or village.inspector, "Building Inspector")
    photos = record.get("photos") or []
    if photos:
        story += [heading(f"Photos ({len(photos)})"), *photo_grid(photos)]
    return build_pdf(story, title="Erosion Control Checklist", ref=ref, settings=village)
