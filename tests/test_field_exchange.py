"""The field exchange end to end through the store: check out, work in the field copy, return,
check in, conflicts, number blocks, idempotence, tampering, two devices, abandonment."""

from __future__ import annotations

import json
import zipfile
from datetime import date, datetime

import pytest

from deerfield_desk.config import Paths
from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.store import inspections, journal, notices, photos
from deerfield_desk.store.field import conflicts
from deerfield_desk.store.field.audit import audit_pack
from deerfield_desk.store.field.checkin import checkin
from deerfield_desk.store.field.checkout import abandon, checkout
from deerfield_desk.store.field.pack import write_return
from deerfield_desk.store.field.replay import PackRefused
from deerfield_desk.store.ledger import add_fee, record_payment, set_fee_schedule
from deerfield_desk.store.numbering import assign_permit_number
from deerfield_desk.store.verify import verify_register
from tests.field_fixtures import CHECKOUT_AT, journal_count, office_day, open_copy, photo_file

MORNING = datetime(2026, 12, 1, 10, 20)


@pytest.fixture
def office(register):
    register.ids = office_day(register)
    return register


#: The permits of these tests were issued with their early stages behind them.
EARLIER = "footing and foundation inspected before the register was kept"


def fail_rough_in(field, ids, camera):
    """The laptop's morning: reorders the route, fails the rough-in with two photos and posts
    a stop-work order."""
    # a request is booked at the end of its day's route (stop 1 here): the laptop makes it 2
    inspections.schedule(field, ids["rough"]["uuid"], datetime(2026, 12, 1, 9, 0), 2)
    inspections.record_result(
        field,
        ids["rough"]["uuid"],
        "failed",
        defects=[
            {
                "section": "SPS 321.10",
                "description": "Guard missing at stair landing",
                "correction": "Install guard 36 in. minimum",
            }
        ],
        inspected_at=MORNING,
        order_reason=EARLIER,
    )
    paths = Paths(field.path)
    for name, colour in (("IMG_0001.jpg", "red"), ("IMG_0002.jpg", "blue")):
        photos.import_photo(
            field, paths, photo_file(camera, name, colour), "inspections", ids["rough"]["uuid"]
        )
    draft = notices.draft_notice(
        field,
        "building_stop_work",
        facts="Framing continued past a failed rough-in inspection.",
        sections=["12.12(6)"],
        remedy="Stop work until the rough-in passes re-inspection.",
        permit_id=ids["main"]["id"],
    )
    notices.issue_notice(field, draft["uuid"], MORNING)
    return notices.serve_notice(field, draft["uuid"], "posted", MORNING)


def test_the_day_that_failed_before(office, tmp_path):
    """Field result, photos and notice applied; the office's other work kept; the one field
    both changed queued; verify passes on both sides."""
    ids = office.ids
    copy = tmp_path / "laptop" / "field.sqlite"
    out = checkout(office, copy, "laptop-1", now=CHECKOUT_AT)
    assert [b.label() for b in out.manifest.blocks] == ["N-2026-0001…N-2026-0030"]
    field = open_copy(copy)
    assert "checked out Tue 1 Dec 07:40" in field.field_manifest.banner()
    served = fail_rough_in(field, ids, tmp_path / "camera")
    assert served["notice_number"] == "N-2026-0001"
    field.close()
    # the same morning at the office: the rough-in moves to 14:00 as stop 3; a new request
    inspections.schedule(office, ids["rough"]["uuid"], datetime(2026, 12, 1, 14, 0), 3)
    oak_request = inspections.request_inspection(
        office, ids["oak"]["uuid"], "footing", requested_by="Sam Oak",
        requested_at=datetime(2026, 11, 30, 8, 0),
        now=CHECKOUT_AT,
    )  # fmt: skip
    pack = tmp_path / "return.ddfield"
    head_before = journal.read_head(open_copy(copy).conn)
    summary = write_return(copy, pack)
    assert journal.read_head(open_copy(copy).conn) == head_before  # the copy is unchanged
    assert summary.photos == 6  # two photos: original, display copy and thumbnail each

    assert audit_pack(office, pack).problems == ["this copy has not been checked in"]

    result = checkin(office, pack)

    assert result.conflicts == 1 and result.applied >= 6
    audit = audit_pack(office, pack)
    assert audit.ok and audit.applied == result.applied and audit.office_entries >= audit.applied
    assert result.released_numbers == [f"N-2026-{n:04d}" for n in range(2, 31)]
    rough = office.get("inspections", ids["rough"]["uuid"])
    assert rough["result"] == "failed" and rough["inspector"] == "Lee Inspector"
    assert rough["order_reason"] == EARLIER  # the laptop's decision arrives whole, unquestioned
    assert rough["scheduled_for"] == "2026-12-01T14:00"  # the office's move kept
    assert rough["route_order"] == 3  # held until the clerk decides
    assert office.get("inspections", oak_request["uuid"])["requested_by"] == "Sam Oak"
    follow_up = office.query_one(
        "SELECT * FROM inspections WHERE reinspection_of = ?", (rough["id"],)
    )
    assert follow_up["result"] == "requested"
    pictures = photos.attachments_for(office, "inspections", rough["uuid"])
    assert len(pictures) == 2
    for picture in pictures:
        assert (Paths(office.path).photos / picture["original_path"]).exists()
    notice = notices.notice_by_number(office, "N-2026-0001")
    assert notice["status"] == "served" and notice["permit_id"] == ids["main"]["id"]
    # the office's own next notice skips the block
    next_draft = notices.draft_notice(
        office, "house_number", facts="No number posted.", sections=["12.32(5)(c)"],
        permit_id=ids["oak"]["id"],
    )  # fmt: skip
    assert notices.issue_notice(office, next_draft["uuid"], MORNING)["notice_number"] == (
        "N-2026-0031"
    )
    # applied entries carry their origin: device and the field entry's hash
    entries = [e for e in journal.iter_entries(office.conn) if e.get("origin")]
    field_hashes = {json.loads(e["origin"])["field_hash"] for e in entries}
    with zipfile.ZipFile(pack) as zf:
        packed = [json.loads(x)["entry"] for x in zf.read("entries.jsonl").splitlines()]
    assert field_hashes <= {e["hash"] for e in packed}
    assert all(json.loads(e["origin"])["device"] == "laptop-1" for e in entries)

    (queued,) = conflicts.open_conflicts(office)
    assert [c.column for c in conflicts.choices(queued)] == ["route_order"]
    (choice,) = conflicts.choices(queued)
    assert (choice.base, choice.office, choice.field) == (1, 3, 2)
    conflicts.resolve(office, queued["uuid"], {"route_order": "field"})
    assert office.get("inspections", rough["uuid"])["route_order"] == 2
    last = journal.history(office.conn, rough["uuid"])[-1]
    assert last["action"] == "conflict" and "route_order: field" in last["reason"]
    assert conflicts.open_conflicts(office) == []
    assert verify_register(office.path).ok
    assert verify_register(copy).ok
    assert audit_pack(office, pack).ok  # the clerk's decision is not mistaken for field work


def test_checking_in_twice_applies_nothing_the_second_time(office, tmp_path):
    copy, pack = tmp_path / "field.sqlite", tmp_path / "return.ddfield"
    checkout(office, copy, "laptop-1", now=CHECKOUT_AT)
    field = open_copy(copy)
    fail_rough_in(field, office.ids, tmp_path / "camera")
    field.close()
    write_return(copy, pack)
    first = checkin(office, pack)
    assert first.applied > 0
    count = journal_count(office)
    with zipfile.ZipFile(pack) as zf:
        entries = len(zf.read("entries.jsonl").splitlines())
    again = checkin(office, pack)
    assert again.as_dict() == {
        "applied": 0,
        "already_present": entries,
        "conflicts": 0,
        "released_numbers": [],
    }
    assert journal_count(office) == count


def _rewrite(pack, out, change):
    with zipfile.ZipFile(pack) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, change(info.filename, src.read(info.filename)))


def _office_state(reg, db_path):
    photos_dir = Paths(db_path).photos
    files = sorted(p.name for p in photos_dir.rglob("*")) if photos_dir.exists() else []
    return journal.read_head(reg.conn), files


@pytest.mark.parametrize("damage", ["edit_entry", "edit_photo", "truncate", "forge_manifest"])
def test_tampered_or_truncated_pack_refused_office_unchanged(office, tmp_path, damage):
    copy, pack = tmp_path / "field.sqlite", tmp_path / "return.ddfield"
    checkout(office, copy, "laptop-1", now=CHECKOUT_AT)
    field = open_copy(copy)
    fail_rough_in(field, office.ids, tmp_path / "camera")
    field.close()
    write_return(copy, pack)
    bad = tmp_path / "bad.ddfield"
    if damage == "truncate":
        data = pack.read_bytes()
        bad.write_bytes(data[: len(data) * 2 // 3])
    elif damage == "edit_entry":
        _rewrite(pack, bad, lambda n, b: b.replace(b"Guard missing", b"Guard present", 1)
                 if n == "entries.jsonl" else b)  # fmt: skip
    elif damage == "edit_photo":
        _rewrite(pack, bad, lambda n, b: b[:-10] + b"0123456789"
                 if n.startswith("photos/originals") else b)  # fmt: skip
    else:  # change an entry AND recompute the manifest's hashes: the chain still catches it
        import hashlib

        with zipfile.ZipFile(pack) as zf:
            manifest = json.loads(zf.read("manifest.json"))
            entries = zf.read("entries.jsonl").replace(b"Guard missing", b"Guard present", 1)
        manifest["parts"]["entries.jsonl"] = {
            "sha256": hashlib.sha256(entries).hexdigest(), "size": len(entries)}  # fmt: skip
        _rewrite(pack, bad, lambda n, b: entries if n == "entries.jsonl" else (
            json.dumps(manifest).encode() if n == "manifest.json" else b))  # fmt: skip
    assert bad.read_bytes() != pack.read_bytes()
    before = _office_state(office, office.path)
    with pytest.raises(PackRefused, match="refused.*Nothing was applied"):
        checkin(office, bad)
    assert _office_state(office, office.path) == before
    assert office.get("inspections", office.ids["rough"]["uuid"])["result"] == "requested"
    assert checkin(office, pack).applied > 0  # the good pack still checks in afterwards


def test_two_devices_out_at_once(office, tmp_path):
    ids = office.ids
    oak_footing = inspections.request_inspection(
        office, ids["oak"]["uuid"], "footing", requested_by="Sam Oak",
        requested_at=datetime(2026, 11, 27, 8, 0), scheduled_for=datetime(2026, 12, 1, 11, 0),
        now=CHECKOUT_AT,
    )  # fmt: skip
    one, two = tmp_path / "one.sqlite", tmp_path / "two.sqlite"
    checkout(office, one, "laptop-1", now=CHECKOUT_AT)
    second = checkout(office, two, "laptop-2", now=CHECKOUT_AT)
    assert [b.label() for b in second.manifest.blocks] == ["N-2026-0031…N-2026-0060"]
    with open_copy(one) as field:
        inspections.record_result(field, ids["rough"]["uuid"], "passed", inspected_at=MORNING,
                                  order_reason=EARLIER)  # fmt: skip
        # booked as stops 1 and 2 of the day; this laptop puts them after two stops of its own
        inspections.schedule(field, ids["rough"]["uuid"], datetime(2026, 12, 1, 9, 0), 3)
        inspections.schedule(field, oak_footing["uuid"], datetime(2026, 12, 1, 11, 0), 4)
    with open_copy(two) as field:
        inspections.record_result(field, oak_footing["uuid"], "passed", inspected_at=MORNING,
                                  order_reason=EARLIER)  # fmt: skip
        inspections.set_route(field, [oak_footing["uuid"], ids["rough"]["uuid"]])
        draft = notices.draft_notice(
            field, "house_number", facts="No number posted.", sections=["12.32(5)(c)"],
            permit_id=ids["oak"]["id"])  # fmt: skip
        assert notices.issue_notice(field, draft["uuid"], MORNING)["notice_number"] == (
            "N-2026-0031"
        )
    write_return(one, tmp_path / "one.ddfield")
    write_return(two, tmp_path / "two.ddfield")
    first = checkin(office, tmp_path / "one.ddfield")
    second_in = checkin(office, tmp_path / "two.ddfield")
    assert first.conflicts == 0 and len(first.released_numbers) == 30
    assert second_in.conflicts == 2  # both laptops set both stops' route order
    assert office.get("inspections", ids["rough"]["uuid"])["result"] == "passed"
    assert office.get("inspections", oak_footing["uuid"])["result"] == "passed"
    assert notices.notice_by_number(office, "N-2026-0031")["kind"] == "house_number"
    assert verify_register(office.path).ok


def test_field_copy_refuses_office_work(office, tmp_path):
    ids = office.ids
    draft_permit = office.insert("permits", {"kind": "building", "status": "approved"})
    fee = add_fee(office, permit=ids["main"], code="building", description="Building permit",
                  amount_cents=10000, basis="schedule")  # fmt: skip
    copy = tmp_path / "field.sqlite"
    checkout(office, copy, "laptop-1", now=CHECKOUT_AT)
    with open_copy(copy) as field:
        head = journal.read_head(field.conn)
        with pytest.raises(NotAllowed, match="field copy.*issued and numbered by the office"):
            assign_permit_number(field, draft_permit["uuid"], date(2026, 12, 1))
        from deerfield_desk.store.permits_lifecycle import issue_permit

        with pytest.raises(NotAllowed, match="issued and numbered by the office"):
            issue_permit(field, draft_permit["uuid"], date(2026, 12, 1), None)
        with pytest.raises(NotAllowed, match="payments are taken at the office"):
            record_payment(field, fee["uuid"], 10000, "cash", "R-1", date(2026, 12, 1))
        with pytest.raises(NotAllowed, match="fee schedule and village settings"):
            set_fee_schedule(field, [])
        with pytest.raises(NotAllowed, match="fee schedule and village settings"):
            field.set_setting("village_name", "Elsewhere")
        assert journal.read_head(field.conn) == head  # nothing written
        assert field.get("permits", draft_permit["uuid"])["permit_number"] is None


def test_one_copy_per_device_until_checked_in_or_abandoned(office, tmp_path):
    copy = tmp_path / "field.sqlite"
    checkout(office, copy, "laptop-1", now=CHECKOUT_AT)
    with pytest.raises(NotAllowed, match="never checked in"):
        checkout(office, tmp_path / "again.sqlite", "laptop-1")
    with pytest.raises(InvalidInput, match="reason"):
        abandon(office, "laptop-1", "  ")
    with open_copy(copy) as field:
        inspections.record_result(field, office.ids["rough"]["uuid"], "passed",
                                  order_reason=EARLIER)  # fmt: skip
    write_return(copy, tmp_path / "late.ddfield")
    row, released = abandon(office, "laptop-1", "laptop dropped in the river")
    assert row["status"] == "abandoned" and len(released) == 30
    assert copy.exists()  # kept as a file
    blocks = office.query("SELECT * FROM number_blocks")
    assert blocks[0]["status"] == "closed"
    assert journal.history(office.conn, blocks[0]["uuid"])[-1]["action"] == "release"
    with pytest.raises(PackRefused, match="abandoned.*river"):
        checkin(office, tmp_path / "late.ddfield")
    checkout(office, tmp_path / "fresh.sqlite", "laptop-1")  # allowed again


def test_next_checkout_carries_the_office_changes(office, tmp_path):
    copy, pack = tmp_path / "field.sqlite", tmp_path / "return.ddfield"
    checkout(office, copy, "laptop-1", now=CHECKOUT_AT)
    with open_copy(copy) as field:
        inspections.record_result(field, office.ids["rough"]["uuid"], "passed",
                                  order_reason=EARLIER)  # fmt: skip
    write_return(copy, pack)
    checkin(office, pack)
    inspections.request_inspection(
        office, office.ids["oak"]["uuid"], "footing", requested_by="Sam Oak",
        requested_at=datetime(2026, 12, 2, 8, 0), now=datetime(2026, 12, 2, 8, 0))  # fmt: skip
    fresh = tmp_path / "fresh.sqlite"
    checkout(office, fresh, "laptop-1")
    with open_copy(fresh) as field:
        assert field.get("inspections", office.ids["rough"]["uuid"])["result"] == "passed"
        assert (
            field.query_one("SELECT count(*) AS n FROM inspections WHERE stage = 'footing'")["n"]
            == 1
        )
        assert field.field_manifest.blocks[0].first == 31
    with pytest.raises(NotAllowed, match="field copy"):
        checkout(open_copy(fresh), tmp_path / "nested.sqlite", "laptop-9")


def test_checkout_carries_the_open_permits_photos_and_verify_knows_the_rest(office, tmp_path):
    ids = office.ids
    paths = Paths(office.path)
    open_photo = photos.import_photo(
        office, paths, photo_file(tmp_path / "cam", "a.jpg", "green"), "inspections",
        ids["rough"]["uuid"],
    )  # fmt: skip
    done = inspections.request_inspection(
        office, ids["oak"]["uuid"], "final", requested_by="Sam Oak",
        requested_at=datetime(2026, 11, 2, 8, 0), now=datetime(2026, 11, 2, 8, 0),
    )  # fmt: skip
    closed_photo = photos.import_photo(
        office, paths, photo_file(tmp_path / "cam", "b.jpg", "yellow"), "inspections",
        done["uuid"],
    )  # fmt: skip
    office.update("permits", ids["oak"]["uuid"], {"status": "finaled"}, action="status:finaled")
    copy = tmp_path / "laptop" / "field.sqlite"
    assert checkout(office, copy, "laptop-1").photos == 3  # original, display copy, thumbnail
    copy_photos = Paths(copy).photos
    assert (copy_photos / open_photo["original_path"]).exists()
    assert not (copy_photos / closed_photo["original_path"]).exists()
    report = verify_register(copy)
    assert report.ok, report.problems
    assert any("stayed at the office" in note for note in report.photos.notes)
    (copy_photos / open_photo["original_path"]).unlink()  # an open permit's photo lost
    assert any("a.jpg" in p for p in verify_register(copy).problems)
