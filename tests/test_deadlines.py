"""Deadlines: the dates the clerk writes on notices, counted as ARCHITECTURE.md prescribes."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.deadlines import (
    EVENTS,
    Direction,
    Unit,
    compute_deadline,
)

CAL = VillageCalendar()  # the village office's default closures (checklists/village_closures)


def due(event: str, when: date | datetime, calendar: VillageCalendar = CAL):
    return compute_deadline(event, when, calendar).due


def test_the_events_are_exactly_those_of_the_issue():
    assert set(EVENTS) == {
        "stop_work_appeal", "stop_work_hearing", "general_appeal", "erosion_appeal",
        "erosion_appeal_decision", "citizen_appeal_copy", "violation_correction",
        "house_number_compliance", "major_plan_review", "minor_plan_review",
        "satellite_decision", "temporary_occupancy_end", "demolition_backfill",
        "excavation_inspection", "stop_work_revocation", "village_work_notice",
        "moving_street_repair", "building_permit_expiry", "erosion_permit_expiry",
        "exterior_finish", "inspection_request", "hazardous_removal_notice",
        "erosion_start_notice", "moving_arrival_report",
    }  # fmt: skip
    backward = {e.name for e in EVENTS.values() if e.direction is Direction.BEFORE}
    assert backward == {"inspection_request", "hazardous_removal_notice", "erosion_start_notice"}


def test_office_closed_on_weekends_and_holidays():
    assert CAL.is_office_open(date(2026, 11, 25))  # Wednesday
    assert not CAL.is_office_open(date(2026, 11, 26))  # Thanksgiving
    assert not CAL.is_office_open(date(2026, 11, 28))  # Saturday
    assert not CAL.is_office_open(date(2026, 12, 25))
    assert not CAL.is_office_open(date(2027, 1, 1))


# --- calendar-day periods: leave out the event day, roll a closed last day forward ---------


def test_calendar_days_ending_on_saturday_roll_to_monday():
    # 10 days after Wed 4 March 2026 is Sat 14 March.
    assert due("moving_street_repair", date(2026, 3, 4)) == date(2026, 3, 16)


def test_calendar_days_ending_on_a_weekday_do_not_move():
    assert due("general_appeal", date(2026, 3, 2)) == date(2026, 3, 23)


def test_last_day_on_thanksgiving_moves_past_the_closed_friday():
    # The office closes Thanksgiving and the Friday after: the next open day is Monday.
    assert due("general_appeal", date(2026, 11, 6)) == date(2026, 11, 30)


def test_last_day_on_christmas_eve_skips_christmas_and_the_weekend():
    assert due("house_number_compliance", date(2026, 12, 9)) == date(2026, 12, 28)


def test_last_day_on_new_years_day_moves_past_the_weekend():
    assert due("violation_correction", date(2026, 12, 2)) == date(2027, 1, 4)


def test_calendar_days_across_a_leap_day():
    assert due("house_number_compliance", date(2028, 2, 15)) == date(2028, 3, 1)
    assert due("temporary_occupancy_end", date(2028, 1, 31)) == date(2028, 3, 1)
    assert due("temporary_occupancy_end", date(2027, 1, 31)) == date(2027, 3, 2)


# --- working-day periods --------------------------------------------------------------------


def test_working_days_skip_thanksgiving_and_the_friday_after():
    assert due("minor_plan_review", date(2026, 11, 25)) == date(2026, 12, 2)


def test_ten_business_days_across_christmas_and_new_year():
    assert due("stop_work_appeal", date(2026, 12, 18)) == date(2027, 1, 7)
    assert due("stop_work_hearing", date(2026, 12, 18)) == date(2027, 1, 7)


def test_working_days_from_a_saturday_start_on_monday():
    assert due("citizen_appeal_copy", date(2026, 3, 7)) == date(2026, 3, 13)


def test_erosion_start_notice_counts_back_over_thanksgiving():
    # Work starts Monday 30 Nov 2026: Thursday and Friday are closed, so the two working days
    # before are Wednesday 25 and Tuesday 24.
    assert due("erosion_start_notice", date(2026, 11, 30)) == date(2026, 11, 24)


# --- hours ---------------------------------------------------------------------------------


def test_hour_rules_run_from_the_clock_time_and_do_not_roll():
    assert due("excavation_inspection", datetime(2026, 11, 25, 14, 30)) == datetime(
        2026, 11, 28, 14, 30
    )
    assert due("stop_work_revocation", datetime(2026, 12, 24, 16, 0)) == datetime(
        2026, 12, 25, 16, 0
    )


def test_backward_hour_rules_give_the_latest_moment_to_act():
    assert due("inspection_request", datetime(2026, 3, 2, 8, 0)) == datetime(2026, 2, 28, 8, 0)
    # Counting back over the leap day.
    assert due("hazardous_removal_notice", datetime(2028, 3, 1, 9, 0)) == datetime(
        2028, 2, 27, 9, 0
    )


def test_hour_rule_refuses_a_bare_date():
    with pytest.raises(InvalidInput, match="time"):
        compute_deadline("inspection_request", date(2026, 3, 2))


def test_day_rule_given_a_time_uses_its_date():
    d = compute_deadline("general_appeal", datetime(2026, 3, 2, 17, 45))
    assert d.due == date(2026, 3, 23)
    assert d.to_json() == {
        "event": "general_appeal",
        "from": "2026-03-02T17:45",
        "due": "2026-03-23",
        "basis": "12.26",
    }


def test_unknown_event():
    with pytest.raises(InvalidInput, match="unknown event"):
        compute_deadline("appeal", date(2026, 3, 2))


# --- validity periods: same date, 29 Feb -> 28 Feb, never moved -----------------------------


def test_validity_from_leap_day_ends_on_28_february():
    assert due("building_permit_expiry", date(2028, 2, 29)) == date(2030, 2, 28)
    assert due("erosion_permit_expiry", date(2028, 2, 29)) == date(2029, 2, 28)
    assert due("erosion_permit_expiry", date(2027, 2, 28)) == date(2028, 2, 28)
    assert due("building_permit_expiry", date(2026, 2, 28)) == date(2028, 2, 28)


def test_validity_does_not_roll_off_a_holiday_weekend():
    assert due("erosion_permit_expiry", date(2026, 12, 25)) == date(2027, 12, 25)  # Saturday
    assert due("exterior_finish", date(2026, 7, 4)) == date(2028, 7, 4)  # holiday


# --- the clerk's own calendar ---------------------------------------------------------------


def test_clerk_added_holiday_pushes_a_deadline():
    cal = VillageCalendar.from_settings(added=["2026-11-30"])
    assert due("minor_plan_review", date(2026, 11, 25), cal) == date(2026, 12, 3)


def test_clerk_removed_holiday_counts_as_working_day():
    cal = VillageCalendar.from_settings(removed=["2026-11-26", "2026-11-27"])
    assert due("minor_plan_review", date(2026, 11, 25), cal) == date(2026, 11, 30)
    assert cal.is_office_open(date(2026, 11, 26))


@pytest.mark.parametrize("bad", [["2026-13-01"], ["tomorrow"], [20261127], "2026-11-27"])
def test_from_settings_rejects_bad_dates(bad):
    with pytest.raises(ValueError, match="holidays_added"):
        VillageCalendar.from_settings(added=bad)


# --- properties over many dates -------------------------------------------------------------

dates = st.dates(min_value=date(2020, 1, 1), max_value=date(2040, 12, 31))
DAY_EVENTS = sorted(e for e, r in EVENTS.items() if r.unit is Unit.DAYS)
WORKING_AFTER = sorted(
    e for e, r in EVENTS.items() if r.unit is Unit.WORKING_DAYS and r.direction is Direction.AFTER
)


@given(dates, st.sampled_from(DAY_EVENTS))
def test_calendar_day_deadline_is_the_first_open_day_on_or_after_day_n(d, event):
    result = due(event, d)
    earliest = d + timedelta(days=EVENTS[event].period)
    assert CAL.is_office_open(result) and result >= earliest
    assert all(not CAL.is_office_open(earliest + timedelta(days=i)) for i in
               range((result - earliest).days))  # fmt: skip


@given(dates, st.sampled_from(WORKING_AFTER))
def test_working_day_deadline_counts_exactly_n_open_days(d, event):
    result = due(event, d)
    days = [d + timedelta(days=i) for i in range(1, (result - d).days + 1)]
    assert CAL.is_office_open(result)
    assert sum(CAL.is_office_open(x) for x in days) == EVENTS[event].period


@given(dates, st.integers(min_value=1, max_value=30))
def test_working_days_before_mirrors_after(d, n):
    """Counting n working days back from an open day, then n forward, lands on that day.
    (From a closed day there is no such round trip: the forward count ends on an open day.)"""
    assume(CAL.is_office_open(d))
    start = CAL.working_days_before(d, n)
    assert start < d and CAL.is_office_open(start)
    assert CAL.working_days_after(start, n) == d


@given(dates, st.integers(min_value=1, max_value=30))
def test_working_days_before_a_closed_day_counts_only_open_days(d, n):
    """From a closed day (a weekend, a holiday) the count back is n open days exactly: the
    closed days in between are skipped, and the result is itself an open day."""
    assume(not CAL.is_office_open(d))
    start = CAL.working_days_before(d, n)
    between = [start + timedelta(days=i) for i in range((d - start).days)]
    assert CAL.is_office_open(start)
    assert sum(CAL.is_office_open(x) for x in between) == n


@given(dates, st.integers(min_value=1, max_value=5))
def test_validity_keeps_the_calendar_date(d, years):
    end = CAL.years_after(d, years)
    assert end.year == d.year + years and end.month == d.month
    assert end.day == d.day or (d.month, d.day, end.day) == (2, 29, 28)
