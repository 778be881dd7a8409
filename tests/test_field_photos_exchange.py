"""Issue 17's records made on the laptop's field copy come back to the office at check-in: a
caption, a marked copy (with its files), a signature on the correction notice, a checklist
draft and the village's own library entry; verify passes on both sides."""

from __future__ import annotations

from datetime import datetime

import pytest

from deerfield_desk.config import Paths
from deerfield_desk.store import (
    checklist_drafts,
    defect_library,
    inspections,
    photo_edits,
    photos,
    signatures,
)
from deerfield_desk.store.field.checkin import checkin
from deerfield_desk.store.field.checkout import checkout
from deerfield_desk.store.field.pack import write_return
from deerfield_desk.store.verify import verify_register
from tests.field_fixtures import CHECKOUT_AT, office_day, open_copy, photo_file

MORNING = datetime(2026, 12, 1, 10, 20)
SCRIBBLE = [[(20, 120), (80, 60), (140, 130), (220, 50), (300, 140)]]


@pytest.fixture
def office(register):
    register.ids = office_day(register)
    return register


def test_field_photos_signature_draft_and_library_come_back(office, tmp_path):
    ids = office.ids
    copy = tmp_path / "laptop" / "field.sqlite"
    checkout(office, copy, "laptop-1", now=CHECKOUT_AT)
    field = open_copy(copy)
    rough = ids["rough"]["uuid"]
    inspections.record_result(
        field, rough, "failed", inspected_at=MORNING,
        defects=[{"section": "SPS 321.04", "description": "No guard", "correction": "Add one"}],
        order_reason="footing and foundation inspected before the register was kept",
    )  # fmt: skip
    paths = Paths(field.path)
    photo = photos.import_photo(
        field, paths, photo_file(tmp_path / "cam", "IMG_1.jpg", "red"), "inspections", rough
    )
    photo_edits.set_caption(field, photo["uuid"], "Open side of the landing")
    marked = photo_edits.annotate(
        field, paths, photo["uuid"], [photo_edits.Mark("circle", 0.2, 0.2, 0.6, 0.7)]
    )
    signed = signatures.record_signature(
        field, rough, "correction_notice", "Dana Builder", "contractor", SCRIBBLE, (560, 200)
    )
    checklist_drafts.save_draft(
        field, ids["main"]["uuid"], None, "minor", "site_visit",
        {"tracking_pad": ("deficient", "mud on Main St")},
    )  # fmt: skip
    entry = defect_library.add_entry(field, "SPS 321.04", "Guard missing at deck", "Add a guard")
    field.close()

    pack = tmp_path / "return.ddfield"
    write_return(copy, pack)
    result = checkin(office, pack)
    assert result.conflicts == 0

    office_paths = Paths(office.path)
    back = office.get("attachments", marked["uuid"])
    assert back["derived_from"] == photo["uuid"]
    assert (office_paths.photos / back["original_path"]).is_file()
    assert office.get("attachments", photo["uuid"])["caption"] == "Open side of the landing"
    visit = office.get("inspections", rough)
    (sig,) = signatures.signatures_for(office, visit["id"], "correction_notice")
    assert sig["uuid"] == signed["uuid"] and sig["witnessed_by"] == "Lee Inspector"
    draft = checklist_drafts.current_draft(office, ids["main"]["uuid"], None)
    assert draft["answers"] == {"tracking_pad": ("deficient", "mud on Main St")}
    assert office.get("defect_library", entry["uuid"])["description"] == "Guard missing at deck"
    assert verify_register(office.path).ok
    assert verify_register(copy).ok
