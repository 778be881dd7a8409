"""Correcting the owner of an imported permit: the typed name becomes a person on file.

Why: a permit brought in from the old spreadsheet register carries its owner only as the
name someone typed (``permits.owner_name``); there is no people record to hold a phone or an
address, so the permit window could not correct it and a notice had nowhere to go. Here the
clerk links the permit to a person on file, either one already in the directory (chosen
with their address and phone, never guessed by name) or a new one made from the typed name
and what the owner says at the counter. The link is one journaled correction of the permit
(action ``correct``) with the reason, and the before and after are said in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import RecordStatus
from deerfield_desk.store.applications import add_person
from deerfield_desk.store.people import person_label
from deerfield_desk.store.register import Register, decision

#: How the owner of an unlinked imported permit is described before the correction.
TYPED_ONLY = "typed on the imported permit, no person on file"


@dataclass
class OwnerLink:
    """What the correction did: the person now linked, and the owner before and after."""

    person: dict
    before: str
    after: str
    created: bool


def owner_before(reg: Register, permit: dict) -> str:
    """The owner as the permit holds it now, in words."""
    if permit.get("owner_id"):
        return person_label(reg.get_by_id("people", permit["owner_id"]))
    name = (permit.get("owner_name") or "").strip()
    return f"{name} ({TYPED_ONLY})" if name else "no owner named"


def can_link_owner(permit: dict) -> bool:
    """Only a permit without an application: a filed permit's owner is the application's
    person, corrected as a person (``permit_corrections.correct_person``)."""
    return not permit.get("application_id")


@decision
def link_owner(reg: Register, permit_uuid: str, reason: str, *, person_uuid: str | None = None,
               new_person: dict | None = None) -> OwnerLink:  # fmt: skip
    """Link the imported permit ``permit_uuid`` to the owner on file ``person_uuid``, or to a
    person added from ``new_person`` (name, phone, mailing address, e-mail). The permit's
    register line takes the person's name. Nothing is written unless every check passes."""
    if not (reason or "").strip():
        raise InvalidInput("reason", "say why the owner is corrected (e.g. owner called in)")
    permit = reg.get("permits", permit_uuid)
    if not can_link_owner(permit):
        raise NotAllowed(
            "this permit's owner comes from its application: correct the person instead"
        )
    if (person_uuid is None) == (new_person is None):
        raise InvalidInput("owner", "choose a person on file or add a new one")
    created = new_person is not None
    if new_person is not None:
        person = add_person(reg, new_person)
    else:
        person = reg.get("people", str(person_uuid))
        if person["status"] != RecordStatus.ACTIVE:
            raise NotAllowed(f"{person['name']} is voided in the directory: choose another")
    if permit.get("owner_id") == person["id"]:
        raise NotAllowed(f"{person['name']} is already the owner on file of this permit")
    before = owner_before(reg, permit)
    reg.update("permits", permit_uuid, {"owner_id": person["id"], "owner_name": person["name"]},
               action="correct", reason=reason.strip())  # fmt: skip
    return OwnerLink(person, before, person_label(person), created)
