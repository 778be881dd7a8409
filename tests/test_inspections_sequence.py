"""The 12.12(5) sequence per permit kind, and the inspector's adds and waivers."""

from datetime import datetime, timedelta

import pytest

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.inspection_rules import excavation_due, is_late_request
from deerfield_desk.models.inspection_sequence import load_sequence, stages_for
from deerfield_desk.models.inspection_slots import Odd
from deerfield_desk.store import inspections
from deerfield_desk.store.journal import history
from tests.inspections_fixtures import NOW, make_permit, open_field_register


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


def codes(stages):
    return [s.code for s in stages]


def test_new_house_gets_all_nine_stages_of_12_12_5_in_order():
    # erosion control (12.12(5)(i)) first: in practice the controls go in before the footing
    assert codes(stages_for("building", "dwelling", "new_building")) == [
        "erosion_control",
        "footing",
        "foundation",
        "rough",
        "draintile_basement_floor",
        "underfloor_plumbing",
        "electric_service",
        "insulation",
        "final",
    ]
    assert [s.section for s in load_sequence()][:9] == [
        f"12.12(5)({letter})" for letter in "iabcdefgh"
    ]


def test_deck_needs_no_insulation_nor_foundation():
    deck = codes(stages_for("building", "deck", "new_building"))
    assert deck == ["footing", "rough", "final"]


def test_demolition_gets_excavation_inspection_before_filling():
    demo = stages_for("demolition", "dwelling", "demolition")
    assert "demolition_excavation" in codes(demo)
    excavation = next(s for s in demo if s.code == "demolition_excavation")
    assert excavation.section == "12.18(4)(b)"
    assert excavation.due_within_hours_of_notice == 72
    assert "insulation" not in codes(demo)
    assert codes(demo).index("demolition_excavation") < codes(demo).index("demolition_site")


def test_alteration_skips_footing_and_foundation():
    assert codes(stages_for("building", "dwelling", "alteration")) == [
        "rough",
        "insulation",
        "final",
    ]


def test_inspector_adds_and_waives_with_reason_journaled(field_register):
    reg = field_register
    permit = make_permit(reg, structure="deck", work="new_building")
    with pytest.raises(InvalidInput, match="reason"):
        inspections.change_stage(reg, permit["uuid"], "rough", "waived", "  ")
    change = inspections.change_stage(
        reg, permit["uuid"], "rough", "waived", "ground-level deck, framing seen at final"
    )
    inspections.change_stage(reg, permit["uuid"], "electric_service", "added", "new outlet")
    planned = {p.stage.code: p for p in inspections.planned_stages(reg, permit["uuid"])}
    assert planned["rough"].waived and planned["electric_service"].origin == "added"
    entry = history(reg.conn, change["uuid"])[0]
    assert entry["user_name"] == "Lee Inspector"
    with pytest.raises(NotAllowed, match="waived"):
        inspections.request_inspection(
            reg, permit["uuid"], "rough", requested_by="Dana", requested_at=NOW
        )


def test_request_under_48_hours_is_flagged_at_47_59_not_at_48_00():
    inspection = datetime(2026, 12, 3, 9, 0)
    assert is_late_request(inspection - timedelta(hours=47, minutes=59), inspection)
    assert not is_late_request(inspection - timedelta(hours=48), inspection)


def test_request_records_who_and_when_and_is_never_approved_by_default(field_register):
    reg = field_register
    permit = make_permit(reg)
    row = inspections.request_inspection(
        reg,
        permit["uuid"],
        "footing",
        requested_by="Dana Builder",
        requested_at=NOW,
        scheduled_for=NOW + timedelta(hours=47, minutes=59),
        now=NOW,
        confirmed_odd=[Odd.OUTSIDE_HOURS],  # 07:59, before the office opens
    )
    assert (row["requested_by"], row["requested_at"]) == ("Dana Builder", "2026-12-01T08:00")
    assert row["late_request"] == 1 and row["result"] == "requested"
    moved = inspections.schedule(reg, row["uuid"], NOW + timedelta(hours=48), route_order=2)
    assert moved["late_request"] == 0 and moved["route_order"] == 2


def test_demolition_excavation_due_72_hours_after_notice(field_register):
    reg = field_register
    permit = make_permit(reg, kind="demolition", work="demolition")
    row = inspections.request_inspection(
        reg, permit["uuid"], "demolition_excavation", requested_by="Wrecker", requested_at=NOW
    )
    assert row["due_by"] == "2026-12-04T08:00"
    assert excavation_due(NOW)[1] == "12.18(4)(b)"


def test_excavation_notice_is_never_a_late_request(field_register):
    reg = field_register
    permit = make_permit(reg, kind="demolition", work="demolition")
    row = inspections.request_inspection(
        reg,
        permit["uuid"],
        "demolition_excavation",
        requested_by="Wrecker",
        requested_at=NOW,
        scheduled_for=NOW + timedelta(hours=20),
        now=NOW,
        confirmed_odd=[Odd.OUTSIDE_HOURS],  # 04:00: the wrecker's crew starts early
    )
    assert row["late_request"] == 0


def test_cli_lists_stages_and_refuses_unknown_permit(field_register, db_path, capsys):
    from deerfield_desk.cli import main

    permit = make_permit(field_register, structure="deck")
    inspections.change_stage(field_register, permit["uuid"], "rough", "waived", "low deck")
    assert main(["inspections", "stages", "2026-0001", "--db", str(db_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["§12.12(5)(a)", "§12.12(5)(c)", "§12.12(5)(h)"]
    assert lines[1].endswith("waived: low deck")
    assert main(["inspections", "stages", "1999-9999", "--db", str(db_path)]) == 2
    assert "no permit numbered 1999-9999" in capsys.readouterr().err
