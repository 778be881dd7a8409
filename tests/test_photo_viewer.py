"""The photo viewer: strips per visit, zoom, a caption, marks drawn on a copy, and photos added
in the background. The original must stay byte-identical (checked by its SHA-256)."""

import hashlib

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from deerfield_desk.config import register_paths
from deerfield_desk.store import inspections, photo_edits, photos
from deerfield_desk.ui.field import photo_actions
from deerfield_desk.ui.field.photo_viewer import PhotoViewer
from tests.inspections_fixtures import NOW, make_permit, open_field_register
from tests.photo_fixtures import site_photo


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def visit(field_register, db_path, tmp_path):
    """A permit with two visits: a footing visit with two photos, a foundation visit with one."""
    permit = make_permit(field_register)
    paths = register_paths(db_path)
    footing = inspections.request_inspection(
        field_register, permit["uuid"], "footing", requested_by="Dana", requested_at=NOW
    )
    foundation = inspections.request_inspection(
        field_register, permit["uuid"], "foundation", requested_by="Dana", requested_at=NOW
    )
    for number, owner in enumerate((footing, footing, foundation)):
        source = tmp_path / f"IMG_{number:04}.jpg"
        site_photo((1200, 900), number).save(source, "JPEG", quality=85)
        photos.import_photo(field_register, paths, source, "inspections", owner["uuid"])
    return permit, footing, foundation


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_strips_per_visit_zoom_caption_and_marks_on_a_copy(main_window, field_register, visit,
                                                           qtbot, db_path):  # fmt: skip
    window = main_window(field_register)
    permit, footing, _foundation = visit
    viewer = PhotoViewer(window, permit["uuid"], ("inspections", footing["uuid"]))
    qtbot.addWidget(viewer)
    viewer.resize(1200, 720)
    viewer.show()
    assert sorted(strip.count() for strip in viewer.strips) == [1, 2]
    first = viewer.strips[0].item(0)
    assert viewer.current is not None and viewer.canvas.image_size() == (1200, 900)

    fitted = viewer.canvas.zoom()
    viewer.findChild(type(viewer.add_button), "zoomIn").click()
    assert viewer.canvas.zoom() == pytest.approx(fitted * 1.25)
    assert viewer.zoom_label.text() == f"{viewer.canvas.zoom():.0%}"

    original = register_paths(db_path).photos / viewer.current["original_path"]
    before = sha(original)
    viewer.caption.setText("Footing  form at the NE corner")
    QTest.keyClick(viewer.caption, Qt.Key.Key_Return)
    stored = field_register.get("attachments", viewer.current["uuid"])
    assert stored["caption"] == "Footing form at the NE corner"
    assert field_register.query_one(
        "SELECT 1 AS hit FROM journal WHERE record_uuid = ? AND after_json LIKE '%NE corner%'",
        (stored["uuid"],),
    )

    viewer.canvas.fit()
    viewer.tool_buttons["arrow"].click()
    port = viewer.canvas.viewport()
    centre = port.rect().center()
    QTest.mousePress(port, Qt.MouseButton.LeftButton, pos=centre - QPoint(60, 40))
    QTest.mouseMove(port, centre)
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, pos=centre)
    viewer.tool_buttons["circle"].click()
    QTest.mousePress(port, Qt.MouseButton.LeftButton, pos=centre + QPoint(10, 10))
    QTest.mouseMove(port, centre + QPoint(70, 60))
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, pos=centre + QPoint(70, 60))
    assert [m.kind for m in viewer.canvas.marks] == ["arrow", "circle"]
    arrow = viewer.canvas.marks[0]
    assert arrow.x2 == pytest.approx(0.5, abs=0.05) and arrow.y2 == pytest.approx(0.5, abs=0.05)
    assert viewer.save_marks.isEnabled()
    viewer.save_marks.click()

    marked = viewer.current
    assert marked["derived_from"] == stored["uuid"] and marked["filename"].endswith("-marked.jpg")
    assert marked["caption"] == "Footing form at the NE corner"
    assert sha(original) == before  # the original is byte-identical
    assert "original photo is unchanged" in viewer.status.text()
    assert sorted(strip.count() for strip in viewer.strips) == [1, 3]
    with_marks = register_paths(db_path).photos / marked["original_path"]
    assert sha(with_marks) == marked["sha256"] != stored["sha256"]
    assert first is not None


def test_add_photos_imports_in_the_background_into_this_visit(
    main_window, field_register, visit, qtbot, tmp_path, monkeypatch, sync_workers
):
    window = main_window(field_register)
    permit, _footing, foundation = visit
    files = []
    for number in range(3):
        path = tmp_path / f"new_{number}.jpg"
        site_photo((800, 600), 10 + number).save(path, "JPEG")
        files.append(str(path))
    bad = tmp_path / "notes.jpg"
    bad.write_text("not a photo")
    monkeypatch.setattr(photo_actions, "ask_photo_files", lambda parent: [*files, str(bad)])
    refused = []
    monkeypatch.setattr(photo_actions, "show_refusals", lambda parent, r: refused.extend(r))
    viewer = PhotoViewer(window, permit["uuid"], ("inspections", foundation["uuid"]))
    qtbot.addWidget(viewer)
    viewer.add_button.click()
    rows = photos.attachments_for(field_register, "inspections", foundation["uuid"])
    assert [r["filename"] for r in rows][1:] == ["new_0.jpg", "new_1.jpg", "new_2.jpg"]
    assert refused == ["photo: notes.jpg is not a photo Deerfield Desk can keep "
                       "(JPEG, HEIC/HEIF, MPO, PNG or TIFF)"]  # fmt: skip
    assert viewer.current["filename"] == "new_2.jpg"
    assert "3 photo(s) added" in viewer.status.text()


def test_marks_outside_the_photo_or_none_are_refused(field_register, visit, db_path):
    permit, footing, _ = visit
    row = photos.attachments_for(field_register, "inspections", footing["uuid"])[0]
    paths = register_paths(db_path)
    with pytest.raises(Exception, match="marks: draw at least one arrow or circle"):
        photo_edits.annotate(field_register, paths, row["uuid"], [])
    outside = photo_edits.Mark("arrow", 0.2, 0.2, 1.4, 0.5)
    with pytest.raises(Exception, match=r"marks.1: inside the photo"):
        photo_edits.annotate(field_register, paths, row["uuid"], [outside])
    with pytest.raises(Exception, match="caption: at most 200 characters"):
        photo_edits.set_caption(field_register, row["uuid"], "x" * 201)
    assert len(photos.attachments_for(field_register, "inspections", footing["uuid"])) == 2


def test_the_today_cards_photo_button_opens_the_viewer_on_that_visit(
    main_window, field_register, visit, monkeypatch
):
    permit, footing, _foundation = visit
    opened = []
    monkeypatch.setattr(PhotoViewer, "exec", lambda self: opened.append(self) or 0)
    window = main_window(field_register)
    window.today_screen.photo_requested.emit(footing["uuid"])
    (viewer,) = opened
    assert viewer.permit["uuid"] == permit["uuid"]
    assert viewer.add_to == ("inspections", footing["uuid"])
    assert sorted(strip.count() for strip in viewer.strips) == [1, 2]
