"""A small streaming XLSX writer for the year's workbook.

Why not a library: openpyxl's write-only mode needs about 30 µs a cell (25 s for the benchmark
year's million cells), and XlsxWriter's constant-memory mode, the well-kept choice, measured
far more than the 1.5x of this writer that issue 18 allows (``benchmarks/bench_workbook.py``
runs both side by side on the 10,000-permit year; the figures are in its output). A sheet is
simple XML, so this writer streams rows straight into the zip: flat memory, and the same bytes
every time (fixed zip times and document dates). openpyxl and LibreOffice read the result
(tests) and openpyxl reads the clerk's old workbooks (importer).

What makes it an office workbook (issue 18): text cells are typed text (an apostrophe would
show as data; a text cell cannot run), dates are date cells, money and counts numbers; every
sheet has a frozen header row with a filter, column widths that fit (long text wraps), and a
print set-up (landscape letter, fitted to one page wide, or two with the first column repeated
when one page would print smaller than 80 %; the header row repeated, page numbers in the
footer).
"""

from __future__ import annotations

import re
import textwrap
import zipfile
from collections.abc import Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import IO

from deerfield_desk.exports.cells import (
    ColumnCells,
    excel_serial,
    fill_plain,
    has_time,
    plain_text,
)

FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STYLE_HEADER, STYLE_MONEY, STYLE_DATE, STYLE_MOMENT, STYLE_WRAPPED = 1, 2, 3, 4, 5

STYLES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="{NS}">\
<numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0.00"/><numFmt numFmtId="165" \
formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="166" formatCode="yyyy\\-mm\\-dd\\ hh:mm"/>\
</numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/>\
<sz val="11"/><name val="Calibri"/></font></fonts><fills count="3"><fill><patternFill \
patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill \
patternType="solid"><fgColor rgb="FFE7E6E6"/><bgColor indexed="64"/></patternFill></fill>\
</fills><borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>\
<border><left/><right/><top/><bottom style="thin"><color auto="1"/></bottom><diagonal/>\
</border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" \
applyAlignment="1"><alignment vertical="top"/></xf></cellStyleXfs><cellXfs count="6">\
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment \
vertical="top"/></xf><xf numFmtId="0" fontId="1" fillId="2" borderId="1" xfId="0" applyFont="1" \
applyFill="1" applyBorder="1" applyAlignment="1"><alignment vertical="top" wrapText="1"/>\
</xf><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" \
applyAlignment="1"><alignment vertical="top"/></xf><xf numFmtId="165" fontId="0" fillId="0" \
borderId="0" xfId="0" applyNumberFormat="1" applyAlignment="1"><alignment vertical="top"/>\
</xf><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" \
applyAlignment="1"><alignment vertical="top"/></xf><xf numFmtId="0" fontId="0" fillId="0" \
borderId="0" xfId="0" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>\
</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>"""
#: Letter paper, landscape, fitted to ``pages`` pages wide and as many long as it takes;
#: margins in inches. The print area leaves out the trailing record-id columns (``add_sheet``).
PRINT_SETUP = (
    '<printOptions gridLines="1"/><pageMargins left="0.25" right="0.25" top="0.5" bottom="0.6" '
    'header="0.3" footer="0.3"/><pageSetup paperSize="1" orientation="landscape" '
    'fitToWidth="{pages}" fitToHeight="0"/>'
)
#: Letter landscape between the margins above, in inches.
PAGE_WIDTH = 11 - 0.25 - 0.25
#: The smallest print scale a sheet may be shrunk to: below it the clerk needs a magnifier
#: (the 20-column permits sheet fitted to one page came out at about half size).
MIN_SCALE = 0.8
#: Room lost where a page break falls between two columns, not exactly at the page's edge.
BREAK_SLACK = 0.98


def column_inches(width: float) -> float:
    """A column of ``width`` characters on paper at 100 %: about 9 pixels a character plus
    5 of padding at 96 pixels an inch, as LibreOffice prints the default font (measured from
    its PDFs of this workbook: Excel's 7 pixels a character would overpromise the scale)."""
    return (9.1 * width + 5) / 96


def pages_wide(widths: list[float]) -> int:
    """How many letter-landscape pages wide a sheet of printed column ``widths`` is fitted
    to: one if it fits at ``MIN_SCALE`` or more, else as many as keep it at that scale with
    the first column (the permit number) repeated on every page."""
    total = sum(column_inches(w) for w in widths)
    first = column_inches(widths[0]) if widths else 0.0
    pages = 1
    while pages < 9 and MIN_SCALE * (total + (pages - 1) * first) > (
        pages * PAGE_WIDTH * (1 if pages == 1 else BREAK_SLACK)
    ):
        pages += 1
    return pages


def column_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


_XML_TEXT = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"}
_XML_TEXT.update({c: None for c in (*range(0, 9), 11, 12, *range(14, 32), 0xFFFE, 0xFFFF)})


#: What needs escaping or dropping; most text has none, and a search is cheaper than a rewrite.
_XML_SPECIAL = re.compile("[&<>\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _text(value: str) -> str:
    """Escaped for XML, with the control characters XML cannot carry dropped (one C pass)."""
    return value.translate(_XML_TEXT) if _XML_SPECIAL.search(value) else value


#: A text cell, and one whose long text wraps inside its column instead of being cut at the
#: column's edge on screen and on paper (a description, conditions).
TEXT_CELL = '<c t="inlineStr"><is><t xml:space="preserve">{}</t></is></c>'
WRAPPED_CELL = f'<c s="{STYLE_WRAPPED}" t="inlineStr"><is><t xml:space="preserve">{{}}</t></is></c>'


def _text_cell(value) -> str:
    return TEXT_CELL.format(_text(str(value)))


def _wrapped_cell(value) -> str:
    return WRAPPED_CELL.format(_text(str(value)))


def _whole(template: str):
    """A batch of plain text (nothing to escape) as cells in one pass of ``template.format``."""
    fill = template.format

    def whole(column: tuple) -> Sequence[str] | None:
        return fill_plain(fill, "<c/>", column) if plain_text(column, _XML_SPECIAL) else None

    return whole


def _line_count(value, room: int) -> int:
    """Lines ``value`` wraps onto in a column holding ``room`` characters a line; a word
    longer than the line breaks where the program likes, so it gets one line spare."""
    text = str(value)
    words = text.split(" ")
    if _PLAIN_SPACING.fullmatch(text) and max(map(len, words)) <= room:
        return _greedy_lines(words, room)
    wrapped = textwrap.wrap(text, room, break_on_hyphens=False)
    return len(wrapped) + any(len(word) > room for word in text.split())


#: Words with single spaces between them and none around: what a description usually is, and
#: where ``textwrap.wrap`` (break_on_hyphens=False) fills lines exactly as ``_greedy_lines``.
_PLAIN_SPACING = re.compile(r"[^\s]+(?: [^\s]+)*")


def _greedy_lines(words: list[str], room: int) -> int:
    """How many lines textwrap's greedy fill makes of ``words`` (none longer than ``room``),
    without building them: a tenth of its time on the year's 10,000 descriptions."""
    lines, used = 1, len(words[0])
    for word in words[1:]:
        if used + 1 + len(word) <= room:
            used += 1 + len(word)
        else:
            lines, used = lines + 1, len(word)
    return lines


def _lines_taken(value, room: int) -> int:
    """Lines a wrapped column's ``value`` takes (1 for a value that fits its line)."""
    text = str(value)
    return 1 if len(text) <= room else _line_count(text, room)


class _RowStart(dict):
    """Lines a row takes → how its ``<row>`` begins (its height written when over one)."""

    def __missing__(self, lines: int) -> str:
        self[lines] = start = f'<row ht="{15 * lines}" customHeight="1">'
        return start


def _date_cell(value: str, moment: bool = False) -> str:
    serial = excel_serial(value)
    if serial is None:  # not a date after all: show the text as it is
        return _text_cell(value)
    shown = STYLE_MOMENT if moment and has_time(value) else STYLE_DATE
    return f'<c s="{shown}"><v>{serial:.10g}</v></c>'


#: Each kind of column (``exports/records.KINDS``) → the XML of one non-empty cell; each
#: column of a sheet remembers its cells (``cells.ColumnCells``: the year is a million cells).
CELLS = {
    "text": _text_cell,
    "money": lambda v: f'<c s="{STYLE_MONEY}"><v>{int(v) / 100}</v></c>',
    "int": lambda v: f"<c><v>{int(v)}</v></c>",
    "flag": lambda v: f'<c t="inlineStr"><is><t>{"Yes" if v else "No"}</t></is></c>',
    "date": _date_cell,
    "moment": lambda v: _date_cell(v, moment=True),
}


def _quoted(title: str) -> str:
    """A sheet name as a formula reference: quoted, inner quotes doubled."""
    return _text("'" + title.replace("'", "''") + "'")


class XlsxWriter:
    """``add_sheet(title, headers, widths, kinds)`` then ``append(row)``…; ``close()``."""

    def __init__(self, path: Path, title: str, created: datetime):
        # Level 1: the sheets are repetitive XML; harder compression costs seconds, saves little.
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, True, compresslevel=1)
        self.title = title
        self.created = created.strftime("%Y-%m-%dT%H:%M:%SZ")
        self.sheets: list[str] = []
        self._stream: IO[bytes] | None = None
        self._buffer: list[str] = []
        self._ranges: list[str] = []  # each sheet's header and rows, $A$1:$X$n
        self._footer = ""
        self._print_areas: list[str] = []
        self._pages: list[int] = []  # each sheet's pages wide (pages_wide)
        self._wrap: list[tuple[int, ColumnCells]] = []
        self._cells: list[ColumnCells] = []
        self._row_start = _RowStart({1: "<row>"})

    def _open(self, name: str):
        info = zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME)
        info.compress_type = zipfile.ZIP_DEFLATED
        # the attribute is public from Python 3.13, private before
        setattr(info, "compress_level" if hasattr(info, "compress_level") else "_compresslevel", 1)
        info.external_attr = 0o600 << 16
        return self.zip.open(info, "w", force_zip64=True)

    def _put(self, name: str, text: str) -> None:
        with self._open(name) as handle:
            handle.write(text.encode("utf-8"))

    def add_sheet(
        self,
        title: str,
        headers: list[str],
        widths: list[float],
        kinds: list[str],
        rows: int,
        printed: int | None = None,
        wrapped: frozenset[int] = frozenset(),
    ) -> None:
        """Start a sheet of ``rows`` data rows (the dimension readers use for max_row, and the
        range of the filter). ``printed``: how many leading columns the print area holds
        (record ids at the end link files for programs and would only shrink the page).
        ``wrapped``: the indexes of the text columns whose cells wrap."""
        self._end_sheet()
        self.sheets.append(title)
        self._cells = [
            ColumnCells(_wrapped_cell, "<c/>", _whole(WRAPPED_CELL))
            if i in wrapped and kind == "text"
            else ColumnCells(_text_cell, "<c/>", _whole(TEXT_CELL))
            if kind == "text"
            else ColumnCells(CELLS[kind], "<c/>")
            for i, kind in enumerate(kinds)
        ]
        # wrapped columns: (index, lines each value takes) for the height of their rows
        self._wrap = [
            (i, ColumnCells(partial(_lines_taken, room=max(1, int(widths[i]) - 1)), 1))
            for i in sorted(wrapped)
        ]
        self._letters = [column_letter(i) for i in range(len(headers))]
        self._ranges.append(f"$A$1:${self._letters[-1]}${rows + 1}")
        shown = printed or len(headers)
        last = self._letters[shown - 1]
        self._print_areas.append(f"$A$1:${last}${rows + 1}")
        self._pages.append(pages_wide(widths[:shown]))
        stream = self._stream = self._open(f"xl/worksheets/sheet{len(self.sheets)}.xml")
        cols = "".join(
            f'<col min="{i + 1}" max="{i + 1}" width="{w:g}" customWidth="1"/>'
            for i, w in enumerate(widths)
        )
        selected = ' tabSelected="1"' if len(self.sheets) == 1 else ""
        stream.write(
            (
                f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet '
                f'xmlns="{NS}" xmlns:r="{REL}">'
                '<sheetPr filterMode="0"><pageSetUpPr fitToPage="1"/></sheetPr>'
                f'<dimension ref="A1:{self._letters[-1]}{rows + 1}"/>'
                f'<sheetViews><sheetView workbookViewId="0"{selected}>'
                '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
                '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>'
                f"</sheetView></sheetViews><cols>{cols}</cols><sheetData>"
            ).encode()
        )
        self.append(headers, header=True)
        self._footer = (
            f"<headerFooter><oddFooter>&amp;L{_text(self.title)} \u2014 &amp;A"
            "&amp;RPage &amp;P of &amp;N</oddFooter></headerFooter>"
        )

    def append(self, values: list, header: bool = False) -> None:
        """One row: the header (``header=True``), or one row of data (see ``append_rows``)."""
        if not header:
            self.append_rows([values])
            return
        cells = "".join(
            f'<c s="{STYLE_HEADER}" t="inlineStr"><is><t xml:space="preserve">'
            f"{_text(str(v))}</t></is></c>"
            for v in values
        )
        # the header wraps onto two lines (columns are sized to their data, not their titles)
        self._buffer.append(f'<row ht="30" customHeight="1">{cells}</row>')

    def append_rows(self, rows: list) -> None:
        """Rows of the store's values (cents, counts, ISO dates, 0/1 flags, text), converted
        a column at a time (``ColumnCells``). Cells carry no reference: readers count them,
        and a missing value is an empty ``<c/>`` so the columns stay in place."""
        if not rows:
            return
        columns = list(zip(*rows, strict=True))
        if len(columns) != len(self._cells):
            raise ValueError(f"a row of {len(columns)} values for {len(self._cells)} columns")
        cells = map("".join, zip(*map(ColumnCells.convert, self._cells, columns), strict=True))
        lines = self._lines(columns)
        if lines is None:
            self._buffer.append("<row>" + "</row><row>".join(cells) + "</row>")
        else:
            starts = map(self._row_start.__getitem__, lines)
            rows = [f"{start}{row}</row>" for start, row in zip(starts, cells, strict=True)]
            self._buffer.append("".join(rows))
        if len(self._buffer) >= 8:
            self._flush()

    def _lines(self, columns: list) -> Sequence[int] | None:
        """How many lines each row's wrapped text takes (None: every row one line): its
        height is written, because a spreadsheet opening the file does not measure 10,000
        rows (LibreOffice prints such a row one line high, its text cut at the cell's edge)."""
        counts = [counter.convert(columns[index]) for index, counter in self._wrap]
        if not counts:
            return None
        lines = counts[0] if len(counts) == 1 else list(map(max, *counts))
        return lines if max(lines) > 1 else None

    def _flush(self) -> None:
        if self._buffer and self._stream is not None:
            self._stream.write("".join(self._buffer).encode("utf-8"))
            self._buffer = []

    def _end_sheet(self) -> None:
        if self._stream is not None:
            self._flush()
            self._stream.write(
                (
                    f'</sheetData><autoFilter ref="{self._ranges[-1].replace("$", "")}"/>'
                    f"{PRINT_SETUP.format(pages=self._pages[-1])}{self._footer}</worksheet>"
                ).encode()
            )
            self._stream.close()
            self._stream = None

    def close(self) -> None:
        self._end_sheet()
        n = len(self.sheets)
        sheets = "".join(
            f'<sheet name="{_text(t)}" sheetId="{i}" r:id="rId{i}"/>'
            for i, t in enumerate(self.sheets, 1)
        )
        rels = "".join(
            f'<Relationship Id="rId{i}" Type="{REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
            for i in range(1, n + 1)
        )
        overrides = "".join(
            f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            for i in range(1, n + 1)
        )
        head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        pkg = "http://schemas.openxmlformats.org/package/2006"
        self._put(
            "[Content_Types].xml",
            f'{head}<Types xmlns="{pkg}/content-types"><Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/><Override '
            'PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"'
            '/><Override PartName="/docProps/core.xml" ContentType="application/vnd.'
            f'openxmlformats-package.core-properties+xml"/>{overrides}</Types>',
        )
        self._put(
            "_rels/.rels",
            f'{head}<Relationships xmlns="{pkg}/relationships"><Relationship Id="rId1" '
            f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" '
            f'Type="{pkg}/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
            "</Relationships>",
        )
        self._put(
            "docProps/core.xml",
            f'{head}<cp:coreProperties xmlns:cp="{pkg}/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/'
            'terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
            f"<dc:title>{_text(self.title)}</dc:title><dc:creator>Deerfield Desk</dc:creator>"
            f'<dcterms:created xsi:type="dcterms:W3CDTF">{self.created}</dcterms:created>'
            f'<dcterms:modified xsi:type="dcterms:W3CDTF">{self.created}</dcterms:modified>'
            "</cp:coreProperties>",
        )
        names = "".join(
            f'<definedName name="_xlnm._FilterDatabase" localSheetId="{i}" hidden="1">'
            f"{_quoted(t)}!{self._ranges[i]}</definedName>"
            f'<definedName name="_xlnm.Print_Area" localSheetId="{i}">{_quoted(t)}!'
            f"{self._print_areas[i]}</definedName>"
            f'<definedName name="_xlnm.Print_Titles" localSheetId="{i}">'
            # over several pages wide the first column (the permit number) repeats too
            f"{f'{_quoted(t)}!$A:$A,' if self._pages[i] > 1 else ''}{_quoted(t)}!$1:$1"
            "</definedName>"
            for i, t in enumerate(self.sheets)
        )
        self._put(
            "xl/workbook.xml",
            f'{head}<workbook xmlns="{NS}" xmlns:r="{REL}"><sheets>{sheets}</sheets>'
            f"<definedNames>{names}</definedNames></workbook>",
        )
        self._put(
            "xl/_rels/workbook.xml.rels",
            f'{head}<Relationships xmlns="{pkg}/relationships">{rels}<Relationship '
            f'Id="rId{n + 1}" Type="{REL}/styles" Target="styles.xml"/></Relationships>',
        )
        self._put("xl/styles.xml", STYLES)
        self.zip.close()
