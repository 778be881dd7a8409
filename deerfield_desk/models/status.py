"""The permit status machine: the single authority on what may happen next.

draft → submitted → under review → approved / conditionally approved / rejected → issued →
(extended) → finaled; and expired, revoked, voided, stop-work (held). Screens ask
:func:`allowed` before offering an action and :func:`next_action` for the register column;
the store refuses any transition not listed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from deerfield_desk.errors import NotAllowed


class PermitStatus(StrEnum):
    DRAFT = "draft"
    SUBMITTED = "submitted"
    UNDER_REVIEW = "under_review"
    APPROVED = "approved"
    CONDITIONALLY_APPROVED = "conditionally_approved"
    REJECTED = "rejected"
    ISSUED = "issued"
    EXTENDED = "extended"
    FINALED = "finaled"
    EXPIRED = "expired"
    REVOKED = "revoked"
    VOIDED = "voided"
    STOP_WORK = "stop_work"

    @property
    def label(self) -> str:
        return LABELS[self]


LABELS = {
    PermitStatus.DRAFT: "Draft",
    PermitStatus.SUBMITTED: "Submitted",
    PermitStatus.UNDER_REVIEW: "Under review",
    PermitStatus.APPROVED: "Approved",
    PermitStatus.CONDITIONALLY_APPROVED: "Approved with conditions",
    PermitStatus.REJECTED: "Rejected",
    PermitStatus.ISSUED: "Issued",
    PermitStatus.EXTENDED: "Extended",
    PermitStatus.FINALED: "Finaled",
    PermitStatus.EXPIRED: "Expired",
    PermitStatus.REVOKED: "Revoked",
    PermitStatus.VOIDED: "Voided",
    PermitStatus.STOP_WORK: "Stop-work (held)",
}

S = PermitStatus
#: Every allowed move, with why it needs a written reason (True) or not.
TRANSITIONS: dict[PermitStatus, dict[PermitStatus, bool]] = {
    S.DRAFT: {S.SUBMITTED: False, S.VOIDED: True},
    S.SUBMITTED: {S.UNDER_REVIEW: False, S.VOIDED: True},
    S.UNDER_REVIEW: {
        S.APPROVED: False,
        S.CONDITIONALLY_APPROVED: True,
        S.REJECTED: True,
        S.VOIDED: True,
    },
    S.APPROVED: {S.ISSUED: False, S.VOIDED: True},
    S.CONDITIONALLY_APPROVED: {S.ISSUED: False, S.VOIDED: True},
    S.REJECTED: {S.SUBMITTED: True},  # resubmitted with corrected plans
    S.ISSUED: {
        S.EXTENDED: True,
        S.FINALED: False,
        S.EXPIRED: False,
        S.REVOKED: True,
        S.STOP_WORK: True,
        S.VOIDED: True,
    },
    S.EXTENDED: {
        S.EXTENDED: True,
        S.FINALED: False,
        S.EXPIRED: False,
        S.REVOKED: True,
        S.STOP_WORK: True,
        S.VOIDED: True,
    },
    S.STOP_WORK: {S.ISSUED: True, S.EXTENDED: True, S.REVOKED: True},
    S.EXPIRED: {S.EXTENDED: True},  # 12.14(1) extension on approval and fee
    # reopened only when the occupancy permit that finaled it is voided (store.occupancy_void)
    S.FINALED: {S.ISSUED: True, S.EXTENDED: True},
    S.REVOKED: {},
    S.VOIDED: {},
}

#: Statuses in which the office owes the next step (the "needs action" filter), besides
#: issued permits past their expiry date.
NEEDS_ACTION = frozenset(
    {S.SUBMITTED, S.UNDER_REVIEW, S.APPROVED, S.CONDITIONALLY_APPROVED, S.STOP_WORK}
)
ACTIVE = frozenset({S.ISSUED, S.EXTENDED})


def allowed(current: str, target: str) -> bool:
    return PermitStatus(target) in TRANSITIONS[PermitStatus(current)]


def needs_reason(current: str, target: str) -> bool:
    return TRANSITIONS[PermitStatus(current)].get(PermitStatus(target), False)


def check_transition(current: str, target: str, reason: str | None) -> None:
    """Raise :class:`NotAllowed` with a plain reason when the move is not allowed."""
    cur, tgt = PermitStatus(current), PermitStatus(target)
    if tgt not in TRANSITIONS[cur]:
        options = ", ".join(s.label for s in TRANSITIONS[cur]) or "nothing (it is closed)"
        raise NotAllowed(
            f"A permit that is {cur.label.lower()} cannot become "
            f"{tgt.label.lower()}; it can become: {options}."
        )
    if TRANSITIONS[cur][tgt] and not (reason and reason.strip()):
        raise NotAllowed(f"reason: becoming {tgt.label.lower()} needs a written reason")


@dataclass(frozen=True)
class NextAction:
    text: str
    needs_action: bool


def next_action(
    status: str,
    *,
    expires: str | None = None,
    review_due: str | None = None,
    today: date | None = None,
    notice_overdue: bool = False,
) -> NextAction:
    """What the office does next with this permit, for the register's column.

    ``notice_overdue``: an enforcement notice on the permit is past its due date (the notice
    register, ``store.notices.OVERDUE_WHERE``); following it up comes before anything else."""
    today = today or date.today()
    st = PermitStatus(status)
    if notice_overdue:
        return NextAction("Notice overdue: follow up the enforcement notice", True)
    if st in ACTIVE and expires and expires < today.isoformat():
        return NextAction("Expired: mark expired or extend (12.14(1))", True)
    texts = {
        S.DRAFT: "Complete the application and submit",
        S.SUBMITTED: "Start the review",
        S.UNDER_REVIEW: f"Decide the review{' by ' + review_due if review_due else ''}",
        S.APPROVED: "Collect fees and deposits, then issue",
        S.CONDITIONALLY_APPROVED: "Collect fees and deposits, then issue",
        S.REJECTED: "None (rejected)",
        S.ISSUED: f"Inspections{'; expires ' + expires if expires else ''}",
        S.EXTENDED: f"Inspections; extended to {expires}" if expires else "Inspections",
        S.FINALED: "None (finaled)",
        S.EXPIRED: "None, unless extended",
        S.REVOKED: "None (revoked)",
        S.VOIDED: "None (voided)",
        S.STOP_WORK: "Resolve the stop-work order",
    }
    return NextAction(texts[st], st in NEEDS_ACTION)
