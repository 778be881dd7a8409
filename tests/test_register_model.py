"""The register's lazy model and the store queries behind it: pages, order, search, filters."""

import pytest
from PySide6.QtCore import Qt

from deerfield_desk.store import register_queries as rq
from deerfield_desk.ui.register_model import (
    COL_ADDRESS,
    COL_NEXT_ACTION,
    COL_NUMBER,
    COL_OWNER,
    PAGE_SIZE,
    UUID_ROLE,
    PermitTableModel,
)
from tests.register_fixtures import add_permit, known_permits  # noqa: F401

ALL_FIVE = ["12 Liberty St", "3 Main St", "40 Hickory Ln", "5 Prairie View Dr", "7 Liberty St"]


def _column(model, column):
    return [model.index(r, column).data() for r in range(model.rowCount())]


def test_model_passes_qt_model_tester(qtmodeltester, register, known_permits):  # noqa: F811
    model = PermitTableModel(register.conn)
    model.reload()
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == 5 and model.columnCount() == 10


def test_rows_beyond_the_first_page_are_fetched_when_shown(register):
    for i in range(PAGE_SIZE + 50):
        add_permit(register, f"{i} Main St", f"Owner {i}")
    model = PermitTableModel(register.conn)
    model.reload()
    assert model.rowCount() == PAGE_SIZE + 50
    # newest entry first: the last one inserted is row 0, the first one the last row
    assert model.index(0, COL_ADDRESS).data() == f"{PAGE_SIZE + 49} Main St"
    assert model.index(PAGE_SIZE + 49, COL_ADDRESS).data() == "0 Main St"
    assert len({model.index(r, 0).data(UUID_ROLE) for r in range(model.rowCount())}) == 250


def test_sorting_by_number_and_owner(register, known_permits):  # noqa: F811
    model = PermitTableModel(register.conn)
    model.reload()
    model.sort(COL_NUMBER, Qt.SortOrder.DescendingOrder)
    numbers = _column(model, COL_NUMBER)
    issued = [n for n in numbers if n != "—"]
    assert issued == sorted(issued, reverse=True) and len(issued) == 2
    model.sort(COL_OWNER, Qt.SortOrder.AscendingOrder)
    assert _column(model, COL_OWNER) == sorted(p["owner_name"] for p in known_permits.values())


def test_search_matches_prefixes_across_address_owner_and_contractor(register, known_permits):  # noqa: F811
    total, rows = rq.search(register.conn, rq.RegisterQuery(text="liber"))
    # two Liberty St addresses and one contractor called Liberty Homes
    assert total == 3
    assert {r.address_text for r in rows} == {"7 Liberty St", "12 Liberty St", "5 Prairie View Dr"}
    total, rows = rq.search(register.conn, rq.RegisterQuery(text="liberty 12"))
    assert [r.address_text for r in rows] == ["12 Liberty St"]
    number = known_permits["main3"]["permit_number"]
    assert [
        r.permit_number for r in rq.search(register.conn, rq.RegisterQuery(text=number))[1]
    ] == [number]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # punctuation alone is no search at all: every permit
        ('"', ALL_FIVE), ("*", ALL_FIVE), ("-", ALL_FIVE), (")(", ALL_FIVE),
        # FTS operators are plain words, all required: OR would have found four permits,
        # a column filter Ann Lee's, NEAR a syntax error
        ('liberty" OR "main', []), ("NEAR(", []), ("owner_name:ann", []),
        # a quote only separates words: "a*" and "b*" both (Ann + Builders, Bob + addition)
        ("a'b", ["12 Liberty St", "7 Liberty St"]),
    ],
)  # fmt: skip
def test_search_text_cannot_inject_fts_syntax(register, known_permits, text, expected):  # noqa: F811
    total, rows = rq.search(register.conn, rq.RegisterQuery(text=text))
    assert sorted(r.address_text for r in rows) == expected
    assert total == len(expected)
    assert rq.fts_match('Ann "Lee') == '"Ann"* "Lee"*'
    assert rq.fts_match("  ") is None


def test_filters_kind_status_year_and_needs_action(register, known_permits):  # noqa: F811
    def addresses(**kw):
        return {r.address_text for r in rq.page(register.conn, rq.RegisterQuery(**kw), 0, 50)}

    assert addresses(kind="demolition") == {"3 Main St"}
    assert addresses(status="submitted") == {"12 Liberty St", "5 Prairie View Dr"}
    # needs action: submitted ones, and the issued permit past its expiry; not the draft,
    # not the demolition permit that is issued and still valid
    assert addresses(needs_action=True) == {"12 Liberty St", "5 Prairie View Dr", "7 Liberty St"}
    this_year = known_permits["main3"]["applied_date"][:4]
    assert "3 Main St" in addresses(year=int(this_year))
    assert addresses(year=1999) == set()
    q = rq.RegisterQuery(needs_action=True)
    assert rq.count(register.conn, q) == 3


def test_next_action_column_says_what_the_office_owes(register, known_permits):  # noqa: F811
    model = PermitTableModel(register.conn)
    model.reload()
    texts = dict(zip(_column(model, COL_ADDRESS), _column(model, COL_NEXT_ACTION), strict=True))
    assert texts["7 Liberty St"].startswith("Expired: mark expired or extend")
    assert texts["12 Liberty St"] == "Start the review"


def test_number_prefixes_find_what_a_full_scan_finds(tmp_path):
    """Permit and parcel numbers go through their b-tree indexes, not FTS: same answers."""
    import sqlite3

    from deerfield_desk.demo import generate_demo

    db = tmp_path / "demo.sqlite"
    list(generate_demo(db, permits=400, seed=9))
    conn = sqlite3.connect(db)
    everything = conn.execute("SELECT id, permit_number, parcel_number FROM permits").fetchall()
    some_parcel = everything[7][2]
    some_number = next(n for _i, n, _p in everything if n)
    for text in (some_parcel[:5], some_parcel[:9], some_parcel, some_number[:5], some_number):
        column = 1 if text[:2] in ("20", "19") else 2
        expected = {i for i, *cols in everything if (cols[column - 1] or "").startswith(text)}
        total, rows = rq.search(conn, rq.RegisterQuery(text=text), limit=1000)
        assert total == len(expected) and {r.id for r in rows} == expected, text
        if column == 1:  # permit numbers: newest issued first
            numbers = [r.permit_number for r in rows]
            assert numbers == sorted(numbers, reverse=True)
        else:  # parcels: newest entry first
            assert [r.id for r in rows] == sorted(expected, reverse=True)
    conn.close()
