"""The office's inspection calendar: a week of booked inspections, and who to call about each.

Why a module of its own: the clerk answering the phone books inspections by the week, not by
the route, and needs the caller and the phone at hand without opening the permit. One
indexed range query over ``inspections_scheduled`` (the same index the Today screen uses)
reads a week; the people come from the permit's application (contractor, applicant, owner,
in that order: the contractor is who calls for inspections), or for an imported permit from
the names it was imported with.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.inspection_sequence import stage_by_code
from deerfield_desk.models.inspection_slots import OFFICE_HOURS, OfficeHours, is_office_hours
from deerfield_desk.store.register import Register

#: Tables the week is read from: the calendar reloads when a write touches one.
READS = frozenset({"inspections", "permits", "applications", "people"})

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
SELECT i.uuid, i.stage, i.scheduled_for, i.requested_by, i.result, i.late_request,
       i.reinspection_of, p.uuid AS permit_uuid, p.permit_number, p.address_text,
       COALESCE(i.contact_phone, c.phone, ap.phone, o.phone) AS phone
FROM inspections AS i INDEXED BY inspections_scheduled
JOIN permits AS p ON p.id = i.permit_id
LEFT JOIN applications AS a ON a.id = p.application_id
LEFT JOIN people AS c ON c.id = a.contractor_id
LEFT JOIN people AS ap ON ap.id = a.applicant_id
LEFT JOIN people AS o ON o.id = a.owner_id
WHERE i.scheduled_for >= ? AND i.scheduled_for < ? AND i.status = 'active'
  AND i.result != 'cancelled'
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
) -> list[Booking]:
    """Every inspection booked from ``monday`` for ``days`` days (cancelled ones left out),
    each flagged when it falls outside office hours."""
    start, end = monday.isoformat(), (monday + timedelta(days=days)).isoformat()
    out = []
    # a busy week has ~1,500 bookings but ~85 distinct start times: ask the calendar once each
    inside: dict[datetime, bool] = {}
    for r in reg.query(WEEK_SQL, (start, end)):
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
            )
        )
    return out
