"""Documents print what the other features recorded: the inspections feature's planned stages
(waivers included), its Exhibit A visits and occupancy permits; the lifecycle's decisions."""

from __future__ import annotations

import json
import time
from datetime import datetime

import pytest

from deerfield_desk.documents import RENDERERS
from deerfield_desk.documents.decision import decision_day, decision_of
from deerfield_desk.store.document_records import load_document
from tests.documents_fixtures import SETTINGS, build_register, pdf_text


@pytest.fixture
def filled(register, tmp_path):
    return register, build_register(register, tmp_path)


def text_of(reg, kind, ref):
    request = load_document(reg, kind, ref)
    return pdf_text(RENDERERS[kind](request.record, SETTINGS))


def test_permit_card_leaves_out_a_waived_stage(filled):
    from deerfield_desk.store.inspections import change_stage, planned_stages

    reg, ids = filled
    uuid = ids["permit"]["uuid"]
    assert "Underfloor plumbing" in text_of(reg, "permit-card", "2026-0042")
    code = next(p.stage.code for p in planned_stages(reg, uuid) if p.stage.section.endswith("(e)"))
    change_stage(reg, uuid, code, "waived", "slab on grade, no underfloor plumbing")
    text = text_of(reg, "permit-card", "2026-0042")
    assert "Underfloor plumbing" not in text and "Footing" in text


def test_checklist_report_prints_the_recorded_exhibit_a_visit(filled):
    from deerfield_desk.models.exhibit_a import items_for
    from deerfield_desk.store.erosion_checks import record_visit

    reg, ids = filled
    items = items_for("major")
    answers = {i.code: ("meets", None) for i in items}
    answers[items[0].code] = ("deficient", "Pump discharging muddy water to the ditch")
    answers[items[1].code] = ("not_applicable", None)  # counted apart from "meets" (item 16)
    record_visit(
        reg, ids["erosion"]["uuid"], "major", answers, visited_at=datetime(2026, 11, 25, 8, 15)
    )
    text = text_of(reg, "checklist-report", "2026-0043")
    assert "November 25, 2026, 8:15 AM" in text
    assert f"{len(items) - 2} of {len(items)} items meet; 1 not applicable; 1 deficient" in text
    assert "Pump discharging muddy water to the ditch" in text and items[0].title in text


def test_occupancy_document_prints_the_issued_temporary_permit(filled):
    reg, ids = filled
    reg.insert(
        "occupancy_permits",
        {
            "permit_id": ids["permit"]["id"],
            "kind": "temporary",
            "issued_on": "2026-11-24",
            "issued_by": "Lee Inspector",
            "ends_on": "2026-12-24",  # a 30-day term ends on its day (12.16)
            "term_days": 30,
            "minor_defects_json": json.dumps(
                [{"item": "Handrail on basement stair", "minor": True}]
            ),
        },
    )
    text = text_of(reg, "occupancy", "2026-0042")
    assert "Temporary Occupancy Permit" in text and "Valid until December 24, 2026" in text
    assert "Handrail on basement stair" in text and "a term of 30 days" in text


def test_decision_letter_after_issue_and_in_village_time(filled):
    reg, _ = filled
    text = text_of(reg, "decision", "2026-0042")  # issued, with conditions
    assert "Approved with conditions" in text and "Driveway apron" in text
    assert decision_of({"status": "issued", "conditions": ""}) == "approved"
    with pytest.raises(ValueError, match="status"):
        decision_of({"status": "draft"})


def test_evening_decision_is_dated_in_village_time(monkeypatch):
    monkeypatch.setenv("TZ", "America/Chicago")
    time.tzset()
    try:
        evening = {"decided_at": "2026-11-21T02:30:00+00:00"}  # 8:30 PM, 20 Nov, in Deerfield
        assert decision_day(evening).isoformat() == "2026-11-20"
    finally:
        monkeypatch.undo()
        time.tzset()
