"""The year of ``exports_fixtures.make_year`` and the rest of what a year holds, written
through the store's own functions: a failed inspection with its defects and the re-inspection
that found them corrected, an Exhibit A checklist visit with a deficient item, an occupancy
permit, a stop-work order served and appealed, and a payment voided with a reason.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from deerfield_desk.models.exhibit_a import items_for
from deerfield_desk.store import erosion_checks, inspections, notices, occupancy
from tests.exports_fixtures import YEAR, make_year

DEFECT = {
    "section": "12.12(6)",
    "description": "Guard rail missing on the stair",
    "correction": "Install a 36-inch guard per plan sheet A3",
}
VOID_REASON = "receipt entered twice"


def pass_every_stage(reg, permit_uuid: str, when: datetime) -> None:
    """Request and pass every planned stage not yet passed (the inspector's autumn)."""
    for planned, latest in inspections.stage_results(reg, permit_uuid):
        if planned.waived or (latest and latest["result"] == "passed"):
            continue
        asked = inspections.request_inspection(
            reg, permit_uuid, planned.stage.code, requested_by="Acme Homes",
            requested_at=when - timedelta(days=3), scheduled_for=when,
            now=when - timedelta(days=3),
        )  # fmt: skip
        inspections.record_result(reg, asked["uuid"], "passed", inspected_at=when)


def make_full_year(reg, photos=None) -> dict:
    ids = make_year(reg, photos)
    uuids = {r["permit_number"]: r["uuid"] for r in reg.query("SELECT * FROM permits")}
    # a permit with no application gets its stages from its described work (issue 17.10):
    # say what 0005 is, a new house, so its insulation stage exists
    reg.update("permits", uuids[f"{YEAR}-0005"], {"description": "New single-family house"})
    first = inspections.request_inspection(
        reg, uuids[f"{YEAR}-0005"], "insulation", requested_by="Acme Homes",
        requested_at=datetime(YEAR, 5, 12, 9, 0), scheduled_for=datetime(YEAR, 5, 20, 9, 0),
        now=datetime(YEAR, 5, 12, 9, 0),  # the year's records, entered as they happened
    )  # fmt: skip
    earlier = "the earlier stages were inspected before this register was kept"
    _failed, again = inspections.record_result(
        reg, first["uuid"], "failed", defects=[DEFECT], inspected_at=datetime(YEAR, 5, 20, 9, 30),
        order_reason=earlier,
    )  # fmt: skip
    assert again is not None
    inspections.record_result(reg, again["uuid"], "passed", inspected_at=datetime(YEAR, 5, 27, 10),
                              order_reason=earlier)  # fmt: skip
    items = items_for("minor", False)
    responses = {i.code: ("meets", None) for i in items}
    responses[items[0].code] = ("deficient", "silt fence down along the east line")
    visit, _ = erosion_checks.record_visit(
        reg, uuids[f"{YEAR}-0007"], "minor", responses, visited_at=datetime(YEAR, 7, 15, 10, 0)
    )
    pass_every_stage(reg, uuids[f"{YEAR}-0001"], datetime(YEAR, 10, 6, 9, 0))
    certificate = occupancy.issue_occupancy(reg, uuids[f"{YEAR}-0001"], date(YEAR, 11, 3))
    reg.advance_series("notice", YEAR, 2)  # make_year wrote N-YYYY-0001 and -0002 itself
    order = notices.draft_notice(
        reg, "building_stop_work", facts="Framing continued after the footing failed",
        sections=["12.12(6)"], permit_id=ids[f"{YEAR}-0002"],
    )  # fmt: skip
    notices.issue_notice(reg, order["uuid"], datetime(YEAR, 8, 4, 9, 0))
    notices.serve_notice(reg, order["uuid"], "in_person", datetime(YEAR, 8, 4, 10, 0),
                         today=date(YEAR, 8, 4))  # fmt: skip
    appealed = notices.mark_appealed(reg, order["uuid"], date(YEAR, 8, 6), "owner disputes")
    payment = reg.query_one("SELECT uuid FROM payments ORDER BY id LIMIT 1")
    assert payment is not None
    reg.void("payments", payment["uuid"], VOID_REASON)
    return {
        "ids": ids,
        "uuids": uuids,
        "visit": visit,
        "occupancy": certificate,
        "order": appealed,
        "voided_payment": payment["uuid"],
    }
