"""Permits menu: New application… (Ctrl+N), Resume draft…, Review queue, Issue permit…,
Record payment…, Extend…, Resubmit rejected…, Mark expired…, Void…; Tools → Fee schedule…"""

from __future__ import annotations

import json
from datetime import date

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QInputDialog

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.office_words import say
from deerfield_desk.models.status import PermitStatus as S
from deerfield_desk.store.applications import drafts
from deerfield_desk.store.permits_lifecycle import mark_expired, resubmit, void_permit
from deerfield_desk.store.village_calendar import village_calendar
from deerfield_desk.ui import confirm
from deerfield_desk.ui.permit_picker import choose_permit, load_permit, permit_title

ACTIVE = (S.ISSUED, S.EXTENDED, S.EXPIRED)


def install(window) -> None:
    menu = window.menu("Permits")
    actions = (
        ("&New application…", QKeySequence.StandardKey.New, lambda: open_wizard(window)),
        ("Resume &draft…", None, lambda: resume_draft(window)),
        ("Review &queue", None, lambda: open_review_queue(window)),
        ("&Issue permit…", None, lambda: open_issue(window)),
        ("Record pa&yment…", None, lambda: open_money(window)),
        ("E&xtend…", None, lambda: open_extend(window)),
        ("Resubmit &rejected…", None, lambda: resubmit_rejected(window)),
        ("&Mark expired…", None, lambda: expire(window)),
        ("&Void permit…", None, lambda: void(window)),
    )
    for text, shortcut, slot in actions:
        action = QAction(text, window)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
    fee_action = QAction("&Fee schedule…", window)
    fee_action.triggered.connect(lambda: open_fee_schedule(window))
    window.menu("Tools").addAction(fee_action)
    window.lifecycle_review_queue = None


def open_wizard(window, app_uuid: str | None = None):
    from deerfield_desk.ui.wizard import ApplicationWizard

    wizard = ApplicationWizard(window.register, window, app_uuid=app_uuid)
    wizard.show()
    return wizard


def resume_draft(window):
    rows = drafts(window.register)
    if not rows:
        confirm.inform(window, "Resume draft", "There are no draft applications.")
        return None
    labels = []
    for row in rows:
        site = json.loads(row["project_json"] or "{}").get("site") or {}
        where = f"{site.get('house_number', '')} {site.get('street', '')}".strip() or "no site"
        labels.append(f"{row['created_at'][:10]} · {where} · {row['description'] or ''}")
    label, ok = QInputDialog.getItem(window, "Resume draft", "Draft", labels, 0, False)
    return open_wizard(window, rows[labels.index(label)]["uuid"]) if ok else None


def open_review_queue(window):
    from deerfield_desk.ui.review_queue import ReviewQueue

    queue = window.lifecycle_review_queue
    if queue is None:
        queue = window.lifecycle_review_queue = ReviewQueue(window)
        window.add_tab(queue, "Review queue")
    window.tabs.setCurrentWidget(queue)
    return queue


def open_issue(window):
    from deerfield_desk.ui.issue_dialog import IssueDialog

    uuid = choose_permit(window, (S.APPROVED, S.CONDITIONALLY_APPROVED, S.UNDER_REVIEW,
                                  S.REJECTED), "Issue permit")  # fmt: skip
    return IssueDialog(window, uuid).open() if uuid else None


def open_money(window):
    from deerfield_desk.ui.money_dialog import MoneyDialog

    uuid = choose_permit(window, tuple(S), "Record payment")
    return MoneyDialog(window, uuid).open() if uuid else None


def open_extend(window):
    from deerfield_desk.ui.extend_dialog import ExtendDialog

    uuid = choose_permit(window, ACTIVE, "Extend permit")
    return ExtendDialog(window, uuid).open() if uuid else None


def open_fee_schedule(window):
    from deerfield_desk.ui.fee_schedule_page import FeeScheduleDialog

    return FeeScheduleDialog(window).open()


def expire(window):
    uuid = choose_permit(window, (S.ISSUED, S.EXTENDED), "Mark expired")
    if not uuid:
        return
    permit = load_permit(window.register, uuid)
    if confirm.confirm(window, "Mark expired", f"Mark {permit_title(permit)} expired?"):
        _act(window, lambda: mark_expired(window.register, uuid, date.today()))


def resubmit_rejected(window):
    uuid = choose_permit(window, (S.REJECTED,), "Resubmit rejected application")
    if not uuid:
        return
    reason, ok = QInputDialog.getText(window, "Resubmit", "What was corrected (required)")
    if ok:
        _act(window, lambda: resubmit(window.register, uuid, reason, date.today(),
                                      village_calendar(window.register)))  # fmt: skip


def void(window):
    open_statuses = tuple(s for s in S if s not in (S.FINALED, S.REVOKED, S.VOIDED))
    uuid = choose_permit(window, open_statuses, "Void permit")
    if not uuid:
        return
    permit = load_permit(window.register, uuid)
    reason, ok = QInputDialog.getText(window, "Void permit", "Reason (written, required)")
    if ok and confirm.confirm(window, "Void permit", f"Void {permit_title(permit)}?\n\n{reason}"):
        _act(window, lambda: void_permit(window.register, uuid, reason))


def _act(window, action) -> None:
    try:
        action()
    except (InvalidInput, NotAllowed) as exc:
        confirm.inform(window, "Not done", say(exc))
