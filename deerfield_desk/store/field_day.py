"""The inspector's day: scheduled inspections in route order, with what to know at the door.

One indexed query (``inspections_scheduled``) for the day, one (``inspections_permit``) for
open defects of earlier visits; both stay fast on a register of a million permits.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date, timedelta

from deerfield_desk.models.inspection_rules import NEEDS_REINSPECTION, Result
from deerfield_desk.models.inspection_sequence import stage_by_code
from deerfield_desk.store.register import Register

#: The tables the day's route is read from (``store.changes``: the Today screen reloads when
#: a write touches one of them).
READS = frozenset({"inspections", "permits", "applications", "people", "inspection_stage_changes"})

DAY_SQL = """
SELECT i.uuid, i.stage, i.scheduled_for, i.route_order, i.late_request, i.result,
       i.requested_by, i.reinspection_of, i.due_by, i.permit_id, i.id AS inspection_id,
       i.schedule_reason, i.cancel_reason,
       p.status AS permit_status, p.uuid AS permit_uuid, p.permit_number, p.address_text,
       p.kind, p.owner_name,
       COALESCE(i.contact_phone, c.phone, ap.phone, o.phone) AS phone
FROM inspections AS i INDEXED BY inspections_scheduled
JOIN permits AS p ON p.id = i.permit_id
LEFT JOIN applications AS a ON a.id = p.application_id
LEFT JOIN people AS c ON c.id = a.contractor_id
LEFT JOIN people AS ap ON ap.id = a.applicant_id
LEFT JOIN people AS o ON o.id = a.owner_id
WHERE i.scheduled_for >= ? AND i.scheduled_for < ? AND i.status = 'active'
ORDER BY i.route_order IS NULL, i.route_order, i.scheduled_for
"""

EARLIER_SQL = """
SELECT permit_id, stage, result, inspected_at, defects_json, id
FROM inspections
WHERE permit_id IN (SELECT value FROM json_each(?)) AND status = 'active'
  AND inspected_at IS NOT NULL AND inspected_at < ?
ORDER BY inspected_at, id
"""


@dataclass
class Stop:
    """One inspection on the day's route."""

    uuid: str
    route_order: int | None
    time: str
    address: str
    permit_number: str
    permit_uuid: str
    stage: str
    stage_title: str
    section: str
    phone: str
    requested_by: str
    late_request: bool
    result: str
    reinspection: bool
    due_by: str | None = None
    scheduled_for: str = ""
    open_defects: list[dict] = field(default_factory=list)
    inspection_id: int | None = None
    on_hold: bool = False  # a stop-work order holds the permit: no inspection (§12.24)
    schedule_reason: str | None = None  # why the visit was last moved
    cancel_reason: str | None = None


def open_defects(reg: Register, permit_ids: list[int], before: str) -> dict[int, list[dict]]:
    """Defects from visits before ``before`` whose stage has not passed since."""
    found: dict[int, dict[str, list[dict]]] = {}
    for row in reg.query(EARLIER_SQL, (json.dumps(permit_ids), before)):
        stages = found.setdefault(row["permit_id"], {})
        if row["result"] == Result.PASSED:
            stages.pop(row["stage"], None)
        elif row["result"] in NEEDS_REINSPECTION:
            defects = json.loads(row["defects_json"] or "[]")
            stages[row["stage"]] = [
                {**d, "stage": row["stage"], "seen": row["inspected_at"]} for d in defects
            ]
    return {pid: [d for ds in stages.values() for d in ds] for pid, stages in found.items()}


def day_stops(reg: Register, day: date) -> list[Stop]:
    start, end = day.isoformat(), (day + timedelta(days=1)).isoformat()
    rows = reg.query(DAY_SQL, (start, end))
    defects = open_defects(reg, sorted({r["permit_id"] for r in rows}), start)
    stops = []
    for r in rows:
        try:
            stage = stage_by_code(r["stage"])
            title, section = stage.title, stage.section
        except KeyError:
            title, section = r["stage"], ""
        stops.append(
            Stop(
                uuid=r["uuid"],
                route_order=r["route_order"],
                time=(r["scheduled_for"] or "")[11:16],
                address=r["address_text"] or "(no address)",
                permit_number=r["permit_number"] or "(not issued)",
                permit_uuid=r["permit_uuid"],
                stage=r["stage"],
                stage_title=title,
                section=section,
                phone=r["phone"] or "",
                requested_by=r["requested_by"] or "",
                late_request=bool(r["late_request"]),
                result=r["result"],
                reinspection=r["reinspection_of"] is not None,
                due_by=r["due_by"] if r["result"] == Result.REQUESTED else None,
                scheduled_for=r["scheduled_for"] or "",
                open_defects=defects.get(r["permit_id"], []),
                inspection_id=r["inspection_id"],
                on_hold=r["permit_status"] == "stop_work",
                schedule_reason=r["schedule_reason"],
                cancel_reason=r["cancel_reason"],
            )
        )
    return stops
