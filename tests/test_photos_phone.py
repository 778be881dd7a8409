"""Real phone photos are kept (108 MP JPEG, HEIC, MPO); bombs and oversized files are not.

Each test builds its photo with Pillow (or pillow-heif) on the spot and imports it through the
store, as the field screen does; a refusal must name the file and the rule and write nothing.
"""

import hashlib

import pytest
from PIL import Image

from deerfield_desk.config import register_paths
from deerfield_desk.errors import InvalidInput
from deerfield_desk.store import inspections, photo_decode, photos
from tests.inspections_fixtures import NOW, make_permit, open_field_register
from tests.photo_fixtures import site_photo, write_png_claiming


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


@pytest.fixture
def inspection(field_register):
    permit = make_permit(field_register)
    return inspections.request_inspection(
        field_register, permit["uuid"], "footing", requested_by="Dana", requested_at=NOW
    )


def _import(field_register, db_path, inspection, source):
    paths = register_paths(db_path)
    row = photos.import_photo(field_register, paths, source, "inspections", inspection["uuid"])
    return paths, row


def test_a_100_megapixel_jpeg_is_kept_whole_with_a_small_display_copy(
    field_register, db_path, inspection, tmp_path
):
    """Pillow's own limit (89.5 MP) refused a 108 MP phone photo: ours keeps it."""
    source = tmp_path / "IMG_108MP.jpg"
    Image.new("L", (11_000, 9_100), 128).save(source, "JPEG", quality=80)  # 100.1 MP
    paths, row = _import(field_register, db_path, inspection, source)
    original = paths.photos / row["original_path"]
    assert hashlib.sha256(original.read_bytes()).hexdigest() == row["sha256"]
    assert original.read_bytes() == source.read_bytes()
    with Image.open(paths.photos / row["display_path"]) as display:
        assert max(display.size) <= photo_decode.DISPLAY_LONG_SIDE
        assert display.size[0] > display.size[1]  # landscape stays landscape


def test_heic_from_an_iphone_is_kept_as_heic_with_a_jpeg_display_copy(
    field_register, db_path, inspection, tmp_path
):
    source = tmp_path / "IMG_0420.HEIC"
    site_photo((1600, 1200)).save(source, "HEIF", quality=60)
    paths, row = _import(field_register, db_path, inspection, source)
    assert row["original_path"].endswith(".heic")
    assert (paths.photos / row["original_path"]).read_bytes() == source.read_bytes()
    with Image.open(paths.photos / row["display_path"]) as display:
        assert (display.format, display.size) == ("JPEG", (1600, 1200))


def test_mpo_from_a_two_lens_phone_is_kept(field_register, db_path, inspection, tmp_path):
    source = tmp_path / "DSC_0007.JPG"
    left, right = site_photo((800, 600), 1), site_photo((800, 600), 2)
    left.save(source, "MPO", save_all=True, append_images=[right])
    with Image.open(source) as check:
        assert check.format == "MPO"
    paths, row = _import(field_register, db_path, inspection, source)
    assert (paths.photos / row["original_path"]).read_bytes() == source.read_bytes()
    with Image.open(paths.photos / row["thumb_path"]) as thumb:
        assert max(thumb.size) == photo_decode.THUMB_LONG_SIDE


def test_more_pixels_than_any_camera_is_refused_by_count(
    field_register, db_path, inspection, tmp_path
):
    source = tmp_path / "huge.png"
    write_png_claiming(source, 16_000, 14_000)  # 224 MP
    paths = register_paths(db_path)
    with pytest.raises(InvalidInput, match=r"huge.png claims more pixels than any phone camera"):
        photos.import_photo(field_register, paths, source, "inspections", inspection["uuid"])
    assert not paths.photos.exists()


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(
    field_register, db_path, inspection, tmp_path
):
    source = tmp_path / "video_renamed.jpg"
    with open(source, "wb") as handle:  # sparse: nothing big is written to the disk
        handle.truncate(150_000_000)
    with pytest.raises(InvalidInput, match=r"video_renamed.jpg is 150 MB; photos over 100 MB"):
        photos.import_photo(
            field_register, register_paths(db_path), source, "inspections", inspection["uuid"]
        )
    assert photos.attachments_for(field_register, "inspections", inspection["uuid"]) == []


def test_decode_memory_is_read_from_the_header_and_scaled_for_jpeg():
    """A JPEG decodes at 1/8 of its size; a PNG decodes whole: the budget knows which."""
    import io

    jpeg = io.BytesIO()
    Image.new("L", (4000, 3000)).save(jpeg, "JPEG")
    with Image.open(jpeg) as image:
        assert photo_decode.draft_scale(image) == 2
        assert photo_decode.decode_bytes(image) == 2000 * 1500 * 8


def test_a_rotated_heic_is_turned_upright_once(field_register, db_path, inspection, tmp_path):
    """The phone's 'rotate 90°' is applied once: pillow-heif reads it and clears the tag, so
    the display copy is portrait, not turned a second time by the EXIF step."""
    source = tmp_path / "IMG_0421.HEIC"
    exif = Image.Exif()
    exif[0x0112] = 6
    site_photo((600, 200)).save(source, "HEIF", exif=exif.tobytes())
    paths, row = _import(field_register, db_path, inspection, source)
    with Image.open(paths.photos / row["display_path"]) as display:
        assert display.size == (200, 600)


def test_import_files_reports_progress_per_photo_and_each_refusal(
    field_register, db_path, inspection, tmp_path
):
    """What the progress dialog shows while photos import in the background."""
    from deerfield_desk.models.progress import Progress

    good = tmp_path / "IMG_0001.jpg"
    site_photo((400, 300)).save(good, "JPEG")
    bomb = tmp_path / "IMG_0002.png"
    write_png_claiming(bomb, 9000, 9000)
    job = photos.import_files(
        field_register, register_paths(db_path), [good, bomb], "inspections", inspection["uuid"]
    )
    steps = []
    try:
        while True:
            steps.append(next(job))
    except StopIteration as done:
        rows, refusals = done.value
    assert steps == [
        Progress(0, 2, "Importing IMG_0001.jpg (1 of 2)"),
        Progress(1, 2, "Importing IMG_0002.png (2 of 2)"),
        Progress(2, 2, "Done"),
    ]
    assert [r["filename"] for r in rows] == ["IMG_0001.jpg"]
    assert len(refusals) == 1 and refusals[0].startswith("photo: IMG_0002.png is a PNG of 9,000")
