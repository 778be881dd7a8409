"""What goes into one spreadsheet cell: safe text, money in dollars, nothing surprising.

Spreadsheet programs run a cell that starts with ``=``, ``+``, ``-`` or ``@`` (and some also
tab or carriage return) as a formula: a description typed as ``=HYPERLINK(...)`` in a permit
must never run on the board secretary's computer. Such text gets a leading apostrophe, the
usual convention (OWASP "CSV injection"); the importer takes it off again, so a round trip keeps
the clerk's words.
"""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NEUTRALISER = "'"


def _formula_like(text: str) -> bool:
    # Apostrophes already in front count too, so text the clerk typed as '=x survives a round
    # trip: it is written ''=x and read back as '=x.
    return text.lstrip(NEUTRALISER).startswith(FORMULA_STARTS)


def neutralise(text: str) -> str:
    """Text a spreadsheet will show, never run."""
    if text and _formula_like(text):
        return NEUTRALISER + text
    return text


def restore(text: str) -> str:
    """Undo :func:`neutralise` (the importer reads our own exports back)."""
    if text.startswith(NEUTRALISER) and _formula_like(text):
        return text[1:]
    return text


def dollars(cents: int | None) -> str:
    """Cents as a plain dollar amount for CSV (``1234.50``): no currency sign, no separators,
    so every spreadsheet and the importer read it as a number."""
    if cents is None:
        return ""
    sign = "-" if cents < 0 else ""
    cents = abs(int(cents))
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def csv_cell(value, kind: str) -> str:
    """One value as CSV text: money in dollars, numbers as digits, text neutralised."""
    if value is None:
        return ""
    if kind == "money":
        return dollars(value)
    if kind == "int":
        return str(int(value))
    return neutralise(str(value))


def xlsx_cell(value, kind: str):
    """One value for the workbook: money and counts as numbers, text neutralised."""
    if value is None:
        return None
    if kind == "money":
        return int(value) / 100
    if kind == "int":
        return int(value)
    return neutralise(str(value))
