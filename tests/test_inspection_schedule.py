"""Issue 17 items 1-3, 7, 10: scheduling, corrections, order of stages, occupancy refusals,
and imported permits' stages, through the store's own functions."""

import csv
from datetime import date, datetime, timedelta

import pytest

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.importing.importer import import_register, initial_mapping
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.inspection_slots import is_office_hours, request_questions
from deerfield_desk.store import inspection_schedule, inspections, occupancy
from deerfield_desk.store.field_day import day_stops
from deerfield_desk.store.journal import history
from tests.inspections_fixtures import make_permit, open_field_register

# A Tuesday morning, in the past so results may be recorded at it.
NOW = datetime(2026, 11, 24, 9, 0)
DEFECT = {"section": "12.12(5)(a)", "description": "forms short", "correction": "re-form"}


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


def ask(reg, permit, stage, when=None, who="Dana"):
    return inspections.request_inspection(
        reg,
        permit["uuid"],
        stage,
        requested_by=who,
        requested_at=NOW,
        scheduled_for=when,
        now=NOW,
    )


def test_a_failed_stage_books_its_reinspection_in_office_hours_on_the_route(field_register):
    reg = field_register
    permit = make_permit(reg)
    visit = ask(reg, permit, "erosion_control", NOW + timedelta(days=1))
    # failed Wed 25 Nov 15:45: 48 hours on is Fri 27, the day after Thanksgiving (closed)
    failed_at = datetime(2026, 11, 25, 15, 45)
    _, follow = inspections.record_result(
        reg, visit["uuid"], "failed", defects=[DEFECT], inspected_at=failed_at
    )
    when = datetime.fromisoformat(follow["scheduled_for"])
    assert when >= failed_at + timedelta(hours=48)
    assert is_office_hours(when, VillageCalendar())
    assert when == datetime(2026, 11, 30, 8, 0)  # so Monday 30 at opening
    stops = day_stops(reg, when.date())
    assert [s.uuid for s in stops] == [follow["uuid"]] and stops[0].reinspection
    assert stops[0].route_order == 1


def test_the_inspector_may_set_the_reinspection_time(field_register):
    reg = field_register
    permit = make_permit(reg)
    visit = ask(reg, permit, "erosion_control", NOW)
    chosen = datetime(2026, 12, 3, 10, 30)
    _, follow = inspections.record_result(
        reg, visit["uuid"], "partial", inspected_at=NOW, reinspect_at=chosen
    )
    assert follow["scheduled_for"] == "2026-12-03T10:30"
    with pytest.raises(InvalidInput, match="reinspect_at"):
        again = ask(reg, permit, "footing", NOW)
        inspections.record_result(
            reg,
            again["uuid"],
            "partial",
            inspected_at=NOW,
            reinspect_at=NOW - timedelta(days=1),
            order_reason="erosion control passed on the partial visit",
        )


def test_a_second_request_for_the_same_stage_is_refused_or_merged(field_register):
    reg = field_register
    permit = make_permit(reg)
    first = ask(reg, permit, "footing", NOW + timedelta(days=6))
    with pytest.raises(NotAllowed, match="already requested.*asked by Dana"):
        ask(reg, permit, "footing", NOW + timedelta(days=7), who="Robin")
    merged = inspections.request_inspection(
        reg, permit["uuid"], "footing", requested_by="Robin", requested_at=NOW,
        scheduled_for=NOW + timedelta(days=7), contact_phone="608-555-0199", merge=True,
        now=NOW,
    )  # fmt: skip
    assert merged["uuid"] == first["uuid"]
    assert (merged["requested_by"], merged["contact_phone"]) == ("Robin", "608-555-0199")
    assert merged["scheduled_for"] == "2026-12-01T09:00"
    open_rows = reg.query("SELECT * FROM inspections WHERE stage = 'footing'")
    assert len(open_rows) == 1
    assert history(reg.conn, first["uuid"])[-1]["action"] == "merge"


def test_reschedule_needs_a_reason_and_moves_the_stop_to_the_new_days_route(field_register):
    reg = field_register
    permit = make_permit(reg)
    other = make_permit(reg, number="2026-0002", address="4 Oak St")
    ask(reg, other, "footing", datetime(2026, 12, 4, 9, 0))
    visit = ask(reg, permit, "footing", datetime(2026, 12, 3, 9, 0))
    with pytest.raises(InvalidInput, match="reason"):
        inspection_schedule.reschedule(reg, visit["uuid"], datetime(2026, 12, 4, 10, 0), " ")
    moved = inspection_schedule.reschedule(
        reg, visit["uuid"], datetime(2026, 12, 4, 10, 0), "concrete truck delayed"
    )
    assert moved["schedule_reason"] == "concrete truck delayed" and moved["route_order"] == 2
    assert day_stops(reg, date(2026, 12, 3)) == []
    assert [s.address for s in day_stops(reg, date(2026, 12, 4))] == ["4 Oak St", "12 Main St"]
    entry = history(reg.conn, visit["uuid"])[-1]
    assert (entry["action"], entry["reason"]) == ("reschedule", "concrete truck delayed")


def test_a_cancelled_request_stays_on_file_and_frees_the_stage(field_register):
    reg = field_register
    permit = make_permit(reg)
    visit = ask(reg, permit, "footing", NOW)
    with pytest.raises(InvalidInput, match="reason"):
        inspection_schedule.cancel_request(reg, visit["uuid"], "")
    cancelled = inspection_schedule.cancel_request(reg, visit["uuid"], "owner postponed the pour")
    assert cancelled["result"] == "cancelled"
    assert cancelled["cancel_reason"] == "owner postponed the pour"
    with pytest.raises(NotAllowed, match="already has a result"):
        inspection_schedule.reschedule(reg, visit["uuid"], NOW + timedelta(days=6), "again")
    assert ask(reg, permit, "footing", NOW + timedelta(days=6))["result"] == "requested"


def test_a_wrong_result_is_voided_with_a_reason_and_recorded_again(field_register):
    reg = field_register
    permit = make_permit(reg)
    visit = ask(reg, permit, "erosion_control", NOW)
    failed, follow = inspections.record_result(
        reg, visit["uuid"], "failed", defects=[DEFECT], inspected_at=NOW
    )
    with pytest.raises(InvalidInput, match="reason"):
        inspection_schedule.void_result(reg, failed["uuid"], "")
    again = inspection_schedule.void_result(reg, failed["uuid"], "tapped Failed for Passed")
    assert reg.get("inspections", failed["uuid"])["status"] == "voided"
    assert reg.get("inspections", follow["uuid"])["status"] == "voided"  # its re-inspection too
    assert (again["result"], again["corrects_id"]) == ("requested", failed["id"])
    assert again["scheduled_for"] == visit["scheduled_for"]
    entry = history(reg.conn, failed["uuid"])[-1]
    assert (entry["action"], entry["reason"]) == ("void", "tapped Failed for Passed")
    passed, none = inspections.record_result(reg, again["uuid"], "passed", inspected_at=NOW)
    assert none is None
    latest = dict(inspections.stage_results(reg, permit["uuid"])[0:1])
    assert [r["uuid"] for r in latest.values()] == [passed["uuid"]]
    voided = inspection_schedule.voided_results(reg, permit["id"])
    assert [(v["result"], v["void_reason"]) for v in voided] == [
        ("failed", "tapped Failed for Passed")
    ]


def test_a_result_under_a_recorded_reinspection_is_not_voided_first(field_register):
    reg = field_register
    permit = make_permit(reg)
    visit = ask(reg, permit, "erosion_control", NOW)
    failed, follow = inspections.record_result(
        reg, visit["uuid"], "failed", defects=[DEFECT], inspected_at=NOW
    )
    inspections.record_result(reg, follow["uuid"], "passed", inspected_at=NOW)
    with pytest.raises(NotAllowed, match="re-inspection.*void that result first"):
        inspection_schedule.void_result(reg, failed["uuid"], "wrong")
    assert reg.get("inspections", failed["uuid"])["status"] == "active"


def test_recording_a_stage_ahead_of_its_order_asks_for_a_reason(field_register):
    reg = field_register
    permit = make_permit(reg)
    footing = ask(reg, permit, "footing", NOW)
    with pytest.raises(InvalidInput, match=r"order_reason: Erosion control \(§12.12\(5\)\(i\)\)"):
        inspections.record_result(reg, footing["uuid"], "passed")
    assert inspections.stages_ahead_open(reg, permit["uuid"], "erosion_control") == []
    passed, _ = inspections.record_result(
        reg, footing["uuid"], "passed", order_reason="silt fence on order"
    )
    assert passed["order_reason"] == "silt fence on order"
    inspections.change_stage(reg, permit["uuid"], "erosion_control", "waived", "paved lot")
    foundation = ask(reg, permit, "foundation", NOW)
    done, _ = inspections.record_result(reg, foundation["uuid"], "passed")
    assert done["order_reason"] is None  # erosion waived, footing passed: nothing ahead


def test_occupancy_refuses_a_second_permit_and_a_temporary_after_the_full_one(field_register):
    reg = field_register
    permit = make_permit(reg)
    for planned in inspections.planned_stages(reg, permit["uuid"]):
        visit = ask(reg, permit, planned.stage.code, NOW)
        inspections.record_result(reg, visit["uuid"], "passed", inspected_at=NOW)
    issued = occupancy.issue_occupancy(reg, permit["uuid"], date(2026, 11, 30))
    with pytest.raises(NotAllowed, match=f"{issued['occupancy_number']} was already issued"):
        occupancy.issue_occupancy(reg, permit["uuid"], date(2026, 12, 1))
    with pytest.raises(NotAllowed, match="temporary permit no longer applies"):
        occupancy.issue_temporary_occupancy(reg, permit["uuid"], date(2026, 12, 1))
    count = reg.query("SELECT COUNT(*) AS n FROM occupancy_permits")[0]["n"]
    assert count == 1


def test_a_pass_an_occupancy_permit_rests_on_is_not_voided(field_register):
    reg = field_register
    permit = make_permit(reg)
    rows = []
    for planned in inspections.planned_stages(reg, permit["uuid"]):
        visit = ask(reg, permit, planned.stage.code, NOW)
        rows.append(inspections.record_result(reg, visit["uuid"], "passed", inspected_at=NOW)[0])
    occupancy.issue_occupancy(reg, permit["uuid"], date(2026, 11, 30))
    with pytest.raises(NotAllowed, match="Occupancy permit 2026-0001-OC1"):
        inspection_schedule.void_result(reg, rows[-1]["uuid"], "wrong stage")


def _import(reg, tmp_path, rows):
    source = tmp_path / "old-register.csv"
    headers = ["Permit #", "Type", "Site Address", "Date Issued", "Description of work",
               "Building type"]  # fmt: skip
    with open(source, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(headers)
        writer.writerows(rows)
    run = import_register(reg, source, initial_mapping(reg, headers))
    try:
        while True:
            next(run)
    except StopIteration as done:
        return done.value


def _stages_of(reg, number):
    permit = reg.query_one("SELECT uuid FROM permits WHERE permit_number = ?", (number,))
    return [p.stage.code for p in inspections.planned_stages(reg, permit["uuid"])]


def test_imported_permits_get_stages_by_kind_and_work_not_all_nine(field_register, tmp_path):
    reg = field_register
    result = _import(reg, tmp_path, [
        ["2019-0007", "building", "3 Elm St", "2019-05-01", "200 A service upgrade", "dwelling"],
        ["2019-0008", "building", "5 Elm St", "2019-05-02", "Reroof, tear-off", "House"],
        ["2019-0009", "building", "7 Elm St", "2019-05-03", "New single family home", "SFR"],
        ["2019-0010", "building", "9 Elm St", "2019-05-04", "misc.", "dwelling"],
        ["2019-0011", "demolition", "11 Elm St", "2019-05-05", "Raze garage", "garage"],
    ])  # fmt: skip
    assert result.imported == 5
    assert _stages_of(reg, "2019-0007") == ["electric_service", "final"]
    assert _stages_of(reg, "2019-0008") == ["final"]
    nine = _stages_of(reg, "2019-0009")
    assert nine[:2] == ["erosion_control", "footing"] and len(nine) == 9  # a new house: all
    assert _stages_of(reg, "2019-0010") == ["final"]  # not recognised: the final, not nine
    assert _stages_of(reg, "2019-0011") == [
        "erosion_control", "demolition_excavation", "demolition_site"
    ]  # fmt: skip


def test_unusual_requests_are_questioned_with_the_field_named():
    calendar = VillageCalendar()
    now = datetime(2026, 12, 1, 10, 0)
    assert request_questions(now, datetime(2026, 12, 3, 10, 0), now, calendar) == []
    years = request_questions(datetime(2016, 12, 1, 10, 0), None, now, calendar)
    assert years and years[0].startswith("Asked at:") and "10 years ago" in years[0]
    night = request_questions(now.replace(hour=4), datetime(2026, 12, 3, 4, 0), now, calendar)
    assert any("Asked at: 04:00" in q for q in night)
    assert any(q.startswith("Inspect on:") and "outside office hours" in q for q in night)
    holiday = request_questions(now, datetime(2026, 12, 25, 10, 0), now, calendar)
    assert any("on a day the office is closed" in q for q in holiday)
