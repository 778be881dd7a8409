"""Paragraphs whose markup is parsed once per process, not once per document.

Why: reportlab parses a paragraph's markup (with an HTML parser) when the paragraph is made.
The year's 60 notices make 2,520 paragraphs, of which 271 differ (the headings, the labels,
each kind's fixed sentences); parsing them again was a sixth of a notice's time. A parse is a
function of the text and the style alone, and each paragraph is given its own copies of the
parsed fragments (reportlab marks up a paragraph's fragments while it lays it out), so every
PDF is byte for byte what a fresh parse gives (tests/test_paragraph_memo.py).
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

#: distinct (text, style) parses a process keeps: a year's notices need a few hundred
KEPT = 4096


@lru_cache(maxsize=KEPT)
def _parsed(text: str, style: ParagraphStyle) -> tuple[str, tuple] | None:
    """The cleaned text and fragments reportlab parses ``text`` into; None when the markup
    changes the style or sets a bullet (such a paragraph is parsed every time)."""
    first = Paragraph(text, style)
    if first.style is not style or first.bulletText != getattr(style, "bulletText", None):
        return None
    return first.text, tuple(first.frags)


def paragraph(text: str, style: ParagraphStyle) -> Paragraph:
    """``Paragraph(text, style)``, from the process's parse of the same text and style.

    ``style`` must be one of the shared styles (``layout.styles()``): the memo holds it."""
    parsed = _parsed(text, style)
    if parsed is None:
        return Paragraph(text, style)
    clean, fragments = parsed
    return Paragraph(clean, style, frags=[fragment.clone() for fragment in fragments])
