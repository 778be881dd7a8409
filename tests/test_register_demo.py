"""The demo register: realistic, journaled (verify passes), numbered like the office numbers."""

import random
import sqlite3
from collections import defaultdict
from datetime import date

import pytest

from deerfield_desk.cli import main
from deerfield_desk.demo import generate_demo
from deerfield_desk.errors import InvalidInput
from deerfield_desk.store import journal
from deerfield_desk.store.bulk import row_json
from deerfield_desk.store.numbering import assign_permit_number
from deerfield_desk.store.register import Register
from deerfield_desk.store.verify import verify_register


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory):
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite"
    steps = list(generate_demo(path, permits=600, seed=5, today=date(2026, 11, 30)))
    assert steps[-1].done == steps[-1].total == 600  # the UI's progress reaches the end
    return path


def test_demo_register_verifies(demo_db):
    report = verify_register(demo_db)
    assert report.ok, report.lines()
    assert report.records == 600
    assert report.chain.entries > 600  # parcels, people, inspections, fees too


def test_issued_permits_are_numbered_in_order_of_issuance_per_year(demo_db, clerk):
    conn = sqlite3.connect(demo_db)
    rows = conn.execute(
        "SELECT permit_number, issued_date FROM permits WHERE permit_number IS NOT NULL "
        "ORDER BY issued_date, id"
    ).fetchall()
    by_year = defaultdict(list)
    for number, issued in rows:
        assert number[:4] == issued[:4]
        by_year[issued[:4]].append(int(number[5:]))
    for year, numbers in by_year.items():
        assert numbers == list(range(1, len(numbers) + 1)), year  # no gaps, in issuance order
    series = dict(conn.execute("SELECT year, last FROM number_series WHERE series = 'permit'"))
    assert {str(y): n for y, n in series.items()} == {y: len(n) for y, n in by_year.items()}
    conn.close()
    # the next issuance continues the year's series without a gap
    reg = Register.open(demo_db, clerk)
    draft = reg.insert("permits", {"kind": "building", "address_text": "1 Main St"})
    year = max(series)
    issued = assign_permit_number(reg, draft["uuid"], date(year, 12, 1))
    assert issued["permit_number"] == f"{year}-{series[year] + 1:04d}"
    reg.close()


def test_demo_looks_like_the_village(demo_db):
    conn = sqlite3.connect(demo_db)
    kinds = dict(conn.execute("SELECT kind, count(*) FROM permits GROUP BY kind"))
    assert kinds["building"] > 0.7 * 600 and kinds["erosion_control"] > 20
    years = {
        r[0] for r in conn.execute("SELECT substr(applied_date, 1, 4) FROM permits WHERE id <= 600")
    }
    assert min(years) == "2015" and max(years) == "2026"
    statuses = {r[0] for r in conn.execute("SELECT DISTINCT status FROM permits")}
    assert {"issued", "finaled", "submitted", "expired"} <= statuses
    assert conn.execute("SELECT count(*) FROM inspections").fetchone()[0] > 300
    assert conn.execute("SELECT count(*) FROM notices").fetchone()[0] > 0
    cred = conn.execute("SELECT count(*) FROM people WHERE credential_number IS NOT NULL")
    assert cred.fetchone()[0] >= 10
    legal = conn.execute("SELECT legal_description FROM parcels LIMIT 1").fetchone()[0]
    assert "Village of Deerfield" in legal
    conn.close()


def test_fast_journal_json_matches_the_journal_module():
    rng = random.Random(3)
    for _ in range(200):
        row = {f"k{rng.randint(0, 30)}": rng.choice([None, 3, -7, "a\"b\\c", "Café /ok", "x\n"])
               for _ in range(6)}  # fmt: skip
        assert row_json(row) == journal.to_json(row)


def test_demo_refuses_an_existing_register_and_leaves_nothing_when_cancelled(tmp_path, register):
    with pytest.raises(InvalidInput, match="already exists"):
        list(generate_demo(register.path, permits=10))
    target = tmp_path / "cancelled.sqlite"
    gen = generate_demo(target, permits=200)
    next(gen)
    gen.close()  # the user pressed Cancel
    assert not target.exists()
    assert not list(tmp_path.glob("cancelled.sqlite*"))


def test_demo_command(tmp_path, capsys):
    target = tmp_path / "cli-demo.sqlite"
    assert main(["demo", "--permits", "50", "--db", str(target), "--seed", "2"]) == 0
    assert "demo register written" in capsys.readouterr().out
    assert main(["verify", "--db", str(target)]) == 0
    assert main(["demo", "--permits", "0", "--db", str(tmp_path / "x.sqlite")]) == 2
    assert "--permits" in capsys.readouterr().err
