"""Vetting and decoding a phone photo for the register: what is accepted, what is refused, and
how a display copy and a thumbnail are made without ever holding the full picture in memory.

Why each rule (issue 17):
- real phones write 108 and 200 megapixel JPEGs, HEIC/HEIF (iPhones) and MPO (two-lens
  JPEGs): all are accepted. Pillow's own bomb limit (89.5 MP) refused a 108 MP photo, so the
  limit here is set for photos: ``MAX_PIXELS`` (a 200 MP sensor is 16,320 x 12,240);
- a decompression bomb is refused twice over: by its pixel count, and by the memory it would
  take to decode. A JPEG is decoded at 1/2, 1/4 or 1/8 of its size (``draft``: the JPEG
  decoder scales while it decodes), so a 200 MP photo needs ~30 MB; a PNG, TIFF or HEIC is
  decoded whole, so a small PNG claiming 81 MP (1.27 GB and 5.7 s before) is refused from its
  header, before a single pixel is decoded;
- a file over ``MAX_FILE_BYTES`` is refused before it is read: no phone photo is that big, and
  reading it would hold it all in memory.
No Qt here: the CLI, the tests and the field screen share it.
"""

from __future__ import annotations

import io
import math
import warnings
from pathlib import Path

import pillow_heif
from PIL import Image, ImageOps, UnidentifiedImageError

from deerfield_desk.errors import InvalidInput

pillow_heif.register_heif_opener()

#: Format (as Pillow names it) -> suffix of the kept original. MPO is a JPEG with a second
#: frame appended; HEIF covers .heic and .heif.
ALLOWED_FORMATS = {"JPEG": ".jpg", "MPO": ".jpg", "PNG": ".png", "TIFF": ".tif", "HEIF": ".heic"}
CAMERA_SUFFIXES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".heic", ".heif", ".mpo"}
FORMAT_NAMES = "JPEG, HEIC/HEIF, MPO, PNG or TIFF"
#: A 200 MP phone photo (16,320 x 12,240 = 199.8 MP) with a little room.
MAX_PIXELS = 210_000_000
#: The largest file accepted: a 200 MP JPEG at the best quality is 40-70 MB.
MAX_FILE_BYTES = 100_000_000
#: Memory a decode may take. Pillow keeps 4 bytes a pixel (RGB is padded) and flattening or
#: converting makes one working copy: 8 bytes per decoded pixel. 512 MiB decodes a 48 MP
#: HEIC whole (64 MP at most); an 81 MP PNG needs 648 MiB and is refused.
DECODE_BUDGET_BYTES = 512 * 1024 * 1024
PEAK_BYTES_PER_PIXEL = 8
DISPLAY_LONG_SIDE = 2048
THUMB_LONG_SIDE = 256
#: JPEG decoders scale by 1/2, 1/4 or 1/8 while decoding.
DRAFT_FORMATS = ("JPEG", "MPO")
MAX_DRAFT_SCALE = 8

# The photo policy is this module's: Pillow's default would refuse a 108 MP photo outright.
# Above MAX_PIXELS we refuse ourselves, with a message, before any decoding.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS


def megabytes(count: int) -> str:
    """Sizes as a clerk reads them (decimal megabytes, as file browsers show them)."""
    return f"{count / 1e6:,.0f} MB" if count >= 10_000_000 else f"{count / 1e6:,.1f} MB"


def check_file_size(path: Path) -> int:
    """The file's size, or a refusal naming the limit, before the file is read."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise InvalidInput("photo", f"{path.name} could not be read ({exc.strerror})") from None
    if size > MAX_FILE_BYTES:
        raise InvalidInput(
            "photo",
            f"{path.name} is {megabytes(size)}; photos over {megabytes(MAX_FILE_BYTES)} are "
            "refused (no phone photo is that large): export a smaller copy",
        )
    if size == 0:
        raise InvalidInput("photo", f"{path.name} is empty; copy it again from the camera")
    return size


def draft_scale(image: Image.Image) -> int:
    """How much the decoder itself shrinks this image (1 for formats decoded whole)."""
    if image.format not in DRAFT_FORMATS:
        return 1
    width, height = image.size
    scale = 1
    while max(width, height) / scale > DISPLAY_LONG_SIDE and scale < MAX_DRAFT_SCALE:
        scale *= 2
    return scale


def decode_bytes(image: Image.Image) -> int:
    """Memory needed to decode ``image`` and make its display copy, from its header alone."""
    scale = draft_scale(image)
    width, height = image.size
    return math.ceil(width / scale) * math.ceil(height / scale) * PEAK_BYTES_PER_PIXEL


def open_checked(data: bytes, name: str) -> Image.Image:
    """Open and vet an image from its header: allowed format, pixel count, decode memory."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # our limits follow
        try:
            image = Image.open(io.BytesIO(data))
        except UnidentifiedImageError:
            raise InvalidInput(
                "photo", f"{name} is not a photo Deerfield Desk can keep ({FORMAT_NAMES})"
            ) from None
        except Image.DecompressionBombError:
            raise InvalidInput("photo", _too_many_pixels(name, None)) from None
        except (OSError, ValueError, SyntaxError) as exc:  # header cut short or damaged
            raise InvalidInput(
                "photo", f"{name} could not be decoded ({exc}); copy it again"
            ) from None
    if image.format not in ALLOWED_FORMATS:
        raise InvalidInput(
            "photo", f"{name} is a {image.format} file; only {FORMAT_NAMES} are kept"
        )
    width, height = image.size
    if width * height > MAX_PIXELS:
        raise InvalidInput("photo", _too_many_pixels(name, width * height))
    needed = decode_bytes(image)
    if needed > DECODE_BUDGET_BYTES:
        raise InvalidInput(
            "photo",
            f"{name} is a {image.format} of {width:,} x {height:,} pixels: decoding it would "
            f"take {needed / 2**20:,.0f} MiB (at most {DECODE_BUDGET_BYTES / 2**20:,.0f} MiB); "
            "refused as a possible decompression bomb. Save it as a JPEG, or a smaller copy",
        )
    return image


def _too_many_pixels(name: str, pixels: int | None) -> str:
    claimed = f" ({pixels / 1e6:,.0f} megapixels)" if pixels else ""
    return (
        f"{name} claims more pixels than any phone camera{claimed}; at most "
        f"{MAX_PIXELS / 1e6:,.0f} megapixels: refused as a possible decompression bomb"
    )


def _flatten(image: Image.Image) -> Image.Image:
    """RGB or L for a JPEG copy; transparent parts go white, not black."""
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        flat = Image.new("RGB", rgba.size, "white")
        flat.paste(rgba, mask=rgba.getchannel("A"))
        return flat
    if image.mode not in ("RGB", "L"):
        return image.convert("RGB")
    return image


def display_and_thumb(image: Image.Image) -> tuple[bytes, bytes]:
    """The oriented display copy (long side <= 2,048) and thumbnail, as JPEG bytes."""
    scale = draft_scale(image)
    if scale > 1:
        width, height = image.size
        image.draft("RGB", (width // scale, height // scale))
    oriented = _flatten(ImageOps.exif_transpose(image))
    oriented.thumbnail((DISPLAY_LONG_SIDE, DISPLAY_LONG_SIDE), Image.Resampling.BICUBIC)
    display = io.BytesIO()
    oriented.save(display, "JPEG", quality=85)
    # reduce() averages whole blocks (fast, no copy of the full image), then a fine resize
    factor = max(1, max(oriented.size) // (THUMB_LONG_SIDE * 2))
    thumb_image = oriented.reduce(factor) if factor > 1 else oriented.copy()
    thumb_image.thumbnail((THUMB_LONG_SIDE, THUMB_LONG_SIDE), Image.Resampling.BICUBIC)
    thumb = io.BytesIO()
    thumb_image.save(thumb, "JPEG", quality=80)
    return display.getvalue(), thumb.getvalue()


def decode_copies(image: Image.Image, name: str) -> tuple[bytes, bytes]:
    """``display_and_thumb`` with a damaged file turned into a message naming it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # vetted already
        try:
            return display_and_thumb(image)
        except (OSError, ValueError, SyntaxError) as exc:  # truncated, damaged, odd mode
            raise InvalidInput(
                "photo", f"{name} could not be decoded ({exc}); copy it again"
            ) from None
