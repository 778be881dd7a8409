"""A row of buttons that wraps onto the next line when the window is narrow (Qt's flow layout
example, in Python).

Why: a row of six or eight buttons fixes the minimum width of the whole main window. At
1366×768 with 200 % scaling the screen is 683 logical pixels wide; the calendar's bar asked
for 886 and the notices tab's buttons for 1011, so the window ran off the screen and the
right-hand buttons could not be reached. In a flow row the buttons keep their size and move
to a second line instead.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QStyle, QWidget


class FlowLayout(QLayout):
    """Items left to right at their size hints, wrapping onto a new line when the next item
    does not fit; each line as tall as its tallest item."""

    def __init__(self, parent: QWidget | None = None, spacing: int = -1):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 (Qt's name)
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 (Qt's name)
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 (Qt's name)
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 (Qt's name)
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 (Qt's name)
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """One line: every item side by side."""
        width = sum(i.sizeHint().width() for i in self._items)
        width += self.gap() * max(len(self._items) - 1, 0)
        height = max((i.sizeHint().height() for i in self._items), default=0)
        return QSize(width, height)

    def minimumSize(self) -> QSize:  # noqa: N802 (Qt's name)
        """As narrow as the widest item (everything else wraps)."""
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def gap(self) -> int:
        if self._spacing >= 0:
            return self._spacing
        parent = self.parentWidget()
        if parent is None:
            return 6
        return parent.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing)

    def _arrange(self, rect: QRect, move: bool) -> int:
        gap = max(self.gap(), 4)
        lines: list[list[QLayoutItem]] = [[]]
        used = 0
        for item in self._items:
            width = item.sizeHint().width()
            if lines[-1] and used + gap + width > rect.width():
                lines.append([])
                used = 0
            used += (gap if lines[-1] else 0) + width
            lines[-1].append(item)
        y = rect.y()
        for line in lines:
            height = max((i.sizeHint().height() for i in line), default=0)
            if move:
                x = rect.x()
                for item in line:
                    width = min(item.sizeHint().width(), rect.width())
                    item.setGeometry(QRect(QPoint(x, y), QSize(width, height)))
                    x += width + gap
            y += height + gap
        return y - rect.y() - gap
