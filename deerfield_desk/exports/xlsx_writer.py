"""A small streaming XLSX writer for the year's workbook.

Why not openpyxl's write-only mode: measured on the office's kind of machine it needs about
25 s for the benchmark year's million cells (30 µs a cell, with or without lxml), beyond the
20 s budget for every format together. A sheet is simple XML, so this writer streams rows
straight into the zip as inline strings and numbers: a few seconds, flat memory, and the same
bytes every time (fixed zip times and document dates). openpyxl still reads the result (tests)
and reads the clerk's old workbooks (importer).
"""

from __future__ import annotations

import zipfile
from datetime import datetime
from pathlib import Path
from typing import IO

FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STYLE_HEADER, STYLE_MONEY = 1, 2

STYLES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="{NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00"/>\
</numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz \
val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill \
patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders \
count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs \
count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs \
count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" \
fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" \
fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1">\
<cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"""


def column_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


_XML_TEXT = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"}
_XML_TEXT.update({c: None for c in (*range(0, 9), 11, 12, *range(14, 32), 0xFFFE, 0xFFFF)})


def _text(value: str) -> str:
    """Escaped for XML, with the control characters XML cannot carry dropped (one C pass)."""
    return value.translate(_XML_TEXT)


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
        self, title: str, headers: list[str], widths: list[int], kinds: list[str], rows: int
    ) -> None:
        """Start a sheet of ``rows`` data rows (the dimension readers use for max_row)."""
        self._end_sheet()
        self.sheets.append(title)
        self._kinds = kinds
        self._letters = [column_letter(i) for i in range(len(headers))]
        stream = self._stream = self._open(f"xl/worksheets/sheet{len(self.sheets)}.xml")
        cols = "".join(
            f'<col min="{i + 1}" max="{i + 1}" width="{w}" customWidth="1"/>'
            for i, w in enumerate(widths)
        )
        stream.write(
            (
                f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet '
                f'xmlns="{NS}" xmlns:r="{REL}">'
                f'<dimension ref="A1:{self._letters[-1]}{rows + 1}"/>'
                '<sheetViews><sheetView workbookViewId="0">'
                '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
                f"</sheetView></sheetViews><cols>{cols}</cols><sheetData>"
            ).encode()
        )
        self.append(headers, header=True)

    def append(self, values: list, header: bool = False) -> None:
        """One row. Cells carry no reference: readers count them, and a missing value is an
        empty ``<c/>`` so the columns stay in place."""
        cells: list[str] = []
        add = cells.append
        for kind, value in zip(self._kinds, values, strict=True):
            if value is None:
                add("<c/>")
            elif header:
                add(f'<c s="{STYLE_HEADER}" t="inlineStr"><is><t>{_text(value)}</t></is></c>')
            elif kind == "text":
                add(f'<c t="inlineStr"><is><t xml:space="preserve">{_text(value)}</t></is></c>')
            elif kind == "money":
                add(f'<c s="{STYLE_MONEY}"><v>{value}</v></c>')
            else:
                add(f"<c><v>{value}</v></c>")
        self._buffer.append(f"<row>{''.join(cells)}</row>")
        if len(self._buffer) >= 1000:
            self._flush()

    def _flush(self) -> None:
        if self._buffer and self._stream is not None:
            self._stream.write("".join(self._buffer).encode("utf-8"))
            self._buffer = []

    def _end_sheet(self) -> None:
        if self._stream is not None:
            self._flush()
            self._stream.write(b"</sheetData></worksheet>")
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
        self._put(
            "xl/workbook.xml",
            f'{head}<workbook xmlns="{NS}" xmlns:r="{REL}"><sheets>{sheets}</sheets></workbook>',
        )
        self._put(
            "xl/_rels/workbook.xml.rels",
            f'{head}<Relationships xmlns="{pkg}/relationships">{rels}<Relationship '
            f'Id="rId{n + 1}" Type="{REL}/styles" Target="styles.xml"/></Relationships>',
        )
        self._put("xl/styles.xml", STYLES)
        self.zip.close()
