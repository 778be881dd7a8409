"""What reportlab lets a PDF say to a screen reader (issue 19.6).

Every document has a title (set where it is built); this adds the language, so a reader
speaks English words with English rules, and asks viewers to show the title rather than the
file name. Reportlab does not write tagged PDF (no structure tree), so the reading order is
the drawing order: the renderers draw the letterhead, then the body in story order, then the
footer, which is the order a person reads.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfdoc import PDFString

LANGUAGE = "en-US"


def declare(canvas) -> None:
    """Language and title display for ``canvas`` (a reportlab Canvas, before save)."""
    canvas.setCatalogEntry("Lang", PDFString(LANGUAGE))
    canvas.setViewerPreference("DisplayDocTitle", "true")
