"""Search finds what the counter is asked (issue 16.6): application and notice numbers, phone
numbers in any formatting, and near misses ranked below exact matches; the Notices tab too."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from deerfield_desk.store import counter_search
from deerfield_desk.store import notices as nreg
from deerfield_desk.store import register_queries as rq
from deerfield_desk.store.applications import add_person, save_draft, submit_application
from deerfield_desk.store.counter_search import near_terms, one_edit, phone_digits
from deerfield_desk.store.notice_queries import list_notices
from deerfield_desk.store.village_calendar import village_calendar
from tests.application_builders import TODAY, complete_answers


def _file(register, owner: dict, house: str, street: str) -> dict:
    """One new-house application filed through the store, owned by ``owner``."""
    answers = {**complete_answers("new_building"), "disturbed_sqft": 4000, "floor_area_sqft": 1800}
    state = {
        "site": {"parcel_number": f"0612-000-{house.zfill(4)}", "house_number": house,
                 "street": street},
        "parties": {"owner_uuid": owner["uuid"]},
        "work": "new_building",
        "description": "new house",
        "answers": {k: float(v) if isinstance(v, str) else v for k, v in answers.items()},
        "received": {},
    }  # fmt: skip
    draft = save_draft(register, state)
    return submit_application(register, draft["uuid"], TODAY, village_calendar(register))[0]


@pytest.fixture
def counter(register):
    maria = add_person(register, {"name": "Maria Gonzalez", "phone": "(608) 555 0142"})
    luis = add_person(register, {"name": "Luis Gonzales", "phone": "608.555.0199"})
    ann = add_person(register, {"name": "Ann Owner", "phone": "608-555-0100"})
    return {
        "maria": _file(register, maria, "12", "Liberty St"),
        "luis": _file(register, luis, "40", "Oak St"),
        "ann": _file(register, ann, "7", "Elm St"),
    }


def _found(register, text: str) -> list[tuple[str, bool]]:
    """(owner, near match) of the rows found, in order, once per application (a new house
    files a building and an erosion control permit)."""
    total, rows = rq.search(register, rq.RegisterQuery(text=text))
    assert total == len(rows)
    return list(dict.fromkeys((row.owner_name, row.near_match) for row in rows))


@pytest.mark.parametrize(
    "typed", ["608-555-0142", "(608) 555 0142", "6085550142", "+1 608 555 0142", "608.555.0142"]
)
def test_a_phone_number_in_any_formatting_finds_the_party(register, counter, typed):
    assert _found(register, typed) == [("Maria Gonzalez", False)]


def test_a_local_number_takes_the_village_area_code(register, counter):
    from deerfield_desk.documents.village import save_village_settings
    from tests.documents_fixtures import SETTINGS

    assert _found(register, "555-0142") == []  # no village phone on file: no area code
    save_village_settings(register, SETTINGS)  # (608) 555-0142
    assert _found(register, "555-0142") == [("Maria Gonzalez", False)]
    assert _found(register, "555.0199") == [("Luis Gonzales", False)]
    assert _found(register, "2026-0142") == []  # a permit number is not a phone number


def test_a_phone_number_nobody_has_finds_nothing(register, counter):
    assert _found(register, "608-555-0143") == []
    assert phone_digits("+1 (608) 555-0142") == "6085550142"


def test_application_numbers_are_found_whole_or_as_typed(register, counter):
    luis = register.get_by_id("applications", counter["luis"]["application_id"])
    number = luis["application_number"]
    assert number.startswith("A-2026-")
    assert _found(register, number) == [("Luis Gonzales", False)]
    assert _found(register, number.lower()) == [("Luis Gonzales", False)]
    assert len(_found(register, "A-2026-")) == 3


def test_a_notice_number_finds_the_permit_it_was_issued_on(register, counter):
    from deerfield_desk.documents.village import save_village_settings
    from tests.documents_fixtures import SETTINGS

    save_village_settings(register, SETTINGS)
    draft = nreg.draft_notice(register, "violation", facts="Fence built without a permit",
                              sections=["12.03"], permit_id=counter["ann"]["id"])  # fmt: skip
    issued = nreg.issue_notice(register, draft["uuid"], datetime(2026, 11, 30, 10, 0))
    assert _found(register, issued["notice_number"]) == [("Ann Owner", False)]


def test_a_near_miss_is_found_and_ranked_below_the_exact_match(register, counter):
    assert _found(register, "Gonzales") == [("Luis Gonzales", False), ("Maria Gonzalez", True)]
    assert _found(register, "gonzalez") == [("Maria Gonzalez", False), ("Luis Gonzales", True)]
    assert _found(register, "Gonzalex liberty") == [("Maria Gonzalez", True)]
    # pages cut across the boundary between exact and near rows
    query = rq.RegisterQuery(text="Gonzales")
    assert rq.count(register, query) == 4
    rows = rq.page(register, query, 1, 2)
    assert [(r.owner_name, r.near_match) for r in rows] == [
        ("Luis Gonzales", False), ("Maria Gonzalez", True)
    ]  # fmt: skip
    assert [r.owner_name for r in rq.page(register, query, 3, 5)] == ["Maria Gonzalez"]
    assert rq.page(register, query, 4, 5) == []


def test_short_words_and_numbers_are_never_guessed_at(register, counter):
    assert near_terms(register, "oak") == []  # three letters: still being typed
    assert _found(register, "Ownr") == [("Ann Owner", True)]
    assert _found(register, "Zzyzx") == []
    assert {"gonzalez", "gonzlaes", "gonzals", "gonzaless"} <= one_edit("gonzales")
    assert "gonzales" not in one_edit("gonzales") and "gnozalez" not in one_edit("gonzales")
    assert near_terms(register, "Gonzales") == ["gonzalez"]


def test_near_misses_are_offered_only_when_the_exact_matches_are_few(
    register, counter, monkeypatch
):
    """Luis Gonzales's application filed two permits: with the bar at one exact match, the
    near miss is not added (a broad search stays as fast as before)."""
    monkeypatch.setattr(rq, "NEAR_BELOW", 1)
    assert _found(register, "Gonzales") == [("Luis Gonzales", False)]
    assert rq.count(register, rq.RegisterQuery(text="Gonzales")) == 2
    assert counter_search.NEAR_BELOW == 100


def test_the_notices_tab_finds_by_number_phone_name_and_address(register, counter):
    from deerfield_desk.documents.village import save_village_settings
    from tests.documents_fixtures import SETTINGS

    save_village_settings(register, SETTINGS)
    maria = register.get_by_id(
        "people", register.get_by_id("applications", counter["maria"]["application_id"])["owner_id"]
    )
    draft = nreg.draft_notice(register, "violation", facts="Shed in the setback",
                              sections=["12.03"], permit_id=counter["maria"]["id"],
                              recipient_id=maria["id"])  # fmt: skip
    other = nreg.draft_notice(register, "violation", facts="Fence without a permit",
                              sections=["12.03"], permit_id=counter["ann"]["id"])  # fmt: skip
    issued = nreg.issue_notice(register, draft["uuid"], datetime(2026, 11, 30, 10, 0))
    today = date(2026, 11, 30)

    def found(text):
        return [n["uuid"] for n in list_notices(register, today=today, text=text)]

    assert found(issued["notice_number"]) == [draft["uuid"]]
    assert found("6085550142") == [draft["uuid"]]
    assert found("555-0142") == [draft["uuid"]]  # the village's area code (Settings)
    assert found("gonzalez liberty") == [draft["uuid"]]
    assert found("fence") == [other["uuid"]]
    assert found("100%") == []  # a typed % matches itself, not everything
    assert sorted(found("")) == sorted([draft["uuid"], other["uuid"]])


def test_the_register_window_marks_near_misses(qtbot, window, counter):
    from PySide6.QtCore import Qt

    view = window.register_view
    view.model.set_query(rq.RegisterQuery(text="Gonzales"))
    view._show_count(view.model.total)
    assert view.count_label.text() == "4 permits match (2 spelt a little differently, in italics)"
    model = view.model
    fonts = [model.data(model.index(r, 0), Qt.ItemDataRole.FontRole) for r in range(4)]
    assert [f is not None and f.italic() for f in fonts] == [False, False, True, True]
    assert "Near match" in model.data(model.index(3, 0), Qt.ItemDataRole.ToolTipRole)


def test_search_gives_what_count_and_page_give(register, counter):
    """The search box's one call makes each plan once; it must agree with count and page."""
    for text in ("Gonzales", "gonzalez liberty", "608-555-0142", "Ownr", "A-2026-", "Zzyzx"):
        query = rq.RegisterQuery(text=text)
        total, rows = rq.search(register, query, 3)
        assert total == rq.count(register, query)
        assert rows == rq.page(register, query, 0, 3)
