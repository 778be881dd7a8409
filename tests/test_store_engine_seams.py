"""SQL whose meaning must not depend on the engine (ARCHITECTURE.md, issue 12 "the seam for a
second engine"): numbering as one insert-or-increment, case folding said out loud, and sort
keys that name their column instead of a constant."""

from __future__ import annotations

from exports_fixtures import YEAR, make_year

from deerfield_desk.exports.records import FEES_AND_PAYMENTS
from deerfield_desk.store.applications import add_person, find_people


def test_numbering_starts_each_series_year_at_one_and_counts_up(register):
    with register.transaction():
        firsts = [register.next_number("permit", 2031) for _ in range(3)]
    assert firsts == [1, 2, 3]
    assert register.next_number("permit", 2032) == 1
    assert register.next_number("notice", 2031) == 1
    rows = register.query("SELECT series, year, last FROM number_series ORDER BY series, year")
    assert rows == [
        {"series": "notice", "year": 2031, "last": 1},
        {"series": "permit", "year": 2031, "last": 3},
        {"series": "permit", "year": 2032, "last": 1},
    ]


def test_numbering_is_one_statement_on_the_series_row(register):
    """The first number of a year takes the same single statement as every later one."""
    statements = []
    register.conn.set_trace_callback(statements.append)
    register.next_number("permit", 2040)
    register.conn.set_trace_callback(None)
    touching = [
        s for s in statements if s.startswith(("INSERT INTO number_series", "UPDATE number_series"))
    ]
    assert len(touching) == 1 and "ON CONFLICT" in touching[0] and "RETURNING" in touching[0]


def test_people_search_ignores_ascii_case_and_treats_wildcards_as_text(register):
    add_person(register, {"name": "Anna Smith"})
    add_person(register, {"name": "Éloïse Brandt", "firm": "Brandt_Co 50%"})
    add_person(register, {"name": "Bob Brandt", "firm": "BrandtXCo 500"})
    assert [p["name"] for p in find_people(register, "SMITH")] == ["Anna Smith"]
    assert [p["name"] for p in find_people(register, "brandt_co")] == ["Éloïse Brandt"]
    assert [p["name"] for p in find_people(register, "50%")] == ["Éloïse Brandt"]
    assert [p["name"] for p in find_people(register, "Éloïse")] == ["Éloïse Brandt"]


def test_fees_export_lists_money_without_a_permit_number_last(register):
    """``ORDER BY 2 IS NULL`` sorted by a constant; the money of an application that never
    became a permit must come after every permit's money."""
    make_year(register)
    app = register.insert(
        "applications", {"application_number": f"A-{YEAR}-0999", "created_at": f"{YEAR}-01-02"}
    )
    register.insert(
        "fees",
        {"application_id": app["id"], "code": "REVIEW", "amount_cents": 5_000,
         "created_at": f"{YEAR}-01-03"},
    )  # fmt: skip
    rows = list(FEES_AND_PAYMENTS.rows(register, YEAR))
    numbers = [r[1] for r in rows]
    assert None in numbers, "the fixture must hold money without a permit number"
    first_none = numbers.index(None)
    assert all(n is None for n in numbers[first_none:])
    assert numbers[:first_none] == sorted(numbers[:first_none])
