"""The notice register: enforcement notices as official records.

Life of a notice: drafted → issued (numbered N-YYYY-NNNN and locked: its facts, sections and
remedy never change after) → served (in person, posted, or first-class mail, and when) →
complied / appealed / withdrawn. An appeal that is denied puts the notice back to served.
Every step is one journaled write through the Register. At service the due, appeal and
hearing dates are computed once from the deadline rules (``models.notice_deadlines``) and
stored in ``dates_json``; every print reads them back. Notices enforce: a stop-work order puts
its permit on hold, a revocation revokes it (``store.notice_enforcement``).

``overdue(reg, today)`` lists issued or served notices whose due date has passed; the register
view's "needs action" list uses it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date, datetime

from deerfield_desk.errors import InvalidInput, NotAllowed, RecordNotFound
from deerfield_desk.models.codes import NoticeStatus
from deerfield_desk.models.deadlines import compute_deadline
from deerfield_desk.models.notice_deadlines import compute_notice_deadlines, notice_deadlines
from deerfield_desk.models.notices import (
    RAZE_SERVICE,
    NoticeKind,
    ServiceMethod,
    as_day,
    parse_moment,
)
from deerfield_desk.store import notice_enforcement as enforcement
from deerfield_desk.store.numbering import NOTICE_SERIES, format_notice_number
from deerfield_desk.store.register import Register, decision
from deerfield_desk.store.village_calendar import village_calendar

N = NoticeStatus
#: the statuses a notice moves through (a notice is withdrawn, not voided)
STATUSES = (N.DRAFT, N.ISSUED, N.SERVED, N.COMPLIED, N.APPEALED, N.WITHDRAWN)
MOVES = {
    N.DRAFT: {N.ISSUED},
    N.ISSUED: {N.SERVED, N.COMPLIED, N.WITHDRAWN},
    N.SERVED: {N.COMPLIED, N.APPEALED, N.WITHDRAWN},
    N.APPEALED: {N.SERVED, N.COMPLIED, N.WITHDRAWN},
    N.COMPLIED: set(),
    N.WITHDRAWN: set(),
}
OPEN = (N.ISSUED, N.SERVED)


def overdue_condition(alias: str = "") -> str:
    """THE definition of an overdue notice, as SQL with one ``?`` (today, ISO): issued or
    served (not complied, appealed or withdrawn) and due before today. Used by
    :func:`overdue`, the Notices screen and the register's "needs action" filter, so they
    never disagree; it matches the ``notices_status(status, due_date)`` index."""
    a = f"{alias}." if alias else ""
    return f"{a}status IN ('issued', 'served') AND {a}due_date < ?"


OVERDUE_WHERE = overdue_condition()
EDITABLE = (
    "kind",
    "permit_id",
    "parcel_id",
    "recipient_id",
    "contractor_id",
    "copies_to",
    "facts",
    "sections",
    "remedy",
)
LINKS = {"permit_id", "parcel_id", "recipient_id", "contractor_id", "copies_to"}
EROSION_KINDS = (
    NoticeKind.EROSION_STOP_WORK,
    NoticeKind.EROSION_REVOCATION,
    NoticeKind.EROSION_INTENT,
)


def _check_kind(kind: str) -> None:
    try:
        NoticeKind(kind)
    except ValueError:
        known = ", ".join(k.value for k in NoticeKind)
        raise InvalidInput("kind", f"must be one of {known}") from None


def _move(reg: Register, notice: dict, target: str, changes: dict, reason: str | None) -> dict:
    if target not in MOVES[notice["status"]]:
        raise NotAllowed(
            f"notice {notice['notice_number'] or 'draft'} is {notice['status']}: it cannot "
            f"become {target}"
        )
    return reg.update(
        "notices", notice["uuid"], {"status": target, **changes}, action=target, reason=reason
    )


@decision
def draft_notice(
    reg: Register,
    kind: str,
    *,
    facts: str,
    sections,
    remedy: str = "",
    details: dict | None = None,
    **links,
) -> dict:
    """A new draft. ``sections`` is a list of citations; ``links`` permit_id/parcel_id/
    recipient_id."""
    _check_kind(kind)
    if not (facts or "").strip():
        raise InvalidInput("facts", "say what was found: a notice without facts cannot stand")
    sections = [s.strip() for s in (sections or []) if s and s.strip()]
    if not sections:
        raise InvalidInput("sections", "name at least one section violated")
    unknown = set(links) - LINKS
    if unknown:
        raise InvalidInput(sorted(unknown)[0], "not a link a notice has")
    if not links.get("permit_id") and not links.get("parcel_id"):
        raise InvalidInput(
            "parcel_id", "a notice is about a permit or, for work with no permit, a parcel"
        )
    _check_details(kind, details or {}, has_permit=bool(links.get("permit_id")))
    return reg.insert(
        "notices",
        {
            "kind": kind,
            "status": "draft",
            "facts": facts.strip(),
            "sections": json.dumps(sections),
            "remedy": (remedy or "").strip(),
            "details_json": json.dumps(details or {}, sort_keys=True),
            **links,
        },
    )


def _check_details(kind: str, details: dict, *, has_permit: bool = True) -> None:
    """The inspector's own compliance date: only where the ordinance leaves the time to them
    (a life-safety violation, a longer time allowed, §12.23(3); a raze order, §12.17).

    An erosion notice for work with no permit states the class of the activity: the
    forfeiture range (§31.14(3)) and the appeal fee (§31.15(1)(A)) come from it."""
    if kind in EROSION_KINDS and not has_permit:
        if details.get("erosion_class") not in ("major", "minor"):
            raise InvalidInput(
                "erosion_class",
                "with no permit, state whether the activity is major or minor "
                "(§31.02(16)/(17)): the penalty and appeal fee depend on it",
            )
        if not str(details.get("class_reason") or "").strip():
            raise InvalidInput(
                "class_reason",
                "say why it is major or minor (one acre or more, a subdivision, or the "
                "engineer's finding, §31.02(16)/(17))",
            )
    if details.get("life_safety") and not str(details.get("life_safety_reason") or "").strip():
        raise InvalidInput(
            "life_safety_reason", "a shorter time for life safety needs the finding in words"
        )
    value = details.get("correct_by")
    if value is None:
        if kind == NoticeKind.RAZE_ORDER:
            raise InvalidInput("correct_by", "a raze-or-repair order must name the date to act by")
        return
    if kind not in (NoticeKind.VIOLATION, NoticeKind.RAZE_ORDER):
        raise InvalidInput("correct_by", f"the ordinance sets the period for a {kind} notice")
    try:
        date.fromisoformat(value)
    except (TypeError, ValueError):
        raise InvalidInput("correct_by", f"{value!r} is not a date YYYY-MM-DD") from None


@decision
def edit_draft(reg: Register, notice_uuid: str, changes: dict) -> dict:
    notice = reg.get("notices", notice_uuid)
    if notice["status"] != NoticeStatus.DRAFT:
        raise NotAllowed(
            f"notice {notice['notice_number']} is issued and locked; withdraw it "
            "and draft a new one instead"
        )
    bad = set(changes) - set(EDITABLE) - {"details_json"}
    if bad:
        raise InvalidInput(sorted(bad)[0], "cannot be edited on a notice")
    if "kind" in changes:
        _check_kind(changes["kind"])
    if "details_json" in changes or "kind" in changes:
        _check_details(
            changes.get("kind", notice["kind"]),
            json.loads(changes.get("details_json", notice["details_json"]) or "{}"),
            has_permit=bool(changes.get("permit_id", notice["permit_id"])),
        )
    return reg.update("notices", notice_uuid, changes, action="edit")


@decision
def issue_notice(reg: Register, notice_uuid: str, issued_at: datetime) -> dict:
    """Number and lock the notice; its due date is computed from the issue moment."""
    with reg.transaction():
        notice = reg.get("notices", notice_uuid)
        if notice["status"] != NoticeStatus.DRAFT:
            raise NotAllowed(f"notice {notice['notice_number']} is already issued")
        number = format_notice_number(
            issued_at.year, reg.next_number(NOTICE_SERIES, issued_at.year)
        )
        changes: dict[str, str | None] = {
            "notice_number": number,
            "issued_at": issued_at.isoformat(timespec="minutes"),
        }
        enforcement.before_issue(reg, notice, issued_at)
        changes["due_date"] = _due({**notice, **changes}, reg)
        issued = _move(reg, notice, "issued", changes, None)
        return enforcement.after_issue(reg, issued)


def _iso(moment: date | datetime) -> str:
    if isinstance(moment, datetime):
        return moment.isoformat(timespec="minutes")
    return moment.isoformat()


def check_service(
    reg: Register,
    notice: dict,
    method: str,
    served_at: date | datetime,
    *,
    today: date | None = None,
) -> None:
    """Every rule service must meet, so a screen can run them BEFORE asking the clerk to
    confirm an official act: a known method the section allows; a mailing address for mail;
    not before issue and not in the future; the inspector's own dates still ahead of it."""
    try:
        method = ServiceMethod(method)
    except ValueError:
        known = ", ".join(m.value for m in ServiceMethod)
        raise InvalidInput("service_method", f"one of {known}") from None
    kind = NoticeKind(notice["kind"])
    if kind is NoticeKind.RAZE_ORDER and method not in RAZE_SERVICE:
        raise InvalidInput(
            "service_method",
            "a raze order is served personally, or by posting plus publication when the owner "
            "cannot be found (§12.17, Wis. Stat. §66.0413(1)(d)); never by mail",
        )
    if method is ServiceMethod.POSTED_AND_PUBLISHED and kind is not NoticeKind.RAZE_ORDER:
        raise InvalidInput("service_method", "posting plus publication is for raze orders")
    if method is ServiceMethod.FIRST_CLASS_MAIL:
        person = reg.get_by_id("people", notice["recipient_id"]) if notice["recipient_id"] else None
        if not person or not (person.get("mailing_address") or "").strip():
            raise InvalidInput(
                "service_method", "mail service needs the recipient's mailing address on file"
            )
    day = as_day(served_at)
    issued = as_day(parse_moment(notice["issued_at"]))
    if issued and day < issued:
        raise InvalidInput(
            "served_at", f"a notice cannot be served before it was issued ({issued.isoformat()})"
        )
    today = today or date.today()
    if day > today:
        raise InvalidInput("served_at", f"service cannot be recorded for a future day ({day})")
    details = json.loads(notice["details_json"] or "{}")
    correct_by = details.get("correct_by")
    if correct_by and kind is NoticeKind.RAZE_ORDER and correct_by <= day.isoformat():
        raise InvalidInput(
            "correct_by", f"the date to act by ({correct_by}) must fall after service ({day})"
        )
    if correct_by and kind is NoticeKind.VIOLATION and not details.get("life_safety"):
        thirty = compute_deadline("violation_correction", day, village_calendar(reg)).due
        if correct_by < thirty.isoformat():
            raise InvalidInput(
                "correct_by",
                f"a violation gets 30 days or more after notice (§12.23(3)): not before "
                f"{thirty.isoformat()} unless a life-safety finding allows a shorter time",
            )


@decision
def serve_notice(
    reg: Register,
    notice_uuid: str,
    method: str,
    served_at: date | datetime,
    *,
    today: date | None = None,
    received_at: date | None = None,
):
    """Record service and fix the notice's dates for good (``dates_json``). For first-class
    mail ``served_at`` is the day it was mailed; ``received_at`` the delivery, if known."""
    with reg.transaction():
        notice = reg.get("notices", notice_uuid)
        check_service(reg, notice, method, served_at, today=today)
        changes = {"served_at": _iso(served_at), "service_method": str(ServiceMethod(method))}
        if received_at is not None:
            _check_receipt(changes, received_at, today)
            changes["received_at"] = received_at.isoformat()
        changes.update(_fixed_dates({**notice, **changes}, reg, served_at))
        return _move(reg, notice, "served", changes, None)


def _check_receipt(notice: dict, received_at: date, today: date | None) -> None:
    mailed = as_day(parse_moment(notice["served_at"]))
    if mailed is not None and received_at < mailed:
        raise InvalidInput("received_at", f"delivered before it was mailed ({mailed})")
    if received_at > (today or date.today()):
        raise InvalidInput("received_at", "delivery cannot be recorded for a future day")


@decision
def record_receipt(reg: Register, notice_uuid: str, received_at: date, *, today=None) -> dict:
    """The delivery date of a mailed notice (a return receipt, a signed card): the periods
    that run from receipt (§12.24) or from written notice (§12.23(3)) now get their dates."""
    with reg.transaction():
        notice = reg.get("notices", notice_uuid)
        if notice["service_method"] != ServiceMethod.FIRST_CLASS_MAIL:
            raise NotAllowed("only a mailed notice has a delivery date to record")
        if notice["received_at"]:
            raise NotAllowed(f"its delivery was already recorded ({notice['received_at']})")
        _check_receipt(notice, received_at, today)
        changes = {"received_at": received_at.isoformat()}
        changes.update(_fixed_dates({**notice, **changes}, reg, received_at))
        return reg.update("notices", notice_uuid, changes, action="received")


def _fixed_dates(notice: dict, reg: Register, when) -> dict:
    dl = compute_notice_deadlines(notice, village_calendar(reg))
    dl = replace(dl, fixed_on=_iso(when))
    due = dl.register_due
    return {"dates_json": dl.to_json(), "due_date": due.isoformat() if due else None}


@decision
def mark_complied(reg: Register, notice_uuid: str, on: date, note: str = "") -> dict:
    """Complied. A stop-work order is not "complied" by a click: it is lifted, with a reason
    (:func:`store.notice_enforcement.lift_stop_work`), which also releases the permit."""
    notice = reg.get("notices", notice_uuid)
    if NoticeKind(notice["kind"]) in enforcement.HOLDING_KINDS and notice["permit_id"]:
        return enforcement.lift_stop_work(reg, notice_uuid, note, on)
    return _move(reg, notice, "complied", {"closed_at": on.isoformat()}, note or None)


@decision
def mark_appealed(reg: Register, notice_uuid: str, filed_on: date, note: str = "") -> dict:
    """Record an appeal; a late one is recorded too (the hearing body rules on it) but flagged."""
    notice = reg.get("notices", notice_uuid)
    dl = notice_deadlines(notice, village_calendar(reg))
    details = json.loads(notice["details_json"] or "{}")
    details["appeal_filed_on"] = filed_on.isoformat()
    details["appeal_late"] = bool(dl.appeal_by and filed_on > dl.appeal_by)
    return _move(
        reg, notice, "appealed", {"details_json": json.dumps(details, sort_keys=True)}, note or None
    )


def require_withdrawal_reason(reason: str | None) -> None:
    """A screen can check this before asking the clerk to confirm the withdrawal."""
    if not (reason or "").strip():
        raise InvalidInput("reason", "a notice is withdrawn only with a written reason")


@decision
def withdraw_notice(reg: Register, notice_uuid: str, reason: str, on: date) -> dict:
    require_withdrawal_reason(reason)
    with reg.transaction():
        notice = reg.get("notices", notice_uuid)
        row = _move(
            reg,
            notice,
            "withdrawn",
            {"closed_at": on.isoformat(), "void_reason": reason.strip()},
            reason.strip(),
        )
        enforcement.release_hold(reg, row, f"stop-work order {row['notice_number']} withdrawn: "
                                 f"{reason.strip()}")  # fmt: skip
        return row


def _due(notice: dict, reg: Register) -> str | None:
    due = notice_deadlines(notice, village_calendar(reg)).register_due
    return due.isoformat() if due else None


def notice_by_number(reg: Register, number: str) -> dict:
    row = reg.query_one("SELECT * FROM notices WHERE notice_number = ?", (number,))
    if row is None:
        raise RecordNotFound(f"no notice numbered {number}")
    return row


def overdue(reg: Register, today: date) -> list[dict]:
    """Issued or served notices past their due date, oldest due first ("needs action")."""
    return reg.query(
        f"SELECT * FROM notices WHERE {OVERDUE_WHERE} ORDER BY due_date, notice_number",
        (today.isoformat(),),
    )


def overdue_permit_ids_sql() -> str:
    """A subquery (one ``?``: today) of the permits with an overdue notice, for
    ``permits.id IN (...)`` in the register's "needs action" filter."""
    return f"SELECT permit_id FROM notices WHERE {OVERDUE_WHERE} AND permit_id IS NOT NULL"


def overdue_notice_exists_sql(permit_column: str) -> str:
    """A correlated EXISTS (one ``?``: today) that is true when the permit in
    ``permit_column`` has an overdue notice (the register's next-action text)."""
    return f"EXISTS (SELECT 1 FROM notices WHERE permit_id = {permit_column} AND {OVERDUE_WHERE})"
