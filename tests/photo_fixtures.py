"""Photos made on the spot for tests and benchmarks (nothing big is committed).

``write_png_claiming`` writes a real, valid PNG of any size from a few kilobytes: rows of zeros
compress to almost nothing, which is exactly what a decompression bomb is. ``site_photo``
draws a textured picture like a site photo (noise over a gradient), so JPEG sizes are real.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from PIL import Image


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def write_png_claiming(path: Path, width: int, height: int) -> None:
    """A valid RGB PNG of ``width`` x ``height`` black pixels, compressed row by row (the
    whole image is never in memory here either)."""
    packer = zlib.compressobj(9)
    row = b"\0" * (1 + 3 * width)  # filter byte + RGB
    parts = [packer.compress(row) for _ in range(height)]
    idat = b"".join(parts) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat)
        + _chunk(b"IEND", b"")
    )  # fmt: skip


def site_photo(size: tuple[int, int], seed: int = 0, mode: str = "RGB") -> Image.Image:
    """A picture with texture (noise over a gradient), like a site photo."""
    width, height = size
    small = Image.effect_noise((max(1, width // 8), max(1, height // 8)), 60 + seed % 40)
    gradient = Image.linear_gradient("L").resize(small.size)
    base = Image.merge("RGB", (small, gradient, Image.eval(small, lambda v: 255 - v)))
    image = base.resize(size, Image.Resampling.BILINEAR)
    return image.convert(mode) if mode != "RGB" else image
