"""Permits → Record inspector's finding…: an exception found on the ground lifts a refusal.

Why a menu action: the engine refuses what the measurements cannot clear (a frame building in
the fire limits, 12.10(2); a dish closer than 5 ft, 12.30(5) with 12.29(2)). The inspector who
finds an exception applies records it with a reason; the store keeps it and the journal says
who and why (``store.exception_findings``).
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.actor import Role
from deerfield_desk.models.office_words import say
from deerfield_desk.models.project_summary import texts
from deerfield_desk.models.status import PermitStatus as S
from deerfield_desk.store.exception_findings import liftable_refusals, record_exception_finding
from deerfield_desk.ui import confirm
from deerfield_desk.ui.permit_picker import choose_permit

OPEN = (S.SUBMITTED, S.UNDER_REVIEW, S.APPROVED, S.CONDITIONALLY_APPROVED)


def install(window) -> None:
    action = QAction("Record inspector's &finding…", window)
    action.setObjectName("record_finding_action")
    action.triggered.connect(lambda: record_finding(window))
    window.menu("Permits").addAction(action)


def record_finding(window) -> bool:
    actor = window.register.actor
    if actor.role != Role.INSPECTOR:  # say so before asking anything (the store refuses too)
        confirm.inform(
            window,
            "Record inspector's finding",
            f"An exception is the building inspector's finding, and {actor.name} is signed in "
            "as the clerk. The inspector records it from their own sign-in (File → Switch "
            "user…).",
        )
        return False
    uuid = choose_permit(window, OPEN, "Record inspector's finding")
    if not uuid:
        return False
    app_uuid, refusals = liftable_refusals(window.register, uuid)
    if not refusals:
        confirm.inform(
            window,
            "Record inspector's finding",
            "This application has no refusal an inspector's finding can lift.",
        )
        return False
    labels = [f"§{r['basis']}  {texts()['refusals'].get(r['code'], r['code'])}" for r in refusals]
    label, ok = QInputDialog.getItem(window, "Record inspector's finding",
                                     "Refusal the exception answers", labels, 0, False)  # fmt: skip
    if not ok:
        return False
    refusal = refusals[labels.index(label)]
    reason, ok = QInputDialog.getText(window, "Record inspector's finding",
                                      "Why the exception applies (kept and printed)")  # fmt: skip
    if not ok:
        return False
    try:
        record_exception_finding(window.register, app_uuid, refusal["code"], reason)
    except (InvalidInput, NotAllowed) as exc:
        confirm.inform(window, "Not recorded", say(exc))
        return False
    window.notify_changed("applications", "permits")
    return True
