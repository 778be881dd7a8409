"""Issue 16.8: codes, JSON and UTC stamps are said in plain words where a clerk reads them."""

from __future__ import annotations

from datetime import UTC, datetime

from field_fixtures import office_day

from deerfield_desk.models.plain_labels import column_value, local_time, plain
from deerfield_desk.store import inspections
from deerfield_desk.ui.field_exchange.conflicts_view import shown


def test_a_failed_inspections_defects_read_as_sentences_not_json(register):
    ids = office_day(register)
    inspections.record_result(register, ids["rough"]["uuid"], "failed", defects=[
        {"section": "12.12(5)(c)", "description": "Fire blocking missing at the top plate",
         "correction": "install fire blocking"},
        {"section": "12.12(5)(c)", "description": "Loose stair rail", "minor": True,
         "correction": "fasten the rail"},
    ], order_reason="erosion control and footing passed on paper")  # fmt: skip
    stored = register.get("inspections", ids["rough"]["uuid"])["defects_json"]
    text = shown(stored)
    assert text.splitlines() == [
        "§12.12(5)(c) Fire blocking missing at the top plate — install fire blocking",
        "§12.12(5)(c) Loose stair rail — fasten the rail (minor)",
    ]
    assert "{" not in text and '"' not in text


def test_codes_are_spelt_out_and_free_text_is_left_alone():
    assert plain("not_ready") == "Not ready"
    assert plain("conditionally_approved") == "Approved with conditions"
    assert column_value("status", "under_review") == "Under review"
    assert column_value("description", "deck addition") == "deck addition"
    assert column_value("estimated_cost_cents", 3386500) == "$33,865.00"
    assert column_value("assessment_json", '{"permits": []}') == "(details)"
    assert shown("served_in_person") == "Served in person"


def test_journal_stamps_are_shown_in_the_offices_time():
    stamp = "2026-12-02T18:30:00.000001+00:00"
    expected = datetime(2026, 12, 2, 18, 30, tzinfo=UTC).astimezone().strftime("%Y-%m-%d %H:%M")
    assert local_time(stamp) == expected


def test_errors_name_their_field_in_words_on_every_screen(register):
    """A refusal from the store reaches a dialog as "Amount: …", never "amount_cents: …"."""
    from deerfield_desk.errors import InvalidInput, NotAllowed
    from deerfield_desk.models.office_words import say

    ids = office_day(register)
    try:
        inspections.record_result(register, ids["rough"]["uuid"], "failed",
                                  defects=[{"section": "12.12(5)(c)"}])  # fmt: skip
    except InvalidInput as exc:
        refused = exc
    assert str(refused) == "defects[1].correction: say what must be done to correct it"
    assert say(refused) == "Defect 1, correction: say what must be done to correct it"
    assert say(InvalidInput("amount_cents", "more than zero")) == "Amount: more than zero"
    assert say(InvalidInput("dish_diameter_in", "required for satellite_dish")) == (
        "Dish diameter: required for satellite dish antenna"
    )
    assert say(NotAllowed("This permit is held")) == "This permit is held"
