"""Issue 16.2/16.4 (third session), the wizard: the Parties page names the general contractor
and the electrical, plumbing and HVAC contractors, picked from people on file (with the "use
the one on file?" check) or added with their credential and its expiry; the summary repeats
them; an expired credential is questioned before the official-act confirmation; the permit
names each trade after submission; a discarded application leaves none of them behind."""

from __future__ import annotations

from lifecycle_fixtures import fill, submit

from deerfield_desk.store.applications import add_person, find_people
from deerfield_desk.store.permit_contractors import contractors_for_permit
from deerfield_desk.ui import person_picker
from deerfield_desk.ui.wizard import ApplicationWizard
from deerfield_desk.ui.wizard import wizard as wizard_module
from tests.application_builders import TODAY, complete_answers, people


def to_parties(qtbot, register) -> ApplicationWizard:
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    fill(wizard, "site_street", "Oak St")
    fill(wizard, "site_parcel_number", "0612-000-0001")
    fill(wizard, "site_house_number", "12")
    wizard.next()
    assert wizard.currentPage() is wizard.parties_page
    return wizard


def add_trade(wizard, role: str, name: str, number: str, expires: str) -> dict:
    fill(wizard, "person_name", name)
    fill(wizard, "person_phone", f"608-555-{number[-4:]}")  # one phone each (a shared one asks)
    fill(wizard, "person_credential_type", "Master Electrician")
    fill(wizard, "person_credential_number", number)
    fill(wizard, "person_credential_expires", expires)
    return wizard.parties_page.add(role)


def to_summary(wizard) -> None:
    wizard.next()
    fill(wizard, "work_kind", "new_building")
    for key, value in complete_answers("new_building").items():
        fill(wizard, f"q_{key}", value)
    wizard.next()
    wizard.next()
    assert wizard.currentPage() is wizard.summary_page


def test_trades_added_in_the_wizard_are_repeated_and_named_on_the_permit(qtbot, register,
                                                                        monkeypatch):  # fmt: skip
    asked: list = []
    monkeypatch.setattr(wizard_module, "ask_expired", lambda _p, lines: asked.append(lines))
    who = people(register)
    wizard = to_parties(qtbot, register)
    fill(wizard, "party_owner", who["owner"]["uuid"])
    fill(wizard, "party_contractor", who["contractor"]["uuid"])
    sparks = add_trade(wizard, "electrical", "Sam Sparks", "99123", "2027-06-30")
    pipes = add_trade(wizard, "plumbing", "Pat Pipes", "88001", "2027-03-31")
    combo = wizard.parties_page.combos["electrical"]
    assert combo.currentData() == sparks["uuid"] and "608-555-9123" in combo.currentText()
    assert wizard.state["parties"]["plumbing_uuid"] == pipes["uuid"]
    to_summary(wizard)
    shown = wizard.summary_page.view.toPlainText()
    assert "Electrical contractor" in shown and "99123, expires 2027-06-30" in shown
    assert "Plumbing contractor" in shown and "88001, expires 2027-03-31" in shown
    assert submit(wizard) == ["Submit application"] and asked == []  # nothing expired
    building = next(p for p in wizard.permits if p["kind"] == "building")
    named = {c.trade.value: (c.person["name"], c.credential_number, c.credential_expires)
             for c in contractors_for_permit(register, building, TODAY)}  # fmt: skip
    assert named["electrical"] == ("Sam Sparks", "99123", "2027-06-30")
    assert named["plumbing"] == ("Pat Pipes", "88001", "2027-03-31")
    assert named["general"][0] == "Bo Builder"


def test_an_expired_credential_is_asked_before_the_confirmation(qtbot, register, monkeypatch):
    asked: list = []
    monkeypatch.setattr(wizard_module, "ask_expired",
                        lambda _p, lines: asked.append(lines) or False)  # go back  # fmt: skip
    who = people(register)
    old = add_person(register, {"name": "Hal Air", "credential_number": "77002",
                                "credential_expires": "2026-10-31"}, contractor=True)  # fmt: skip
    wizard = to_parties(qtbot, register)
    fill(wizard, "party_owner", who["owner"]["uuid"])
    fill(wizard, "party_hvac", old["uuid"])
    hint = wizard.parties_page.credential_hint
    assert not hint.isHidden() and "credential 77002 expired on 2026-10-31" in hint.text()
    to_summary(wizard)
    assert submit(wizard) == []  # the official act is never asked while the doubt stands
    assert asked == [["HVAC contractor Hal Air: credential 77002 expired on 2026-10-31"]]
    error = wizard.summary_page.error.text()
    assert error.startswith("Expired credential — HVAC contractor Hal Air") and "_" not in error
    assert register.query_one("SELECT status FROM applications")["status"] == "draft"
    monkeypatch.setattr(wizard_module, "ask_expired", lambda _p, lines: True)  # renewed
    assert submit(wizard) == ["Submit application"]
    assert register.query_one("SELECT status FROM applications")["status"] == "submitted"


def test_a_trade_without_a_credential_is_said_beside_its_picker(qtbot, register):
    who = people(register)
    nocard = add_person(register, {"name": "Nick Nocard", "phone": "608-555-0111"})
    wizard = to_parties(qtbot, register)
    fill(wizard, "party_owner", who["owner"]["uuid"])
    fill(wizard, "party_plumbing", nocard["uuid"])
    assert not wizard.validateCurrentPage()
    error = wizard.binder.errors[("parties", "plumbing_uuid")]
    assert error.isVisible() and "Nick Nocard has no state credential number" in error.text()


def test_adding_a_trade_on_file_asks_to_use_that_one(qtbot, register, monkeypatch):
    who = people(register)
    on_file = add_person(register, {"name": "Sam Sparks", "phone": "608-555-9123",
                                    "credential_number": "99123"}, contractor=True)  # fmt: skip
    monkeypatch.setattr(person_picker, "ask_use_on_file",
                        lambda _p, matches, _name: ("use", matches[0].person))  # fmt: skip
    wizard = to_parties(qtbot, register)
    fill(wizard, "party_owner", who["owner"]["uuid"])
    chosen = add_trade(wizard, "electrical", "Sam Sparks", "99123", "")
    assert chosen["uuid"] == on_file["uuid"]
    assert len(find_people(register, "Sam Sparks")) == 1  # no second record


def test_discarding_voids_the_trades_the_wizard_added(qtbot, register, monkeypatch):
    monkeypatch.setattr(wizard_module, "ask_leave", lambda _p, _n: wizard_module.DISCARD)
    wizard = to_parties(qtbot, register)
    sparks = add_trade(wizard, "electrical", "Sam Sparks", "99123", "2027-06-30")
    air = add_trade(wizard, "hvac", "Hal Air", "77002", "2028-01-31")
    wizard.reject()
    for person in (sparks, air):
        assert register.get("people", person["uuid"])["status"] == "voided"
    assert find_people(register, "Sparks") == [] and find_people(register, "Hal Air") == []
