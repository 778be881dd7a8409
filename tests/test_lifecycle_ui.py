"""The lifecycle screens: errors named beside their field, undo, drafts, the review queue,
the issue dialog, payments and extension, and the Permits menu."""

from __future__ import annotations

import pytest
from lifecycle_fixtures import fill, walk
from PySide6.QtWidgets import QCheckBox

from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.store.applications import drafts
from deerfield_desk.store.permits_lifecycle import decide_review, issue_permit
from deerfield_desk.ui import confirm
from deerfield_desk.ui.wizard import ApplicationWizard
from tests.application_builders import TODAY, pay_all


@pytest.fixture
def answers(monkeypatch):
    """Confirmation dialogs answered yes (recorded), information boxes recorded."""
    asked, told = [], []
    monkeypatch.setattr(confirm, "ask", lambda _p, title, text: asked.append(title) or True)
    monkeypatch.setattr(confirm, "tell", lambda _p, title, text: told.append((title, text)))
    return asked, told


def test_missing_site_fields_are_named_beside_them(qtbot, register):
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    assert not wizard.validateCurrentPage()
    street_error = wizard.binder.errors[("site", "street")]
    assert street_error.isVisible() and "street" in street_error.text()
    fill(wizard, "site_street", "Main St")
    assert not wizard.validateCurrentPage()
    assert "parcel number" in wizard.binder.errors[("site", "parcel_number")].text()


def test_contractor_without_credential_and_bad_numbers_are_refused(qtbot, register):
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    fill(wizard, "site_street", "Main St")
    fill(wizard, "site_parcel_number", "0612-1")
    wizard.next()
    fill(wizard, "person_name", "Cy Contractor")
    assert wizard.parties_page.add("contractor") is None
    assert "credential number" in wizard.parties_page.new_errors["credential_number"].text()
    assert not wizard.validateCurrentPage()  # no owner yet
    assert "owner" in wizard.binder.errors[("parties", "owner_uuid")].text()
    fill(wizard, "person_name", "Ann Owner")
    wizard.parties_page.add("owner")
    wizard.next()
    fill(wizard, "work_kind", "satellite_dish")
    assert not wizard.validateCurrentPage()  # the engine needs the diameter (12.27)
    assert "12.27" in wizard.binder.errors[("answers", "dish_diameter_in")].text()
    fill(wizard, "q_dish_diameter_in", "two feet")
    assert "expected a number" in wizard.binder.errors[("answers", "dish_diameter_in")].text()
    assert not wizard.validateCurrentPage()


def test_undo_steps_back_through_edits(qtbot, register):
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    fill(wizard, "site_street", "Main St")
    fill(wizard, "site_street", "Elm St")
    fill(wizard, "site_fire_limits", True)
    wizard.undo_stack.undo()
    assert "fire_limits" not in wizard.state["site"]
    assert not wizard.site_page.findChild(QCheckBox, "site_fire_limits").isChecked()
    wizard.undo_stack.undo()
    assert wizard.state["site"]["street"] == "Main St"
    assert wizard.site_page.edits["street"].text() == "Main St"
    wizard.undo_stack.redo()
    assert wizard.site_page.edits["street"].text() == "Elm St"


def test_draft_saved_and_resumed(qtbot, register):
    wizard = walk(qtbot, register, site={"site_house_number": "7"}, work="demolition",
                  answers={"structure": "detached_garage", "area_sqft": "500"},
                  stop_at_summary=True)  # fmt: skip
    row = wizard.save_draft()
    assert row["status"] == "draft" and len(drafts(register)) == 1
    again = ApplicationWizard(register, app_uuid=row["uuid"], today=TODAY)
    qtbot.addWidget(again)
    again.show()
    assert again.site_page.edits["house_number"].text() == "7"
    assert again.state["answers"]["area_sqft"] == 500
    again.next()
    again.next()
    assert again.work_page.inputs["area_sqft"].text() == "500"


def test_review_queue_decides_with_confirmation(qtbot, window, answers):
    from deerfield_desk.ui.lifecycle_actions import open_review_queue

    walk(qtbot, window.register, site={"site_zoning": "residential"}, work="satellite_dish",
         answers={"dish_diameter_in": "24", "mount": "ground"})  # fmt: skip
    queue = open_review_queue(window)
    assert queue.table.rowCount() == 1 and queue.table.item(0, 0).text() == "2026-12-30"
    assert not queue.decide("reject")  # no written reasons
    assert "reasons" in queue.error.text()
    queue.text.setPlainText("Front yard location is not allowed")
    assert queue.decide("reject")
    assert answers[0] == ["Reject", "Reject"]
    permit = window.register.query_one("SELECT * FROM permits")
    assert (permit["status"], permit["decision_reason"]) == (
        "rejected",
        "Front yard location is not allowed",
    )
    assert queue.table.rowCount() == 0


def test_issue_dialog_lists_reasons_then_issues(qtbot, window, answers):
    from deerfield_desk.ui.issue_dialog import IssueDialog
    from deerfield_desk.ui.money_dialog import MoneyDialog

    walk(qtbot, window.register, site={}, work="demolition",
         answers={"structure": "detached_garage", "area_sqft": "500"})  # fmt: skip
    permit = window.register.query_one("SELECT * FROM permits")
    decide_review(window.register, permit["uuid"], "approve")
    dialog = IssueDialog(window, permit["uuid"], today=TODAY)
    qtbot.addWidget(dialog)
    assert not dialog.issue_button.isEnabled()
    texts = [dialog.unmet.item(i).text() for i in range(dialog.unmet.count())]
    assert texts[0] == "Demolition permit (sample): $50.00 unpaid (§12.22)"
    money = MoneyDialog(window, permit["uuid"], today=TODAY)
    qtbot.addWidget(money)
    money.fees.selectRow(0)
    money.pay_amount.setText("50")
    assert not money.record_payment()  # no receipt number
    assert "receipt" in money.error.text()
    money.receipt.setText("R-100")
    assert money.record_payment()
    assert money.fees.item(0, 4).text() == "$0.00"
    for check in money.paper_checks.values():
        check.setChecked(True)
    dialog.refresh()
    assert dialog.issue_button.isEnabled()
    dialog.issue()
    assert dialog.issued["permit_number"] == "2026-0001"
    assert "Issue permit" in answers[0]


def test_extend_dialog_refuses_erosion_and_extends_building(qtbot, window, answers):
    from deerfield_desk.ui.extend_dialog import ExtendDialog

    reg = window.register
    walk(
        qtbot,
        reg,
        site={"site_on_platted_lot": True},
        work="addition",
        answers={"structure": "dwelling", "area_sqft": "200"},
        received=[
            "plans_two_sets",
            "plot_plan",
            "erosion_statement.sample_map",
            "erosion_statement.site_description",
            "erosion_statement.schedule",
        ],
    )
    for p in reg.query("SELECT * FROM permits"):
        decide_review(reg, p["uuid"], "approve")
        pay_all(reg, p)
        issue_permit(reg, p["uuid"], TODAY, VillageCalendar())
    erosion = reg.query_one("SELECT uuid FROM permits WHERE kind = 'erosion_control'")
    dialog = ExtendDialog(window, erosion["uuid"], today=TODAY)
    qtbot.addWidget(dialog)
    dialog.approved_by.setText("Lee Inspector")
    dialog.receipt.setText("R-1")
    assert not dialog.extend()
    assert "31.12(1)" in dialog.error.text()
    building = reg.query_one("SELECT uuid FROM permits WHERE kind = 'building'")
    dialog = ExtendDialog(window, building["uuid"], today=TODAY)
    qtbot.addWidget(dialog)
    dialog.days.setValue(30)
    dialog.approved_by.setText("Lee Inspector")
    dialog.receipt.setText("R-2")
    assert dialog.extend()
    assert dialog.result_row["expires_date"] == "2028-12-30"


def test_permits_menu_is_installed(window):
    texts = [a.text().replace("&", "") for a in window.menu("Permits").actions()]
    for wanted in ("New application…", "Review queue", "Issue permit…", "Record payment…",
                   "Extend…"):  # fmt: skip
        assert wanted in texts
    new = window.menu("Permits").actions()[texts.index("New application…")]
    assert new.shortcut().toString() == "Ctrl+N"
    assert "Fee schedule…" in [a.text().replace("&", "") for a in window.menu("Tools").actions()]


def test_papers_tab_offers_the_erosion_statement_items_too(qtbot, window):
    from deerfield_desk.ui.money_dialog import MoneyDialog

    walk(qtbot, window.register, site={"site_on_platted_lot": True}, work="new_building",
         answers={"structure": "dwelling", "area_sqft": "1500"},
         received=["erosion_statement.sample_map"])  # fmt: skip
    building = window.register.query_one("SELECT uuid FROM permits WHERE kind = 'building'")
    money = MoneyDialog(window, building["uuid"], today=TODAY)
    qtbot.addWidget(money)
    assert money.paper_checks["erosion_statement.sample_map"].isChecked()
    assert not money.paper_checks["plot_plan"].isChecked()
    money.paper_checks["plot_plan"].setChecked(True)
    app = window.register.query_one("SELECT received_json FROM applications")
    assert '"plot_plan": "2026-11-30"' in app["received_json"]


def test_fee_schedule_dialog_names_the_bad_row_and_saves_a_good_one(qtbot, window):
    from PySide6.QtWidgets import QTableWidgetItem

    from deerfield_desk.store.ledger import fee_schedule
    from deerfield_desk.ui.fee_schedule_page import FeeScheduleDialog

    dialog = FeeScheduleDialog(window)
    qtbot.addWidget(dialog)
    dialog.add_row({"code": "building_permit", "label": "Building 2027", "flat_cents": 6000,
                    "per_sqft_cents": 25, "effective_from": "2027-13-01"})  # fmt: skip
    row = dialog.table.rowCount() - 1
    assert not dialog.save()
    assert dialog.error.text() == f"Row {row + 1}, Effective from: a date, YYYY-MM-DD"
    dialog.table.setItem(row, 4, QTableWidgetItem("2027-01-01"))
    dialog.table.setItem(row, 3, QTableWidgetItem("0.255"))
    assert not dialog.save()
    assert dialog.error.text() == f"Row {row + 1}, Per sq ft $: whole cents only (two decimals)"
    dialog.table.setItem(row, 3, QTableWidgetItem("0.25"))
    assert dialog.save()
    saved = fee_schedule(window.register)[-1]
    assert (saved["flat_cents"], saved["per_sqft_cents"]) == (6000, 25)


def test_new_application_action_opens_the_wizard(qtbot, window):
    from deerfield_desk.ui.lifecycle_actions import open_wizard

    wizard = open_wizard(window)
    qtbot.addWidget(wizard)
    assert wizard.isVisible() and wizard.currentPage() is wizard.site_page
    wizard.reject()


def test_deposit_recorded_and_forfeited_from_the_dialog(qtbot, window, answers):
    from deerfield_desk.ui.money_dialog import MoneyDialog

    walk(qtbot, window.register, site={}, work="demolition",
         answers={"structure": "detached_garage", "area_sqft": "500"})  # fmt: skip
    permit = window.register.query_one("SELECT * FROM permits")
    money = MoneyDialog(window, permit["uuid"], today=TODAY)
    qtbot.addWidget(money)
    money.dep_amount.setText("1,000.005")
    assert not money.record_deposit()
    assert "whole cents" in money.error.text()
    money.dep_amount.setText("1,000")
    money.dep_ref.setText("Receipt 4411")
    assert money.record_deposit()
    money.deposits.selectRow(0)
    causes = [money.dep_cause.itemData(i) for i in range(money.dep_cause.count())]
    assert causes == ["occupied_before_final", "temporary_occupancy_overrun",
                      "exterior_unfinished"]  # fmt: skip
    money.dep_cause.setCurrentIndex(0)
    assert money.forfeit()
    assert money.deposits.item(0, 4).text() == "Forfeited"
    assert "§12.15" in money.deposits.item(0, 5).text()


def test_choosing_a_parcel_on_file_fills_the_site_and_its_facts(qtbot, register):
    from deerfield_desk.store.applications import site_parcel

    parcel = site_parcel(register, {"parcel_number": "0612-555", "house_number": "8",
                                    "street": "Main St", "fire_limits": True,
                                    "zoning": "commercial"})  # fmt: skip
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    fill(wizard, "site_parcel", parcel["uuid"])
    site = wizard.state["site"]
    assert (site["street"], site["house_number"], site["fire_limits"], site["zoning"]) == (
        "Main St",
        "8",
        True,
        "commercial",
    )
    assert wizard.site_page.findChild(QCheckBox, "site_fire_limits").isChecked()
    assert wizard.validateCurrentPage()
    wizard.undo_stack.undo()  # the fill-in is one step
    assert "street" not in wizard.state["site"]


def test_papers_tab_takes_the_insurance_amounts_of_12_19_7(qtbot, window):
    from deerfield_desk.ui.money_dialog import MoneyDialog

    walk(qtbot, window.register, site={}, work="move_building",
         answers={"structure": "dwelling", "uses_public_way": "yes"})  # fmt: skip
    moving = window.register.query_one("SELECT uuid FROM permits WHERE kind = 'moving'")
    money = MoneyDialog(window, moving["uuid"], today=TODAY)
    qtbot.addWidget(money)
    edit = money.paper_checks["moving_insurance_accident"]
    edit.setText("1,000,000")
    edit.editingFinished.emit()
    app = window.register.query_one("SELECT received_json FROM applications")
    assert '"moving_insurance_accident": "1000000.00"' in app["received_json"]
    edit.setText("a lot")
    edit.editingFinished.emit()
    error = money.error.text()  # named as on screen, nothing written
    assert "'a lot' is not an amount in dollars" in error and "_" not in error
    assert error.lower().startswith("public liability")
    app = window.register.query_one("SELECT received_json FROM applications")
    assert '"moving_insurance_accident": "1000000.00"' in app["received_json"]
