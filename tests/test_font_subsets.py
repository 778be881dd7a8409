"""A font's subsets are cut and deflated once per process, and the PDFs stay byte for byte
what reportlab writes without the memo (documents/font_subsets.py, issue 18)."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from deerfield_desk.config import asset_path
from deerfield_desk.documents import font_subsets

NAME = "DeskSubsetProbe"
TEXT = ["Notice N-2025-0007 · §12.23(3) — correct by 1 March", "Smith & Sons, 12 Main St"]


@pytest.fixture
def registry(monkeypatch):
    """reportlab's font registry as a copy the test may change: a face registered once is
    reused for every later font of that face (the app's own DejaVu Sans among them)."""
    monkeypatch.setattr(pdfmetrics, "_fonts", dict(pdfmetrics._fonts))
    monkeypatch.setattr(pdfmetrics, "_dynFaceNames", {})

    def register(font: TTFont) -> None:
        pdfmetrics._fonts.pop(NAME, None)
        pdfmetrics._dynFaceNames.clear()
        pdfmetrics.registerFont(font)
        assert pdfmetrics.getFont(NAME) is font

    return register


def _font() -> TTFont:
    return TTFont(NAME, str(asset_path("fonts", "DejaVuSans.ttf")))


def _pdf(lines: list[str]) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.setFont(NAME, 11)
    for n, line in enumerate(lines):
        canvas.drawString(72, 700 - 14 * n, line)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_remembered_subsets_print_the_same_bytes_and_are_made_once(registry):
    registry(_font())
    expected = [_pdf(TEXT), _pdf(TEXT[:1]), _pdf(["第二 王小明"] + TEXT)]

    remembered = _font()
    cut = []
    original = remembered.face.makeSubset
    remembered.face.makeSubset = lambda subset: cut.append(list(subset)) or original(subset)
    subsets, deflate = font_subsets.remember_subsets(remembered)
    registry(remembered)
    for _ in range(3):
        assert [_pdf(TEXT), _pdf(TEXT[:1]), _pdf(["第二 王小明"] + TEXT)] == expected

    # nine documents, but each distinct subset was cut from the font file once
    assert len(cut) == len({tuple(c) for c in cut}) == subsets.cache_info().currsize
    assert subsets.cache_info().hits >= 6
    assert deflate.cache_info().hits >= 6  # and deflated once: reportlab's stream took ours


def test_the_memo_is_bounded():
    font = _font()
    subsets, deflate = font_subsets.remember_subsets(font)
    for n in range(font_subsets.KEPT + 5):
        font.face.makeSubset([32 + n])
    assert subsets.cache_info().currsize == font_subsets.KEPT
    assert subsets.cache_info().maxsize == deflate.cache_info().maxsize == font_subsets.KEPT
