"""``deerfield-desk assess`` and ``deerfield-desk deadline`` as the clerk or a script uses them."""

from __future__ import annotations

import importlib.util
import io
import json
import sqlite3

import pytest

import deerfield_desk.cli as cli


def run(capsys, *argv, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_usage_error(code, out, err, field):
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and field in err


def test_command_modules_list_is_sorted_and_has_ours():
    assert sorted(cli.COMMAND_MODULES) == cli.COMMAND_MODULES
    # every listed module exists: a missing one fails here, not hidden by a fixture
    missing = [m for m in cli.COMMAND_MODULES if importlib.util.find_spec(m) is None]
    assert missing == []
    assert "deerfield_desk.cli.assess_cmd" in cli.COMMAND_MODULES
    assert "deerfield_desk.cli.deadline_cmd" in cli.COMMAND_MODULES


# --- assess ---------------------------------------------------------------------------------


def test_assess_file_prints_the_assessment(tmp_path, capsys):
    path = tmp_path / "garage.json"
    path.write_text(
        json.dumps({"work": "new_building", "structure": "detached_garage", "area_sqft": 576})
    )
    code, out, err = run(capsys, "assess", str(path))
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) >= {"permits", "requirements", "fees", "refusals", "reviews", "validity"}
    assert data["permits"] == [{"type": "building", "class": None, "basis": ["12.07(2)(a)"]}]
    assert "udc_garage_slab" in {r["code"] for r in data["requirements"]}


@pytest.mark.parametrize("argv", [["assess", "-"], ["assess"]])
def test_assess_reads_stdin(capsys, monkeypatch, argv):
    project = json.dumps({"work": "land_disturbance", "disturbed_sqft": 43560})
    code, out, _ = run(capsys, *argv, stdin=project, monkeypatch=monkeypatch)
    assert code == 0
    assert json.loads(out)["permits"][0]["class"] == "major"


@pytest.mark.parametrize(
    ("project", "field"),
    [
        ('{"work": "new_building", "colour": "red"}', "colour"),
        ('{"work": "new_building", "area_sqft": "big"}', "area_sqft"),
        ('{"work": "new_building", "area_sqft": true}', "area_sqft"),
        ('{"work": "new_building", "area_sqft": -1}', "area_sqft"),
        ('{"work": "new_building", "street_work": "yes"}', "street_work"),
        ('{"work": "knock_down"}', "work"),
        ('{"work": "addition", "structure": "castle"}', "structure"),
        ('{"work": "addition", "zoning": "mixed"}', "zoning"),
        ('{"work": "addition", "lots_created": 2.5}', "lots_created"),
        ('{"work": "move_building", "damage_pct": 120}', "damage_pct"),
        ('{"structure": "dwelling"}', "work"),
        ('{"work": "demolition"}', "area_sqft"),
        ('{"work": "satellite_dish"}', "dish_diameter_in"),
        ('["new_building"]', "project"),
        ('{"work": ', "input"),
    ],
)
def test_assess_bad_input_exits_2_naming_the_field(capsys, monkeypatch, project, field):
    code, out, err = run(capsys, "assess", "-", stdin=project, monkeypatch=monkeypatch)
    assert_usage_error(code, out, err, field)


def test_assess_missing_file(tmp_path, capsys):
    code, out, err = run(capsys, "assess", str(tmp_path / "nope.json"))
    assert_usage_error(code, out, err, "FILE")


# --- deadline -------------------------------------------------------------------------------


def test_deadline_prints_event_from_due_basis(capsys):
    code, out, err = run(capsys, "deadline", "general_appeal", "2026-11-06")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "event": "general_appeal",
        "from": "2026-11-06",
        "due": "2026-11-30",  # the 20th day is Thanksgiving; the office reopens Monday
        "basis": "12.26",
    }


def test_deadline_hour_rule_prints_a_date_time(capsys):
    code, out, _ = run(capsys, "deadline", "inspection_request", "2026-03-02T08:00")
    assert code == 0
    assert json.loads(out)["due"] == "2026-02-28T08:00"


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["deadline", "appeal", "2026-03-02"], "EVENT"),
        (["deadline", "general_appeal", "2026-02-30"], "WHEN"),
        (["deadline", "general_appeal", "02/03/2026"], "WHEN"),
        (["deadline", "general_appeal", "2026-03-02 08:00"], "WHEN"),
        (["deadline", "excavation_inspection", "2026-03-02"], "WHEN"),
    ],
)
def test_deadline_bad_input_exits_2(capsys, argv, field):
    code, out, err = run(capsys, *argv)
    assert_usage_error(code, out, err, field)


def test_deadline_missing_argument_is_an_argparse_error(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["deadline", "general_appeal"])
    assert exc.value.code == 2
    assert capsys.readouterr().out == ""


def make_register(path, settings: dict[str, str]) -> None:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)")
    con.executemany("INSERT INTO settings VALUES (?, ?)", settings.items())
    con.commit()
    con.close()


def test_deadline_uses_the_village_calendar_from_the_register(tmp_path, capsys):
    db = tmp_path / "register.sqlite"
    make_register(
        db,
        {
            "holidays_added": json.dumps(["2026-11-30"]),  # the village closes that Monday too
            "holidays_removed": json.dumps([]),
            "village_name": json.dumps("Deerfield"),
        },
    )
    before = db.read_bytes()
    code, out, _ = run(capsys, "deadline", "minor_plan_review", "2026-11-25", "--db", str(db))
    assert code == 0 and json.loads(out)["due"] == "2026-12-03"
    default = run(capsys, "deadline", "minor_plan_review", "2026-11-25")[1]
    assert json.loads(default)["due"] == "2026-12-02"
    assert db.read_bytes() == before  # read-only


def test_deadline_db_before_the_command_works_too(tmp_path, capsys):
    db = tmp_path / "register.sqlite"
    make_register(db, {"holidays_removed": json.dumps(["2026-11-26", "2026-11-27"])})
    code, out, _ = run(capsys, "--db", str(db), "deadline", "minor_plan_review", "2026-11-25")
    assert code == 0 and json.loads(out)["due"] == "2026-11-30"


def test_deadline_register_without_settings_uses_default_calendar(tmp_path, capsys):
    db = tmp_path / "empty.sqlite"
    sqlite3.connect(db).close()
    code, out, _ = run(capsys, "deadline", "minor_plan_review", "2026-11-25", "--db", str(db))
    assert code == 0 and json.loads(out)["due"] == "2026-12-02"


@pytest.mark.parametrize(
    "value", ["not json", json.dumps("2026-11-27"), json.dumps(["27/11/2026"])]
)
def test_deadline_bad_holiday_setting_exits_2(tmp_path, capsys, value):
    db = tmp_path / "register.sqlite"
    make_register(db, {"holidays_added": value})
    code, out, err = run(capsys, "deadline", "general_appeal", "2026-11-06", "--db", str(db))
    assert_usage_error(code, out, err, "--db")


def test_deadline_missing_register_names_db(tmp_path, capsys):
    missing = str(tmp_path / "missing.sqlite")
    code, out, err = run(capsys, "deadline", "general_appeal", "2026-11-06", "--db", missing)
    assert_usage_error(code, out, err, "--db")
