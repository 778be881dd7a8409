"""Shared helpers for the register tests: a few known permits, and a ready main window."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from deerfield_desk.store.numbering import assign_permit_number

TODAY = date.today()


def add_permit(register, address, owner, *, kind="building", status="draft", issued=None,
               expires=None, contractor=None, description="", applied=None):  # fmt: skip
    permit = register.insert(
        "permits",
        {
            "kind": kind,
            "address_text": address,
            "owner_name": owner,
            "contractor_name": contractor,
            "description": description,
            "applied_date": (applied or TODAY - timedelta(days=40)).isoformat(),
        },
    )
    if issued:
        extra = {"status": "issued", "expires_date": expires.isoformat() if expires else None}
        permit = assign_permit_number(register, permit["uuid"], issued, extra)
    if status not in ("draft", "issued"):
        permit = register.update("permits", permit["uuid"], {"status": status})
    return permit


@pytest.fixture
def known_permits(register):
    """Five permits a clerk could tell apart: the tests search, sort and filter them."""
    long_ago = TODAY - timedelta(days=800)
    return {
        "liberty7": add_permit(
            register,
            "7 Liberty St",
            "Ann Lee",
            description="detached garage",
            issued=long_ago,
            expires=long_ago + timedelta(days=730),
            contractor="Koshkonong Builders LLC",
        ),  # fmt: skip
        "liberty12": add_permit(
            register, "12 Liberty St", "Bob Olson", status="submitted", description="deck addition"
        ),  # fmt: skip
        "main3": add_permit(
            register,
            "3 Main St",
            "Carol Hanson",
            kind="demolition",
            issued=TODAY - timedelta(days=10),
            expires=TODAY + timedelta(days=355),
        ),  # fmt: skip
        "hickory": add_permit(
            register,
            "40 Hickory Ln",
            "Dale Nelson",
            kind="erosion_control",
            status="draft",
            description="pond grading",
        ),  # fmt: skip
        "prairie": add_permit(
            register,
            "5 Prairie View Dr",
            "Erik Skaar",
            status="submitted",
            contractor="Liberty Homes Inc.",
        ),  # fmt: skip
    }


@pytest.fixture
def window(main_window, register, known_permits):
    return main_window(register)
