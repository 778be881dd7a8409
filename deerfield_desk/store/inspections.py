"""Inspection requests, schedule, results and stage changes: the repository the screens call.

Every write goes through ``Register.insert``/``update`` so it is journaled with the time and
the signed-in inspector. A request starts ``requested`` and is never approved by default
(12.12(6)); only :func:`record_result` changes it, and a failed stage opens its re-inspection
(``reinspection_of``) in the same transaction.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import cast

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import InspectionNotice, StageChange
from deerfield_desk.models.inspection_rules import (
    NEEDS_REINSPECTION,
    RECORDABLE,
    Result,
    excavation_due,
    is_late_request,
)
from deerfield_desk.models.inspection_sequence import (
    PlannedStage,
    apply_changes,
    stage_by_code,
    stages_for,
)
from deerfield_desk.store import rows
from deerfield_desk.store.notice_enforcement import require_not_held
from deerfield_desk.store.register import Register, decision
from deerfield_desk.store.rows import InspectionRow

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


def planned_stages(reg: Register, permit_uuid: str) -> list[PlannedStage]:
    """The permit's stages: the sequence for its kind, with the inspector's adds and waivers."""
    permit = reg.get("permits", permit_uuid)
    project = _project(reg, permit)
    required = stages_for(permit["kind"], permit["structure"], project.get("work"),
                          project.get("answers") or {})  # fmt: skip
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
) -> InspectionRow:
    """Record who asked for which inspection and when; flag a request under 48 hours ahead.

    For a demolition excavation (12.18(4)(b)) ``requested_at`` is the written notice, and
    ``due_by`` is 72 hours later.
    """
    if not requested_by or not requested_by.strip():
        raise InvalidInput("requested_by", "say who asked for the inspection (12.12(5))")
    permit = reg.get("permits", permit_uuid)
    require_not_held(reg, permit, "inspection")
    planned = {p.stage.code: p for p in planned_stages(reg, permit_uuid)}
    if stage not in planned:
        raise InvalidInput("stage", f"{stage!r} is not among this permit's inspections")
    if planned[stage].waived:
        raise NotAllowed(f"The {planned[stage].stage.title} inspection was waived for this permit")
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
            "late_request": int(late),
            "due_by": due_by,
            "result": Result.REQUESTED.value,
        },
    )
    return cast(InspectionRow, row)


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
) -> tuple[dict, dict | None]:
    """Write the result on the spot; a failed or partial stage opens a linked re-inspection.

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
                "inspected_at": _stamp(inspected_at or datetime.now()),
                "inspector": reg.actor.name,
                "notes": (notes or "").strip() or None,
                "defects_json": json.dumps(cleaned),
                "notice_kind": notice,
            },
            action="result",
            reason=f"{outcome.value} by {reg.actor.name}",
        )
        follow_up = None
        if outcome in NEEDS_REINSPECTION:
            follow_up = reg.insert(
                "inspections",
                {
                    "permit_id": row["permit_id"],
                    "stage": row["stage"],
                    "requested_at": updated["inspected_at"],
                    "requested_by": f"re-inspection after {outcome.value} ({reg.actor.name})",
                    "contact_phone": row["contact_phone"],
                    "result": Result.REQUESTED.value,
                    "reinspection_of": row["id"],
                },
            )
    return updated, follow_up


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
