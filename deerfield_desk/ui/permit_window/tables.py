"""Read-only tables of the permit window: one builder so every table behaves the same for
the keyboard (Tab leaves the table, arrows move in it), screen readers (an accessible name)
and the eye (whole rows selected, numbers and dates on one line, columns sized to content).

Why some columns wrap (issue 16.8, "every column readable at 1280×800"): phones, dates,
amounts and numbers are sized to their content and never wrap; the free-text columns (a
name with its firm, an address, a note, what changed) share the width left and wrap between
words, the row growing to show them whole. Sized to content, they pushed the credential and
the expiry past the right edge of the directory and the parties tab, and a history entry was
cut to "status: recorded → voided; void reason: — → keyed agai…".
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
)


def money(cents: int | None) -> str:
    return "—" if cents is None else f"${cents / 100:,.2f}"


def make_table(
    name: str, accessible: str, headers: list[str], wrap: tuple[str, ...] = ()
) -> QTableWidget:
    """``wrap`` names the free-text columns that share the free width and wrap between words
    (default: the last column)."""
    wrapping = [headers.index(h) for h in wrap] if wrap else [len(headers) - 1]
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setAccessibleName(accessible)
    table.setHorizontalHeaderLabels(headers)
    table.setTabKeyNavigation(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setWordWrap(True)
    table.setTextElideMode(Qt.TextElideMode.ElideNone)  # a word too long breaks, never "…"
    table.verticalHeader().setVisible(False)
    # rows as tall as their wrapped text, re-measured when a column's width changes
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    for column in wrapping:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
    table.setProperty("wrapping", wrapping)
    table.viewport().installEventFilter(WrapFitter(table))
    return table


def _words_width(table: QTableWidget, column: int) -> int:
    """The widest single word of a column, or its whole header: narrower, one is cut."""
    metrics = table.fontMetrics()
    texts = [table.item(r, column).text() for r in range(table.rowCount()) if table.item(r, column)]
    widest = max((metrics.horizontalAdvance(w) for t in texts for w in t.split()), default=0)
    margin = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    header = table.horizontalHeader()
    title = table.horizontalHeaderItem(column).text()
    pad = 2 * table.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header) + 4
    titled = header.fontMetrics().horizontalAdvance(title)  # a header never wraps
    return max(widest + 2 * margin + 2, titled + pad)


def fit_wrapping(table: QTableWidget) -> None:
    """Share the width the content-sized columns leave among the wrapping ones, but never
    narrower than a column's widest word (then the table scrolls sideways instead: at 150 %
    the directory's names were cut to "Christoph", the note to a letter per line)."""
    wrapping = table.property("wrapping") or []
    if not wrapping:
        return
    header = table.horizontalHeader()
    others = [c for c in range(table.columnCount()) if c not in wrapping]
    used = sum(header.sectionSize(c) for c in others if not header.isSectionHidden(c))
    share = max(table.viewport().width() - used, 0) // len(wrapping)
    for column in wrapping:
        header.resizeSection(column, max(share, _words_width(table, column)))


class WrapFitter(QObject):
    """Re-fits the wrapping columns when the table's viewport changes width."""

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Resize:
            table = self.parent()
            if isinstance(table, QTableWidget):
                fit_wrapping(table)
        return False


def fill_table(table: QTableWidget, rows: list[list], keys: list | None = None) -> None:
    """Replace the rows; ``keys[i]`` (a uuid) is kept on the row's first cell for actions.
    The selected row stays selected when its key is still there."""
    selected = current_key(table)
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            text = "—" if value in (None, "") else str(value)
            item = QTableWidgetItem(text)
            item.setToolTip(text)
            if c == 0 and keys is not None:
                item.setData(Qt.ItemDataRole.UserRole, keys[r])
            table.setItem(r, c, item)
    if keys is not None and selected in keys:
        table.selectRow(keys.index(selected))
    for column in range(table.columnCount()):  # content columns to the new content first
        if column not in (table.property("wrapping") or []):
            table.resizeColumnToContents(column)
    fit_wrapping(table)


def current_key(table: QTableWidget):
    row = table.currentRow()
    if row < 0 or not table.selectionModel().hasSelection():
        return None
    item = table.item(row, 0)
    return item.data(Qt.ItemDataRole.UserRole) if item is not None else None


def select_key(table: QTableWidget, key) -> bool:
    for r in range(table.rowCount()):
        item = table.item(r, 0)
        if item is not None and item.data(Qt.ItemDataRole.UserRole) == key:
            table.selectRow(r)
            return True
    return False


def fit_to_screen(widget, width: int, height: int) -> None:
    """Resize to ``width`` x ``height`` but never past the screen's free area (a 1366x768
    screen at 200 % offers 683x384): the bodies scroll rather than run off the screen."""
    screen = widget.screen() or QApplication.primaryScreen()
    if screen is not None:
        free = screen.availableGeometry()
        width, height = min(width, free.width() - 20), min(height, free.height() - 40)
    widget.resize(max(width, 320), max(height, 240))
