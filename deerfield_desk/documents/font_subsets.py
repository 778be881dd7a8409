"""Each embedded font subset is made and deflated once per process, not once per document.

Why: reportlab embeds in every PDF a subset of each font the document uses, and puts the
printable ASCII characters in the first subset whatever the text (``ttfAsciiReadable``), so
the year's 60 notices embed the very same two subsets (DejaVu Sans and its bold), and each
was cut from the font file (``makeSubset``) and deflated again (~36 KB each) for every notice:
about a sixth of a notice's time, and of a permit card's. A subset is a function of the font
and the characters alone, and deflating the same bytes gives the same bytes, so each PDF is
byte for byte what it was; only the repeated work is gone. The memo is small and bounded (a
few subsets a font), and lives as long as the process: fonts never change under it.
"""

from __future__ import annotations

import zlib
from functools import lru_cache

#: how many distinct subsets (and their deflated bytes) a process keeps per font
KEPT = 16


class _RememberedDeflate:
    """The filter reportlab applies to a font stream (``PDFStreamFilterZCompress``: the
    same name, the same ``zlib.compress``), remembering what it deflated."""

    pdfname = "FlateDecode"

    def __init__(self) -> None:
        self.encode = lru_cache(maxsize=KEPT)(zlib.compress)

    def decode(self, encoded: bytes) -> bytes:
        return zlib.decompress(encoded)


def remember_subsets(font):
    """Make ``font`` (a reportlab ``TTFont``, before it is registered) cut and deflate each
    subset once; returns the two memos (``cache_info()`` says how often each was used)."""
    face = font.face
    make_subset = face.makeSubset
    add_subset_objects = face.addSubsetObjects
    deflate = _RememberedDeflate()

    @lru_cache(maxsize=KEPT)
    def subset_of(codes: tuple[int, ...]) -> bytes:
        return make_subset(list(codes))

    def remembered_subset(subset) -> bytes:
        return subset_of(tuple(subset))

    def add_remembered(doc, fontname, subset):
        reference = add_subset_objects(doc, fontname, subset)
        # the font stream reportlab just added (its own name for it); if a later reportlab
        # names it otherwise, the subset is still remembered, only deflated again
        stream = doc.idToObject.get(f"fontFile:{face.filename}({fontname})")
        filters = getattr(stream, "filters", None)
        if filters and len(filters) == 1 and filters[0].pdfname == deflate.pdfname:
            stream.filters = [deflate]
        return reference

    face.makeSubset = remembered_subset
    face.addSubsetObjects = add_remembered
    return subset_of, deflate.encode
