"""Data the documents print that other features own: the inspections feature's planned stages,
its Exhibit A visits, and photos. Each is read only when that feature is installed (module
importable, table present), so documents print whichever features a build contains; the
callers fall back to what the foundation schema holds.
"""

from __future__ import annotations

import json
from pathlib import Path

from deerfield_desk.config import register_paths
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


def has_table(reg: Register, name: str) -> bool:
    return bool(
        reg.query_one("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
    )


def applicable_stages(reg: Register, permit: dict) -> list[tuple[str, str]] | None:
    """The inspections feature's stages for this permit (waived ones left out), when that
    feature is installed; None lets the card fall back to all of §12.12(5)."""
    try:
        from deerfield_desk.store.inspections import planned_stages
    except ImportError:
        return None
    try:
        planned = planned_stages(reg, permit["uuid"])
    except Exception:  # a card must still print when the plan cannot be read
        return None
    return [(p.stage.section, p.stage.title) for p in planned if not p.waived] or None


def checklist_visit_record(reg: Register, permit: dict) -> dict | None:
    """The latest Exhibit A visit stored by the inspections feature, if any."""
    if not has_table(reg, "checklist_visits"):
        return None
    visit = reg.query_one(
        "SELECT * FROM checklist_visits WHERE permit_id = ? AND status != 'voided' "
        "ORDER BY visited_at DESC, id DESC LIMIT 1",
        (permit["id"],),
    )
    if visit is None:
        return None
    try:
        from deerfield_desk.models.exhibit_a import load_items

        titles = {i.code: i.title for i in load_items()}
    except ImportError:
        titles = {}
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
    }


def occupancy_of(reg: Register, permit: dict) -> dict | None:
    """The latest active occupancy permit the inspections feature issued, as the occupancy
    document's ``occupancy`` dict; None when the feature is absent or none was issued."""
    if not has_table(reg, "occupancy_permits"):
        return None
    row = reg.query_one(
        "SELECT * FROM occupancy_permits WHERE permit_id = ? AND status = 'active' "
        "ORDER BY issued_on DESC, id DESC LIMIT 1",
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
        position = reg.query_one(
            "SELECT COUNT(*) AS n FROM occupancy_permits WHERE permit_id = ? AND id <= ?",
            (permit["id"], row["id"]),
        )["n"]
        number = f"{permit['permit_number']}-OC{position}"
    return {
        "number": number,
        "use": row.get("use_text"),
        "conditions": [c.strip() for c in (row.get("conditions") or "").splitlines() if c.strip()],
        "temporary": row["kind"] == "temporary",
        "issued_date": row["issued_on"],
        "end_date": row.get("ends_on"),
        "term_days": row.get("term_days"),
        "outstanding": [o for o in outstanding if o],
    }
