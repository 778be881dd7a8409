"""Issue 18 (speed): the year's CSVs and workbook are written a column of a batch at a time.

The fast paths must write exactly what the careful ones write, or a clerk's file changes
with the size of the year: each is compared here with the per-value conversion it replaces
(and the CSV with Python's own ``csv.writer``) over values chosen to hit every branch —
formula-looking text, characters XML must escape or drop, commas, quotes, line breaks,
empty values, numbers in text columns.
"""

from __future__ import annotations

import csv
import io
import random
import textwrap

import pytest

from deerfield_desk.exports.cells import CSV_CELLS, CSV_WHOLE, ColumnCells
from deerfield_desk.exports.csv_block import csv_block
from deerfield_desk.exports.xlsx_writer import (
    CELLS,
    TEXT_CELL,
    WRAPPED_CELL,
    _line_count,
    _text_cell,
    _whole,
    _wrapped_cell,
)

PIECES = (
    "Main St", "=HYPERLINK(\"x\")", "+1", "-2", "@sum", "'=x", "'quoted", "a, b", 'say "hi"',
    "line\nbreak", "cr\rhere", "tab\there", "\tlead", "<b>&amp;</b>", "ctl\x01char", "\ufffe",
    "Zoë Ñandú", "", None, "  spaced  ", "x" * 40, "1.0",
)  # fmt: skip


def _column(rnd: random.Random, n: int, mode: int = 2) -> tuple:
    """Mode 0: plain text only; 1: plain text and ONE other piece (so each piece alone must
    turn the fast path away); 2: pieces at random."""
    if mode == 2:
        return tuple(rnd.choice(PIECES) for _ in range(n))
    plain = [f"{rnd.choice(('Oak', 'Elm', 'Pine'))} {i}" for i in range(n)]
    if mode == 1:
        plain[rnd.randrange(n)] = rnd.choice(PIECES)
    return tuple(plain)


@pytest.mark.parametrize("seed", range(60))
def test_a_csv_text_batch_is_what_each_value_would_be(seed):
    rnd = random.Random(seed)
    column = _column(rnd, rnd.randint(1, 40), seed % 3)
    for kind in ("text", "date", "moment"):
        batch = ColumnCells(CSV_CELLS[kind], "", CSV_WHOLE[kind]).convert(column)
        one_by_one = ["" if v is None else CSV_CELLS[kind](v) for v in column]
        assert list(batch) == one_by_one


@pytest.mark.parametrize("seed", range(60))
def test_a_workbook_text_batch_is_what_each_cell_would_be(seed):
    rnd = random.Random(seed)
    column = _column(rnd, rnd.randint(1, 40), seed % 3)
    for make, template in ((_text_cell, TEXT_CELL), (_wrapped_cell, WRAPPED_CELL)):
        batch = ColumnCells(make, "<c/>", _whole(template)).convert(column)
        assert list(batch) == ["<c/>" if v in (None, "") else make(v) for v in column]


def test_a_remembered_cell_is_the_cell_and_numbers_are_not_text():
    money = ColumnCells(CELLS["money"], "<c/>")
    dollars = '<c s="2"><v>123.45</v></c>'
    assert money.convert((12345, None, 12345, 0)) == [
        dollars, "<c/>", dollars, '<c s="2"><v>0.0</v></c>'
    ]  # fmt: skip
    text = ColumnCells(_text_cell, "<c/>", _whole(TEXT_CELL))
    # a number in a text column is written as its text, never as the remembered other value
    assert text.convert((7, "7", None)) == [_text_cell(7), _text_cell("7"), "<c/>"]


@pytest.mark.parametrize("seed", range(40))
def test_a_csv_block_is_byte_for_byte_what_csv_writer_writes(seed):
    rnd = random.Random(seed)
    width = 1 if seed % 10 == 0 else rnd.randint(2, 8)
    rows = [
        [("" if v is None else v) for v in _column(rnd, width)] for _ in range(rnd.randint(1, 30))
    ]
    expected = io.StringIO(newline="")
    csv.writer(expected).writerows(rows)
    assert csv_block([list(c) for c in zip(*rows, strict=True)]) == expected.getvalue()


@pytest.mark.parametrize("seed", range(40))
def test_the_row_height_counts_the_lines_textwrap_would_make(seed):
    """Rows are as tall as their wrapped text: the quick count must agree with textwrap (a
    wrong count prints a description cut off, or a row of empty lines)."""
    rnd = random.Random(seed)
    words = ["a", "of", "the", "permit", "grading", "foundation", "re-inspection", "x" * 18]
    for _ in range(50):
        text = " ".join(rnd.choice(words) for _ in range(rnd.randint(1, 25)))
        if seed % 4 == 0:  # spacing textwrap treats specially: the careful path
            text = text.replace(" ", rnd.choice(("  ", "\t", " \n")), 2)
        room = rnd.randint(5, 30)
        lines = textwrap.wrap(text, room, break_on_hyphens=False)
        long_word = any(len(word) > room for word in text.split())
        assert _line_count(text, room) == len(lines) + long_word, (text, room)
