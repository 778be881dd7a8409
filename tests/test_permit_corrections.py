"""Corrections after submission (issue 16.1): a person's phone, address or name corrected with
before and after in the journal; contractors by trade; a mis-keyed payment voided, never
edited. All built through the store's own functions."""

from __future__ import annotations

import json

import pytest

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import ContractorTrade
from deerfield_desk.store import ledger
from deerfield_desk.store.permit_contractors import contractors_for_permit, name_contractor
from deerfield_desk.store.permit_corrections import correct_person, void_payment
from deerfield_desk.store.permit_file import load_permit_file
from deerfield_desk.store.verify import verify_register
from tests.application_builders import TODAY
from tests.people_builders import builder, file_for, maria_twice


@pytest.fixture
def filed(register):
    full, _empty = maria_twice(register)
    bo = builder(register)
    permits = file_for(register, full, bo)
    return {"owner": full, "builder": bo, "permit": permits[0], "permits": permits}


def last_entry(register, record_uuid: str) -> dict:
    return register.query_one(
        "SELECT * FROM journal WHERE record_uuid = ? ORDER BY seq DESC LIMIT 1", (record_uuid,)
    )


def test_a_corrected_phone_is_journaled_with_before_after_and_reason(register, filed):
    owner = filed["owner"]
    done = correct_person(register, owner["uuid"], {"phone": "608-555-0199"}, "owner called")
    assert done.changed == [("Phone", "(608) 555-0142", "608-555-0199")]
    entry = last_entry(register, owner["uuid"])
    assert (entry["action"], entry["reason"]) == ("correct", "owner called")
    assert json.loads(entry["before_json"])["phone"] == "(608) 555-0142"
    assert json.loads(entry["after_json"])["phone"] == "608-555-0199"
    assert verify_register(register.path).ok


def test_a_misspelt_name_follows_onto_the_register_lines(register, filed):
    owner = filed["owner"]
    done = correct_person(register, owner["uuid"], {"name": "María González"}, "spelling")
    assert done.permits_updated == len(filed["permits"])
    for permit in filed["permits"]:
        assert register.get("permits", permit["uuid"])["owner_name"] == "María González"
    assert verify_register(register.path).ok


def test_bad_corrections_name_the_field_and_write_nothing(register, filed):
    owner = filed["owner"]
    seq = register.query_one("SELECT max(seq) AS s FROM journal")["s"]
    for values, field in (
        ({"phone": "555"}, "phone"),
        ({"name": "  "}, "name"),
        ({"email": "maria@"}, "email"),
        ({"credential_expires": "31/10/2026"}, "credential_expires"),
    ):
        with pytest.raises(InvalidInput) as caught:
            correct_person(register, owner["uuid"], values, "typo")
        assert caught.value.field == field
    with pytest.raises(InvalidInput, match="reason"):
        correct_person(register, owner["uuid"], {"phone": "608-555-0199"}, " ")
    with pytest.raises(NotAllowed, match="nothing to correct"):
        correct_person(register, owner["uuid"], {"phone": "(608) 555-0142"}, "same")
    assert register.query_one("SELECT max(seq) AS s FROM journal")["s"] == seq


def test_several_contractors_by_trade_with_expired_credentials_warned(register, filed):
    permit = filed["permit"]
    sparky = builder(register, "Sam Sparks", "E-22", credential_expires="2026-06-30")
    name_contractor(register, permit["uuid"], "electrical", sparky["uuid"])
    named = contractors_for_permit(register, register.get("permits", permit["uuid"]), TODAY)
    assert [(c.trade, c.person["name"], c.from_application) for c in named] == [
        (ContractorTrade.GENERAL, "Bo Builder", True),
        (ContractorTrade.ELECTRICAL, "Sam Sparks", False),
    ]
    assert named[0].warning is None
    assert named[1].warning == "Credential E-22 expired on 2026-06-30"


def test_replacing_the_contractor_needs_a_reason_and_keeps_the_old_one(register, filed):
    permit = filed["permit"]
    other = builder(register, "Cy Carpenter", "7654321")
    with pytest.raises(InvalidInput, match="reason"):
        name_contractor(register, permit["uuid"], "general", other["uuid"])
    name_contractor(register, permit["uuid"], "general", other["uuid"], reason="owner changed GC")
    assert register.get("permits", permit["uuid"])["contractor_name"] == "Cy Carpenter"
    named = contractors_for_permit(register, register.get("permits", permit["uuid"]), TODAY)
    assert [c.person["name"] for c in named] == ["Cy Carpenter"]
    third = builder(register, "Di Drywall", "111")
    name_contractor(register, permit["uuid"], "general", third["uuid"], reason="fired")
    voided = register.query("SELECT void_reason FROM permit_contractors WHERE status = 'voided'")
    assert voided == [{"void_reason": "fired"}]
    with pytest.raises(InvalidInput) as caught:
        name_contractor(register, permit["uuid"], "roofing", third["uuid"])
    assert caught.value.field == "trade"
    assert verify_register(register.path).ok


def test_a_mis_keyed_payment_is_voided_and_the_fee_owed_again(register, filed):
    permit = filed["permit"]
    fee = ledger.fees_for_permit(register, permit["id"])[0]
    payment = ledger.record_payment(register, fee["uuid"], fee["balance_cents"], "check",
                                    "R-100", TODAY)  # fmt: skip
    assert register.get("fees", fee["uuid"])["status"] == "paid"
    with pytest.raises(InvalidInput, match="reason"):
        void_payment(register, payment["uuid"], "")
    void_payment(register, payment["uuid"], "keyed $1,250 instead of $125")
    stored = register.get("payments", payment["uuid"])
    assert (stored["status"], stored["amount_cents"]) == ("voided", payment["amount_cents"])
    assert register.get("fees", fee["uuid"])["status"] == "due"
    assert ledger.paid_cents(register, fee["id"]) == 0
    with pytest.raises(NotAllowed, match="already voided"):
        void_payment(register, payment["uuid"], "again")
    assert verify_register(register.path).ok


def test_the_permit_file_gathers_history_of_every_record_in_local_time(register, filed):
    permit, owner = filed["permit"], filed["owner"]
    correct_person(register, owner["uuid"], {"mailing_address": "31 Liberty St"}, "moved")
    record = load_permit_file(register, permit["uuid"], TODAY)
    records = {h.record for h in record.history}
    assert {"Permit", "Application", "Fee", "Person"} <= records
    moved = [h for h in record.history if h.reason == "moved"]
    assert len(moved) == 1
    assert "Mailing address: 27 Liberty St, Deerfield, WI 53531 → 31 Liberty St" in moved[0].changes
    assert len(moved[0].at_local) == 16 and moved[0].at_local[10] == " "
