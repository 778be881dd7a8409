"""Notices that change the register, not only paper.

* A stop-work order (§12.24, §31.14(2)(A)) puts its permit on hold when issued: the permit
  becomes ``stop_work`` (shown in the register and on the Today route) and inspections,
  occupancy permits and finals are refused (:func:`require_not_held`) until the order is
  lifted with a written reason (:func:`lift_stop_work`) or withdrawn; the permit then returns
  to the status the order interrupted. Every step is a journaled status transition.
* A revocation (§31.14(2)(B)) needs an erosion stop-work order issued at least 24 hours
  earlier and still standing; issuing it revokes the permit.
* A notice of intent (§31.14(2)(C)) may issue only 24 hours after the stop-work order was
  actually posted; none issues from an order that was never posted.
"""

from __future__ import annotations

from datetime import datetime

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.deadlines import compute_deadline
from deerfield_desk.models.notices import NoticeKind, ServiceMethod, parse_moment
from deerfield_desk.store import permits_lifecycle
from deerfield_desk.store.register import Register
from deerfield_desk.store.village_calendar import village_calendar

HOLDING_KINDS = (NoticeKind.BUILDING_STOP_WORK, NoticeKind.EROSION_STOP_WORK)
HOLDABLE = ("issued", "extended")
STANDING = ("issued", "served", "appealed")


def standing_orders(reg: Register, permit_id: int, kinds=HOLDING_KINDS) -> list[dict]:
    """Stop-work orders on the permit that are issued and not lifted or withdrawn."""
    marks = ", ".join("?" * len(kinds))
    return reg.query(
        f"SELECT * FROM notices WHERE permit_id = ? AND kind IN ({marks}) "
        "AND status IN ('issued', 'served', 'appealed') ORDER BY issued_at, id",
        (permit_id, *[str(k) for k in kinds]),
    )


def hold_text(reg: Register, permit: dict) -> str | None:
    """'On hold: stop-work order N-2026-0003 (issued 2026-03-02)' or None."""
    if permit.get("status") != "stop_work":
        return None
    orders = standing_orders(reg, permit["id"])
    if not orders:
        return "On hold: stop-work"
    first = orders[0]
    return f"On hold: stop-work order {first['notice_number']} (issued {first['issued_at'][:10]})"


def require_not_held(reg: Register, permit: dict, what: str) -> None:
    """Refuse ``what`` (an inspection, an occupancy permit, a final) on a held permit."""
    text = hold_text(reg, permit)
    if text:
        raise NotAllowed(
            f"Permit {permit.get('permit_number') or ''} is {text[0].lower()}{text[1:]}: no "
            f"{what} until the order is lifted (§12.24, §31.14(2)(A))."
        )


def before_issue(reg: Register, notice: dict, issued_at: datetime) -> None:
    kind = NoticeKind(notice["kind"])
    if kind is NoticeKind.EROSION_REVOCATION:
        if not notice["permit_id"]:
            raise InvalidInput("permit_id", "only a permit can be revoked (§31.14(2)(B))")
        permit = reg.get_by_id("permits", notice["permit_id"])
        if permit["status"] not in (*HOLDABLE, "stop_work"):
            raise NotAllowed(
                f"permit {permit['permit_number'] or ''} is {permit['status']}: only an issued "
                "permit can be revoked (§31.14(2)(B))"
            )
        orders = standing_orders(reg, notice["permit_id"], (NoticeKind.EROSION_STOP_WORK,))
        ripe = [
            o
            for o in orders
            if compute_deadline("stop_work_revocation", parse_moment(o["issued_at"])).due
            <= issued_at
        ]
        if not ripe:
            raise NotAllowed(
                "A permit may be revoked only when a stop-work order issued at least 24 hours "
                "earlier still stands (§31.14(2)(B)); "
                + (
                    f"order {orders[0]['notice_number']} was issued {orders[0]['issued_at']}"
                    if orders
                    else "this permit has none"
                )
            )
    elif kind is NoticeKind.EROSION_INTENT:
        where, key = (
            ("permit_id = ?", notice["permit_id"])
            if notice["permit_id"]
            else ("parcel_id = ?", notice["parcel_id"])
        )
        posted = reg.query(
            f"SELECT * FROM notices WHERE {where} AND kind = ? AND service_method = ? "
            "AND status IN ('served', 'appealed') ORDER BY served_at",
            (key, str(NoticeKind.EROSION_STOP_WORK), str(ServiceMethod.POSTED)),
        )
        calendar = village_calendar(reg)
        ready = [
            o
            for o in posted
            if isinstance(parse_moment(o["served_at"]), datetime)
            and compute_deadline("village_work_notice", parse_moment(o["served_at"]), calendar).due
            <= issued_at
        ]
        if not ready:
            raise NotAllowed(
                "A notice of intent may issue only 24 hours after a stop-work order was "
                "posted at the site, counted from the recorded time of posting "
                "(§31.14(2)(C)); "
                + (
                    f"order {posted[0]['notice_number']} was posted {posted[0]['served_at']}"
                    if posted
                    else "no stop-work order here was ever posted"
                )
            )


def after_issue(reg: Register, notice: dict) -> dict:
    kind = NoticeKind(notice["kind"])
    if not notice["permit_id"]:
        return notice
    permit = reg.get_by_id("permits", notice["permit_id"])
    if kind in HOLDING_KINDS and permit["status"] in HOLDABLE:
        permits_lifecycle.transition(
            reg,
            permit["uuid"],
            "stop_work",
            f"stop-work order {notice['notice_number']} issued "
            f"(§{'12.24' if kind is NoticeKind.BUILDING_STOP_WORK else '31.14(2)(A)'})",
        )
        return reg.update(
            "notices", notice["uuid"], {"held_status": permit["status"]}, action="hold"
        )
    if kind is NoticeKind.EROSION_REVOCATION and permit["status"] != "revoked":
        permits_lifecycle.transition(
            reg,
            permit["uuid"],
            "revoked",
            f"revoked by notice {notice['notice_number']} (§31.14(2)(B))",
        )
    return notice


def release_hold(reg: Register, notice: dict, reason: str) -> None:
    """Return the permit to the status the order interrupted, once no order holds it."""
    if NoticeKind(notice["kind"]) not in HOLDING_KINDS or not notice["permit_id"]:
        return
    permit = reg.get_by_id("permits", notice["permit_id"])
    if permit["status"] != "stop_work" or standing_orders(reg, permit["id"]):
        return
    held = reg.query_one(
        "SELECT held_status FROM notices WHERE permit_id = ? AND held_status IS NOT NULL "
        "ORDER BY issued_at DESC, id DESC LIMIT 1",
        (permit["id"],),
    )
    back = (held or {}).get("held_status") or "issued"
    permits_lifecycle.transition(reg, permit["uuid"], back, reason)


def lift_stop_work(reg: Register, notice_uuid: str, reason: str, on) -> dict:
    """Lift a stop-work order: the work may resume. Only with a written reason, journaled on
    the order and on the permit it releases."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput("reason", "a stop-work order is lifted only with a written reason")
    with reg.transaction():
        notice = reg.get("notices", notice_uuid)
        if NoticeKind(notice["kind"]) not in HOLDING_KINDS:
            raise NotAllowed("only a stop-work order is lifted")
        if notice["status"] not in STANDING:
            raise NotAllowed(
                f"notice {notice['notice_number'] or 'draft'} is {notice['status']}: "
                "there is no standing order to lift"
            )
        row = reg.update(
            "notices",
            notice_uuid,
            {"status": "complied", "closed_at": on.isoformat(), "lift_reason": reason},
            action="lifted",
            reason=reason,
        )
        release_hold(reg, row, f"stop-work order {row['notice_number']} lifted: {reason}")
        return row
