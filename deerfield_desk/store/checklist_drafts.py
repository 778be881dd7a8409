"""A half-answered erosion checklist kept in the register, and the deficient items of a saved
checklist turned into the result's defects (issue 17, item 5).

Why in the register: a checklist is answered at the site on a laptop that may go flat or be
closed mid-visit; the draft must come back when the app opens again, on this machine or
after a field check-in, so it is a record (journaled) rather than a file in a temp folder.
A draft is never deleted: saving the checklist or discarding it voids it with the reason.
One draft in force per permit and visit.
"""

from __future__ import annotations

import json
from datetime import datetime

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.codes import VisitPurpose
from deerfield_desk.models.exhibit_a import RESPONSES, VISIT_CHOICES, items_for, site_choice
from deerfield_desk.store.register import Register, decision

Answers = dict[str, tuple[str | None, str]]


def _find(reg: Register, permit_id: int, inspection_id: int | None) -> dict | None:
    visit = "inspection_id IS NULL" if inspection_id is None else "inspection_id = ?"
    params = (permit_id,) if inspection_id is None else (permit_id, inspection_id)
    return reg.query_one(
        f"SELECT * FROM checklist_drafts WHERE permit_id = ? AND {visit} "
        "AND status = 'active' ORDER BY id DESC LIMIT 1",
        params,
    )


def _ids(reg: Register, permit_uuid: str, inspection_uuid: str | None) -> tuple[int, int | None]:
    permit = reg.get("permits", permit_uuid)
    inspection = reg.get("inspections", inspection_uuid) if inspection_uuid else None
    return permit["id"], inspection["id"] if inspection else None


@decision
def save_draft(
    reg: Register,
    permit_uuid: str,
    inspection_uuid: str | None,
    choice: str,
    purpose: str,
    answers: Answers,
) -> dict:
    """Keep what is answered so far (answer may be None: only a note typed)."""
    if choice not in VISIT_CHOICES:
        raise InvalidInput("site_class", f"one of {', '.join(VISIT_CHOICES)}")
    if purpose not in tuple(VisitPurpose):
        raise InvalidInput("purpose", "a site visit or a control plan statement review")
    kept = {}
    for code, (answer, note) in answers.items():
        if answer is not None and answer not in RESPONSES:
            raise InvalidInput(f"responses.{code}", "meets, deficient or not applicable")
        if answer or (note or "").strip():
            kept[code] = [answer, (note or "").strip()]
    site_class, larger = VISIT_CHOICES[choice]
    values = {
        "site_class": site_class,
        "larger_site": int(larger),
        "purpose": purpose,
        "answers_json": json.dumps(kept, sort_keys=True),
        "inspector": reg.actor.name,
        "saved_at": datetime.now().isoformat(timespec="seconds"),
    }
    permit_id, inspection_id = _ids(reg, permit_uuid, inspection_uuid)
    draft = _find(reg, permit_id, inspection_id)
    if draft is None:
        return reg.insert(
            "checklist_drafts", {"permit_id": permit_id, "inspection_id": inspection_id, **values}
        )
    same = all(draft[k] == v for k, v in values.items() if k != "saved_at")
    return draft if same else reg.update("checklist_drafts", draft["uuid"], values)


def current_draft(reg: Register, permit_uuid: str, inspection_uuid: str | None) -> dict | None:
    """The draft in force for this permit and visit, with ``choice`` and ``answers`` decoded."""
    draft = _find(reg, *_ids(reg, permit_uuid, inspection_uuid))
    if draft is None:
        return None
    return {
        **draft,
        "choice": site_choice(
            "major" if draft["site_class"] in ("major", "larger") else "minor",
            bool(draft["larger_site"]),
        ),
        "answers": {c: (a, n) for c, (a, n) in json.loads(draft["answers_json"]).items()},
    }


@decision
def close_draft(reg: Register, draft_uuid: str, reason: str) -> dict:
    """The draft is done with (saved as a visit, or discarded): voided with the reason."""
    return reg.void("checklist_drafts", draft_uuid, reason)


def deficient_defects(reg: Register, visit_uuid: str) -> list[dict]:
    """The visit's deficient items as defects for the result, in the checklist's order: what
    is wrong (the inspector's note), the section, and the standard to meet as the correction."""
    visit = reg.get("checklist_visits", visit_uuid)
    items = items_for(visit["site_class"], bool(visit["larger_site"]))
    titles = {item.code: item.title for item in items}
    rows = reg.query(
        "SELECT item_code, section, note FROM checklist_responses WHERE visit_id = ? "
        "AND response = 'deficient' AND status = 'active' ORDER BY id",
        (visit["id"],),
    )
    return [
        {
            "section": row["section"],
            "description": row["note"] or titles.get(row["item_code"], row["item_code"]),
            "correction": titles.get(row["item_code"], "meet the section cited"),
            "minor": False,
        }
        for row in rows
    ]
