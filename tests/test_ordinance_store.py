"""Issue 13 through the store: submission blocked by unknowns, inspectors' findings, insurance
amounts, deposit release rules, inspection stages by kind, and the two erosion checklists."""

from __future__ import annotations

import json
from datetime import date

import pytest

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.exhibit_a import checklist_for, items_for
from deerfield_desk.models.inspection_sequence import stages_for
from deerfield_desk.models.issuance import unmet_preconditions
from deerfield_desk.store import erosion_checks, ledger
from deerfield_desk.store.applications import add_person, save_draft, submit_application
from deerfield_desk.store.exception_findings import liftable_refusals, record_exception_finding
from deerfield_desk.store.inspections import planned_stages
from deerfield_desk.store.permits_lifecycle import application_assessment, issuance_facts

TODAY = date(2026, 11, 30)
CAL = VillageCalendar()


def draft(register, work: str, answers: dict, site: dict | None = None) -> str:
    owner = add_person(register, {"name": "Ann Owner", "phone": "608-555-0100"})
    state = {
        "site": {"parcel_number": "0612-000-0009", "street": "Oak St", **(site or {})},
        "parties": {"owner_uuid": owner["uuid"]},
        "work": work,
        "answers": answers,
    }
    return save_draft(register, state)["uuid"]


def test_unknown_disturbance_blocks_submission_naming_the_field(register):
    uuid = draft(register, "new_building", {"structure": "dwelling", "estimated_cost": "250000"})
    with pytest.raises(InvalidInput) as caught:
        submit_application(register, uuid, TODAY, CAL)
    assert caught.value.field == "disturbed_sqft" and "31.06(1)(C)" in caught.value.rule
    assert register.get("applications", uuid)["status"] == "draft"  # nothing half-filed


def test_inspector_finding_lifts_a_fire_limits_refusal_with_a_reason_journaled(register, inspector):
    answers = {"structure": "commercial", "frame_construction": True, "area_sqft": 900,
               "disturbed_sqft": 0, "earthwork_cuyd": 0, "estimated_cost": "40000.00"}  # fmt: skip
    uuid = draft(register, "new_building", answers, {"fire_limits": True})
    permits = submit_application(register, uuid, TODAY, CAL)
    building = next(p for p in permits if p["kind"] == "building")
    facts = issuance_facts(register, building["uuid"], TODAY)
    assert any(u.basis == "12.10(2)" for u in unmet_preconditions(facts))
    app_uuid, refusals = liftable_refusals(register, building["uuid"])
    assert [r["code"] for r in refusals] == ["fire_limits_frame_building"]
    with pytest.raises(InvalidInput, match="reason"):
        record_exception_finding(register, app_uuid, "fire_limits_frame_building", " ")
    # the clerk at the counter may not find the exception for the inspector: nothing written
    before = register.get("applications", app_uuid)
    with pytest.raises(NotAllowed, match="building inspector's finding"):
        record_exception_finding(register, app_uuid, "fire_limits_frame_building", "looks ok")
    assert register.get("applications", app_uuid) == before
    with register.acting_as(inspector, None):
        record_exception_finding(
            register,
            app_uuid,
            "fire_limits_frame_building",
            "bay window only, clad in incombustible material: (e)",
        )
    _app, assessment = application_assessment(register, building["application_id"])
    assert assessment.refusals == []
    assert assessment.findings[0].reason.endswith("(e)")
    facts = issuance_facts(register, building["uuid"], TODAY)
    assert not any(u.basis == "12.10(2)" for u in unmet_preconditions(facts))
    entry = register.query_one(
        "SELECT action, reason, user_role FROM journal WHERE record_uuid = ? "
        "ORDER BY seq DESC LIMIT 1",
        (app_uuid,),
    )
    assert entry["action"] == "exception_finding" and "§12.10(2)" in entry["reason"]
    assert entry["user_role"] == "inspector"


def test_a_refusal_without_an_exception_cannot_be_lifted(register):
    uuid = draft(register, "repair", {"structure": "dwelling", "damage_pct": 70})
    permit = submit_application(register, uuid, TODAY, CAL)[0]
    app = register.get_by_id("applications", permit["application_id"])
    with pytest.raises(NotAllowed, match=r"12\.19\(2\)"):
        record_exception_finding(register, app["uuid"], "damaged_50pct", "looks fine to me")


def test_moving_insurance_is_checked_as_amounts(register):
    answers = {"uses_public_way": "yes", "structure": "dwelling"}
    uuid = draft(register, "move_building", answers)
    permit = submit_application(register, uuid, TODAY, CAL)[0]
    app = register.get_by_id("applications", permit["application_id"])
    received = {"moving_insurance_person": "500000.00", "moving_insurance_accident": True,
                "moving_insurance_property": "499999.99"}  # fmt: skip
    register.update("applications", app["uuid"], {"received_json": json.dumps(received)})
    unmet = [str(u) for u in unmet_preconditions(issuance_facts(register, permit["uuid"], TODAY))]
    assert not any("one person" in u for u in unmet)
    assert any("aggregate" in u and "certificate amount not recorded" in u for u in unmet)
    assert any("Property damage" in u and "$499,999.99 certified" in u for u in unmet)


def test_completion_deposit_refund_waits_for_final_or_occupancy(register):
    from tests.inspections_fixtures import make_permit

    permit = make_permit(register)
    dep = ledger.record_deposit(register, permit["uuid"], "completion_deposit", 100000, "R-9",
                                TODAY)  # fmt: skip
    with pytest.raises(NotAllowed, match=r"12\.15"):
        ledger.refund_deposit(register, dep["uuid"], "project done", TODAY)
    passed = {"permit_id": permit["id"], "stage": "final", "result": "passed",
              "inspected_at": "2026-11-20T10:00"}  # fmt: skip
    register.insert("inspections", passed)
    done = ledger.refund_deposit(register, dep["uuid"], "project done", TODAY)
    assert "final inspection passed 2026-11-20" in done["disposition_reason"]


def test_erosion_security_is_released_only_by_the_board_after_the_engineer(register):
    from tests.inspections_fixtures import make_permit

    permit = make_permit(register, kind="erosion_control", permit_class="major",
                         work="land_disturbance")  # fmt: skip
    dep = ledger.record_deposit(register, permit["uuid"], "erosion_security", 500000, "LOC-1",
                                TODAY)  # fmt: skip
    with pytest.raises(InvalidInput, match="board_action"):
        ledger.refund_deposit(register, dep["uuid"], "site stable", TODAY)
    with pytest.raises(InvalidInput, match="engineer_inspected_on"):
        ledger.refund_deposit(register, dep["uuid"], "site stable", TODAY,
                              board_action="minutes 2026-11-24 item 6")  # fmt: skip
    released = ledger.refund_deposit(register, dep["uuid"], "site stable", TODAY,
                                     board_action="minutes 2026-11-24 item 6",
                                     engineer_inspected_on=date(2026, 11, 18))  # fmt: skip
    assert "Village Board action minutes 2026-11-24" in released["disposition_reason"]
    assert "31.12(2)(A)" in released["disposition_reason"]


def test_stages_by_kind_and_work():
    furnace = {s.code for s in stages_for("building", "dwelling", "equipment_replacement")}
    assert "electric_service" not in furnace
    shed = {s.code for s in stages_for("building", "accessory_building", "new_building")}
    assert "footing" not in shed and "foundation" not in shed  # 12.09(3): optional
    moving = [s.code for s in stages_for("moving", "dwelling", "move_building")]
    assert moving == ["moving_route", "moving_street_inspection"]
    altered = [s.code for s in stages_for("moving", "dwelling", "move_building",
                                          {"exterior_alteration": True})]  # fmt: skip
    assert altered[-1] == "moving_exterior_final"


def test_moving_permit_plans_its_own_stages_from_the_application(register):
    uuid = draft(register, "move_building", {"uses_public_way": "yes", "exterior_alteration": True})
    permit = submit_application(register, uuid, TODAY, CAL)[0]
    codes = [p.stage.code for p in planned_stages(register, permit["uuid"])]
    assert codes == ["moving_route", "moving_street_inspection", "moving_exterior_final"]


def test_exhibit_a_is_for_minor_sites_and_31_13_for_major():
    assert checklist_for("minor").title == "Erosion control checklist (Exhibit A as adopted)"
    assert checklist_for("major").basis == "31.13"
    minor = {i.section for i in items_for("minor")}
    assert {"31.12(3)(F)", "31.06(3)(B)"} <= minor  # entry; the channel rule, any size
    assert not any(s.startswith("31.12(2)") for s in minor)
    major = {i.section for i in items_for("major")}
    assert {"31.12(2)(H)", "31.12(2)(B)"} <= major
    larger_minor = {i.section for i in items_for("minor", larger_site=True)}
    assert {"31.06(3)(A)", "31.06(3)(C)"} <= larger_minor and "31.12(2)(B)" not in larger_minor


def test_checklist_class_follows_the_permits_real_class(register):
    """A 6-acre CSM disturbing under an acre is a larger site but a minor activity."""
    answers = {"land_division": True, "site_acres": 6, "disturbed_sqft": 20000,
               "earthwork_cuyd": 0}  # fmt: skip
    uuid = draft(register, "land_disturbance", answers)
    permit = submit_application(register, uuid, TODAY, CAL)[0]
    assert (permit["kind"], permit["permit_class"]) == ("erosion_control", "minor")
    assert erosion_checks.site_class_of(register, permit["uuid"]) == "larger_minor"


def test_the_village_replaces_exhibit_a_with_its_adopted_version(register, tmp_path,
                                                                 monkeypatch):  # fmt: skip
    adopted = tmp_path / "exhibit_a_adopted.toml"
    adopted.write_text(
        'title = "Erosion control checklist (Exhibit A as adopted)"\nbasis = "31.10(2)"\n'
        'version = "R-2027-04"\nadopted = "2027-03-09"\napproved_by = "Village Board"\n'
        '[[item]]\ncode = "silt_fence"\nsection = "31.06(2)(G)"\n'
        'title = "Silt fence installed per Exhibit A, line 1"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("DEERFIELD_EXHIBIT_A", str(adopted))
    assert [i.code for i in items_for("minor")] == ["silt_fence"]
    from tests.inspections_fixtures import make_permit

    permit = make_permit(register, kind="erosion_control", permit_class="minor",
                         work="land_disturbance")  # fmt: skip
    visit, _rows = erosion_checks.record_visit(register, permit["uuid"], "minor",
                                               {"silt_fence": ("meets", None)})  # fmt: skip
    assert visit["checklist_version"] == "R-2027-04"
    adopted.write_text(adopted.read_text().replace('adopted = "2027-03-09"', 'adopted = ""'))
    with pytest.raises(InvalidInput, match="adopted"):
        items_for("minor")


def test_record_finding_from_the_permits_menu(qtbot, register, inspector, monkeypatch):
    """Permits → Record inspector's finding…: choose the refusal, give the reason."""
    from PySide6.QtWidgets import QInputDialog, QMainWindow

    from deerfield_desk.ui import finding_actions

    answers = {"structure": "commercial", "frame_construction": True, "area_sqft": 900,
               "disturbed_sqft": 0, "earthwork_cuyd": 0, "estimated_cost": "40000.00"}  # fmt: skip
    uuid = draft(register, "new_building", answers, {"fire_limits": True})
    building = next(p for p in submit_application(register, uuid, TODAY, CAL)
                    if p["kind"] == "building")  # fmt: skip
    changed = []

    class Window(QMainWindow):
        def menu(self, name):
            return self.menuBar().addMenu(name)

        def notify_changed(self, *tables):
            changed.extend(tables)

    window = Window()
    window.register = register
    qtbot.addWidget(window)
    finding_actions.install(window)
    monkeypatch.setattr(finding_actions, "choose_permit", lambda *_a: building["uuid"])
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: (a[3][0], True))
    reason = "masonry veneer over steel studs: not frame"
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (reason, True))
    told = []
    monkeypatch.setattr(finding_actions.confirm, "inform", lambda *a: told.append(a[2]))
    assert not finding_actions.record_finding(window), "the clerk is not the inspector"
    assert "building inspector" in told[0]
    with register.acting_as(inspector, None):
        assert finding_actions.record_finding(window)
    _app, assessment = application_assessment(register, building["application_id"])
    assert assessment.refusals == [] and "masonry veneer" in assessment.findings[0].reason
    assert "applications" in changed
