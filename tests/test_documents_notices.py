"""The notice register: numbered at issue and locked, service recorded with its method, due
dates computed from the deadline rules (mail counts from mailing), overdue notices surfaced."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.store import notices as nreg
from deerfield_desk.store.journal import history


def a_parcel(reg) -> dict:
    """The parcel the work is on (a notice names a permit or, with none, a parcel)."""
    row = reg.query_one("SELECT * FROM parcels WHERE parcel_number = '0711-000-0001'")
    return row or reg.insert(
        "parcels",
        {"parcel_number": "0711-000-0001", "house_number": "5", "street": "Elm Street",
         "address_text": "5 Elm Street, Deerfield, WI 53531"},
    )  # fmt: skip


def an_owner(reg) -> dict:
    row = reg.query_one("SELECT * FROM people WHERE name = 'Pat Owner'")
    return row or reg.insert(
        "people", {"name": "Pat Owner", "mailing_address": "5 Elm Street, Deerfield, WI 53531"}
    )


def draft(reg, kind="violation", **extra):
    extra.setdefault("parcel_id", a_parcel(reg)["id"])
    extra.setdefault("recipient_id", an_owner(reg)["id"])
    return nreg.draft_notice(
        reg, kind, facts="Deck built without a permit.", sections=["12.23(1)"], **extra
    )


def test_issue_numbers_and_locks_the_notice(register):
    row = draft(register)
    assert row["status"] == "draft" and row["notice_number"] is None
    issued = nreg.issue_notice(register, row["uuid"], datetime(2026, 3, 2, 10, 0))
    assert issued["notice_number"] == "N-2026-0001" and issued["status"] == "issued"
    second = nreg.issue_notice(register, draft(register)["uuid"], datetime(2026, 3, 3, 9, 0))
    assert second["notice_number"] == "N-2026-0002"
    with pytest.raises(NotAllowed, match="locked"):
        nreg.edit_draft(register, row["uuid"], {"facts": "something else"})
    with pytest.raises(NotAllowed):
        nreg.issue_notice(register, row["uuid"], datetime(2026, 3, 4, 9, 0))
    actions = [entry["action"] for entry in history(register.conn, row["uuid"])]
    assert actions == ["insert", "issued"]


def test_service_by_mail_counts_from_the_mailing_day(register):
    row = draft(register, "house_number")
    row = nreg.issue_notice(register, row["uuid"], datetime(2026, 6, 1, 9, 0))
    assert row["due_date"] == "2026-06-22"  # before service only the appeal (12.26) runs
    served = nreg.serve_notice(register, row["uuid"], "first_class_mail", date(2026, 6, 3))
    assert served["status"] == "served" and served["service_method"] == "first_class_mail"
    assert served["due_date"] == "2026-06-18"  # 15 days from mailing, not from delivery


def test_bad_service_is_refused_with_the_field_named(register):
    row = nreg.issue_notice(register, draft(register)["uuid"], datetime(2026, 6, 1, 9, 0))
    with pytest.raises(InvalidInput) as exc:
        nreg.serve_notice(register, row["uuid"], "carrier_pigeon", date(2026, 6, 2))
    assert exc.value.field == "service_method"
    with pytest.raises(InvalidInput) as exc:
        nreg.serve_notice(register, row["uuid"], "in_person", date(2026, 5, 30))
    assert exc.value.field == "served_at"
    assert register.get("notices", row["uuid"])["status"] == "issued"


def test_drafts_need_facts_sections_and_a_known_kind(register):
    with pytest.raises(InvalidInput) as exc:
        nreg.draft_notice(register, "violation", facts=" ", sections=["12.23"])
    assert exc.value.field == "facts"
    with pytest.raises(InvalidInput) as exc:
        nreg.draft_notice(register, "violation", facts="x", sections=[])
    assert exc.value.field == "sections"
    with pytest.raises(InvalidInput) as exc:
        nreg.draft_notice(register, "parking_ticket", facts="x", sections=["1"])
    assert exc.value.field == "kind"


def test_overdue_notices_surface_and_closed_ones_do_not(register):
    a = nreg.issue_notice(register, draft(register)["uuid"], datetime(2026, 1, 5, 9, 0))
    b = nreg.issue_notice(register, draft(register)["uuid"], datetime(2026, 1, 6, 9, 0))
    c = nreg.issue_notice(register, draft(register)["uuid"], datetime(2026, 3, 2, 9, 0))
    nreg.serve_notice(register, a["uuid"], "in_person", date(2026, 1, 5))
    nreg.serve_notice(register, b["uuid"], "posted", date(2026, 1, 6))
    nreg.mark_complied(register, b["uuid"], date(2026, 1, 20), "corrected")
    late = nreg.overdue(register, date(2026, 2, 10))
    assert [n["notice_number"] for n in late] == [a["notice_number"]]
    assert c["notice_number"] not in [n["notice_number"] for n in late]


def test_appeal_withdrawal_and_refused_moves(register):
    row = nreg.issue_notice(
        register, draft(register, "building_stop_work")["uuid"], datetime(2026, 11, 20, 9, 0)
    )
    row = nreg.serve_notice(register, row["uuid"], "in_person", date(2026, 11, 20))
    appealed = nreg.mark_appealed(register, row["uuid"], date(2026, 12, 9))
    assert appealed["status"] == "appealed"
    # due 8 Dec: the office closes Thanksgiving and the Friday after
    assert '"appeal_late": true' in appealed["details_json"]
    with pytest.raises(InvalidInput):
        nreg.withdraw_notice(register, row["uuid"], "", date(2026, 12, 9))
    withdrawn = nreg.withdraw_notice(register, row["uuid"], "Overruled", date(2026, 12, 9))
    assert withdrawn["status"] == "withdrawn" and withdrawn["closed_at"] == "2026-12-09"
    with pytest.raises(NotAllowed):
        nreg.mark_complied(register, row["uuid"], date(2026, 12, 10))


def test_clerks_holiday_moves_the_due_date(register):
    register.set_setting("holidays_added", ["2026-07-13"])
    row = nreg.issue_notice(register, draft(register)["uuid"], datetime(2026, 6, 13, 9, 0))
    row = nreg.serve_notice(register, row["uuid"], "in_person", date(2026, 6, 13))
    assert row["due_date"] == "2026-07-14"  # 30 days → Mon 13 Jul, closed → Tue 14 Jul


def test_life_safety_violation_uses_the_inspectors_shorter_date(register):
    from deerfield_desk.documents.violation import render_violation
    from tests.documents_fixtures import SETTINGS, pdf_text

    row = draft(
        register,
        details={
            "correct_by": "2026-03-09",
            "life_safety": True,
            "life_safety_reason": "no smoke alarms",
        },
    )
    row = nreg.issue_notice(register, row["uuid"], datetime(2026, 3, 2, 9, 0))
    row = nreg.serve_notice(register, row["uuid"], "in_person", date(2026, 3, 2))
    assert row["due_date"] == "2026-03-09"  # not the 30-day 1 April
    text = pdf_text(render_violation(row, SETTINGS))
    assert "Correct by March 9, 2026 (life safety: no smoke alarms" in text
    assert "life safety" in text


def test_inspectors_own_date_only_where_the_ordinance_allows_it(register):
    with pytest.raises(InvalidInput) as exc:
        draft(register, "raze_order")
    assert exc.value.field == "correct_by"
    with pytest.raises(InvalidInput) as exc:
        draft(register, "house_number", details={"correct_by": "2026-03-09"})
    assert exc.value.field == "correct_by"
    with pytest.raises(InvalidInput, match="not a date"):
        draft(register, details={"correct_by": "next week"})
