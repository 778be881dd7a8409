"""qtbot walks the new-application wizard for the six counter scenarios of issue 4."""

from __future__ import annotations

import json

from lifecycle_fixtures import submit, walk
from PySide6.QtWidgets import QLineEdit

from deerfield_desk.models.status import PermitStatus
from tests.application_builders import TODAY


def codes(wizard, group):
    return [(ln.text, ln.basis) for ln in wizard.summary_page.lines if ln.group == group]


def permits_of(register):
    return {p["kind"]: p for p in register.query("SELECT * FROM permits ORDER BY id")}


def test_new_house_on_platted_lot(qtbot, register):
    wizard = walk(
        qtbot, register,
        site={"site_house_number": "12", "site_on_platted_lot": True,
              "site_zoning": "residential"},
        work="new_building",
        answers={"structure": "dwelling", "dwelling_units": "1", "area_sqft": "1800",
                 "estimated_cost": "250,000",
                 "new_primary_structure": True},
        description="Two-storey house", stop_at_summary=True,
    )  # fmt: skip
    page = wizard.summary_page
    assert [(ln.text, ln.basis) for ln in page.lines if ln.group == "permits"] == [
        ("Building permit", "12.07(2)(a)"),
        ("Erosion control permit (minor)", "31.06(1)(B), 31.08(1), 31.02(17)"),
    ]
    money = {ln.code: ln.basis for ln in page.lines if ln.group == "money"}
    assert money == {"completion_deposit": "12.15"}
    documents = {ln.code: ln.basis for ln in page.lines if ln.group == "documents"}
    assert documents["house_number_placard"] == "12.32(3)"
    review = next(ln for ln in page.lines if ln.group == "reviews")
    assert review.basis == "31.10(2)" and "by 2026-12-03" in review.detail
    html = page.view.toHtml()
    assert "§12.15" in html and "$1,000.00" in html  # deposit amount from the fee schedule
    submit(wizard)
    permits = permits_of(register)
    assert set(permits) == {"building", "erosion_control"}
    assert permits["erosion_control"]["review_due"] == "2026-12-03"
    assert permits["erosion_control"]["permit_class"] == "minor"
    assert all(p["status"] == PermitStatus.UNDER_REVIEW for p in permits.values())
    assert permits["building"]["address_text"] == "12 Oak St"
    app = register.query_one("SELECT * FROM applications")
    assert app["application_number"] == "A-2026-0001" and app["status"] == "submitted"


def test_subdivision_grading_is_major_with_security_and_engineer(qtbot, register):
    wizard = walk(
        qtbot, register, site={},
        work="land_disturbance",
        answers={"disturbed_sqft": "65340", "subdivision": True, "lots_created": "4",
                 "control_measures_cost": "40,000"},
        stop_at_summary=True,
    )  # fmt: skip
    lines = wizard.summary_page.lines
    assert "Erosion control permit (major)" in [ln.text for ln in lines]
    security = next(ln for ln in lines if ln.code == "erosion_security")
    assert security.basis == "31.12(2)(A)" and security.detail == "at least $50,000.00"
    assert any(ln.code == "erosion_control_plan" and ln.basis == "31.09(1)" for ln in lines)
    review = next(ln for ln in lines if ln.group == "reviews")
    assert "Village engineer" in review.text and "by 2026-12-30" in review.detail
    # the plan contents of 31.09(1) are offered as a checklist of received items
    plan_items = [k for k in wizard.items_page.checks if k.startswith("erosion_plan.")]
    assert len(plan_items) == 14
    submit(wizard)
    permit = permits_of(register)["erosion_control"]
    assert (permit["review_by"], permit["review_due"]) == ("village_engineer", "2026-12-30")


def test_garage_demolition_asks_the_twelve_eighteen_items(qtbot, register):
    wizard = walk(
        qtbot, register, site={},
        work="demolition", answers={"structure": "detached_garage", "area_sqft": "500"},
        received=["demolition.utility_release"], stop_at_summary=True,
    )  # fmt: skip
    sections = [k for k in wizard.items_page.checks if k.startswith("demolition.")]
    assert len(sections) == 9  # 12.18(2)(a)-(i)
    assert codes(wizard, "permits") == [("Demolition permit", "12.18(1)")]
    submit(wizard)
    received = json.loads(register.query_one("SELECT received_json FROM applications")[
        "received_json"])  # fmt: skip
    assert received == {"demolition.utility_release": True}


def test_moving_a_house_needs_deposit_insurance_and_board_vote(qtbot, register):
    wizard = walk(
        qtbot, register, site={"site_house_number": "40"},
        work="move_building",
        answers={"structure": "dwelling", "area_sqft": "1400", "estimated_cost": "30000",
                 "new_primary_structure": True},
        stop_at_summary=True,
    )  # fmt: skip
    lines = {ln.code: ln for ln in wizard.summary_page.lines if ln.code}
    assert lines["moving_cash_deposit"].detail == "at least $5,000.00"
    assert lines["moving_insurance_accident"].basis == "12.19(7)"
    assert lines["moving_insurance_accident"].detail == "at least $1,000,000.00"
    assert lines["village_approval_vote"].basis == "12.19(8)(a)"
    assert lines["house_number_placard"].basis == "12.32(3)"  # a house located in the village
    review = next(ln for ln in wizard.summary_page.lines if ln.group == "reviews")
    assert "Village board" in review.text and review.basis == "12.19(8)"
    assert {"moving.elevations", "moving.photographs", "moving.site_plan"} <= set(
        wizard.items_page.checks
    )
    submit(wizard)
    permit = permits_of(register)["moving"]
    assert permit["review_by"] == "village_board" and permit["review_due"] is None


def test_satellite_dish_never_asks_about_earthwork(qtbot, register):
    wizard = walk(
        qtbot, register, site={"site_zoning": "residential"},
        work="satellite_dish", answers={"dish_diameter_in": "24", "mount": "ground"},
        stop_at_summary=True,
    )  # fmt: skip
    asked = set(wizard.work_page.inputs)
    assert asked == {
        "dish_diameter_in",
        "mount",
        "dish_yard",
        "dish_structure_ft",
        "dish_lot_line_ft",
        "dish_yard_share_pct",
        "existing_dishes",
        "exception_finding",
    }  # §12.30(5)-(6) placement; §12.29(2) finding
    assert wizard.work_page.findChild(QLineEdit, "q_disturbed_sqft") is None
    placement = next(ln for ln in wizard.summary_page.lines if ln.code == "satellite_placement")
    assert placement.basis == "12.30(5)"  # rear yard only in a residential district
    review = next(ln for ln in wizard.summary_page.lines if ln.group == "reviews")
    assert review.basis == "12.29(4)" and "deemed refused" in review.detail
    submit(wizard)
    assert permits_of(register)["satellite_dish"]["review_due"] == "2026-12-30"


def test_residing_needs_no_permit_and_is_recorded_as_such(qtbot, register):
    wizard = walk(qtbot, register, site={}, work="reside", answers={"structure": "dwelling"},
                  stop_at_summary=True)  # fmt: skip
    assert "No permit is needed" in wizard.summary_page.headline.text()
    assert codes(wizard, "exemptions") == [("Re-siding needs no permit", "12.07(3)(a)")]
    assert wizard.button(wizard.WizardButton.FinishButton).text() == "Record: no permit needed"
    submit(wizard)
    assert register.query("SELECT * FROM permits") == []
    app = register.query_one("SELECT status FROM applications")
    assert app["status"] == "no_permit_needed"


def test_stale_answers_of_another_kind_are_not_assessed(qtbot, register):
    """A clerk who typed earthwork for a house and then switched to a dish gets no erosion
    permit from the leftover answer."""
    wizard = walk(
        qtbot, register, site={"site_zoning": "residential"},
        work="satellite_dish", answers={"dish_diameter_in": "24", "mount": "ground"},
        stop_at_summary=True,
    )  # fmt: skip
    wizard.state["answers"]["disturbed_sqft"] = 50000
    wizard.summary_page.initializePage()
    assert [ln.text for ln in wizard.summary_page.lines if ln.group == "permits"] == [
        "Satellite dish special use permit"
    ]
    assert TODAY.weekday() == 0
