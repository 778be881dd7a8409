"""Voiding an occupancy permit (§12.16): the official record stays, marked void with a reason.

Why: an occupancy permit issued on a pass that turns out to be a mis-tap (or issued under the
wrong permit) must be undone, yet it is an official record, so it is never deleted or edited:
``Register.void`` marks it, journaled with the reason. Issuing it had finaled the building
permit (``store.occupancy.issue_occupancy``), so voiding the full occupancy permit reopens the
building permit to the status it had before (issued or extended, read from the journal): its
inspections can then be corrected (the pass voided, ``store.inspection_schedule``) and the
occupancy permit issued again, under the next number (OC2: numbers are never reused). The
voided one still prints, with VOID across it (``documents.occupancy``); the year's exports
count only permits in force (``store.year_feed``).
"""

from __future__ import annotations

import json

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import OccupancyKind
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store import permits_lifecycle
from deerfield_desk.store.register import Register, decision


def status_before_final(reg: Register, permit: dict) -> PermitStatus:
    """The status the permit had when it was finaled (issued or extended), from the journal
    entry that finaled it; issued when the journal has none (an imported finaled permit)."""
    entry = reg.query_one(
        "SELECT before_json FROM journal WHERE record_uuid = ? AND table_name = 'permits' "
        "AND action = 'status:finaled' ORDER BY seq DESC LIMIT 1",
        (permit["uuid"],),
    )
    before = json.loads(entry["before_json"] or "{}") if entry else {}
    if before.get("status") == PermitStatus.EXTENDED:
        return PermitStatus.EXTENDED
    return PermitStatus.ISSUED


@decision
def void_occupancy(reg: Register, occupancy_uuid: str, reason: str) -> dict:
    """Void an occupancy permit with a written reason; a full one reopens its finaled
    building permit so the passes under it can be corrected. Returns the voided row."""
    why = (reason or "").strip()
    if not why:
        raise InvalidInput("reason", "say why the occupancy permit is void")
    row = reg.get("occupancy_permits", occupancy_uuid)
    if row["status"] != "active":
        raise NotAllowed(f"Occupancy permit {row['occupancy_number']} is already void")
    permit = reg.get_by_id("permits", row["permit_id"])
    with reg.transaction():
        voided = reg.void("occupancy_permits", occupancy_uuid, why)
        if row["kind"] == OccupancyKind.OCCUPANCY and permit["status"] == PermitStatus.FINALED:
            permits_lifecycle.transition(
                reg,
                permit["uuid"],
                status_before_final(reg, permit),
                f"occupancy permit {row['occupancy_number']} voided: {why}",
                {"finaled_date": None},
            )
    return voided


def in_force(reg: Register, permit_id: int) -> list[dict]:
    """The permit's occupancy permits not voided, oldest first, with what a screen names."""
    return reg.query(
        "SELECT uuid, occupancy_number, kind, issued_on, ends_on FROM occupancy_permits "
        "WHERE permit_id = ? AND status = 'active' ORDER BY id",
        (permit_id,),
    )
