"""The text around a citation, for the in-app reader: the whole section, with the cited
subdivision marked, so the clerk reads a rule in its context and not as a lone sentence.

Pure Python over the shipped chapters (``citations.ordinance_dir``); the Qt dialog in
``ui/ordinance_reader.py`` only displays what this returns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deerfield_desk.models.citations import (
    _CITATION,
    _PART,
    _chapter_lines,
    _heading,
    _opening,
    _same_style,
    ordinance_dir,
)

#: A village citation inside running text: "§31.06(1)(C)", "§ 12.10(2)" (not "§66.05(5)",
#: a state statute).
CITATION_IN_TEXT = re.compile(r"§\s?((?:12|31)\.\d\d(?:\([0-9A-Za-z]+\))*)")


@dataclass(frozen=True)
class Passage:
    citation: str
    heading: str  # "12.10 SPECIAL FIRE LIMITS DISTRICT"
    lines: tuple[str, ...]  # the section's lines after its heading
    first: int  # index in ``lines`` of the cited subdivision (0 for a whole section)
    last: int  # one past its last line
    previous: str | None  # the neighbouring sections, for the reader's buttons
    following: str | None


def passage(citation: str) -> Passage | None:
    """The section holding ``citation`` and where the cited part lies in it, or None."""
    match = _CITATION.match(citation.strip())
    folder = ordinance_dir()
    if not match or folder is None:
        return None
    chapter = match["chapter"]
    try:
        lines = _chapter_lines(folder, chapter)
    except (KeyError, OSError):
        return None
    section = f"{chapter}.{match['section']}"
    headings = [i for i, line in enumerate(lines) if _heading(line)]
    starts = [i for i in headings if _heading(lines[i]) == section]
    if not starts:
        return None
    start = starts[0]
    end = next((i for i in headings if i > start), len(lines))
    body = lines[start + 1 : end]
    first, last = 0, len(body)
    for part in _PART.findall(match["parts"]):
        found = next((i for i in range(first, last) if _opening(body[i]) == part), None)
        if found is None:
            return None
        sibling = next(
            (i for i in range(found + 1, last) if _same_style(_opening(body[i]), part)), last
        )
        first, last = found, sibling
    pos = headings.index(start)
    prev_ = _heading(lines[headings[pos - 1]]) if pos > 0 else None
    next_ = _heading(lines[headings[pos + 1]]) if pos + 1 < len(headings) else None
    return Passage(citation, lines[start], tuple(body), first, last, prev_, next_)


def citations_in(text: str) -> list[str]:
    return CITATION_IN_TEXT.findall(text or "")
