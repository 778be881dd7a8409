"""Occupancy permits (12.16) and the completion deposit they put at risk (12.15).

An occupancy permit is issued only when every stage the permit needs has passed. A temporary
one may be issued when what is left is minor (every outstanding defect marked minor by the
inspector), for 30 days or a set term, and its end date is kept so the office sees it run out.
Moving in before the final inspection, or staying past a temporary permit, forfeits the
completion deposit through the ledger (``store.ledger``), which shows it ``forfeited`` with
the cause and its section.
"""

from __future__ import annotations

import json
from datetime import date

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import DepositKind, OccupancyKind
from deerfield_desk.models.deadlines import EVENTS
from deerfield_desk.models.inspection_rules import Result, temporary_occupancy_end
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store import ledger, permits_lifecycle
from deerfield_desk.store.inspections import stage_results
from deerfield_desk.store.notice_enforcement import require_not_held
from deerfield_desk.store.register import Register, decision
from deerfield_desk.store.village_calendar import village_calendar

COMPLETION_DEPOSIT = DepositKind.COMPLETION_DEPOSIT
FINALS_FROM = (
    PermitStatus.ISSUED,
    PermitStatus.EXTENDED,
)  # statuses from which the status machine may final


def _calendar(reg: Register):
    """The village calendar with the clerk's holiday settings (``store.village_calendar``)."""
    try:
        return village_calendar(reg)
    except ValueError as exc:
        raise InvalidInput("settings", f"fix the village holidays: {exc}") from None


def outstanding_stages(reg: Register, permit_uuid: str) -> list[dict]:
    """Required stages (not waived, needed for occupancy) that have not passed, and why."""
    missing = []
    for planned, latest in stage_results(reg, permit_uuid):
        if planned.waived or not planned.stage.required_for_occupancy:
            continue
        if latest is None:
            missing.append({"stage": planned.stage, "why": "not inspected", "defects": []})
        elif latest["result"] != Result.PASSED:
            defects = json.loads(latest["defects_json"] or "[]")
            missing.append({"stage": planned.stage, "why": latest["result"], "defects": defects})
    return missing


def _in_force(reg: Register, permit_id: int, kind: OccupancyKind) -> dict | None:
    """The newest occupancy permit of ``kind`` not voided, if any."""
    return reg.query_one(
        "SELECT occupancy_number, issued_on, ends_on FROM occupancy_permits "
        "WHERE permit_id = ? AND kind = ? AND status = 'active' ORDER BY id DESC LIMIT 1",
        (permit_id, kind),
    )


def _describe(missing: list[dict]) -> str:
    return "; ".join(f"{m['stage'].title} ({m['stage'].section}): {m['why']}" for m in missing)


def next_occupancy_number(reg: Register, permit: dict) -> str:
    """``2026-0042-OC1``: numbered from its building permit, so no second series competes
    with §12.12(8)'s order of issuance; OC2, OC3… for later ones (a temporary then a full)."""
    if not permit.get("permit_number"):
        raise NotAllowed("an occupancy permit is issued only under a numbered building permit")
    count = reg.query(
        "SELECT COUNT(*) AS n FROM occupancy_permits WHERE permit_id = ?", (permit["id"],)
    )[0]["n"]
    return f"{permit['permit_number']}-OC{count + 1}"


@decision
def issue_occupancy(
    reg: Register, permit_uuid: str, issued_on: date, *, use: str | None = None
) -> dict:
    """The occupancy permit of §12.16, recorded and numbered; ``use`` is the use it allows
    (default: the permit's structure)."""
    permit = reg.get("permits", permit_uuid)
    require_not_held(reg, permit, "occupancy permit or final")
    full = _in_force(reg, permit["id"], OccupancyKind.OCCUPANCY)
    if full:
        raise NotAllowed(
            f"Occupancy permit {full['occupancy_number']} was already issued on "
            f"{full['issued_on']}: a permit gets one occupancy permit (12.16)"
        )
    missing = outstanding_stages(reg, permit_uuid)
    if missing:
        raise NotAllowed(
            "No occupancy permit until every required inspection has passed (12.16). "
            f"Outstanding: {_describe(missing)}"
        )
    with reg.transaction():
        issued = reg.insert(
            "occupancy_permits",
            {
                "permit_id": permit["id"],
                "occupancy_number": next_occupancy_number(reg, permit),
                "use_text": (use or "").strip() or permit.get("structure"),
                "kind": OccupancyKind.OCCUPANCY,
                "issued_on": issued_on.isoformat(),
                "issued_by": reg.actor.name,
            },
        )
        if permit["status"] in FINALS_FROM:  # every required inspection passed: finaled
            permits_lifecycle.transition(
                reg,
                permit_uuid,
                "finaled",
                "every required inspection passed; occupancy permit issued (12.16)",
                {"finaled_date": issued_on.isoformat()},
            )
    return issued


@decision
def issue_temporary_occupancy(
    reg: Register,
    permit_uuid: str,
    issued_on: date,
    *,
    term_days: int | None = None,
    conditions: str | None = None,
    use: str | None = None,
) -> dict:
    """A temporary permit when only minor failures remain; ends after 30 days or the term."""
    if term_days is not None and term_days < 1:
        raise InvalidInput("term_days", "a temporary occupancy term is at least one day")
    permit = reg.get("permits", permit_uuid)
    require_not_held(reg, permit, "occupancy permit")
    full = _in_force(reg, permit["id"], OccupancyKind.OCCUPANCY)
    if full:
        raise NotAllowed(
            f"Occupancy permit {full['occupancy_number']} was issued on {full['issued_on']}: "
            "a temporary permit no longer applies after the full one (12.16)"
        )
    running = _in_force(reg, permit["id"], OccupancyKind.TEMPORARY)
    if running and running["ends_on"] >= issued_on.isoformat():
        raise NotAllowed(
            f"Temporary occupancy permit {running['occupancy_number']} is in force until "
            f"{running['ends_on']}: a second one is not issued while it runs (12.16)"
        )
    missing = outstanding_stages(reg, permit_uuid)
    not_minor = [
        m for m in missing if not m["defects"] or not all(d.get("minor") for d in m["defects"])
    ]
    if not_minor:
        raise NotAllowed(
            "A temporary occupancy permit needs every required stage inspected and only "
            f"minor defects left (12.16). Not minor: {_describe(not_minor)}"
        )
    ends_on = temporary_occupancy_end(issued_on, term_days, _calendar(reg))
    return reg.insert(
        "occupancy_permits",
        {
            "permit_id": permit["id"],
            "occupancy_number": next_occupancy_number(reg, permit),
            "use_text": (use or "").strip() or permit.get("structure"),
            "kind": OccupancyKind.TEMPORARY,
            "issued_on": issued_on.isoformat(),
            "issued_by": reg.actor.name,
            "ends_on": ends_on.isoformat(),
            "term_days": term_days or EVENTS["temporary_occupancy_end"].period,
            "minor_defects_json": json.dumps([d for m in missing for d in m["defects"]]),
            "conditions": (conditions or "").strip() or None,
        },
    )


@decision
def record_early_occupancy(reg: Register, permit_uuid: str, occupied_on: date) -> list[dict]:
    """The building was occupied with no occupancy permit covering that day: before the final
    inspection, or after a temporary permit ran out. Each held completion deposit is
    forfeited through the ledger (``store.ledger.forfeit_deposit``, 12.15)."""
    permit = reg.get("permits", permit_uuid)
    issued = reg.query_one(
        "SELECT kind, ends_on FROM occupancy_permits WHERE permit_id = ? AND status = 'active' "
        "AND issued_on <= ? ORDER BY issued_on DESC, id DESC LIMIT 1",
        (permit["id"], occupied_on.isoformat()),
    )
    if issued and (
        issued["kind"] == OccupancyKind.OCCUPANCY or issued["ends_on"] >= occupied_on.isoformat()
    ):
        raise NotAllowed("An occupancy permit covered that day: nothing is forfeited (12.15)")
    cause = "temporary_occupancy_overrun" if issued else "occupied_before_final"
    held = reg.query(
        "SELECT uuid FROM deposits WHERE permit_id = ? AND status = 'held' AND kind = ?",
        (permit["id"], COMPLETION_DEPOSIT),
    )
    with reg.transaction():
        return [ledger.forfeit_deposit(reg, row["uuid"], cause, occupied_on) for row in held]


def occupancy_permits(reg: Register, permit_id: int) -> list[dict]:
    """The permit's occupancy permits in force, oldest first."""
    return reg.query(
        "SELECT kind, issued_on, ends_on FROM occupancy_permits WHERE permit_id = ? "
        "AND status = 'active' ORDER BY id",
        (permit_id,),
    )


def expiring_temporary_permits(reg: Register, today: date, within_days: int = 7) -> list[dict]:
    """Temporary occupancy permits ending within ``within_days`` (or already ended)."""
    horizon = date.fromordinal(today.toordinal() + within_days).isoformat()
    return reg.query(
        "SELECT o.*, p.permit_number, p.address_text FROM occupancy_permits o "
        "JOIN permits p ON p.id = o.permit_id "
        "WHERE o.status = 'active' AND o.kind = 'temporary' AND o.ends_on <= ? "
        "ORDER BY o.ends_on",
        (horizon,),
    )
