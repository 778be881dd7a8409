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
    text: str = "",
    limit: int = LIMIT,
) -> list[dict]:
    """Notices newest first, each with ``permit_number``, ``address`` and ``overdue`` (0/1).

    ``text``: what the counter is asked — a notice or permit number, an address, the
    recipient's or contractor's name, or a phone number in any formatting; every word must
    be found somewhere (the office keeps hundreds of notices, so a pattern per word is quick)."""
    if status is not None and status not in STATUSES:
        raise InvalidInput("status", f"one of {', '.join(STATUSES)}")
    where, params = _text_filter(reg, text)
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
        "LEFT JOIN parcels pa ON pa.id = n.parcel_id "
        "LEFT JOIN people r ON r.id = n.recipient_id "
        "LEFT JOIN people c ON c.id = n.contractor_id"
        + (f" WHERE {' AND '.join(where)}" if where else "")
        + " ORDER BY n.id DESC LIMIT ?"
    )
    return reg.query(sql, [today.isoformat(), *params, limit])


#: The text a notice is found by, lower-cased (ASCII, as store.applications.contains_pattern).
_SEARCHED = (
    "lower(coalesce(n.notice_number, '') || ' ' || coalesce(p.permit_number, '') || ' ' || "
    "coalesce(p.address_text, pa.address_text, '') || ' ' || coalesce(r.name, '') || ' ' || "
    "coalesce(c.name, '') || ' ' || coalesce(c.firm, '') || ' ' || coalesce(n.facts, ''))"
)


def _text_filter(reg: Register, text: str) -> tuple[list[str], list]:
    from deerfield_desk.store.applications import contains_pattern
    from deerfield_desk.store.counter_search import (
        LOCAL_PHONE,
        PHONE,
        phone_digits,
        village_area_code,
    )
    from deerfield_desk.store.phone_digits_sql import phone_digits_of

    where: list[str] = []
    params: list = []
    area = village_area_code(reg) if LOCAL_PHONE.search(text or "") else None
    if area:  # a local number, as the counter hears it: the village's area code
        text = LOCAL_PHONE.sub(lambda m: f" {area}-{m.group(0)} ", text)
    for found in PHONE.findall(text or ""):
        digits = phone_digits(found)
        where.append(
            f"({phone_digits_of('r.phone')} IN (?, ?) OR {phone_digits_of('c.phone')} IN (?, ?))"
        )
        params += [digits, "1" + digits] * 2
    for word in PHONE.sub(" ", text or "").split():
        where.append(f"{_SEARCHED} LIKE ? ESCAPE '\\'")
        params.append(contains_pattern(word))
    return where, params


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
