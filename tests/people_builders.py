"""Builders for the people-on-file and permit-window tests: people added and applications filed
through the store's own functions (``add_person``, ``save_draft``, ``submit_application``),
as the wizard's Add and Submit buttons do."""

from __future__ import annotations

from deerfield_desk.store.applications import add_person, save_draft, submit_application
from deerfield_desk.store.village_calendar import village_calendar
from tests.application_builders import TODAY, complete_answers, typed


def maria_twice(register) -> tuple[dict, dict]:
    """The counter's case: Maria Gonzalez on file with address and phone, and a second,
    empty record of the same name typed in a hurry."""
    full = add_person(
        register,
        {
            "name": "Maria Gonzalez",
            "phone": "(608) 555-0142",
            "mailing_address": "27 Liberty St, Deerfield, WI 53531",
        },
    )
    empty = add_person(register, {"name": "Maria Gonzalez"})
    return full, empty


def builder(register, name: str = "Bo Builder", number: str = "1234567", **more) -> dict:
    return add_person(
        register,
        {"name": name, "firm": f"{name.split()[-1]} & Sons", "phone": "608-555-0199",
         "credential_type": "Dwelling Contractor", "credential_number": number, **more},
        contractor=True,
    )  # fmt: skip


def file_for(register, owner: dict, contractor: dict | None = None, *,
             parcel: str = "0612-000-0001", street: str = "Oak St", house: str = "12",
             work: str = "new_building", description: str = "New house") -> list[dict]:  # fmt: skip
    """File an application with these parties; returns its permits."""
    parties = {"owner_uuid": owner["uuid"]}
    if contractor:
        parties["contractor_uuid"] = contractor["uuid"]
    state = {
        "site": {"parcel_number": parcel, "street": street, "house_number": house},
        "parties": parties,
        "work": work,
        "description": description,
        "answers": {key: typed(key, value) for key, value in complete_answers(work).items()},
        "received": {},
    }
    draft = save_draft(register, state)
    return submit_application(register, draft["uuid"], TODAY, village_calendar(register))
