"""The grid of the inspection calendar: days across, office-hours slots down.

Why a table of its own: the clerk on the phone works it with the keyboard — arrows move from
slot to slot (Tab leaves the grid, it does not walk every cell), Enter books the free slot or
opens what is booked in it, a double-click does the same. Rows are as tall as the wrapped
text of their busiest cell, measured per cell (85 cells at most) rather than with Qt's
ResizeToContents, which measured every row again on each resize and made a busy week
(1,098 demo bookings) take 570 ms to open.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QTableWidget

WRAP = int(Qt.TextFlag.TextWordWrap)


class WeekTable(QTableWidget):
    """Emits ``chosen(row, column)`` on Enter, Return or a double-click on a cell."""

    chosen = Signal(int, int)

    def __init__(self):
        super().__init__()
        self.setTabKeyNavigation(False)
        self.setWordWrap(True)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignTop)
        self.doubleClicked.connect(lambda index: self.chosen.emit(index.row(), index.column()))
        # a new width wraps the text anew: fit the rows once the resizing settles
        self._wrapped: dict[tuple[str, int], int] = {}
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(0)
        self._refit.timeout.connect(self.fit_rows)
        self.horizontalHeader().sectionResized.connect(lambda *_: self._refit.start())

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            index = self.currentIndex()
            if index.isValid():
                self.chosen.emit(index.row(), index.column())
                event.accept()
                return
        super().keyPressEvent(event)

    def text_width(self, column: int) -> int:
        """The width a cell's text wraps in (the column less the item's margins)."""
        margin = self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self)
        return max(self.columnWidth(column) - 2 * (margin + 1), 20)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self._refit.start()  # the widths are final once shown

    def line_count(self, metrics: QFontMetrics, width: int, text: str) -> int:
        """The lines ``text`` takes wrapped at ``width``: a line that fits counts one (cheap);
        only a line too wide is laid out (a busy slot holds dozens of short lines)."""
        count = 0
        for line in text.split("\n"):
            if metrics.horizontalAdvance(line) <= width:
                count += 1
                continue
            key = (line, width)
            if key not in self._wrapped:
                box = metrics.boundingRect(QRect(0, 0, width, 10**6), WRAP, line)
                self._wrapped[key] = max(1, round(box.height() / metrics.lineSpacing()))
            count += self._wrapped[key]
        return count

    def fit_rows(self) -> None:
        """Each row as tall as its tallest cell's wrapped text (a free row: one line)."""
        if not self.isVisible():
            return  # measured when shown, at the widths it is shown at
        metrics = QFontMetrics(self.font())
        spacing = metrics.lineSpacing()
        heights = [spacing] * self.rowCount()
        for row in range(self.rowCount()):
            label = self.verticalHeaderItem(row)  # "Outside\nhours" takes two lines
            if label is not None:
                heights[row] = spacing * (label.text().count("\n") + 1)
            for column in range(self.columnCount()):
                item = self.item(row, column)
                if item is None or not item.text():
                    continue
                lines = self.line_count(metrics, self.text_width(column), item.text())
                heights[row] = max(heights[row], lines * spacing)
        for row, height in enumerate(heights):
            self.setRowHeight(row, height + spacing // 2 + 4)
