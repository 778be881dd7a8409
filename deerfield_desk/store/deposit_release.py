"""Whether a deposit or security may be released, read from the register (``RELEASE_RULES``).

Why here and not in the dialog: a refund is money leaving the village; the conditions the
ordinance sets (12.15, 31.12(2)(A), 12.19(8)(e)) must hold whichever screen or command asks,
and the reason recorded in the journal names the facts they rested on.
"""

from __future__ import annotations

from datetime import date

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.deposits import RELEASE_RULES
from deerfield_desk.store.register import Register


def _passed(reg: Register, permit_id: int, stage: str) -> dict | None:
    return reg.query_one(
        "SELECT inspected_at FROM inspections WHERE permit_id = ? AND stage = ? "
        "AND result = 'passed' AND status = 'active' ORDER BY id DESC LIMIT 1",
        (permit_id, stage),
    )


def release_reason(
    reg: Register,
    deposit: dict,
    reason: str,
    on: date,
    *,
    board_action: str | None = None,
    engineer_inspected_on: date | None = None,
) -> str:
    """The reason to record, or a refusal naming what the section still needs."""
    rule = RELEASE_RULES.get(deposit["kind"])
    if rule is None:
        return reason
    need, basis = rule
    if need == "final_or_occupancy":
        final = _passed(reg, deposit["permit_id"], "final")
        occupancy = reg.query_one(
            "SELECT issued_on FROM occupancy_permits WHERE permit_id = ? AND kind = 'occupancy' "
            "AND status = 'active' ORDER BY id DESC LIMIT 1",
            (deposit["permit_id"],),
        )
        if not final and not occupancy:
            raise NotAllowed(f"§{basis}: the completion deposit is refunded only after the final "
                             "inspection has passed or an occupancy permit is issued")  # fmt: skip
        fact = (f"final inspection passed {final['inspected_at'][:10]}" if final
                else f"occupancy permit issued {occupancy['issued_on']}")  # fmt: skip
        return f"{reason} ({fact}; §{basis})"
    if need == "exterior_final":
        done = _passed(reg, deposit["permit_id"], "moving_exterior_final")
        if not done:
            raise NotAllowed(f"§{basis}: refunded only after the exterior alterations are "
                             "inspected and found to comply with the approved plans")  # fmt: skip
        return f"{reason} (exterior passed {done['inspected_at'][:10]}; §{basis})"
    # board_after_engineer
    if not (board_action or "").strip():
        raise InvalidInput(
            "board_action",
            f"§{basis}: only the Village Board releases the security: give its action "
            "(meeting date, motion or resolution)",
        )
    if engineer_inspected_on is None:
        raise InvalidInput("engineer_inspected_on", f"§{basis}: the Village Engineer's "
                           "inspection that found every control measure completed")  # fmt: skip
    if engineer_inspected_on > on:
        raise InvalidInput("engineer_inspected_on", "the engineer's inspection cannot be after "
                           "the release")  # fmt: skip
    return (
        f"{reason} (released by Village Board action {board_action.strip()} after the "
        f"Village Engineer's inspection of {engineer_inspected_on.isoformat()}; §{basis})"
    )
