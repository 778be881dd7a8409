"""Helpers for the inspection tests: a permit with its parcel, application and contact."""

from __future__ import annotations

import json
from datetime import datetime

from deerfield_desk.store.register import Register

NOW = datetime(2026, 12, 1, 8, 0)


def make_permit(
    reg: Register,
    *,
    kind: str = "building",
    structure: str | None = "dwelling",
    work: str | None = "new_building",
    number: str = "2026-0001",
    address: str = "12 Main St",
    permit_class: str | None = None,
    phone: str = "608-555-0101",
) -> dict:
    person = reg.insert("people", {"name": "Dana Builder", "phone": phone})
    application = reg.insert(
        "applications",
        {
            "project_json": json.dumps({"work": work} if work else {}),
            "contractor_id": person["id"],
            "created_at": "2026-11-01T09:00",
        },
    )
    return reg.insert(
        "permits",
        {
            "application_id": application["id"],
            "permit_number": number,
            "kind": kind,
            "permit_class": permit_class,
            "status": "issued",
            "structure": structure,
            "address_text": address,
            "owner_name": "Robin Owner",
        },
    )


def open_field_register(db_path, inspector):
    """Body of each test module's ``field_register`` fixture: a register signed by the
    inspector (fixtures are declared per module so ruff sees them used)."""
    reg = Register.create(db_path, inspector)
    yield reg
    reg.close()
