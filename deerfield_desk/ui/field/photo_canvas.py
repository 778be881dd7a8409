"""The photo on screen: zoom (buttons, Ctrl+wheel, pinch) and drawing arrows and circles.

Why a QGraphicsView: zooming a 2,048 px display copy is a view transform (no rescaling of
pixels in Python), and marks are scene items drawn over the picture, so undo is removing an
item. The marks are handed to the store as fractions of the picture
(``store.photo_edits.Mark``), which draws them on a copy; nothing here writes a file.
Only display copies are shown: the canvas never decodes an original (a 108 MP original
would take a gigabyte).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QImageReader, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsView,
    QPinchGesture,
)

from deerfield_desk.store.photo_edits import MARK_COLOURS, Mark

MIN_ZOOM, MAX_ZOOM = 0.05, 8.0
ZOOM_STEP = 1.25


def arrow_path(start: QPointF, end: QPointF, width: float) -> QPainterPath:
    """A line with a filled head at ``end`` (the same shape the store draws)."""
    path = QPainterPath(start)
    path.lineTo(end)
    angle = math.atan2(end.y() - start.y(), end.x() - start.x())
    head = width * 5
    for turn in (-0.45, 0.45):
        path.moveTo(end)
        path.lineTo(
            end.x() - head * math.cos(angle + turn), end.y() - head * math.sin(angle + turn)
        )
    return path


class PhotoCanvas(QGraphicsView):
    """Shows one picture; with a tool chosen, a drag draws an arrow or a circle."""

    marks_changed = Signal()
    zoom_changed = Signal(float)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setAccessibleName("Photo")
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setBackgroundBrush(QBrush(QColor("#202020")))
        self.grabGesture(Qt.GestureType.PinchGesture)
        self.picture: QGraphicsPixmapItem | None = None
        self.tool: str | None = None
        self.colour = "red"
        self.marks: list[Mark] = []
        self.mark_items: list[QGraphicsItem] = []
        self._start: QPointF | None = None
        self._drawing: QGraphicsItem | None = None
        self._fitted = True  # follow the window's size until the user zooms

    # -- the picture ----------------------------------------------------------------------
    def show_image(self, path: str) -> bool:
        """Show a display copy; False (and an empty canvas) when it cannot be read."""
        self.scene().clear()
        self.picture, self.mark_items, self.marks = None, [], []
        reader = QImageReader(path)
        reader.setAutoTransform(False)  # display copies are stored upright already
        image = reader.read()
        self.marks_changed.emit()
        if image.isNull():
            return False
        self.picture = self.scene().addPixmap(QPixmap.fromImage(image))
        self.scene().setSceneRect(QRectF(image.rect()))
        self.fit()
        return True

    def image_size(self) -> tuple[int, int]:
        if self.picture is None:
            return (0, 0)
        rect = self.picture.boundingRect()
        return (int(rect.width()), int(rect.height()))

    # -- zoom -------------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, value: float) -> None:
        value = min(MAX_ZOOM, max(MIN_ZOOM, value))
        self._fitted = False
        self.resetTransform()
        self.scale(value, value)
        self.zoom_changed.emit(value)

    def zoom_by(self, factor: float) -> None:
        self.set_zoom(self.zoom() * factor)

    def fit(self) -> None:
        if self.picture is None:
            return
        self.fitInView(self.picture, Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = True
        self.zoom_changed.emit(self.zoom())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self._fitted:
            self.fit()

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_by(ZOOM_STEP if event.angleDelta().y() > 0 else 1 / ZOOM_STEP)
            event.accept()
            return
        super().wheelEvent(event)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.Gesture:
            pinch = event.gesture(Qt.GestureType.PinchGesture)
            if isinstance(pinch, QPinchGesture):
                self.zoom_by(pinch.scaleFactor())
                return True
        return super().event(event)

    # -- drawing ----------------------------------------------------------------------------
    def set_tool(self, tool: str | None) -> None:
        self.tool = tool
        mode = QGraphicsView.DragMode
        self.setDragMode(mode.NoDrag if tool else mode.ScrollHandDrag)
        cursor = Qt.CursorShape.CrossCursor if tool else Qt.CursorShape.OpenHandCursor
        self.viewport().setCursor(cursor)

    def _pen(self) -> QPen:
        width, height = self.image_size()
        pen = QPen(QColor(*MARK_COLOURS[self.colour]))
        pen.setWidthF(max(3.0, max(width, height) / 250))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        return pen

    def _inside(self, point: QPointF) -> QPointF:
        width, height = self.image_size()
        return QPointF(min(max(point.x(), 0.0), width), min(max(point.y(), 0.0), height))

    def _shape(self, start: QPointF, end: QPointF) -> QGraphicsItem:
        pen = self._pen()
        if self.tool == "circle":
            item: QGraphicsItem = QGraphicsEllipseItem(QRectF(start, end).normalized())
            item.setPen(pen)
        else:
            item = QGraphicsPathItem(arrow_path(start, end, pen.widthF()))
            item.setPen(pen)
        self.scene().addItem(item)
        return item

    def add_mark(self, kind: str, start: QPointF, end: QPointF) -> None:
        """Add a mark between two points of the picture (also what a drag ends in)."""
        width, height = self.image_size()
        if not width or not height:
            return
        tool, self.tool = self.tool, kind
        self.mark_items.append(self._shape(start, end))
        self.tool = tool
        self.marks.append(
            Mark(
                kind,
                start.x() / width,
                start.y() / height,
                end.x() / width,
                end.y() / height,
                self.colour,
            )  # fmt: skip
        )
        self.marks_changed.emit()

    def undo_mark(self) -> None:
        if self.marks:
            self.marks.pop()
            self.scene().removeItem(self.mark_items.pop())
            self.marks_changed.emit()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if self.tool and self.picture is not None and event.button() == Qt.MouseButton.LeftButton:
            self._start = self._inside(self.mapToScene(event.position().toPoint()))
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if self._start is not None:
            if self._drawing is not None:
                self.scene().removeItem(self._drawing)
            end = self._inside(self.mapToScene(event.position().toPoint()))
            self._drawing = self._shape(self._start, end)
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if self._start is not None:
            if self._drawing is not None:
                self.scene().removeItem(self._drawing)
                self._drawing = None
            end = self._inside(self.mapToScene(event.position().toPoint()))
            start, self._start = self._start, None
            if QLineF(start, end).length() >= 4 and self.tool:  # a tap is not a mark
                self.add_mark(self.tool, start, end)
            return
        super().mouseReleaseEvent(event)
