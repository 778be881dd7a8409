"""Inspection requests, schedule, results and stage changes: the repository the screens call.

Every write goes through ``Register.insert``/``update`` so it is journaled with the time and
the signed-in inspector. A request starts ``requested`` and is never approved by default
(12.12(6)); only :func:`record_result` changes it, and a failed stage opens its re-inspection
(``reinspection_of``) in the same transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import date, datetime
from typing import cast

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import InspectionNotice, PermitKind, StageChange
from deerfield_desk.models.imported_work import read_imported_work
from deerfield_desk.models.inspection_rules import (
    NEEDS_REINSPECTION,
    RECORDABLE,
    Result,
    excavation_due,
    is_late_request,
)
from deerfield_desk.models.inspection_sequence import (
    PlannedStage,
    Stage,
    apply_changes,
    stage_by_code,
    stages_for,
)
from deerfield_desk.models.inspection_slots import default_reinspection_slot
from deerfield_desk.store import rows
from deerfield_desk.store.notice_enforcement import require_not_held
from deerfield_desk.store.odd_requests import confirmed_odd_text
from deerfield_desk.store.office_hours import office_hours
from deerfield_desk.store.register import Register, decision
from deerfield_desk.store.rows import InspectionRow
from deerfield_desk.store.village_calendar import village_calendar

MINUTE = "%Y-%m-%dT%H:%M"


def _stamp(moment: datetime) -> str:
    return moment.strftime(MINUTE)


def parse_moment(text: str | datetime, field: str) -> datetime:
    if isinstance(text, datetime):
        return text
    try:
        return datetime.strptime(str(text)[:16], MINUTE)
    except ValueError:
        raise InvalidInput(field, "give a date and time as YYYY-MM-DDTHH:MM") from None


def permit_work(reg: Register, permit: dict) -> str | None:
    """The kind of work, from the application's project (the engine's ``work``), if known."""
    return _project(reg, permit).get("work")


def _project(reg: Register, permit: dict) -> dict:
    if not permit.get("application_id"):
        return {}
    row = reg.query_one(
        "SELECT project_json FROM applications WHERE id = ?", (permit["application_id"],)
    )
    try:
        return (json.loads(row["project_json"]) or {}) if row else {}
    except (TypeError, ValueError):
        return {}


def required_stages(reg: Register, permit: dict) -> list[Stage]:
    """The sequence's stages for the permit's kind, structure and work. An imported permit
    (no application behind it) has its work read from its old description
    (``models.imported_work``); a building permit whose work is not recognised gets only the
    final (the other kinds' stages are their own already), never all nine.
    """
    if permit.get("application_id"):
        project = _project(reg, permit)
        return stages_for(permit["kind"], permit["structure"], project.get("work"),
                          project.get("answers") or {})  # fmt: skip
    guess = read_imported_work(permit.get("description"), permit.get("structure"))
    stages = stages_for(permit["kind"], guess.structure, guess.work)
    if guess.stages is not None:
        return [s for s in stages if s.code in guess.stages]
    if guess.work is None and permit["kind"] == PermitKind.BUILDING:
        return [s for s in stages if s.works is None]  # the final: never the nine by default
    return stages


def planned_stages(reg: Register, permit_uuid: str) -> list[PlannedStage]:
    """The permit's stages: the sequence for its kind, with the inspector's adds and waivers."""
    permit = reg.get("permits", permit_uuid)
    required = required_stages(reg, permit)
    changes = reg.query(
        "SELECT stage, change, reason FROM inspection_stage_changes "
        "WHERE permit_id = ? AND status = 'active' ORDER BY id",
        (permit["id"],),
    )
    return apply_changes(required, [(c["stage"], c["change"], c["reason"]) for c in changes])


@decision
def change_stage(reg: Register, permit_uuid: str, stage: str, change: str, reason: str) -> dict:
    """Add or waive a stage for one permit; the reason is required and journaled."""
    if change not in tuple(StageChange):
        raise InvalidInput("change", "a stage is either added or waived")
    try:
        stage_by_code(stage)
    except KeyError:
        raise InvalidInput("stage", f"{stage!r} is not a stage of 12.12(5) or 12.18(4)") from None
    if not reason or not reason.strip():
        raise InvalidInput("reason", "say why the stage is added or waived")
    permit = reg.get("permits", permit_uuid)
    return reg.insert(
        "inspection_stage_changes",
        {
            "permit_id": permit["id"],
            "stage": stage,
            "change": change,
            "reason": reason.strip(),
            "decided_by": reg.actor.name,
            "decided_at": _stamp(datetime.now()),
        },
    )


def _late(stage: str, requested_at: datetime | None, scheduled_for: datetime | None) -> bool:
    """The 48-hour flag of 12.12(5). A demolition excavation is not asked for ahead: the
    holder's written notice starts the inspector's 72 hours (12.18(4)(b)), so it is never late.
    """
    if requested_at is None or scheduled_for is None:
        return False
    if stage_by_code(stage).due_within_hours_of_notice:
        return False
    return is_late_request(requested_at, scheduled_for)


@decision
def request_inspection(
    reg: Register,
    permit_uuid: str,
    stage: str,
    *,
    requested_by: str,
    requested_at: datetime,
    scheduled_for: datetime | None = None,
    contact_phone: str | None = None,
    channel: str | None = None,
    merge: bool = False,
    confirmed_odd: Iterable[str] = (),
    now: datetime | None = None,
) -> InspectionRow:
    """Record who asked for which inspection and when; flag a request under 48 hours ahead.

    An odd request (asked years ago or in the future, at 04:00, booked outside the village's
    office hours or on a closed day, before the call, more than six months ahead:
    ``models.inspection_slots.odd_request`` judged at ``now``, default the clock) is refused
    unless ``confirmed_odd`` names each odd thing (``Odd`` codes) as confirmed by the person
    recording it; what was confirmed is kept with the request (``odd_confirmed``). A field
    copy's requests come home through the journal replay (``store.field.replay``), not
    through here, so a request confirmed on the laptop is never questioned twice.

    For a demolition excavation (12.18(4)(b)) ``requested_at`` is the written notice, and
    ``due_by`` is 72 hours later. A stage has one open request at a time: a second one is
    refused, or with ``merge=True`` folded into the open one (the holder calling about the
    re-inspection the inspector booked), which then carries the caller and the new time.
    """
    if not requested_by or not requested_by.strip():
        raise InvalidInput("requested_by", "say who asked for the inspection (12.12(5))")
    permit = reg.get("permits", permit_uuid)
    require_not_held(reg, permit, "inspection")
    planned = {p.stage.code: p for p in planned_stages(reg, permit_uuid)}
    if stage not in planned:
        raise InvalidInput("stage", f"{stage!r} is not among this permit's inspections")
    confirmed = confirmed_odd_text(reg, requested_at, scheduled_for, now, confirmed_odd)
    if planned[stage].waived:
        raise NotAllowed(f"The {planned[stage].stage.title} inspection was waived for this permit")
    waiting = open_request(reg, permit["id"], stage)
    if waiting is not None and not merge:
        when = (waiting["scheduled_for"] or "no date yet").replace("T", " ")
        raise NotAllowed(
            f"The {planned[stage].stage.title} inspection is already requested ({when}, asked "
            f"by {waiting['requested_by']}): move that request instead of adding a second"
        )
    if waiting is not None:
        return _merge(reg, waiting, requested_by, requested_at, scheduled_for, contact_phone,
                      confirmed)  # fmt: skip
    due_by = None
    if planned[stage].stage.due_within_hours_of_notice:
        due_by = _stamp(excavation_due(requested_at)[0])
    late = _late(stage, requested_at, scheduled_for)
    row = reg.insert(
        "inspections",
        {
            "permit_id": permit["id"],
            "stage": stage,
            "requested_at": _stamp(requested_at),
            "requested_by": requested_by.strip(),
            "contact_phone": (contact_phone or "").strip() or None,
            "request_channel": channel,
            "scheduled_for": _stamp(scheduled_for) if scheduled_for else None,
            "route_order": next_route_position(reg, scheduled_for, permit["id"], stage),
            "late_request": int(late),
            "due_by": due_by,
            "result": Result.REQUESTED.value,
            "odd_confirmed": confirmed,
        },
    )
    return cast(InspectionRow, row)


def _merge(
    reg: Register,
    waiting: dict,
    requested_by: str,
    requested_at: datetime,
    scheduled_for: datetime | None,
    contact_phone: str | None,
    confirmed: str | None = None,
) -> InspectionRow:
    when = scheduled_for or (
        parse_moment(waiting["scheduled_for"], "scheduled_for")
        if waiting["scheduled_for"]
        else None
    )
    changes: dict = {
        "requested_by": requested_by.strip(),
        "requested_at": _stamp(requested_at),
        "contact_phone": (contact_phone or "").strip() or waiting["contact_phone"],
        "late_request": int(_late(waiting["stage"], requested_at, when)),
        "schedule_reason": f"asked again by {requested_by.strip()}",
    }
    if confirmed:
        changes["odd_confirmed"] = confirmed
    if scheduled_for is not None:
        changes["scheduled_for"] = _stamp(scheduled_for)
        if (waiting["scheduled_for"] or "")[:10] != changes["scheduled_for"][:10]:
            changes["route_order"] = next_route_position(reg, scheduled_for)
    merged = reg.update(
        "inspections", waiting["uuid"], changes, action="merge",
        reason=f"second request for the stage from {requested_by.strip()}: merged",
    )  # fmt: skip
    return cast(InspectionRow, merged)


def open_request(reg: Register, permit_id: int, stage: str) -> dict | None:
    """The stage's request still waiting for a result, if any: one open request per stage,
    so a second call about the same footing moves the first instead of doubling the route."""
    return reg.query_one(
        "SELECT * FROM inspections WHERE permit_id = ? AND stage = ? AND status = 'active' "
        "AND result = 'requested' ORDER BY id LIMIT 1",
        (permit_id, stage),
    )


def next_route_position(
    reg: Register, when: datetime | None, permit_id: int | None = None, stage: str | None = None
) -> int | None:
    """Where a new stop goes on that day's route: at the end, so it never jumps ahead of the
    planned ones; except that at a site already on the route it goes just ahead of a later
    stage there (erosion control before the footing, as it is done in practice), and the
    stops behind it move down one."""
    if when is None:
        return None
    start = when.date().isoformat()
    end = date.fromordinal(when.date().toordinal() + 1).isoformat()
    day = reg.query(
        "SELECT uuid, permit_id, stage, route_order FROM inspections "
        "INDEXED BY inspections_scheduled WHERE scheduled_for >= ? AND scheduled_for < ? "
        "AND status = 'active' AND route_order IS NOT NULL ORDER BY route_order",
        (start, end),
    )
    if permit_id is not None and stage is not None:
        order = _stage_order(stage)
        ahead_of = [
            r for r in day if r["permit_id"] == permit_id and _stage_order(r["stage"]) > order
        ]
        if ahead_of:
            position = ahead_of[0]["route_order"]
            for row in day:
                if row["route_order"] >= position:
                    reg.update("inspections", row["uuid"],
                               {"route_order": row["route_order"] + 1}, action="route")  # fmt: skip
            return position
    return (day[-1]["route_order"] if day else 0) + 1


def _stage_order(code: str) -> int:
    try:
        return stage_by_code(code).order
    except KeyError:
        return 1_000


@decision
def schedule(
    reg: Register, inspection_uuid: str, scheduled_for: datetime, route_order: int | None = None
) -> InspectionRow:
    """Put an inspection on a day and a place in the route; the 48-hour flag is re-checked."""
    row = rows.inspection(reg, inspection_uuid)
    requested_at = (
        parse_moment(row["requested_at"], "requested_at") if row["requested_at"] else None
    )
    late = _late(row["stage"], requested_at, scheduled_for)
    changes: dict[str, str | int] = {
        "scheduled_for": _stamp(scheduled_for),
        "late_request": int(late),
    }
    if route_order is not None:
        changes["route_order"] = route_order
    return cast(
        InspectionRow, reg.update("inspections", inspection_uuid, changes, action="schedule")
    )


@decision
def set_route(reg: Register, ordered_uuids: list[str]) -> None:
    """Number the day's stops 1, 2, 3… in the order the inspector will drive them."""
    with reg.transaction():
        for position, uuid in enumerate(ordered_uuids, start=1):
            reg.update("inspections", uuid, {"route_order": position}, action="route")


def _clean_defects(result: Result, defects: list[dict]) -> list[dict]:
    cleaned = []
    for number, defect in enumerate(defects or [], start=1):
        section = str(defect.get("section") or "").strip()
        correction = str(defect.get("correction") or "").strip()
        description = str(defect.get("description") or "").strip()
        if not section:
            raise InvalidInput(f"defects[{number}].section", "cite the section each defect breaks")
        if not correction:
            raise InvalidInput(
                f"defects[{number}].correction", "say what must be done to correct it"
            )
        cleaned.append(
            {
                "section": section,
                "description": description,
                "correction": correction,
                "minor": bool(defect.get("minor", False)),
            }
        )
    if result is Result.FAILED and not cleaned:
        raise InvalidInput("defects", "a failed inspection lists at least one defect")
    return cleaned


@decision
def record_result(
    reg: Register,
    inspection_uuid: str,
    result: str,
    *,
    defects: list[dict] | None = None,
    notes: str | None = None,
    inspected_at: datetime | None = None,
    reinspect_at: datetime | None = None,
    order_reason: str | None = None,
    cancel_reason: str | None = None,
    decided_elsewhere: str | None = None,
) -> tuple[dict, dict | None]:
    """Write the result on the spot; a failed or partial stage opens a linked re-inspection,
    scheduled at ``reinspect_at`` (default: the first office-hours slot 48 hours on) at the
    end of that day's route, so it is on a route and never an undated record nobody sees.

    A stage inspected before a stage §12.12(5) puts ahead of it (and not yet passed or
    waived) is refused without ``order_reason``, kept with the result, whoever calls: the
    Result dialog, a script, an import. A cancelled visit needs ``cancel_reason`` as the
    card's Cancel request… does. The one way past these questions is ``decided_elsewhere``,
    naming where the decision was already made (a field copy's record replayed, an old
    register imported): that result is recorded as it was decided, and the journal says
    where it was decided. A field copy's own results come home through the journal replay
    (``store.field.replay``), already carrying the reason given on the laptop.

    Returns ``(inspection, reinspection_or_None)``.
    """
    try:
        outcome = Result(result)
    except ValueError:
        raise InvalidInput("result", "passed, failed, partial, not ready or cancelled") from None
    if outcome not in RECORDABLE:
        raise InvalidInput("result", "passed, failed, partial, not ready or cancelled")
    cleaned = _clean_defects(outcome, defects or [])
    row = reg.get("inspections", inspection_uuid)
    if row["result"] != Result.REQUESTED.value:
        raise NotAllowed(f"This inspection already has a result ({row['result']})")
    if outcome is not Result.CANCELLED:  # a held visit may be cancelled, not inspected
        require_not_held(reg, reg.get_by_id("permits", row["permit_id"]), "inspection")
    moment = (inspected_at or datetime.now()).replace(second=0, microsecond=0)
    reason = (order_reason or "").strip() or None
    elsewhere = (decided_elsewhere or "").strip() or None
    if elsewhere is None and outcome in ORDER_CHECKED and reason is None:
        permit_uuid = reg.get_by_id("permits", row["permit_id"])["uuid"]
        ahead = stages_ahead_open(reg, permit_uuid, row["stage"])
        if ahead:
            raise InvalidInput("order_reason", out_of_order_rule(row["stage"], ahead))
    why_cancelled = (cancel_reason or "").strip() or None
    if outcome is Result.CANCELLED and why_cancelled is None and elsewhere is None:
        raise InvalidInput("cancel_reason", "say why the inspection is cancelled")
    follow_at = None
    if outcome in NEEDS_REINSPECTION:
        hours = office_hours(reg)
        follow_at = reinspect_at or default_reinspection_slot(moment, village_calendar(reg), hours)
        if follow_at < moment:
            raise InvalidInput("reinspect_at", "the re-inspection comes after this inspection")
    notice = {
        Result.PASSED: InspectionNotice.COMPLIANCE,
        Result.FAILED: InspectionNotice.NON_COMPLIANCE,
    }.get(outcome)
    if outcome is Result.PARTIAL:
        notice = InspectionNotice.NON_COMPLIANCE if cleaned else None
    with reg.transaction():
        updated = reg.update(
            "inspections",
            inspection_uuid,
            {
                "result": outcome.value,
                "inspected_at": _stamp(moment),
                "order_reason": reason,
                "cancel_reason": why_cancelled,
                "inspector": reg.actor.name,
                "notes": (notes or "").strip() or None,
                "defects_json": json.dumps(cleaned),
                "notice_kind": notice,
            },
            action="result",
            reason=f"{outcome.value} by {reg.actor.name}"
            + (f" (decided {elsewhere})" if elsewhere else ""),
        )
        follow_up = None
        if follow_at is not None:
            follow_up = reg.insert(
                "inspections",
                {
                    "permit_id": row["permit_id"],
                    "stage": row["stage"],
                    "requested_at": updated["inspected_at"],
                    "requested_by": f"re-inspection after {outcome.value} ({reg.actor.name})",
                    "contact_phone": row["contact_phone"],
                    "scheduled_for": _stamp(follow_at),
                    "route_order": next_route_position(reg, follow_at),
                    "result": Result.REQUESTED.value,
                    "reinspection_of": row["id"],
                },
            )
    return updated, follow_up


#: Results that say a stage was actually inspected, so its order matters (not ready or
#: cancelled visits saw nothing).
ORDER_CHECKED = (Result.PASSED, Result.FAILED, Result.PARTIAL)


def stages_ahead_open(reg: Register, permit_uuid: str, stage: str) -> list[PlannedStage]:
    """Stages this permit needs before ``stage`` (the sequence's order: erosion control first
    in practice, then §12.12(5)(a)-(h)) that have neither passed nor been waived."""
    order = stage_by_code(stage).order
    return [
        planned
        for planned, latest in stage_results(reg, permit_uuid)
        if planned.stage.order < order
        and not planned.waived
        and (latest is None or latest["result"] != Result.PASSED)
    ]


def out_of_order_rule(stage: str, ahead: list[PlannedStage]) -> str:
    names = ", ".join(f"{p.stage.title} (§{p.stage.section})" for p in ahead)
    return (
        f"{names} come{'s' if len(ahead) == 1 else ''} before "
        f"{stage_by_code(stage).title} and {'has' if len(ahead) == 1 else 'have'} not passed: "
        "say why this stage is recorded first"
    )


def stage_results(reg: Register, permit_uuid: str) -> list[tuple[PlannedStage, dict | None]]:
    """Each planned stage with its latest recorded inspection (None when never inspected)."""
    permit = reg.get("permits", permit_uuid)
    rows = reg.query(
        "SELECT * FROM inspections WHERE permit_id = ? AND status = 'active' "
        "AND result NOT IN ('requested', 'cancelled') ORDER BY inspected_at, id",
        (permit["id"],),
    )
    latest = {r["stage"]: r for r in rows}
    return [(p, latest.get(p.stage.code)) for p in planned_stages(reg, permit_uuid)]


def pending_requests(reg: Register, permit_id: int) -> dict[str, str | None]:
    """Requested, not yet inspected: stage → when it is scheduled (None: not yet)."""
    rows = reg.query(
        "SELECT stage, scheduled_for FROM inspections WHERE permit_id = ? "
        "AND status = 'active' AND result = 'requested' ORDER BY id",
        (permit_id,),
    )
    return {r["stage"]: r["scheduled_for"] for r in rows}


def notice_facts(reg: Register, inspection_uuid: str) -> dict:
    """What the posted compliance / non-compliance notice needs (rendered by documents/)."""
    row = reg.get("inspections", inspection_uuid)
    if not row["notice_kind"]:
        raise NotAllowed("This result does not call for a posted notice")
    permit = reg.get_by_id("permits", row["permit_id"])
    stage = stage_by_code(row["stage"])
    return {
        "notice_kind": row["notice_kind"],
        "inspection_uuid": row["uuid"],
        "permit_number": permit["permit_number"],
        "address": permit["address_text"],
        "stage": stage.code,
        "stage_title": stage.title,
        "stage_section": stage.section,
        "result": row["result"],
        "inspected_at": row["inspected_at"],
        "inspector": row["inspector"],
        "defects": json.loads(row["defects_json"]),
        "notes": row["notes"],
        "basis": "12.12(6)",
    }
