"""Data the documents print from the inspection side of the register: a permit's planned
stages, its latest Exhibit A visit, its occupancy permit, and photos (paths made absolute)."""

from __future__ import annotations

import json
from pathlib import Path

from deerfield_desk.config import register_paths
from deerfield_desk.models.codes import OccupancyKind
from deerfield_desk.models.exhibit_a import checklist_for, load_items
from deerfield_desk.store.register import Register


def photos_of(reg: Register, owner_table: str, owner_uuids: list[str]) -> list[dict]:
    """Active photos of the owners, paths made absolute: the photo store keeps them relative
    to the register's photos folder so a register on a USB stick carries its own."""
    folder = register_paths(reg.path).photos
    rows = reg.query(
        "SELECT * FROM attachments WHERE owner_table = ? AND status = 'active' AND owner_uuid "
        "IN (SELECT value FROM json_each(?)) ORDER BY taken_at, id",
        (owner_table, json.dumps(owner_uuids)),
    )
    for photo in rows:
        for key in ("display_path", "original_path"):
            if photo.get(key) and not Path(photo[key]).is_absolute():
                photo[key] = str(folder / photo[key])
    return rows


def applicable_stages(reg: Register, permit: dict) -> list[tuple[str, str]] | None:
    """The permit's inspection stages (waived ones left out); None lets the card fall back to
    all of §12.12(5)."""
    # imported here: the inspections module (and the lifecycle and enforcement modules it
    # brings) is needed by a permit card only, not by every process that prints a notice or
    # the annual report
    from deerfield_desk.store.inspections import planned_stages

    try:
        planned = planned_stages(reg, permit["uuid"])
    except Exception:  # a card must still print when the plan cannot be read
        return None
    return [(p.stage.section, p.stage.title) for p in planned if not p.waived] or None


def checklist_visit_record(reg: Register, permit: dict) -> dict | None:
    """The latest Exhibit A visit, if any."""
    visit = reg.query_one(
        "SELECT * FROM checklist_visits WHERE permit_id = ? AND status != 'voided' "
        "ORDER BY visited_at DESC, id DESC LIMIT 1",
        (permit["id"],),
    )
    if visit is None:
        return None
    titles = {i.code: i.title for i in load_items()}
    checklist = checklist_for(visit["site_class"])
    heading = {"checklist_title": checklist.title, "checklist_basis": checklist.basis}
    answers = {"meets": "yes", "deficient": "no", "not_applicable": "n/a"}
    responses = reg.query(
        "SELECT * FROM checklist_responses WHERE visit_id = ? AND status = 'active' ORDER BY id",
        (visit["id"],),
    )
    items = [
        {
            "item": titles.get(r["item_code"], r["item_code"]),
            "section": r["section"],
            "answer": answers.get(r["response"], r["response"]),
            "note": r["note"] or "",
        }
        for r in responses
    ]
    photos = photos_of(reg, "checklist_visits", [visit["uuid"]])
    photos += photos_of(reg, "checklist_responses", [r["uuid"] for r in responses])
    return {
        **permit,
        "inspected_at": visit["visited_at"],
        "inspector": visit["inspector"],
        "notes": visit["notes"],
        "items": items,
        "photos": photos,
        "site_class": visit["site_class"],
        "checklist_version": visit.get("checklist_version"),
        **heading,
    }


def occupancy_of(reg: Register, permit: dict) -> dict | None:
    """The latest occupancy permit in force, as the occupancy document's ``occupancy`` dict;
    when every one was voided, the latest voided one (it reprints marked VOID); None when
    none was issued."""
    row = reg.query_one(
        "SELECT * FROM occupancy_permits WHERE permit_id = ? "
        "ORDER BY status = 'active' DESC, issued_on DESC, id DESC LIMIT 1",
        (permit["id"],),
    )
    if row is None:
        return None
    outstanding = []
    for defect in json.loads(row.get("minor_defects_json") or "[]"):
        if isinstance(defect, dict):
            text = defect.get("item") or defect.get("text") or defect.get("description")
            outstanding.append(str(text or defect))
        else:
            outstanding.append(str(defect))
    number = row.get("occupancy_number")
    if not number:  # recorded before numbering: derive it from its order under the permit
        position = reg.query(
            "SELECT COUNT(*) AS n FROM occupancy_permits WHERE permit_id = ? AND id <= ?",
            (permit["id"], row["id"]),
        )[0]["n"]
        number = f"{permit['permit_number']}-OC{position}"
    return {
        "number": number,
        "use": row.get("use_text"),
        "conditions": [c.strip() for c in (row.get("conditions") or "").splitlines() if c.strip()],
        "temporary": row["kind"] == OccupancyKind.TEMPORARY,
        "issued_date": row["issued_on"],
        "end_date": row.get("ends_on"),
        "voided": row["status"] != "active",
        "void_reason": row.get("void_reason"),
        "term_days": row.get("term_days"),
        "outstanding": [o for o in outstanding if o],
    }
