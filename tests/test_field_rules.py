"""Issue 17's rules held by the store, whoever calls it (a dialog, a script, an import):
stages out of order need a reason, a cancelled visit needs one, odd requests must be
confirmed, office hours are the village's setting; a voided occupancy permit reopens the
permit; .ics events carry a growing SEQUENCE."""

from datetime import date, datetime, timedelta

import icalendar
import pytest

from deerfield_desk.documents import render
from deerfield_desk.documents.village import save_village_settings
from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.exports.inspection_ics import calendar_text
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.inspection_slots import Odd
from deerfield_desk.store import inspection_schedule, inspections, occupancy, office_hours
from deerfield_desk.store.inspection_calendar import week_bookings
from deerfield_desk.store.occupancy_void import void_occupancy
from deerfield_desk.store.year_feed import FEED_PERMITS
from tests.documents_fixtures import SETTINGS, pdf_text
from tests.inspections_fixtures import make_permit, open_field_register

ASKED = datetime(2026, 11, 30, 9, 0)  # a Monday
SLOT = datetime(2026, 12, 2, 10, 0)  # Wednesday, in office hours, 48 h on


@pytest.fixture
def reg(db_path, inspector):
    yield from open_field_register(db_path, inspector)


def ask(reg, permit, stage, when=SLOT, **extra):
    return inspections.request_inspection(
        reg, permit["uuid"], stage, requested_by="Dana Builder", requested_at=ASKED,
        scheduled_for=when, now=ASKED, **extra,
    )  # fmt: skip


def count(reg, table="inspections"):
    return reg.query_one(f"SELECT count(*) AS n FROM {table}")["n"]


def journal_of(reg, uuid):
    return reg.query("SELECT * FROM journal WHERE record_uuid = ? ORDER BY seq", (uuid,))


# -- 1a. order of stages -------------------------------------------------------------------


def test_a_stage_ahead_of_erosion_control_needs_a_reason_from_any_caller(reg):
    permit = make_permit(reg)
    footing = ask(reg, permit, "footing")
    with pytest.raises(InvalidInput, match="Erosion control.*say why") as refused:
        inspections.record_result(reg, footing["uuid"], "passed", inspected_at=SLOT)
    assert refused.value.field == "order_reason"
    assert reg.get("inspections", footing["uuid"])["result"] == "requested"  # nothing written
    done, _ = inspections.record_result(
        reg, footing["uuid"], "passed", inspected_at=SLOT, order_reason="fence checked first"
    )
    assert done["order_reason"] == "fence checked first"


def test_a_decision_made_elsewhere_is_recorded_as_decided_and_says_where(reg):
    permit = make_permit(reg)
    footing = ask(reg, permit, "footing")
    done, _ = inspections.record_result(
        reg, footing["uuid"], "passed", inspected_at=SLOT,
        decided_elsewhere="in the old spreadsheet register, 2019",
    )  # fmt: skip
    assert done["result"] == "passed" and done["order_reason"] is None
    last = journal_of(reg, footing["uuid"])[-1]
    assert last["action"] == "result"
    assert "decided in the old spreadsheet register, 2019" in last["reason"]


# -- 1b. cancelled needs a reason ----------------------------------------------------------


def test_a_cancelled_result_needs_a_reason_and_keeps_it(reg):
    permit = make_permit(reg)
    erosion = ask(reg, permit, "erosion_control")
    with pytest.raises(InvalidInput, match="why the inspection is cancelled") as refused:
        inspections.record_result(reg, erosion["uuid"], "cancelled")
    assert refused.value.field == "cancel_reason"
    done, _ = inspections.record_result(
        reg, erosion["uuid"], "cancelled", cancel_reason="builder's pour moved to Friday"
    )
    assert done["result"] == "cancelled"
    assert done["cancel_reason"] == "builder's pour moved to Friday"


# -- 1c. odd requests --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "when", "code", "field", "words"),
    [
        (datetime(2016, 11, 30, 9), SLOT, Odd.STALE, "requested_at", "10 years ago"),
        (datetime(2026, 11, 30, 4), SLOT, Odd.NIGHT, "requested_at", "middle of the night"),
        (ASKED, datetime(2026, 12, 2, 17, 30), Odd.OUTSIDE_HOURS, "scheduled_for", "outside"),
        (ASKED, datetime(2026, 12, 5, 10, 0), Odd.OFFICE_CLOSED, "scheduled_for", "closed"),
        (ASKED, datetime(2027, 9, 1, 10, 0), Odd.FAR_AHEAD, "scheduled_for", "six months"),
    ],
)
def test_an_odd_request_is_refused_until_confirmed_and_the_confirmation_is_kept(
    reg, asked, when, code, field, words
):
    permit = make_permit(reg)
    before = count(reg)
    with pytest.raises(InvalidInput, match=words) as refused:
        inspections.request_inspection(reg, permit["uuid"], "erosion_control",
                                       requested_by="Dana", requested_at=asked,
                                       scheduled_for=when, now=ASKED)  # fmt: skip
    assert refused.value.field == field
    assert count(reg) == before  # nothing half-written
    row = inspections.request_inspection(
        reg, permit["uuid"], "erosion_control", requested_by="Dana", requested_at=asked,
        scheduled_for=when, now=ASKED, confirmed_odd=[code],
    )  # fmt: skip
    assert row["odd_confirmed"].startswith(f"{code}: ")
    assert words in row["odd_confirmed"]
    inserted = journal_of(reg, row["uuid"])[0]
    assert words in inserted["after_json"]  # the confirmation is in the journal too


def test_confirming_one_oddity_does_not_confirm_another(reg):
    permit = make_permit(reg)
    with pytest.raises(InvalidInput, match="closed"):
        inspections.request_inspection(
            reg, permit["uuid"], "erosion_control", requested_by="Dana",
            requested_at=datetime(2026, 11, 30, 4), scheduled_for=datetime(2026, 12, 5, 10),
            now=ASKED, confirmed_odd=[Odd.NIGHT],
        )  # fmt: skip
    with pytest.raises(InvalidInput, match="confirmed_odd: one of stale"):
        ask(reg, permit, "erosion_control", confirmed_odd=["because I said so"])
    assert count(reg) == 0


# -- 4. office hours as a village setting ---------------------------------------------------


def test_office_hours_are_the_villages_setting_checked_and_journaled(reg):
    assert office_hours.office_hours(reg).describe().startswith("Monday to Friday 08:00–16:30")
    with pytest.raises(InvalidInput, match="closes after it opens") as bad:
        office_hours.set_office_hours(reg, [0, 1], "16:00", "08:00", 30)
    assert bad.value.field == "closes"
    with pytest.raises(InvalidInput, match="HH:MM"):
        office_hours.set_office_hours(reg, [0], "8 o'clock", "12:00", 30)
    with pytest.raises(InvalidInput, match="at least one day"):
        office_hours.set_office_hours(reg, [], "08:00", "12:00", 30)
    with pytest.raises(InvalidInput, match="one of 15, 20, 30"):
        office_hours.set_office_hours(reg, [0], "08:00", "12:00", 7)
    assert reg.get_setting("office_hours") is None  # nothing half-written
    office_hours.set_office_hours(reg, [0, 1, 2, 3, 4, 5], "07:00", "12:00", 60)
    hours = office_hours.office_hours(reg)
    assert hours.describe().startswith("Monday to Saturday 07:00–12:00")
    assert [t.hour for t in hours.slot_times()] == [7, 8, 9, 10, 11]
    entry = reg.query_one("SELECT * FROM journal WHERE table_name = 'settings' "
                          "AND after_json LIKE '%slot_minutes%' ORDER BY seq DESC")  # fmt: skip
    assert entry is not None and "07:00" in entry["after_json"]


def test_the_odd_request_check_and_reinspection_follow_the_villages_hours(reg):
    office_hours.set_office_hours(reg, [0, 1, 2, 3, 4, 5], "07:00", "12:00", 60)
    permit = make_permit(reg)
    saturday = ask(reg, permit, "erosion_control", when=datetime(2026, 12, 5, 7, 0))
    assert saturday["odd_confirmed"] is None  # the office books Saturdays now
    with pytest.raises(InvalidInput, match="outside office hours"):
        ask(reg, permit, "footing", when=datetime(2026, 12, 2, 14, 0))
    _failed, again = inspections.record_result(
        reg, saturday["uuid"], "failed", inspected_at=datetime(2026, 12, 5, 11, 30),
        defects=[{"section": "31.12(2)(B)", "correction": "reset the silt fence"}],
    )  # fmt: skip
    booked = datetime.fromisoformat(again["scheduled_for"])
    assert booked.time().isoformat() == "07:00:00"  # the village's first hour-long slot


# -- 2. void and record again keeps photos, checklist and signatures ----------------------


def test_a_visit_recorded_again_carries_what_the_voided_record_had(reg, db_path, tmp_path):
    from deerfield_desk.config import register_paths
    from deerfield_desk.models.exhibit_a import items_for
    from deerfield_desk.store import erosion_checks, photos, signatures
    from deerfield_desk.store.document_records import load_document
    from deerfield_desk.store.photo_edits import photos_by_visit
    from deerfield_desk.store.visit_carry import carried_to
    from tests.documents_fixtures import make_photo

    permit = make_permit(reg)
    visit = ask(reg, permit, "erosion_control")
    done, _ = inspections.record_result(reg, visit["uuid"], "passed", inspected_at=SLOT)
    photo = photos.import_photo(reg, register_paths(db_path), make_photo(tmp_path / "a.jpg"),
                                "inspections", visit["uuid"])  # fmt: skip
    answers = {i.code: ("meets", None) for i in items_for("minor", False)}
    checklist, _ = erosion_checks.record_visit(
        reg, permit["uuid"], "minor", answers, inspection_uuid=visit["uuid"], visited_at=SLOT
    )
    signed = signatures.record_signature(
        reg, visit["uuid"], "inspection_report", "Dana Builder", "contractor",
        [[(10, 10), (300, 60)]], (400, 160),
    )  # fmt: skip
    again = inspection_schedule.void_result(reg, visit["uuid"], "wrong stage tapped")
    carried = carried_to(reg, again["uuid"])
    assert [p["uuid"] for p in carried.photos] == [photo["uuid"]]
    assert [c["uuid"] for c in carried.checklist_visits] == [checklist["uuid"]]
    assert carried.checklist_visits[0]["answers"] == len(answers)
    assert [s["uuid"] for s in carried.signatures] == [signed["uuid"]]
    assert carried.describe() == (
        f"1 photo, an Exhibit A checklist ({len(answers)} answers), 1 signature"
    )
    assert all(row["carried_from"] == visit["uuid"] for row in carried.photos)
    # the new record shows them: the permit's photo strip and its printed report
    strips = photos_by_visit(reg, permit["uuid"])
    assert [p["uuid"] for s in strips for p in s.photos] == [photo["uuid"]]
    assert strips[0].label.endswith("· with the voided record's photos")
    inspections.record_result(reg, again["uuid"], "passed", inspected_at=SLOT)
    report = load_document(reg, "inspection-report", "2026-0001").record
    assert [s["uuid"] for s in report["signatures"]] == [signed["uuid"]]
    assert [p["uuid"] for p in report["photos"]] == [photo["uuid"]]
    save_village_settings(reg, SETTINGS)
    text = pdf_text(render("inspection-report", "2026-0001", reg))
    assert "earlier record of this visit" in text and "wrong stage tapped" in text
    # ...and the voided record still has every one of them, nothing moved or deleted
    for table, uuid in (("attachments", photo["uuid"]), ("checklist_visits", checklist["uuid"]),
                        ("signatures", signed["uuid"])):  # fmt: skip
        row = reg.get(table, uuid)
        assert row["status"] == "active"
        assert [e["action"] for e in journal_of(reg, uuid)] == ["insert"]
    assert reg.get("attachments", photo["uuid"])["owner_uuid"] == visit["uuid"]
    assert reg.get("signatures", signed["uuid"])["inspection_id"] == done["id"]
    voided = load_document(reg, "inspection-report", f"2026-0001/{done['id']}").record
    assert voided["status"] == "voided" and voided["void_reason"] == "wrong stage tapped"
    assert [p["uuid"] for p in voided["photos"]] == [photo["uuid"]]
    assert [s["uuid"] for s in voided["signatures"]] == [signed["uuid"]]
    # signing again on the new record replaces the carried signature there
    inspections_again = reg.get("inspections", again["uuid"])
    fresh = signatures.record_signature(
        reg, again["uuid"], "inspection_report", "Dana Builder", "contractor",
        [[(10, 20), (320, 80)]], (400, 160),
    )  # fmt: skip
    report = load_document(reg, "inspection-report", "2026-0001").record
    assert [s["uuid"] for s in report["signatures"]] == [fresh["uuid"]]
    assert inspections_again["corrects_id"] == done["id"]


# -- 3. void an occupancy permit --------------------------------------------------------------


def passed_house(reg):
    """A permit with every stage passed (in order) and its occupancy permit issued."""
    permit = make_permit(reg)
    reg.update("permits", permit["uuid"], {"issued_date": "2026-11-02"})
    when = SLOT
    for planned, _latest in inspections.stage_results(reg, permit["uuid"]):
        row = ask(reg, permit, planned.stage.code, when=when)
        inspections.record_result(reg, row["uuid"], "passed", inspected_at=when)
        when += timedelta(minutes=30)
    issued = occupancy.issue_occupancy(reg, permit["uuid"], date(2026, 12, 3))
    return permit, issued


def test_voiding_the_occupancy_permit_reopens_the_permit_so_the_final_can_be_corrected(reg):
    permit, issued = passed_house(reg)
    assert reg.get("permits", permit["uuid"])["status"] == "finaled"
    final = reg.query_one("SELECT * FROM inspections WHERE stage = 'final' AND status = 'active'")
    with pytest.raises(NotAllowed, match=issued["occupancy_number"]):
        inspection_schedule.void_result(reg, final["uuid"], "final passed on the wrong house")
    with pytest.raises(InvalidInput, match="say why"):
        void_occupancy(reg, issued["uuid"], "  ")
    voided = void_occupancy(reg, issued["uuid"], "final passed on the wrong house")
    assert voided["status"] == "voided" and voided["void_reason"].startswith("final passed")
    reopened = reg.get("permits", permit["uuid"])
    assert reopened["status"] == "issued" and reopened["finaled_date"] is None
    actions = [e["action"] for e in journal_of(reg, issued["uuid"])]
    assert actions == ["insert", "void"]
    assert "occupancy permit" in journal_of(reg, permit["uuid"])[-1]["reason"]
    with pytest.raises(NotAllowed, match="already void"):
        void_occupancy(reg, issued["uuid"], "again")
    # now the pass can be voided, recorded again, and the occupancy issued again (OC2)
    again = inspection_schedule.void_result(reg, final["uuid"], "final passed on the wrong house")
    with pytest.raises(NotAllowed, match="Outstanding"):
        occupancy.issue_occupancy(reg, permit["uuid"], date(2026, 12, 4))
    inspections.record_result(reg, again["uuid"], "passed", inspected_at=SLOT)
    second = occupancy.issue_occupancy(reg, permit["uuid"], date(2026, 12, 4))
    assert second["occupancy_number"].endswith("-OC2")
    assert reg.get("permits", permit["uuid"])["status"] == "finaled"
    rows = reg.query("SELECT occupancy_number, status FROM occupancy_permits ORDER BY id")
    assert [(r["occupancy_number"][-3:], r["status"]) for r in rows] == [
        ("OC1", "voided"), ("OC2", "active")
    ]  # fmt: skip
    feed = {r["uuid"]: r for r in FEED_PERMITS.rows(reg, 2026)}
    assert feed[permit["uuid"]]["co_issued"] == "2026-12-04"  # the voided one never counts


def test_a_voided_occupancy_permit_prints_void_and_does_not_count(reg):
    permit, issued = passed_house(reg)
    save_village_settings(reg, SETTINGS)
    assert "VOID" not in pdf_text(render("occupancy", "2026-0001", reg))
    void_occupancy(reg, issued["uuid"], "issued under the wrong permit")
    text = pdf_text(render("occupancy", "2026-0001", reg))
    assert "VOID" in text and "issued under the wrong permit" in text
    assert issued["occupancy_number"] in text
    feed = {r["uuid"]: r for r in FEED_PERMITS.rows(reg, 2026)}
    assert feed[permit["uuid"]]["co_issued"] is None


# -- 5. .ics SEQUENCE ----------------------------------------------------------------------


def events(reg):
    text = calendar_text(
        week_bookings(reg, date(2026, 11, 30), VillageCalendar(), for_export=True), "w",
        now=datetime(2026, 12, 1, 12, 0),
    )  # fmt: skip
    parsed = icalendar.Calendar.from_ical(text)
    return {str(e["UID"]).split("@")[0]: e for e in parsed.walk("VEVENT")}


def test_a_moved_visit_gets_a_higher_sequence_and_a_cancelled_one_says_so(reg):
    permit = make_permit(reg)
    erosion = ask(reg, permit, "erosion_control")
    footing = ask(reg, permit, "footing", when=datetime(2026, 12, 3, 10, 0))
    first = events(reg)
    assert int(first[erosion["uuid"]]["SEQUENCE"]) == 0
    assert str(first[erosion["uuid"]]["STATUS"]) == "CONFIRMED"
    inspection_schedule.reschedule(reg, erosion["uuid"], datetime(2026, 12, 2, 14, 0), "rain")
    inspection_schedule.reschedule(reg, erosion["uuid"], datetime(2026, 12, 4, 9, 0), "rain again")
    inspection_schedule.cancel_request(reg, footing["uuid"], "pour postponed")
    second = events(reg)
    moved = second[erosion["uuid"]]
    assert int(moved["SEQUENCE"]) == 2
    assert moved["DTSTART"].dt.replace(tzinfo=None) == datetime(2026, 12, 4, 9, 0)
    cancelled = second[footing["uuid"]]
    assert str(cancelled["STATUS"]) == "CANCELLED" and int(cancelled["SEQUENCE"]) == 1
    assert events(reg)[erosion["uuid"]]["SEQUENCE"] == moved["SEQUENCE"]  # deterministic
    # the week view itself still leaves the cancelled visit out
    shown = week_bookings(reg, date(2026, 11, 30), VillageCalendar())
    assert [b.uuid for b in shown] == [erosion["uuid"]]
