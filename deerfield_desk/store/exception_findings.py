"""An inspector's finding that an exception applies, recorded on a filed application.

Why: 12.10(2) lists exceptions the inspector judges on the ground (a piazza, a builders' shed),
and 12.29(2) lets him issue a dish permit "subject to a condition or exception". A refusal the
engine could not lift from the measurements must not be permanent: the inspector records the
finding with a reason, the stored assessment moves that refusal into its findings, and the
journal keeps who found what and why. A refusal the text allows no exception to (12.10(2)(h),
12.19(2)) cannot be lifted this way.
"""

from __future__ import annotations

import json

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.actor import Role
from deerfield_desk.store.register import Register


def record_exception_finding(
    reg: Register, app_uuid: str, code: str, reason: str, by: str = "building_inspector"
) -> dict:
    """Lift the refusal ``code`` of the application with ``reason``; journaled, one step."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput("reason", "say why the exception applies; it is printed and kept")
    with reg.transaction():
        app = reg.get("applications", app_uuid)
        data = json.loads(app["assessment_json"] or "{}")
        refusals = data.get("refusals", [])
        match = next((r for r in refusals if r["code"] == code), None)
        if match is None:
            raise NotAllowed(f"the application has no refusal {code!r} to answer")
        if match.get("liftable_by") != by:
            raise NotAllowed(f"§{match['basis']} allows no exception the {by.replace('_', ' ')} "
                             "may find; a variance is the Plan Commission's")  # fmt: skip
        if by == "building_inspector" and reg.actor.role not in (Role.INSPECTOR, Role.SYSTEM):
            # the ordinance gives the judgement to the inspector: a clerk at the counter may
            # not lift a refusal on the inspector's behalf (nothing is written)
            raise NotAllowed(
                f"§{match['basis']}: the exception is the building inspector's finding; "
                f"{reg.actor.name} is signed in as {reg.actor.role}. The inspector records it "
                "(File → Switch user…)"
            )
        refusals.remove(match)
        data.setdefault("findings", []).append(
            {"code": code, "basis": match["basis"], "reason": reason, "by": by}
        )
        return reg.update(
            "applications",
            app_uuid,
            {"assessment_json": json.dumps(data, sort_keys=True)},
            action="exception_finding",
            reason=f"§{match['basis']}: {reason}",
        )


def liftable_refusals(reg: Register, permit_uuid: str) -> tuple[str, list[dict]]:
    """The application of a permit, and its refusals an inspector's finding may lift."""
    permit = reg.get("permits", permit_uuid)
    app = reg.get_by_id("applications", permit["application_id"])
    data = json.loads(app["assessment_json"] or "{}")
    return app["uuid"], [r for r in data.get("refusals", []) if r.get("liftable_by")]
