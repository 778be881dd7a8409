"""A batch of CSV rows written a column at a time, byte for byte as ``csv.writer`` writes them.

Why not ``csv.writer.writerows``: it scans every field of every row for characters to quote,
and on the year's 82,000 rows of text that single-threaded C loop was the export's largest
step once the cells themselves were cheap. Most columns of a batch hold nothing to quote
(record ids, numbers, dates, most words), and one search over a column's joined text says so;
only a column that has a comma, a quote or a line break somewhere is quoted value by value.
The dialect is the one the office files use: Python's default ("excel") — comma, double
quote doubled inside a quoted field, minimal quoting, CR LF at the end of each row.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: What makes ``csv.writer`` (excel dialect, QUOTE_MINIMAL) quote a field.
_NEEDS_QUOTES = re.compile('[,"\r\n]')
LINE_END = "\r\n"


def quoted(value: str) -> str:
    """One field as the excel dialect writes it."""
    if _NEEDS_QUOTES.search(value) is None:
        return value
    return '"' + value.replace('"', '""') + '"'


def csv_block(columns: Sequence[Sequence[str]]) -> str:
    """The CSV text of the rows whose fields are ``columns`` (each a column of text, all of
    one length), every row ended by CR LF."""
    ready = [
        list(map(quoted, column)) if _NEEDS_QUOTES.search("".join(column)) else column
        for column in columns
    ]
    if len(ready) == 1:  # a row of one empty field is written "" (else it reads as no row)
        ready = [[value or '""' for value in ready[0]]]
    rows = map(",".join, zip(*ready, strict=True))
    return LINE_END.join(rows) + LINE_END
