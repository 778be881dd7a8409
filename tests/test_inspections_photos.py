"""Photo import: original byte-identical, display copy oriented, bombs and fakes refused."""

import hashlib

import pytest
from PIL import Image

from deerfield_desk.config import register_paths
from deerfield_desk.errors import InvalidInput
from deerfield_desk.store import inspections, photos
from tests.inspections_fixtures import NOW, make_permit, open_field_register
from tests.photo_fixtures import write_png_claiming


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def inspection(field_register):
    permit = make_permit(field_register)
    return inspections.request_inspection(
        field_register, permit["uuid"], "footing", requested_by="Dana", requested_at=NOW
    )


def rotated_jpeg(path):
    """A 300x100 landscape sensor image the camera marks 'rotate 90° CW' (orientation 6),
    with a time and a GPS fix: it should display as 100x300 portrait."""
    image = Image.new("RGB", (300, 100), (200, 30, 30))
    image.paste((30, 30, 200), (0, 0, 150, 100))
    exif = Image.Exif()
    exif[0x0112] = 6
    exif.get_ifd(0x8769)[36867] = "2026:12:01 09:15:00"
    gps = exif.get_ifd(0x8825)
    gps.update({1: "N", 2: (43.0, 3.0, 0.0), 3: "W", 4: (89.0, 4.0, 30.0)})
    image.save(path, "JPEG", exif=exif, quality=90)


def test_original_kept_byte_identical_display_oriented(
    field_register, db_path, inspection, tmp_path
):
    source = tmp_path / "IMG_0001.JPG"
    rotated_jpeg(source)
    paths = register_paths(db_path)
    row = photos.import_photo(field_register, paths, source, "inspections", inspection["uuid"])
    original = (paths.photos / row["original_path"]).read_bytes()
    assert original == source.read_bytes()
    assert row["sha256"] == hashlib.sha256(original).hexdigest()
    with Image.open(paths.photos / row["display_path"]) as display:
        assert display.size == (100, 300)
    with Image.open(paths.photos / row["thumb_path"]) as thumb:
        assert max(thumb.size) <= photos.THUMB_LONG_SIDE
    assert row["taken_at"] == "2026-12-01T09:15:00"
    assert row["gps_lat"] == pytest.approx(43.05) and row["gps_lon"] == pytest.approx(-89.075)
    again = photos.import_photo(field_register, paths, source, "inspections", inspection["uuid"])
    assert again["uuid"] == row["uuid"]


def test_large_photo_display_copy_long_side_at_most_2048(
    field_register, db_path, inspection, tmp_path
):
    source = tmp_path / "big.jpg"
    Image.new("RGB", (4600, 3000), (90, 120, 60)).save(source, "JPEG")
    row = photos.import_photo(
        field_register, register_paths(db_path), source, "inspections", inspection["uuid"]
    )
    with Image.open(register_paths(db_path).photos / row["display_path"]) as display:
        assert max(display.size) <= 2048 and max(display.size) >= 1024


def test_decompression_bomb_refused_and_nothing_written(
    field_register, db_path, inspection, tmp_path
):
    """A 236 KB PNG claiming 81 megapixels is refused from its header (1.27 GB before)."""
    source = tmp_path / "bomb.png"
    write_png_claiming(source, 9000, 9000)
    assert source.stat().st_size < 300_000  # a quarter of a megabyte
    paths = register_paths(db_path)
    with pytest.raises(InvalidInput, match="bomb.png is a PNG of 9,000 x 9,000 pixels") as caught:
        photos.import_photo(field_register, paths, source, "inspections", inspection["uuid"])
    assert caught.value.field == "photo" and "decompression bomb" in caught.value.rule
    assert not paths.photos.exists()
    assert photos.attachments_for(field_register, "inspections", inspection["uuid"]) == []


def test_renamed_text_file_refused(field_register, db_path, inspection, tmp_path):
    source = tmp_path / "site.jpg"
    source.write_text("not a photo at all", encoding="utf-8")
    with pytest.raises(InvalidInput, match="site.jpg is not a photo"):
        photos.import_photo(
            field_register, register_paths(db_path), source, "inspections", inspection["uuid"]
        )


def test_gif_refused_as_format(field_register, db_path, inspection, tmp_path):
    source = tmp_path / "anim.gif"
    Image.new("P", (10, 10)).save(source, "GIF")
    refusal = "anim.gif is a GIF file; only JPEG, HEIC/HEIF, MPO, PNG or TIFF"
    with pytest.raises(InvalidInput, match=refusal):
        photos.import_photo(
            field_register, register_paths(db_path), source, "inspections", inspection["uuid"]
        )


def test_truncated_jpeg_refused_with_message(field_register, db_path, inspection, tmp_path):
    whole = tmp_path / "whole.jpg"
    Image.new("RGB", (400, 300), (10, 200, 10)).save(whole, "JPEG")
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(whole.read_bytes()[:600])
    paths = register_paths(db_path)
    with pytest.raises(InvalidInput, match="cut.jpg could not be decoded"):
        photos.import_photo(field_register, paths, cut, "inspections", inspection["uuid"])
    assert photos.attachments_for(field_register, "inspections", inspection["uuid"]) == []


def test_transparent_png_flattened_on_white(field_register, db_path, inspection, tmp_path):
    source = tmp_path / "sketch.png"
    Image.new("RGBA", (40, 30), (0, 0, 0, 0)).save(source, "PNG")
    paths = register_paths(db_path)
    row = photos.import_photo(field_register, paths, source, "inspections", inspection["uuid"])
    with Image.open(paths.photos / row["display_path"]) as display:
        assert display.convert("RGB").getpixel((20, 15)) >= (250, 250, 250)
    assert (paths.photos / row["original_path"]).read_bytes() == source.read_bytes()


def test_camera_folder_imports_photos_and_reports_refusals(
    field_register, db_path, inspection, tmp_path
):
    card = tmp_path / "DCIM" / "100CANON"
    card.mkdir(parents=True)
    for n in (1, 2):
        Image.new("RGB", (60, 40), (n * 80, 50, 50)).save(card / f"IMG_000{n}.JPG")
    (card / "IMG_0003.JPG").write_text("oops", encoding="utf-8")
    (card / "notes.txt").write_text("not picked up", encoding="utf-8")
    job = photos.import_camera_folder(
        field_register,
        register_paths(db_path),
        tmp_path / "DCIM",
        "inspections",
        inspection["uuid"],
    )
    steps = []
    try:
        while True:
            steps.append(next(job))
    except StopIteration as stop:
        rows, refusals = stop.value
    assert [r["filename"] for r in rows] == ["IMG_0001.JPG", "IMG_0002.JPG"]
    assert len(refusals) == 1 and "IMG_0003.JPG is not a photo" in refusals[0]
    assert (steps[-1].done, steps[-1].total) == (3, 3)
