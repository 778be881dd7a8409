"""Issue 16.2/16.4 (third session), the store side: an application names its contractors by
trade; a trade without a credential is refused before submission in the office's words, an
expired credential is a question; after submission each trade is named on the permits the
trades work under, with the credential number and expiry seen that day."""

from __future__ import annotations

import pytest

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.office_words import plain_error
from deerfield_desk.store.application_contractors import credential_doubts
from deerfield_desk.store.applications import add_person, save_draft, submit_application
from deerfield_desk.store.entered_values import entered_values
from deerfield_desk.store.intake_checks import check_submission
from deerfield_desk.store.permit_contractors import contractors_for_permit
from deerfield_desk.store.village_calendar import village_calendar
from tests.application_builders import TODAY, complete_answers, typed
from tests.people_builders import builder


def tradesman(register, name: str, number: str | None, expires: str | None = None) -> dict:
    return add_person(register, {"name": name, "phone": "608-555-0150",
                                 "credential_type": "Master Electrician",
                                 "credential_number": number, "credential_expires": expires},
                      contractor=number is not None)  # fmt: skip


def state_for(register, **trades) -> dict:
    owner = add_person(register, {"name": "Ann Owner", "phone": "608-555-0100"})
    parties = {"owner_uuid": owner["uuid"], "contractor_uuid": builder(register)["uuid"]}
    parties |= {f"{trade}_uuid": person["uuid"] for trade, person in trades.items()}
    work = "new_building"
    return {
        "site": {"parcel_number": "0612-000-0001", "street": "Oak St", "house_number": "12"},
        "parties": parties,
        "work": work,
        "description": "New house",
        "answers": {key: typed(key, value) for key, value in complete_answers(work).items()}
        | {"disturbed_sqft": 12000.0},  # a larger site: an erosion control permit as well
        "received": {},
    }


def test_each_trade_is_named_on_the_building_permit_after_submission(register):
    sparks = tradesman(register, "Sam Sparks", "99123", "2027-06-30")
    pipes = tradesman(register, "Pat Pipes", "88001")
    air = tradesman(register, "Hal Air", "77002", "2028-01-31")
    state = state_for(register, electrical=sparks, plumbing=pipes, hvac=air)
    draft = save_draft(register, state)
    permits = submit_application(register, draft["uuid"], TODAY, village_calendar(register))
    kinds = {p["kind"]: p for p in permits}
    assert "erosion_control" in kinds  # the trades do not work under it
    building = contractors_for_permit(register, kinds["building"], TODAY)
    named = {c.trade.value: (c.person["name"], c.credential_number, c.credential_expires)
             for c in building}  # fmt: skip
    assert named == {
        "general": ("Bo Builder", "1234567", None),
        "electrical": ("Sam Sparks", "99123", "2027-06-30"),
        "plumbing": ("Pat Pipes", "88001", None),
        "hvac": ("Hal Air", "77002", "2028-01-31"),
    }
    erosion = contractors_for_permit(register, kinds["erosion_control"], TODAY)
    assert [c.trade.value for c in erosion] == ["general"]


def test_a_trade_without_a_credential_is_refused_before_the_confirmation(register):
    nobody = tradesman(register, "Nick Nocard", None)
    state = state_for(register, plumbing=nobody)
    with pytest.raises(InvalidInput) as refused:
        check_submission(register, state, TODAY)
    said = plain_error(refused.value)
    assert said.startswith("Plumbing contractor: Nick Nocard has no state credential number")
    assert said.endswith("on the Parties page") and "_uuid" not in said
    draft = save_draft(register, state)
    with pytest.raises(InvalidInput):  # submission itself refuses it too, writing nothing
        submit_application(register, draft["uuid"], TODAY, village_calendar(register))
    assert register.query_one("SELECT count(*) AS n FROM permits")["n"] == 0


def test_an_expired_credential_is_a_question_in_office_words(register):
    old = tradesman(register, "Old Sparks", "55555", "2026-10-31")
    state = state_for(register, electrical=old)
    check_submission(register, state, TODAY)  # not an error: the contractor may have renewed
    assert credential_doubts(register, state["parties"], TODAY) == [
        "Electrical contractor Old Sparks: credential 55555 expired on 2026-10-31"
    ]


def test_the_summary_repeats_each_trade_with_its_credential(register):
    sparks = tradesman(register, "Sam Sparks", "99123", "2027-06-30")
    rows = dict(entered_values(register, state_for(register, electrical=sparks)))["Parties"]
    said = dict(rows)
    assert said["Electrical contractor"] == (
        "Sam Sparks · 608-555-0150 · credential Master Electrician 99123, expires 2027-06-30"
    )
    assert said["General contractor"].endswith("credential Dwelling Contractor 1234567")
