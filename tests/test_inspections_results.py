"""Results, re-inspections, occupancy (12.16) and the completion deposit (12.15)."""

from datetime import date

import pytest

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.store import inspections, occupancy
from deerfield_desk.store.journal import history
from tests.inspections_fixtures import NOW, make_permit, open_field_register


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


DEFECT = {
    "section": "12.12(5)(h)",
    "description": "handrail missing on basement stair",
    "correction": "install a graspable handrail",
}


WHY = "recorded in the order this test needs"


def inspect(reg, permit, stage, result, defects=None):
    row = inspections.request_inspection(
        reg, permit["uuid"], stage, requested_by="Dana", requested_at=NOW, now=NOW
    )
    # the order of stages is not what these tests are about (test_inspection_schedule is)
    return inspections.record_result(reg, row["uuid"], result, defects=defects, order_reason=WHY)


def pass_all(reg, permit, but=()):
    for planned in inspections.planned_stages(reg, permit["uuid"]):
        if planned.stage.code not in but:
            inspect(reg, permit, planned.stage.code, "passed")


def test_failed_stage_opens_linked_reinspection_and_journals_inspector(field_register):
    reg = field_register
    permit = make_permit(reg)
    failed, follow_up = inspect(reg, permit, "footing", "failed", [DEFECT])
    assert follow_up["reinspection_of"] == failed["id"]
    assert follow_up["stage"] == "footing" and follow_up["result"] == "requested"
    assert failed["inspector"] == "Lee Inspector" and failed["notice_kind"] == "non_compliance"
    entry = history(reg.conn, failed["uuid"])[-1]
    assert entry["action"] == "result" and entry["user_name"] == "Lee Inspector"
    partial, again = inspect(reg, permit, "foundation", "partial")
    assert again["reinspection_of"] == partial["id"] and partial["notice_kind"] is None
    passed, none = inspect(reg, permit, "rough", "passed")
    assert none is None
    facts = inspections.notice_facts(reg, failed["uuid"])
    assert facts["defects"][0]["correction"] == "install a graspable handrail"
    assert facts["permit_number"] == "2026-0001" and facts["stage_section"] == "12.12(5)(a)"


def test_failure_needs_each_defect_cited_and_corrected(field_register):
    reg = field_register
    permit = make_permit(reg)
    row = inspections.request_inspection(
        reg, permit["uuid"], "footing", requested_by="Dana", requested_at=NOW
    )
    with pytest.raises(InvalidInput, match="defects"):
        inspections.record_result(reg, row["uuid"], "failed", defects=[])
    with pytest.raises(InvalidInput, match=r"defects\[1\]\.section"):
        inspections.record_result(reg, row["uuid"], "failed", defects=[{"correction": "x"}])
    assert reg.get("inspections", row["uuid"])["result"] == "requested"
    passed, follow_up = inspections.record_result(reg, row["uuid"], "passed", order_reason=WHY)
    assert follow_up is None and passed["notice_kind"] == "compliance"
    with pytest.raises(NotAllowed, match="already"):
        inspections.record_result(reg, row["uuid"], "failed", defects=[DEFECT])


def test_occupancy_refused_until_every_required_stage_passed(field_register):
    reg = field_register
    permit = make_permit(reg)
    pass_all(reg, permit, but=("final",))
    with pytest.raises(NotAllowed, match=r"Final carpentry.*not inspected"):
        occupancy.issue_occupancy(reg, permit["uuid"], date(2027, 5, 1))
    inspect(reg, permit, "final", "passed")
    issued = occupancy.issue_occupancy(reg, permit["uuid"], date(2027, 5, 1))
    assert issued["kind"] == "occupancy" and issued["ends_on"] is None
    finaled = reg.get("permits", permit["uuid"])
    assert (finaled["status"], finaled["finaled_date"]) == ("finaled", "2027-05-01")


def test_waived_stage_does_not_block_occupancy(field_register):
    reg = field_register
    permit = make_permit(reg)
    inspections.change_stage(reg, permit["uuid"], "electric_service", "waived", "no new service")
    pass_all(reg, permit, but=("electric_service",))
    assert occupancy.issue_occupancy(reg, permit["uuid"], date(2027, 5, 1))["kind"]


def test_temporary_occupancy_for_minor_failures_ends_after_30_days_or_term(field_register):
    reg = field_register
    permit = make_permit(reg)
    pass_all(reg, permit, but=("final",))
    inspect(reg, permit, "final", "failed", [{**DEFECT, "minor": False}])
    with pytest.raises(NotAllowed, match="Not minor"):
        occupancy.issue_temporary_occupancy(reg, permit["uuid"], date(2027, 5, 1))
    follow_up = inspections.open_request(reg, permit["id"], "final")
    inspections.record_result(reg, follow_up["uuid"], "failed", defects=[{**DEFECT, "minor": True}])
    temporary = occupancy.issue_temporary_occupancy(reg, permit["uuid"], date(2027, 5, 1))
    # 30 days from 1 May 2027 is Memorial Day: a term ends on its day, office open or not
    assert temporary["ends_on"] == "2027-05-31" and temporary["term_days"] == 30
    with pytest.raises(NotAllowed, match="in force until 2027-05-31"):
        occupancy.issue_temporary_occupancy(reg, permit["uuid"], date(2027, 5, 1), term_days=60)
    term = occupancy.issue_temporary_occupancy(reg, permit["uuid"], date(2027, 6, 1), term_days=60)
    assert term["ends_on"] == "2027-07-31" and term["term_days"] == 60
    with pytest.raises(NotAllowed, match="12.16"):
        occupancy.issue_occupancy(reg, permit["uuid"], date(2027, 5, 1))
    due = occupancy.expiring_temporary_permits(reg, date(2027, 5, 28))
    assert [r["ends_on"] for r in due] == ["2027-05-31"]


def test_occupancy_before_final_forfeits_completion_deposit(field_register):
    reg = field_register
    permit = make_permit(reg)
    deposit = reg.insert(
        "deposits", {"permit_id": permit["id"], "kind": "completion_deposit", "amount_cents": 50000}
    )
    pass_all(reg, permit, but=("final",))
    occupancy.record_early_occupancy(reg, permit["uuid"], date(2027, 4, 20))
    ledger = reg.get("deposits", deposit["uuid"])
    assert ledger["status"] == "forfeited"
    assert ledger["disposition_reason"] == "Occupied before the final inspection (§12.15)"
    assert ledger["disposition_at"] == "2027-04-20"


def test_staying_past_temporary_permit_forfeits_but_covered_day_does_not(field_register):
    reg = field_register
    permit = make_permit(reg)
    deposit = reg.insert(
        "deposits", {"permit_id": permit["id"], "kind": "completion_deposit", "amount_cents": 1}
    )
    pass_all(reg, permit, but=("final",))
    inspect(reg, permit, "final", "failed", [{**DEFECT, "minor": True}])
    occupancy.issue_temporary_occupancy(reg, permit["uuid"], date(2027, 3, 1), term_days=14)
    with pytest.raises(NotAllowed, match="covered that day"):
        occupancy.record_early_occupancy(reg, permit["uuid"], date(2027, 3, 10))
    assert reg.get("deposits", deposit["uuid"])["status"] == "held"
    occupancy.record_early_occupancy(reg, permit["uuid"], date(2027, 3, 20))
    ledger = reg.get("deposits", deposit["uuid"])
    assert ledger["status"] == "forfeited"
    assert "after the temporary occupancy permit ran out" in ledger["disposition_reason"]
