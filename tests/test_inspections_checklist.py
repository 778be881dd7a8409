"""Exhibit A items per site class, visits stored per item, and the erosion log's gaps."""

from datetime import date

import pytest

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.exhibit_a import items_for
from deerfield_desk.store import erosion_checks
from tests.inspections_fixtures import make_permit, open_field_register


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


def sections(site_class):
    return [i.section for i in items_for(site_class)]


def test_minor_site_gets_31_06_2_and_31_12_3_only():
    minor = sections("minor")
    assert minor[:7] == [f"31.06(2)({c})" for c in "ABCDEFG"]
    assert "31.12(3)(E)" in minor and "31.12(3)(F)" in minor  # entry for inspection
    # only the channel rule of 31.06(3)(B), which applies to a site of any size
    assert {s for s in minor if s.startswith("31.06(3)")} == {"31.06(3)(B)"}
    assert not any(s.startswith("31.12(2)") for s in minor)


def test_larger_site_adds_31_06_3_and_major_conditions():
    larger = sections("larger")
    assert {"31.06(3)(A)", "31.06(3)(B)", "31.06(3)(C)", "31.12(2)(G)"} <= set(larger)
    # a major site that is not larger meets 31.06(3) only through the channel rule of (B)
    assert {s for s in sections("major") if s.startswith("31.06(3)")} == {"31.06(3)(B)"}
    assert "31.12(2)(G)" in sections("major")


def test_visit_stores_every_response_and_refuses_half_answers(field_register):
    reg = field_register
    permit = make_permit(reg, kind="erosion_control", permit_class="minor", work=None)
    answers = {i.code: ("meets", None) for i in items_for("minor")}
    partial = dict(list(answers.items())[:-1])
    with pytest.raises(InvalidInput, match="minor_entry"):  # the list's last item
        erosion_checks.record_visit(reg, permit["uuid"], "minor", partial)
    answers["tracking_pad"] = ("deficient", None)
    with pytest.raises(InvalidInput, match="tracking_pad"):
        erosion_checks.record_visit(reg, permit["uuid"], "minor", answers)
    assert reg.query_one("SELECT count(*) AS n FROM checklist_visits")["n"] == 0
    answers["tracking_pad"] = ("deficient", "mud on Main St, no gravel pad")
    visit, rows = erosion_checks.record_visit(reg, permit["uuid"], "minor", answers)
    assert len(rows) == len(items_for("minor"))
    pad = next(r for r in rows if r["item_code"] == "tracking_pad")
    assert (pad["section"], pad["response"]) == ("31.06(2)(C)", "deficient")


def test_erosion_log_flags_missing_week_and_unfollowed_rain(field_register):
    reg = field_register
    permit = make_permit(reg, kind="erosion_control", permit_class="minor", work=None)
    erosion_checks.log_inspection(reg, permit["uuid"], date(2026, 6, 3), "weekly", "Dana")
    erosion_checks.record_rain(reg, date(2026, 6, 16), 0.75)
    erosion_checks.record_rain(reg, date(2026, 6, 20), 0.3)
    gaps = erosion_checks.log_gaps(reg, permit["uuid"], date(2026, 6, 1), date(2026, 6, 21))
    assert [(g.kind, g.start.isoformat()) for g in gaps] == [
        ("week", "2026-06-08"),
        ("week", "2026-06-15"),
        ("rain", "2026-06-16"),
    ]
    assert gaps[0].basis == "31.12(3)(E)"
    erosion_checks.log_inspection(
        reg, permit["uuid"], date(2026, 6, 17), "rain", "Dana", rain_inches=0.75
    )
    gaps = erosion_checks.log_gaps(reg, permit["uuid"], date(2026, 6, 1), date(2026, 6, 21))
    assert [g.start.isoformat() for g in gaps] == ["2026-06-08"]
