"""The year's workbook written by XlsxWriter in constant-memory mode, for the side-by-side
benchmark of issue 18 (``bench_workbook.py``).

Same interface and same office features as ``deerfield_desk.exports.xlsx_writer.XlsxWriter``
(typed text, date cells, money format, bold filtered frozen header, widths, long text
wrapped, landscape print fitted to one or two pages wide, repeated header, page-number
footer), so the two are timed doing the same work. It lives here, not in the app: measured
on the 10,000-permit year it was more than the 1.5x of the hand-written writer that issue 18
allows, so the app keeps that one.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import xlsxwriter

from deerfield_desk.exports.cells import excel_serial, has_time
from deerfield_desk.exports.xlsx_writer import _line_count, pages_wide


class LibraryXlsxWriter:
    def __init__(self, path: Path, title: str, created: datetime):
        self.book = xlsxwriter.Workbook(
            str(path), {"constant_memory": True, "strings_to_numbers": False}
        )
        self.book.set_properties({"title": title, "author": "Deerfield Desk", "created": created})
        self.title = title
        self.header = self.book.add_format(
            {"bold": True, "bg_color": "#E7E6E6", "bottom": 1, "text_wrap": True, "valign": "top"}
        )
        self.money = self.book.add_format({"num_format": "#,##0.00"})
        self.day = self.book.add_format({"num_format": "yyyy-mm-dd"})
        self.moment = self.book.add_format({"num_format": "yyyy-mm-dd hh:mm"})
        self.wrap = self.book.add_format({"text_wrap": True, "valign": "top"})
        self.wrapped: frozenset[int] = frozenset()
        self.rooms: dict[int, int] = {}
        self.sheet = None
        self.row = 0
        self.kinds: list[str] = []

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
        sheet = self.sheet = self.book.add_worksheet(title)
        self.kinds, self.wrapped = kinds, wrapped
        self.rooms = {i: max(1, int(widths[i]) - 1) for i in wrapped}
        shown = printed or len(headers)
        pages = pages_wide(widths[:shown])
        for column, width in enumerate(widths):
            sheet.set_column(column, column, width)
        sheet.freeze_panes(1, 0)
        sheet.autofilter(0, 0, rows, len(headers) - 1)
        sheet.set_landscape()
        sheet.set_paper(1)
        sheet.fit_to_pages(pages, 0)
        sheet.print_area(0, 0, rows, shown - 1)
        sheet.repeat_rows(0)
        if pages > 1:
            sheet.repeat_columns(0)
        sheet.set_footer(f"&L{self.title} — &A&RPage &P of &N")
        sheet.set_row(0, 30)
        for column, text in enumerate(headers):
            sheet.write_string(0, column, text, self.header)
        self.row = 0

    def append(self, values: list) -> None:
        self.row += 1
        row, sheet = self.row, self.sheet
        assert sheet is not None
        lines = max(
            (_line_count(values[i], room) for i, room in self.rooms.items()
             if values[i] is not None and len(str(values[i])) > room),
            default=1,
        )  # fmt: skip
        if lines > 1:  # the row as tall as its wrapped text, as the app's writer does
            sheet.set_row(row, 15 * lines)
        for column, (kind, value) in enumerate(zip(self.kinds, values, strict=True)):
            if value is None or value == "":
                continue
            if kind == "text":
                if column in self.wrapped:
                    sheet.write_string(row, column, str(value), self.wrap)
                else:
                    sheet.write_string(row, column, str(value))
            elif kind == "money":
                sheet.write_number(row, column, int(value) / 100, self.money)
            elif kind == "int":
                sheet.write_number(row, column, int(value))
            elif kind == "flag":
                sheet.write_string(row, column, "Yes" if value else "No")
            else:
                serial = excel_serial(value)
                if serial is None:
                    sheet.write_string(row, column, value)
                else:
                    shown = self.moment if kind == "moment" and has_time(value) else self.day
                    sheet.write_number(row, column, serial, shown)

    def append_rows(self, rows: list) -> None:
        """The library takes a row at a time (``write_row``): a batch is its rows in turn."""
        for row in rows:
            self.append(row)

    def close(self) -> None:
        self.book.close()
