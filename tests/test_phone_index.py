"""One index of people's phone digits (m0023 dropped m0011's duplicate), and every look-up
by phone (the register's search box, "use the one on file?", the notices search) is a search
of that index, never a scan: checked on the statements the store really runs, with EXPLAIN
QUERY PLAN. And the quicker count of a phone search still counts what the page shows."""

from __future__ import annotations

from datetime import datetime

from deerfield_desk.store import notices as nreg
from deerfield_desk.store import register_queries as rq
from deerfield_desk.store.applications import add_person
from deerfield_desk.store.people import people_matching
from deerfield_desk.store.phone_digits_sql import PHONE_INDEX
from tests.test_counter_search import _file


def _statements(register, call) -> list[tuple[str, list]]:
    """The statements ``call`` runs through the register's one execution point."""
    ran: list[tuple[str, list]] = []
    execute = register.execute

    def recording(sql, params=()):
        ran.append((sql, list(params)))
        return execute(sql, params)

    register.execute = recording
    try:
        call()
    finally:
        del register.execute
    return ran


def _plans(register, statements) -> list[list[str]]:
    return [
        [row[3] for row in register.execute(f"EXPLAIN QUERY PLAN {sql}", params)]
        for sql, params in statements
        if "FROM people" in sql
    ]


def test_one_phone_index_and_every_phone_look_up_searches_it(register):
    indexes = {r["name"] for r in register.query(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'people'")}  # fmt: skip
    assert PHONE_INDEX in indexes and "people_on_file_phone" not in indexes
    maria = add_person(register, {"name": "Maria Gonzalez", "phone": "(608) 555 0142"})
    _file(register, maria, "12", "Liberty St")
    searches = {
        "register search": lambda: rq.search(register, rq.RegisterQuery(text="608-555-0142")),
        "person on file": lambda: people_matching(register, {"phone": "608.555.0142"}),
    }
    for what, call in searches.items():
        plans = _plans(register, _statements(register, call))
        assert plans, what
        for plan in plans:
            assert any(PHONE_INDEX in step for step in plan), (what, plan)
            # a table is never scanned (reading the set of ids found is not a table scan)
            scans = [s for s in plan if s.startswith("SCAN") and "subquery" not in s]
            assert scans == [], (what, plan)


def test_the_count_of_a_phone_or_notice_search_is_what_the_pages_show(register):
    from deerfield_desk.documents.village import save_village_settings
    from tests.documents_fixtures import SETTINGS

    save_village_settings(register, SETTINGS)
    maria = add_person(register, {"name": "Maria Gonzalez", "phone": "(608) 555 0142"})
    first = _file(register, maria, "12", "Liberty St")
    _file(register, maria, "14", "Liberty St")
    ann = add_person(register, {"name": "Ann Owner", "phone": "608-555-0100"})
    _file(register, ann, "7", "Elm St")
    for text, expected in (("608-555-0142", 4), ("6085550100", 2), ("608 555 0199", 0)):
        query = rq.RegisterQuery(text=text)
        total, rows = rq.search(register, query)
        assert total == len(rows) == expected, text
        narrowed = rq.RegisterQuery(text=text, kind="building")
        assert (
            rq.count(register, narrowed)
            == len(rq.page(register, narrowed, 0, 50))
            == (expected // 2)
        )
    # two notices on one permit: its number's prefix finds the permit once
    for facts in ("Fence built without a permit", "Shed built without a permit"):
        draft = nreg.draft_notice(register, "violation", facts=facts, sections=["12.03"],
                                  permit_id=first["id"])  # fmt: skip
        nreg.issue_notice(register, draft["uuid"], datetime(2026, 11, 30, 10, 0))
    total, rows = rq.search(register, rq.RegisterQuery(text="N-2026-"))
    assert total == len(rows) == 1 and rows[0].id == first["id"]
    both = rq.RegisterQuery(text="N-2026- 608-555-0142")
    assert rq.count(register, both) == len(rq.page(register, both, 0, 50)) == 1
