"""Headless builders for the lifecycle tests: file an application through the store, as the
wizard does, without a window.

Why: the money and status tests are about the ledger and the status machine; building their
data by driving the Qt wizard made them slow and able to fail for a widget's reason. The
wizard's own tests (test_lifecycle_wizard.py, test_lifecycle_ui.py) still drive it; these
builders store the same state the wizard would (answers typed by the wizard's own parser) and
call the same store functions its Submit button calls.
"""

from __future__ import annotations

from datetime import date

from deerfield_desk.models.wizard_fields import QUESTIONS, parse_number
from deerfield_desk.store import ledger
from deerfield_desk.store.applications import add_person, save_draft, submit_application
from deerfield_desk.store.village_calendar import village_calendar

TODAY = date(2026, 11, 30)  # a Monday; Thursday 3 Dec is the third working day
KINDS = {q.key: q.kind for q in QUESTIONS}


#: Figures a complete application states (issue 13: unknown is not zero); a test that wants
#: one missing passes None for it, and it is left unanswered.
MEASURED = {"new_building", "addition", "demolition", "land_disturbance"}


def complete_answers(work: str) -> dict:
    out: dict = {}
    if work in MEASURED:
        out |= {"disturbed_sqft": "0", "earthwork_cuyd": "0"}
        if work != "land_disturbance":
            out["estimated_cost"] = "5000"
    if work == "new_building":  # a new dwelling says its units (asked only for dwellings)
        out["dwelling_units"] = "1"
    if work == "move_building":
        out["uses_public_way"] = "yes"
    if work == "satellite_dish":  # a rear-yard dish within the §12.30(5) limits
        out |= {"dish_yard": "rear", "existing_dishes": "0", "dish_structure_ft": "10",
                "dish_lot_line_ft": "10", "dish_yard_share_pct": "5"}  # fmt: skip
    return out


def people(register) -> dict:
    return {
        "owner": add_person(register, {"name": "Ann Owner", "phone": "608-555-0100"}),
        "contractor": add_person(
            register,
            {
                "name": "Bo Builder",
                "firm": "Builder & Sons",
                "credential_type": "Dwelling Contractor",
                "credential_number": "1234567",
            },  # fmt: skip
            contractor=True,
        ),
    }


def typed(key: str, value):
    """An answer as the wizard stores it: text typed into a number field is parsed."""
    if isinstance(value, str) and KINDS.get(key) in ("number", "count", "money"):
        return parse_number(value, KINDS[key])
    return value


def file_application(register, *, site: dict, work: str, answers: dict, received=(),
                     description: str = "", on: date = TODAY) -> list[dict]:  # fmt: skip
    """Save the draft and submit it; returns the permits filed. ``site`` keys are the wizard's
    field names (``site_house_number``…), so a test reads like the form it stands for."""
    who = people(register)
    site = {"site_parcel_number": "0612-000-0001", "site_street": "Oak St", **site}
    state = {
        "site": {key.removeprefix("site_"): value for key, value in site.items()},
        "parties": {
            "owner_uuid": who["owner"]["uuid"],
            "contractor_uuid": who["contractor"]["uuid"],
        },
        "work": work,
        "description": description,
        "answers": {
            key: typed(key, value)
            for key, value in {**complete_answers(work), **answers}.items()
            if value is not None
        },  # fmt: skip
        "received": {key: True for key in received},
    }
    draft = save_draft(register, state)
    return submit_application(register, draft["uuid"], on, village_calendar(register))


def pay_all(register, permit, on=TODAY) -> None:
    for fee in ledger.fees_for_permit(register, permit["id"]):
        if fee["amount_cents"] is None:
            ledger.bill_fee(register, fee["uuid"], 120000, "engineer's invoice 77")
            fee = {**fee, "balance_cents": 120000}
        if fee["balance_cents"]:
            ledger.record_payment(register, fee["uuid"], fee["balance_cents"], "check",
                                  f"R-{fee['id']}", on)  # fmt: skip
