"""Signing on the screen: a pad that takes a pen (tablet events), a finger (touch events) or a
mouse, and the dialog that stores the signature with the visit (issue 17).

Why one widget for all three: on a field tablet the pen sends tablet events, a finger sends
touch events, and a laptop's trackpad sends mouse events; Qt turns unhandled tablet and touch
events into mouse events, so each is accepted where it arrives and the synthesized copy is
ignored, or every stroke would be drawn twice. The strokes are kept as points in the pad's
own coordinates and handed to ``store.signatures``, which checks and journals them.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import SignedDocument, SignerRole
from deerfield_desk.models.office_words import say
from deerfield_desk.store import signatures
from deerfield_desk.ui.a11y.announce import show_error

PAD_WIDTH, PAD_HEIGHT = 560, 200  # the size it asks for; it shrinks to fit a small screen
PAD_MIN = (300, 130)


class SignaturePad(QWidget):
    """A white box with a baseline; draws and remembers strokes."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setAccessibleName("Signature box: sign with a pen, a finger or the mouse")
        self.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        self.setMinimumSize(*PAD_MIN)
        self.setMaximumSize(PAD_WIDTH * 2, PAD_HEIGHT)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.strokes: list[list[tuple[float, float]]] = []
        self._current: list[tuple[float, float]] | None = None

    # -- strokes ---------------------------------------------------------------------------
    def sizeHint(self):  # noqa: N802 - Qt's name
        from PySide6.QtCore import QSize

        return QSize(PAD_WIDTH, PAD_HEIGHT)

    def _inside(self, point: QPointF) -> tuple[float, float]:
        return (min(max(point.x(), 0.0), self.width()), min(max(point.y(), 0.0), self.height()))

    def box(self) -> tuple[int, int]:
        """The box the strokes were drawn in (every point is clamped inside it)."""
        width = max([self.width()] + [x for s in self.strokes for x, _y in s])
        height = max([self.height()] + [y for s in self.strokes for _x, y in s])
        return (int(width + 0.999), int(height + 0.999))

    def begin(self, point: QPointF) -> None:
        self._current = [self._inside(point)]
        self.strokes.append(self._current)
        self.update()

    def extend(self, point: QPointF) -> None:
        if self._current is not None:
            self._current.append(self._inside(point))
            self.update()

    def end(self) -> None:
        if self._current is not None:
            self._current = None
            self.changed.emit()

    def clear(self) -> None:
        self.strokes, self._current = [], None
        self.update()
        self.changed.emit()

    def is_empty(self) -> bool:
        return not any(len(s) > 1 for s in self.strokes)

    # -- input: pen, finger, mouse ----------------------------------------------------------
    def tabletEvent(self, event) -> None:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind == event.Type.TabletPress:
            self.begin(event.position())
        elif kind == event.Type.TabletMove:
            self.extend(event.position())
        elif kind == event.Type.TabletRelease:
            self.end()
        event.accept()  # no synthesized mouse event: the stroke is drawn once

    def event(self, event) -> bool:
        kind = event.type()
        if kind in (event.Type.TouchBegin, event.Type.TouchUpdate, event.Type.TouchEnd):
            points = event.points()
            if points:
                where = points[0].position()
                if kind == event.Type.TouchBegin:
                    self.begin(where)
                elif kind == event.Type.TouchUpdate:
                    self.extend(where)
                else:
                    self.extend(where)
                    self.end()
            event.accept()
            return True
        return super().event(event)

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.source() != Qt.MouseEventSource.MouseEventNotSynthesized:
            return  # a pen or finger already drew this
        if event.button() == Qt.MouseButton.LeftButton:
            self.begin(event.position())

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if event.source() == Qt.MouseEventSource.MouseEventNotSynthesized:
            self.extend(event.position())

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if event.source() == Qt.MouseEventSource.MouseEventNotSynthesized:
            self.end()

    def paintEvent(self, _event) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("white"))  # paper, in the dark palette too
        painter.setPen(QPen(QColor("#9aa0a6"), 1, Qt.PenStyle.DashLine))
        baseline = self.height() - 40
        painter.drawLine(20, baseline, self.width() - 20, baseline)
        painter.drawText(22, baseline + 24, "✕  sign above the line")
        painter.setPen(QPen(QColor("#0b1f4d"), 2.5, Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))  # fmt: skip
        for stroke in self.strokes:
            if len(stroke) == 1:
                painter.drawPoint(QPointF(*stroke[0]))
                continue
            path = QPainterPath(QPointF(*stroke[0]))
            for point in stroke[1:]:
                path.lineTo(QPointF(*point))
            painter.drawPath(path)
        painter.end()


class SignatureDialog(QDialog):
    """The contractor or owner signs a visit's report or correction notice."""

    def __init__(self, register, inspection_uuid: str, parent=None):
        super().__init__(parent)
        self.register = register
        self.visit = register.get("inspections", inspection_uuid)
        self.permit = register.get_by_id("permits", self.visit["permit_id"])
        self.saved: dict | None = None
        self.setWindowTitle("Signature")
        outer = QVBoxLayout(self)
        area = QScrollArea()  # at 200 % the pad and the form need more than 384 px
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        body = QWidget()
        area.setWidget(body)
        outer.addWidget(area, 1)
        layout = QVBoxLayout(body)
        heading = QLabel(f"{self.permit['address_text']} · permit {self.permit['permit_number']}"
                         f" · {str(self.visit['stage']).replace('_', ' ')} visit, "
                         f"{str(self.visit['result']).replace('_', ' ')}")  # fmt: skip
        heading.setWordWrap(True)
        font = heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        heading.setFont(font)
        layout.addWidget(heading)
        form = QFormLayout()
        self.document = QComboBox()
        for value, text in signatures.DOCUMENT_LABELS.items():
            if value == SignedDocument.CORRECTION_NOTICE and (
                self.visit["result"] not in signatures.NEEDS_CORRECTION
            ):
                continue
            self.document.addItem(text, value.value)
        form.addRow("&Document:", self.document)
        self.role = QComboBox()
        self.role.addItem("Contractor", SignerRole.CONTRACTOR.value)
        self.role.addItem("Owner", SignerRole.OWNER.value)
        self.role.currentIndexChanged.connect(self._suggest_name)
        form.addRow("Signed &by the:", self.role)
        self.name = QLineEdit()
        self.name.setObjectName("signerName")
        self.name.setMaxLength(signatures.NAME_MAX)
        form.addRow("Printed &name:", self.name)
        layout.addLayout(form)
        layout.addWidget(QLabel("Sign in the box (pen, finger or mouse):"))
        self.pad = SignaturePad()
        self.pad.changed.connect(lambda: self.error.setText(""))
        layout.addWidget(self.pad)
        layout.addStretch(1)
        self.error = QLabel()
        self.error.setObjectName("signatureError")
        self.error.setWordWrap(True)
        palette = self.error.palette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor("#d32f2f"))
        self.error.setPalette(palette)
        outer.addWidget(self.error)
        row = QHBoxLayout()
        cancel = QPushButton("Close without signing")
        cancel.setAutoDefault(False)
        cancel.clicked.connect(self.reject)
        clear = QPushButton("C&lear the box")
        clear.setAutoDefault(False)
        clear.clicked.connect(self.pad.clear)
        save = QPushButton("&Save signature")
        save.setObjectName("saveSignature")
        save.setDefault(True)
        save.clicked.connect(self.save)
        for button in (cancel, clear, save):
            button.setMinimumHeight(44)
        row.addWidget(cancel)
        row.addStretch(1)
        row.addWidget(clear)
        row.addWidget(save)
        outer.addLayout(row)
        self._suggest_name()

    def _suggest_name(self) -> None:
        """The permit's contractor or owner, until the signer types their own name."""
        known = {self.permit.get("contractor_name") or "", self.permit.get("owner_name") or ""}
        if self.name.text() in known:
            key = "contractor_name" if self.role.currentData() == "contractor" else "owner_name"
            self.name.setText(self.permit.get(key) or "")

    def save(self) -> None:
        try:
            self.saved = signatures.record_signature(
                self.register,
                self.visit["uuid"],
                self.document.currentData(),
                self.name.text(),
                self.role.currentData(),
                self.pad.strokes,
                self.pad.box(),
            )
        except (InvalidInput, NotAllowed) as exc:
            show_error(self, self.error, say(exc), getattr(exc, "field", None))
            return
        self.accept()
