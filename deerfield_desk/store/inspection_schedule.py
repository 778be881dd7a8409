"""Changing a visit after the fact: reschedule or cancel a request, void a result and record
it again.

Why a module of its own: these are the inspector's corrections, each a decision with a
written reason that lands in the journal, and none of them erases anything. A request that
moves keeps its identity (the journal holds every earlier time); a cancelled request stays on
file as cancelled; a wrong result is voided (``Register.void``) and a fresh request takes its
place in the route, linked by ``corrects_id``, so the result can be recorded again and both
the mistake and the correction stay on the permit's record.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import cast

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.inspection_rules import RESULT_LABELS, Result
from deerfield_desk.models.inspection_sequence import stage_by_code
from deerfield_desk.store.inspections import _late, _stamp, next_route_position, parse_moment
from deerfield_desk.store.odd_requests import confirmed_move_text
from deerfield_desk.store.register import Register, decision
from deerfield_desk.store.rows import InspectionRow

#: Copied from a voided result to the request that replaces it: who asked, when, for when.
REQUEST_COLUMNS = (
    "permit_id", "stage", "requested_at", "requested_by", "contact_phone", "request_channel",
    "scheduled_for", "route_order", "late_request", "due_by", "reinspection_of",
)  # fmt: skip


def _reason(reason: str | None, what: str) -> str:
    if not reason or not reason.strip():
        raise InvalidInput("reason", f"say why the {what}")
    return reason.strip()


def _open_request(reg: Register, inspection_uuid: str) -> dict:
    row = reg.get("inspections", inspection_uuid)
    if row["status"] != "active":
        raise NotAllowed("This request was voided; it can no longer change")
    if row["result"] != Result.REQUESTED:
        label = RESULT_LABELS[Result(row["result"])].lower()
        raise NotAllowed(
            f"This inspection already has a result ({label}): void the result to change it"
        )
    return row


@decision
def reschedule(
    reg: Register,
    inspection_uuid: str,
    scheduled_for: datetime,
    reason: str,
    *,
    confirmed_odd: Iterable[str] = (),
    now: datetime | None = None,
) -> InspectionRow:
    """Move a request to another time. On another day it goes to the end of that day's route;
    the 48-hour flag of §12.12(5) is checked against the new time. A new time that would be
    odd for a new request (before the call, more than six months ahead, outside office hours,
    a closed day; judged at ``now``, default the clock) is refused unless ``confirmed_odd``
    names each such thing, as :func:`store.inspections.request_inspection` does: the Move
    dialog asks first and passes what the inspector confirmed, kept in ``odd_confirmed``."""
    why = _reason(reason, "inspection is moved")
    row = _open_request(reg, inspection_uuid)
    when = _stamp(scheduled_for)
    if when == row["scheduled_for"]:
        raise InvalidInput("scheduled_for", "choose a time other than the one already booked")
    confirmed = confirmed_move_text(reg, row, scheduled_for, now, confirmed_odd)
    asked = parse_moment(row["requested_at"], "requested_at") if row["requested_at"] else None
    changes: dict = {
        "scheduled_for": when,
        "late_request": int(_late(row["stage"], asked, scheduled_for)),
        "schedule_reason": why,
    }
    if confirmed != row["odd_confirmed"]:
        changes["odd_confirmed"] = confirmed
    if (row["scheduled_for"] or "")[:10] != when[:10]:
        changes["route_order"] = next_route_position(reg, scheduled_for)
    updated = reg.update("inspections", inspection_uuid, changes, action="reschedule", reason=why)
    return cast(InspectionRow, updated)


@decision
def cancel_request(reg: Register, inspection_uuid: str, reason: str) -> InspectionRow:
    """The holder called it off (or it was booked twice): the request stays on file as
    cancelled, with the reason, and leaves the stage free to be requested again."""
    why = _reason(reason, "request is cancelled")
    _open_request(reg, inspection_uuid)
    updated = reg.update(
        "inspections",
        inspection_uuid,
        {"result": Result.CANCELLED.value, "cancel_reason": why, "inspector": reg.actor.name},
        action="cancel",
        reason=why,
    )
    return cast(InspectionRow, updated)


def _blocking_occupancy(reg: Register, row: dict) -> dict | None:
    """An occupancy permit that rests on this pass (a required stage passed)."""
    if row["result"] != Result.PASSED or not stage_by_code(row["stage"]).required_for_occupancy:
        return None
    return reg.query_one(
        "SELECT occupancy_number, issued_on FROM occupancy_permits WHERE permit_id = ? "
        "AND status = 'active' AND issued_on >= ? ORDER BY id LIMIT 1",
        (row["permit_id"], (row["inspected_at"] or "")[:10]),
    )


@decision
def void_result(reg: Register, inspection_uuid: str, reason: str) -> InspectionRow:
    """Void a recorded result (a mis-tap, the wrong stage) and put a fresh request for the
    same visit in its place, ready to record again. The re-inspection a failure opened goes
    with it while it is still only requested; once that one has a result of its own, it must
    be voided first (newest first, so the record never shows a visit resting on a void one).
    Returns the new request."""
    why = _reason(reason, "result is voided")
    row = reg.get("inspections", inspection_uuid)
    if row["status"] != "active":
        raise NotAllowed("This result is already voided")
    if row["result"] == Result.REQUESTED:
        raise NotAllowed("This inspection has no result yet: cancel the request instead")
    occupancy = _blocking_occupancy(reg, row)
    if occupancy is not None:
        raise NotAllowed(
            f"Occupancy permit {occupancy['occupancy_number']} (issued {occupancy['issued_on']}) "
            "rests on this pass: it must be voided before the pass can be"
        )
    follow_ups = reg.query(
        "SELECT uuid, result, inspected_at FROM inspections WHERE reinspection_of = ? "
        "AND status = 'active'",
        (row["id"],),
    )
    for follow in follow_ups:
        if follow["result"] != Result.REQUESTED:
            raise NotAllowed(
                f"The re-inspection of this visit was recorded ({follow['result']}, "
                f"{(follow['inspected_at'] or '').replace('T', ' ')}): void that result first"
            )
    label = RESULT_LABELS[Result(row["result"])].lower()
    for follow in follow_ups:
        reg.void("inspections", follow["uuid"], f"the {label} result it followed was voided: {why}")
    reg.void("inspections", inspection_uuid, why)
    again = {column: row[column] for column in REQUEST_COLUMNS}
    again.update({"result": Result.REQUESTED.value, "corrects_id": row["id"]})
    return cast(InspectionRow, reg.insert("inspections", again))


def voided_results(reg: Register, permit_id: int) -> list[dict]:
    """The permit's voided results with their reasons, newest first (the permit's record)."""
    return reg.query(
        "SELECT uuid, stage, result, inspected_at, inspector, void_reason FROM inspections "
        "WHERE permit_id = ? AND status = 'voided' AND result != 'requested' "
        "ORDER BY inspected_at DESC, id DESC",
        (permit_id,),
    )
