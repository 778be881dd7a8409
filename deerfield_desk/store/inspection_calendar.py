"""The office's inspection calendar: a week of booked inspections, and who to call about each.

Why a module of its own: the clerk answering the phone books inspections by the week, not by
the route, and needs the caller and the phone at hand without opening the permit. One
indexed range query over ``inspections_scheduled`` (the same index the Today screen uses)
reads a week; the people come from the permit's application (contractor, applicant, owner,
in that order: the contractor is who calls for inspections), or for an imported permit from
the names it was imported with.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.inspection_sequence import stage_by_code
from deerfield_desk.models.inspection_slots import OFFICE_HOURS, OfficeHours, is_office_hours
from deerfield_desk.store.register import Register

#: Tables the week is read from: the calendar reloads when a write touches one.
#: (``settings``: the village's office hours set the rows.)
READS = frozenset({"inspections", "permits", "applications", "people", "settings"})

CONTACT_SQL = """
SELECT COALESCE(c.name, ap.name, o.name, p.contractor_name, p.owner_name) AS name,
       COALESCE(c.phone, ap.phone, o.phone) AS phone
FROM permits AS p
LEFT JOIN applications AS a ON a.id = p.application_id
LEFT JOIN people AS c ON c.id = a.contractor_id
LEFT JOIN people AS ap ON ap.id = a.applicant_id
LEFT JOIN people AS o ON o.id = a.owner_id
WHERE p.id = ?
"""

WEEK_SQL = """
SELECT i.uuid, i.stage, i.scheduled_for, i.requested_by, i.result, i.late_request, i.status,
       i.reinspection_of, p.uuid AS permit_uuid, p.permit_number, p.address_text,
       COALESCE(i.contact_phone, c.phone, ap.phone, o.phone) AS phone
FROM inspections AS i INDEXED BY inspections_scheduled
JOIN permits AS p ON p.id = i.permit_id
LEFT JOIN applications AS a ON a.id = p.application_id
LEFT JOIN people AS c ON c.id = a.contractor_id
LEFT JOIN people AS ap ON ap.id = a.applicant_id
LEFT JOIN people AS o ON o.id = a.owner_id
WHERE i.scheduled_for >= ? AND i.scheduled_for < ?
  AND (? OR (i.status = 'active' AND i.result != 'cancelled'))
ORDER BY i.scheduled_for, i.route_order IS NULL, i.route_order
"""


@dataclass(frozen=True)
class Booking:
    """One inspection on the office calendar."""

    uuid: str
    start: datetime
    stage: str
    stage_title: str
    section: str
    address: str
    permit_number: str
    permit_uuid: str
    caller: str
    phone: str
    result: str
    late_request: bool
    reinspection: bool
    in_office_hours: bool
    #: Withdrawn: cancelled, or its result voided (listed only ``for_export``).
    withdrawn: bool = False
    #: How many times it moved or was withdrawn (the .ics SEQUENCE; counted ``for_export``).
    sequence: int = 0


#: A change a calendar program must see as a new version of the event (RFC 5545 SEQUENCE):
#: the time moved, the request was cancelled, or the record was voided. Counted in the journal,
#: so the number is the same every time the week is exported.
CHANGES_SQL = """
SELECT record_uuid, count(*) AS n FROM journal
WHERE record_uuid IN (SELECT value FROM json_each(?)) AND table_name = 'inspections'
  AND before_json IS NOT NULL
  AND (json_extract(before_json, '$.scheduled_for')
       IS NOT json_extract(after_json, '$.scheduled_for')
       OR (json_extract(after_json, '$.result') = 'cancelled'
           AND json_extract(before_json, '$.result') != 'cancelled')
       OR (json_extract(after_json, '$.status') = 'voided'
           AND json_extract(before_json, '$.status') != 'voided'))
GROUP BY record_uuid
"""


def caller_for(reg: Register, permit_id: int) -> tuple[str, str]:
    """Who usually calls about this permit and their phone ("" when none is on file)."""
    row = reg.query_one(CONTACT_SQL, (permit_id,)) or {}
    return (row.get("name") or "", row.get("phone") or "")


def week_start(day: date) -> date:
    """The Monday of ``day``'s week."""
    return day - timedelta(days=day.weekday())


def week_bookings(
    reg: Register,
    monday: date,
    calendar: VillageCalendar,
    hours: OfficeHours = OFFICE_HOURS,
    days: int = 7,
    *,
    for_export: bool = False,
) -> list[Booking]:
    """Every inspection booked from ``monday`` for ``days`` days, each flagged when it falls
    outside office hours. Cancelled and voided ones are left out, unless ``for_export``: the
    .ics export lists them as cancelled (with their SEQUENCE) so a calendar program that
    imported them before takes them off."""
    start, end = monday.isoformat(), (monday + timedelta(days=days)).isoformat()
    out = []
    found = reg.query(WEEK_SQL, (start, end, int(for_export)))
    versions: dict[str, int] = {}
    if for_export and found:
        versions = {
            r["record_uuid"]: r["n"]
            for r in reg.query(CHANGES_SQL, (json.dumps([f["uuid"] for f in found]),))
        }
    # a busy week has ~1,500 bookings but ~85 distinct start times: ask the calendar once each
    inside: dict[datetime, bool] = {}
    for r in found:
        when = datetime.fromisoformat(r["scheduled_for"][:16])
        if when not in inside:
            inside[when] = is_office_hours(when, calendar, hours)
        try:
            stage = stage_by_code(r["stage"])
            title, section = stage.title, stage.section
        except KeyError:
            title, section = r["stage"], ""
        out.append(
            Booking(
                uuid=r["uuid"],
                start=when,
                stage=r["stage"],
                stage_title=title,
                section=section,
                address=r["address_text"] or "(no address)",
                permit_number=r["permit_number"] or "(not issued)",
                permit_uuid=r["permit_uuid"],
                caller=r["requested_by"] or "",
                phone=r["phone"] or "",
                result=r["result"],
                late_request=bool(r["late_request"]),
                reinspection=r["reinspection_of"] is not None,
                in_office_hours=inside[when],
                withdrawn=r["status"] != "active" or r["result"] == "cancelled",
                sequence=versions.get(r["uuid"], 0),
            )
        )
    return out
