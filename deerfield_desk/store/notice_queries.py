"""Reads behind the Notices screen: the notice register joined to its permit, filtered.

Why here: the UI never writes SQL. "Overdue" is not redefined here: the filter reuses
``store.notices.overdue_condition``, the same text :func:`store.notices.overdue` and the
register's "needs action" filter use, so the three always agree.
"""

from __future__ import annotations

from datetime import date

from deerfield_desk.errors import InvalidInput
from deerfield_desk.store.notices import STATUSES, overdue_condition
from deerfield_desk.store.register import Register

#: The office keeps hundreds of notices a year at most; the screen shows the newest this many.
LIMIT = 2000


#: The tables the notice register is read from (a write to one reloads the Notices tab).
READS = frozenset({"notices", "permits", "parcels", "people", "applications"})


def list_notices(
    reg: Register,
    *,
    today: date,
    status: str | None = None,
    overdue_only: bool = False,
    limit: int = LIMIT,
) -> list[dict]:
    """Notices newest first, each with ``permit_number``, ``address`` and ``overdue`` (0/1)."""
    if status is not None and status not in STATUSES:
        raise InvalidInput("status", f"one of {', '.join(STATUSES)}")
    where, params = [], []
    if status:
        where.append("n.status = ?")
        params.append(status)
    if overdue_only:
        where.append(overdue_condition("n"))
        params.append(today.isoformat())
    overdue_col = overdue_condition("n")
    sql = (
        f"SELECT n.*, p.permit_number, p.uuid AS permit_uuid, "
        f"COALESCE(p.address_text, pa.address_text) AS address, ({overdue_col}) AS overdue "
        "FROM notices n LEFT JOIN permits p ON p.id = n.permit_id "
        "LEFT JOIN parcels pa ON pa.id = n.parcel_id"
        + (f" WHERE {' AND '.join(where)}" if where else "")
        + " ORDER BY n.id DESC LIMIT ?"
    )
    return reg.query(sql, [today.isoformat(), *params, limit])


def permit_owner(reg: Register, permit: dict) -> dict | None:
    """The owner on the permit's application: who a notice about the permit is addressed to
    (their name and mailing address print on it)."""
    if not permit.get("application_id"):
        return None
    return reg.query_one(
        "SELECT pe.* FROM applications a JOIN people pe ON pe.id = a.owner_id WHERE a.id = ?",
        (permit["application_id"],),
    )


def permit_contractor(reg: Register, permit: dict) -> dict | None:
    """The permit's general contractor (named on the permit, else the application's
    contractor or builder): a stop-work order binds them as well as the owner (§12.03(15))."""
    if permit.get("id") is not None:
        named = reg.query_one(
            "SELECT pe.* FROM permit_contractors pc JOIN people pe ON pe.id = pc.person_id "
            "WHERE pc.permit_id = ? AND pc.trade = 'general' AND pc.status = 'active'",
            (permit["id"],),
        )
        if named:
            return named
    if not permit.get("application_id"):
        return None
    return reg.query_one(
        "SELECT pe.* FROM applications a JOIN people pe ON pe.id = a.contractor_id WHERE a.id = ?",
        (permit["application_id"],),
    )


def parcel_by_number(reg: Register, number: str) -> dict | None:
    """A parcel by its number or its street address, for a notice about work with no permit."""
    text = (number or "").strip()
    if not text:
        return None
    return reg.query_one(
        "SELECT * FROM parcels WHERE parcel_number = ? OR address_text = ? "
        "OR (COALESCE(house_number, '') || ' ' || street) = ? ORDER BY id LIMIT 1",
        (text, text, text),
    )


def parcel_owner(reg: Register, parcel_id: int) -> dict | None:
    """The owner on the parcel's latest application, if any."""
    return reg.query_one(
        "SELECT pe.* FROM applications a JOIN people pe ON pe.id = a.owner_id "
        "WHERE a.parcel_id = ? ORDER BY a.id DESC LIMIT 1",
        (parcel_id,),
    )
