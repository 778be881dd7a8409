"""An extension carries the day the clerk says it was granted, not the moment it was typed:
granted on 30 December and entered in January, it and its fee are in December's year, in the
export and in the annual report's money (issue 18)."""

from __future__ import annotations

import csv
from datetime import date

import pytest

from deerfield_desk.errors import InvalidInput
from deerfield_desk.exports.year_export import run_export
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.store import year_counts
from deerfield_desk.store.permits_lifecycle import decide_review, extend_permit, issue_permit
from tests.application_builders import pay_all
from tests.test_records_feed import new_house

ISSUED = date(2025, 11, 20)
GRANTED = date(2025, 12, 30)


def read(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture
def building(register):
    for permit in new_house(register, date(2025, 11, 3)):
        decide_review(register, permit["uuid"], "approve")
        pay_all(register, permit, ISSUED)
        issued = issue_permit(register, permit["uuid"], ISSUED, VillageCalendar())
        if permit["kind"] == "building":
            found = issued
    return found


def test_an_extension_typed_after_new_year_is_in_the_year_it_was_granted(
    register, db_path, tmp_path, building
):
    extend_permit(register, building["uuid"], 90, "Lee Inspector", "check", "R-77", GRANTED)
    ext = register.query_one("SELECT * FROM extensions")
    assert ext["granted_at"] == "2025-12-30"
    typed = register.query_one(
        "SELECT at_utc FROM journal WHERE record_uuid = ? AND action = 'insert'", (ext["uuid"],)
    )
    assert typed["at_utc"][:4] != "2025"  # the journal still says when it was typed
    run_export(db_path, 2025, tmp_path / "2025", ["csv"])
    [row] = read(tmp_path / "2025" / "extensions-2025.csv")
    assert (row["Permit number"], row["Granted"]) == (building["permit_number"], "2025-12-30")
    money = read(tmp_path / "2025" / "fees-and-payments-2025.csv")
    extension = [r for r in money if r["Fee code"] == "permit_extension"]
    assert sorted((r["Entry"], r["Date"]) for r in extension) == [
        ("fee", "2025-12-30"),
        ("payment", "2025-12-30"),
    ]
    charged = year_counts.compute(register, 2025).fees_charged_cents
    fee = register.query_one("SELECT amount_cents FROM fees WHERE code = 'permit_extension'")
    assert fee["amount_cents"] > 0 and charged == fee["amount_cents"]  # the only fee of 2025


def test_an_extension_dated_before_its_permit_was_issued_is_refused_whole(register, building):
    before = register.query_one("SELECT count(*) AS n FROM fees")["n"]
    with pytest.raises(InvalidInput) as caught:
        extend_permit(register, building["uuid"], 90, "Lee Inspector", "cash", "R-78",
                      date(2025, 11, 1))  # fmt: skip
    assert caught.value.field == "granted_on" and "2025-11-20" in str(caught.value)
    assert register.query_one("SELECT count(*) AS n FROM extensions")["n"] == 0
    assert register.query_one("SELECT count(*) AS n FROM fees")["n"] == before


def test_the_extend_dialog_records_the_day_the_clerk_gives(qtbot, main_window, register,
                                                           building, monkeypatch):  # fmt: skip
    from deerfield_desk.ui import confirm
    from deerfield_desk.ui.extend_dialog import ExtendDialog

    asked = []
    monkeypatch.setattr(confirm, "ask", lambda _p, title, text: asked.append(title) or True)
    window = main_window(register)
    dialog = ExtendDialog(window, building["uuid"], today=date(2026, 1, 6))
    qtbot.addWidget(dialog)
    assert dialog.granted_on.date().toPython() == date(2026, 1, 6)  # today unless changed
    assert dialog.granted_on.maximumDate().toPython() == date(2026, 1, 6)  # never ahead
    dialog.granted_on.setDate(date(2025, 11, 1))  # before the permit was issued
    dialog.approved_by.setText("Lee Inspector")
    dialog.receipt.setText("R-79")
    assert not dialog.extend()
    assert "2025-11-20" in dialog.error.text() and "granted" in dialog.error.text().lower()
    dialog.granted_on.setDate(GRANTED)
    assert dialog.extend()
    ext = register.query_one("SELECT granted_at FROM extensions")
    assert ext["granted_at"] == "2025-12-30" and asked == ["Extend permit", "Extend permit"]
