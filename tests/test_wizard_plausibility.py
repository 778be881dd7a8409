"""Issue 16.4: unlikely figures are asked about before they are accepted, and dwellings say how
many units they have (the Census and state reports count them)."""

from __future__ import annotations

import pytest
from lifecycle_fixtures import fill, submit, walk
from PySide6.QtWidgets import QApplication

from deerfield_desk.store.applications import find_people
from deerfield_desk.ui.wizard import ApplicationWizard
from deerfield_desk.ui.wizard import wizard as wizard_module
from tests.application_builders import TODAY, people


@pytest.fixture
def unusual(monkeypatch):
    """Answer "keep these figures?" with the next answer given; records what was asked."""
    asked: list[list[str]] = []
    answers: list[bool] = []
    monkeypatch.setattr(wizard_module, "ask_unusual",
                        lambda _parent, lines: asked.append(lines) or answers.pop(0))  # fmt: skip
    return asked, answers


def to_work_page(qtbot, register) -> ApplicationWizard:
    who = people(register)
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    fill(wizard, "site_street", "Oak St")
    fill(wizard, "site_parcel_number", "0612-000-0001")
    wizard.next()
    fill(wizard, "party_owner", who["owner"]["uuid"])
    wizard.next()
    return wizard


def new_house(wizard, **answers) -> None:
    fill(wizard, "work_kind", "new_building")
    values = {"structure": "dwelling", "dwelling_units": "1", "area_sqft": "1800",
              "estimated_cost": "250,000", "disturbed_sqft": "0", "earthwork_cuyd": "0",
              **answers}  # fmt: skip
    for key, value in values.items():
        fill(wizard, f"q_{key}", value)


def test_a_huge_house_on_a_cliff_is_asked_about_and_can_be_corrected(qtbot, register, unusual):
    asked, answers = unusual
    wizard = to_work_page(qtbot, register)
    new_house(wizard, area_sqft="385,000", max_slope_pct="2500", estimated_cost="4")
    answers.append(False)  # "Correct them"
    assert not wizard.validateCurrentPage()
    assert asked[0] == [
        "Steepest slope disturbed: 2,500 % — a slope over 100 % is steeper than 45 degrees.",
        "Floor area (for demolition: the part razed): 385,000 sq ft — larger than 12,000 sq "
        "ft, unusual for this kind of building.",
        "Estimated total cost (labour and materials): $4.00 for 385,000 sq ft is $0.00 a "
        "square foot — was a figure shifted or cut short?",
    ]
    QApplication.processEvents()  # new question rows are shown by the event loop
    slope = wizard.binder.errors[("answers", "max_slope_pct")]
    assert slope.isVisibleTo(wizard) and slope.text().startswith("Check this figure: 2,500 %")
    fill(wizard, "q_area_sqft", "1800")
    fill(wizard, "q_max_slope_pct", "25")
    fill(wizard, "q_estimated_cost", "250,000")
    assert wizard.validateCurrentPage() and len(asked) == 1  # nothing unusual left to ask


def test_a_figure_kept_as_typed_is_not_asked_again(qtbot, register, unusual):
    asked, answers = unusual
    wizard = to_work_page(qtbot, register)
    new_house(wizard, max_slope_pct="120")
    answers.append(True)  # "Keep as typed": a real bluff lot
    assert wizard.validateCurrentPage()
    wizard.next()
    wizard.back()
    assert wizard.validateCurrentPage() and len(asked) == 1
    fill(wizard, "q_max_slope_pct", "140")  # a new figure is a new question
    answers.append(True)
    assert wizard.validateCurrentPage() and len(asked) == 2


def test_an_email_without_a_domain_is_asked_about_before_the_person_is_added(qtbot, register,
                                                                           unusual):  # fmt: skip
    asked, answers = unusual
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    fill(wizard, "site_street", "Oak St")
    fill(wizard, "site_parcel_number", "0612-000-0001")
    wizard.next()
    fill(wizard, "person_name", "Maria Gonzalez")
    fill(wizard, "person_email", "maria.gonzalez@")
    answers.append(False)
    assert wizard.parties_page.add("owner") is None
    assert "does not look like an e-mail address" in asked[0][0]
    assert wizard.parties_page.new_errors["email"].isVisible()
    assert find_people(register, "Gonzalez") == []  # nothing written
    fill(wizard, "person_email", "maria.gonzalez@example.com")
    assert wizard.parties_page.add("owner")["email"] == "maria.gonzalez@example.com"
    assert len(asked) == 1


def test_a_new_dwelling_must_say_its_units_and_they_must_fit(qtbot, register):
    wizard = to_work_page(qtbot, register)
    new_house(wizard, dwelling_units="")
    assert not wizard.validateCurrentPage()
    units = wizard.binder.errors[("answers", "dwelling_units")]
    assert "how many dwelling units" in units.text()
    fill(wizard, "q_dwelling_units", "4")
    assert not wizard.validateCurrentPage()
    assert "1 or 2 units" in units.text() and "Multifamily building" in units.text()
    fill(wizard, "q_structure", "multifamily")
    assert wizard.validateCurrentPage()


def test_an_apartment_building_stores_its_units_for_the_census(qtbot, register):
    walk(qtbot, register, site={}, work="new_building",
         answers={"structure": "multifamily", "dwelling_units": "12", "area_sqft": "14000",
                  "estimated_cost": "2,400,000"})  # fmt: skip
    app = register.query_one("SELECT * FROM applications")
    assert app["dwelling_units"] == 12
    building = register.query_one("SELECT * FROM permits WHERE kind = 'building'")
    assert building["housing_units"] == 12  # what the C-404 and annual reports count


def test_a_deck_is_not_asked_for_units(qtbot, register):
    wizard = to_work_page(qtbot, register)
    fill(wizard, "work_kind", "new_building")
    fill(wizard, "q_structure", "dwelling")
    QApplication.processEvents()  # new question rows are shown by the event loop
    assert wizard.work_page.inputs["dwelling_units"].isVisibleTo(wizard)
    fill(wizard, "q_dwelling_units", "2")
    fill(wizard, "q_structure", "deck")
    assert not wizard.work_page.inputs["dwelling_units"].isVisibleTo(wizard)
    for key, value in {"area_sqft": "300", "estimated_cost": "9000", "disturbed_sqft": "0",
                       "earthwork_cuyd": "0"}.items():  # fmt: skip
        fill(wizard, f"q_{key}", value)
    assert wizard.validateCurrentPage()
    wizard.next()
    wizard.next()
    assert submit(wizard) == ["Submit application"]
    assert register.query_one("SELECT dwelling_units FROM applications")["dwelling_units"] is None
