"""What goes into one spreadsheet cell: safe text, money in dollars, nothing surprising.

Spreadsheet programs run a CSV cell that starts with ``=``, ``+``, ``-`` or ``@`` (and some
also tab or carriage return) as a formula: a description typed as ``=HYPERLINK(...)`` in a
permit must never run on the board secretary's computer. In the office CSVs such text gets a
leading apostrophe, the usual convention (OWASP "CSV injection"); the importer takes it off
again, so a round trip keeps the clerk's words. An XLSX text cell is typed as text and can
never run, so the workbook holds the words as typed (an apostrophe there would show as data),
and the machine feed (BLDS) carries them unchanged for programs, not people.

Dates go into the workbook as date cells (Excel's day serials), so a spreadsheet sorts and
filters them as dates.
"""

from __future__ import annotations

from datetime import date, datetime

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NEUTRALISER = "'"


def _formula_like(text: str) -> bool:
    # Apostrophes already in front count too, so text the clerk typed as '=x survives a round
    # trip: it is written ''=x and read back as '=x.
    return text.lstrip(NEUTRALISER).startswith(FORMULA_STARTS)


#: First characters that may begin a formula, or an apostrophe before one.
_RISKY_FIRST = frozenset((*FORMULA_STARTS, NEUTRALISER))


def neutralise(text: str) -> str:
    """Text a spreadsheet will show, never run."""
    if text[:1] in _RISKY_FIRST and _formula_like(text):
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
    """One value as office CSV text: money in dollars, numbers as digits, flags Yes/No,
    text neutralised."""
    return "" if value is None else CSV_CELLS[kind](value)


#: Each kind of column → how a non-empty value reads in the office CSV (chosen once per file).
CSV_CELLS = {
    "text": lambda v: neutralise(str(v)),
    "money": dollars,
    "int": lambda v: str(int(v)),
    "flag": lambda v: "Yes" if v else "No",
    "date": lambda v: neutralise(str(v)),
    "moment": lambda v: neutralise(str(v)),
}


#: Distinct values a column remembers the XML of (ids and descriptions never repeat, so a
#: column stops learning once it has seen this many).
REMEMBERED = 4096


def remembered(make):
    """``make`` with a memory per column: a year's cells repeat (the same stages, results,
    inspectors and days over 50,000 inspections), and a dict look-up is a fraction of
    escaping and formatting the same value again (the workbook's XML)."""
    memo: dict = {}

    def cell(value) -> str:
        xml = memo.get(value)
        if xml is None:
            xml = make(value)
            if len(memo) < REMEMBERED:
                memo[value] = xml
        return xml

    return cell


#: Day 0 of Excel's (1900, with the leap-year bug) serial dates, as a proleptic ordinal.
_EXCEL_EPOCH = date(1899, 12, 30).toordinal()


def excel_serial(text: str) -> float | None:
    """An ISO day (``2025-03-10``) or moment (``2025-03-10T09:30``, journal UTC stamps with
    seconds and offsets) as Excel's serial day number; None for text that is no date, which
    the workbook then shows as the text it is."""
    try:
        day = date.fromisoformat(text[:10])
    except ValueError:
        return None
    serial: float = day.toordinal() - _EXCEL_EPOCH
    if len(text) > 10:
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            return None
        serial += (moment.hour * 3600 + moment.minute * 60 + moment.second) / 86400
    return serial


def has_time(text: str) -> bool:
    return len(text) > 10
