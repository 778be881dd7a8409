"""Paragraph markup parsed once per process prints exactly what a fresh parse prints
(documents/paragraphs.py, issue 18)."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import letter
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

from deerfield_desk.documents import paragraphs
from deerfield_desk.documents.blocks import esc
from deerfield_desk.documents.layout import styles
from deerfield_desk.documents.village import register_fonts

TEXTS = [
    ("What we found", "heading"),
    ("Correct by <b>1 March 2026</b> (§12.23(3)).", "bold"),
    (esc("Smith & Sons\n12 Main St · 王小明"), "body"),
    ("<font size='9'>(§12.17)</font> <u>underlined</u> <strike>struck</strike>", "body"),
    ("•&nbsp;&nbsp;" + esc("Call the Building Inspector to inspect the correction."), "body"),
    ("<bullet>&bull;</bullet>a bulleted paragraph", "body"),
    ("a long sentence that wraps over several lines of a narrow cell " * 4, "cell"),
]


def _pdf(make) -> bytes:
    register_fonts()
    s = styles()
    story: list = []
    for text, style in TEXTS:  # each twice: once full width, once in a narrow cell
        story.append(make(text, s[style]))
        story.append(Table([[make(text, s[style]), make(text, s["label"])]], [1.2 * inch] * 2))
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=letter, invariant=1).build(story)
    return buffer.getvalue()


def test_memo_paragraphs_print_what_fresh_ones_print():
    paragraphs._parsed.cache_clear()
    expected = _pdf(Paragraph)
    for _ in range(3):  # the first build parses, the next ones reuse the parses
        assert _pdf(paragraphs.paragraph) == expected
    info = paragraphs._parsed.cache_info()
    assert info.hits >= 2 * 2 * len(TEXTS)
    assert info.currsize <= 2 * len(TEXTS)


def test_a_bullet_in_the_markup_is_parsed_every_time():
    style = styles()["body"]
    assert paragraphs._parsed("<bullet>&bull;</bullet>text", style) is None
    one = paragraphs.paragraph("<bullet>&bull;</bullet>text", style)
    two = paragraphs.paragraph("<bullet>&bull;</bullet>text", style)
    assert one.frags is not two.frags and one.bulletText and two.bulletText


def test_each_paragraph_gets_its_own_fragments():
    style = styles()["body"]
    one = paragraphs.paragraph("same <b>text</b>", style)
    two = paragraphs.paragraph("same <b>text</b>", style)
    assert len(one.frags) == len(two.frags) == 2
    assert all(a is not b for a, b in zip(one.frags, two.frags, strict=True))
    one.wrap(30, 500)  # laying one out (its fragments become words) leaves the other alone
    assert [f.text for f in two.frags] == ["same ", "text"]
