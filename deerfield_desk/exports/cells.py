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

import re
from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import Any

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


#: Distinct values a column remembers the cell of (ids and descriptions never repeat, so a
#: column stops learning once it has seen this many).
REMEMBERED = 4096


class ColumnCells(dict):
    """One column's cells: ``cells[value]`` is how ``value`` is written (``make(value)``), and
    an empty value (None, "") is ``empty``.

    Why a dict: a year's cells repeat (the same stages, results, inspectors, days and amounts
    over 50,000 inspections), and a whole column of a batch of rows is converted with
    ``map(cells.__getitem__, column)``: a hit costs one C look-up instead of a Python call
    that escapes and formats the same value again; only a miss (``__missing__``) runs Python.
    Text columns also have ``whole(column)``: a batch of plain text (nothing to escape or
    neutralise, the common case, and the only fast one for record ids and descriptions, which
    never repeat) is filled in in one pass; it returns None for a batch that needs care, and
    then each value is converted on its own. The export writes a million cells, so this is
    most of its speed."""

    def __init__(
        self,
        make: Callable[[Any], Any],
        empty: Any = "",
        whole: Callable[[tuple], Sequence | None] | None = None,
    ):
        super().__init__({None: empty, "": empty})
        self.make = make
        self.whole = whole

    def __missing__(self, value) -> Any:
        cell = self.make(value)
        if len(self) < REMEMBERED:
            self[value] = cell
        return cell

    def convert(self, column: tuple) -> Sequence:
        """Every value of ``column`` (one column of a batch of rows) as its cell."""
        if self.whole is not None:
            done = self.whole(column)
            if done is not None:
                return done
        return list(map(self.__getitem__, column))


def plain_text(column: tuple, risky: re.Pattern) -> bool:
    """Every value is text or empty (None, ""), and the text joined by line breaks has no
    match of ``risky`` (a character to escape, or a line starting like a formula): such a
    column can be written as it is. A value holding a line break may match where nothing is
    wrong; that only sends the batch down the careful path, never the reverse."""
    return set(map(type, column)) <= _TEXT_OR_NONE and (
        risky.search("\n" + "\n".join(filter(None, column))) is None
    )


_TEXT_OR_NONE = frozenset((str, type(None)))


def fill_plain(fill: Callable[[str], str] | None, empty: str, column: tuple) -> Sequence[str]:
    """A column that passed ``plain_text``: each text through ``fill`` (a C ``str.format``;
    None: the text as it is), each empty value as ``empty``."""
    if None in column or "" in column:
        if fill is None:
            return [value or empty for value in column]
        return [fill(value) if value else empty for value in column]
    return column if fill is None else list(map(fill, column))


#: A CSV value that needs its apostrophe (see ``neutralise``): one starting like a formula.
_CSV_RISKY = re.compile("\n[=+\\-@\t\r']")


def _csv_text_whole(column: tuple) -> Sequence[str] | None:
    """A batch of plain text for the office CSV, as it is (nothing starts like a formula)."""
    return fill_plain(None, "", column) if plain_text(column, _CSV_RISKY) else None


#: Each kind of column → how a whole batch of it may be written at once (``ColumnCells``).
CSV_WHOLE = {"text": _csv_text_whole, "date": _csv_text_whole, "moment": _csv_text_whole}


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
