"""The notice register: enforcement notices as official records.

Life of a notice: drafted → issued (numbered N-YYYY-NNNN and locked: its facts, sections and
remedy never change after) → served (in person, posted, or first-class mail, and when) →
complied / appealed / withdrawn. An appeal that is denied puts the notice back to served.
Every step is one journaled write through the Register; ``due_date`` is recomputed from the
deadline rules (``models.notice_deadlines``) at issue and at service, never typed.

``overdue(reg, today)`` lists issued or served notices whose due date has passed; the register
view's "needs action" list uses it.
"""

from __future__ import annotations

import json
from datetime import date, datetime

from deerfield_desk.errors import InvalidInput, NotAllowed, RecordNotFound
from deerfield_desk.models.codes import NoticeStatus
from deerfield_desk.models.notice_deadlines import notice_deadlines
from deerfield_desk.models.notices import NoticeKind, ServiceMethod, as_day, parse_moment
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
EDITABLE = ("kind", "permit_id", "parcel_id", "recipient_id", "facts", "sections", "remedy")


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
    _check_details(kind, details or {})
    unknown = set(links) - {"permit_id", "parcel_id", "recipient_id"}
    if unknown:
        raise InvalidInput(sorted(unknown)[0], "not a link a notice has")
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


def _check_details(kind: str, details: dict) -> None:
    """The inspector's own compliance date: only where the ordinance leaves the time to them
    (a life-safety violation, a longer time allowed, §12.23(3); a raze order, §12.17)."""
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
        changes = {"notice_number": number, "issued_at": issued_at.isoformat(timespec="minutes")}
        changes["due_date"] = _due({**notice, **changes}, reg)
        return _move(reg, notice, "issued", changes, None)


@decision
def serve_notice(reg: Register, notice_uuid: str, method: str, served_at: date | datetime):
    """Record service. For first-class mail ``served_at`` is the day it was mailed."""
    try:
        ServiceMethod(method)
    except ValueError:
        raise InvalidInput("service_method", "in_person, posted or first_class_mail") from None
    with reg.transaction():
        notice = reg.get("notices", notice_uuid)
        issued = as_day(parse_moment(notice["issued_at"]))
        if issued and as_day(served_at) < issued:
            raise InvalidInput(
                "served_at",
                f"a notice cannot be served before it was issued ({issued.isoformat()})",
            )
        when = (
            served_at.isoformat(timespec="minutes")
            if isinstance(served_at, datetime)
            else served_at.isoformat()
        )
        changes = {"served_at": when, "service_method": method}
        changes["due_date"] = _due({**notice, **changes}, reg)
        return _move(reg, notice, "served", changes, None)


@decision
def mark_complied(reg: Register, notice_uuid: str, on: date, note: str = "") -> dict:
    notice = reg.get("notices", notice_uuid)
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
    notice = reg.get("notices", notice_uuid)
    return _move(
        reg,
        notice,
        "withdrawn",
        {"closed_at": on.isoformat(), "void_reason": reason.strip()},
        reason.strip(),
    )


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
