"""Check that a citation such as ``31.06(1)(C)`` or ``12.18(2)(a)`` exists in the ordinance.

Why: every finding the engine returns cites a section, and a typo there would send the clerk,
the applicant or the Plan Commission to the wrong paragraph. Tests run every citation the
rules can produce through ``citation_exists``.

The ordinance texts ship inside the package (``deerfield_desk/resources/ordinance``, with
their adoption notes and why they may be copied), so an installed app, a frozen bundle and a
plain clone check against the same words. ``DEERFIELD_ORDINANCE_DIR`` points elsewhere (an
amended text being tried out).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from deerfield_desk.config import asset_path

CHAPTER_FILES = {
    "12": "chapter-12-building-code.txt",
    "31": "chapter-31-erosion-control.txt",
}
_CITATION = re.compile(r"^(?P<chapter>\d+)\.(?P<section>\d+)(?P<parts>(?:\([0-9A-Za-z]+\))*)$")
_HEADING = re.compile(r"^(\d+\.\d+)\s")
_PART = re.compile(r"\(([0-9A-Za-z]+)\)")


SHIPPED_DIR = asset_path("ordinance")


def ordinance_dir() -> Path | None:
    """The folder holding the ordinance texts, or None when it is not there."""
    override = os.environ.get("DEERFIELD_ORDINANCE_DIR")
    if override:
        path = Path(override)
        return path if path.is_dir() else None
    shipped = asset_path("ordinance")
    return shipped if shipped.is_dir() else None


@lru_cache(maxsize=4)
def _chapter_lines(folder: Path, chapter: str) -> tuple[str, ...]:
    text = (folder / CHAPTER_FILES[chapter]).read_text(encoding="utf-8")
    return tuple(line.strip() for line in text.splitlines())


def citation_exists(citation: str, folder: Path | None = None) -> bool:
    """True when the section and each nested subdivision are found in the ordinance text.

    Subdivisions are lines opening with ``(1)``, ``(a)`` or ``(A)``; a subdivision is looked
    for only inside its parent, which ends where the next sibling of the same style begins.
    """
    match = _CITATION.match(citation)
    folder = folder or ordinance_dir()
    if not match or folder is None or match["chapter"] not in CHAPTER_FILES:
        return False
    if not (folder / CHAPTER_FILES[match["chapter"]]).is_file():
        return False
    lines = _chapter_lines(folder, match["chapter"])
    section = f"{match['chapter']}.{match['section']}"
    starts = [i for i, line in enumerate(lines) if _heading(line) == section]
    if not starts:
        return False
    begin = starts[0] + 1
    end = next((i for i in range(begin, len(lines)) if _heading(lines[i])), len(lines))
    for part in _PART.findall(match["parts"]):
        found = next((i for i in range(begin, end) if _opens_with(lines[i], part)), None)
        if found is None:
            return False
        sibling = next(
            (i for i in range(found + 1, end) if _same_style(_opening(lines[i]), part)), end
        )
        begin, end = found + 1, sibling
    return True


def _heading(line: str) -> str | None:
    m = _HEADING.match(line)
    return m[1] if m else None


def _opening(line: str) -> str | None:
    m = re.match(r"\(([0-9A-Za-z]+)\)", line)
    return m[1] if m else None


def _opens_with(line: str, part: str) -> bool:
    return _opening(line) == part


def _same_style(other: str | None, part: str) -> bool:
    if other is None:
        return False
    if part.isdigit():
        return other.isdigit()
    return other.isalpha() and (other.islower() == part.islower())
