"""Dialogs that fit the screen they open on, whatever the scaling (issue 19.5, issue 17.4).

At 1366×768 with 200 % scaling a screen is 683×384 logical pixels: the print preview asked
for 820×980 and the result dialog for 900×620, so Save and Print were off the bottom edge.
:class:`DeskDialog` (and :class:`FitsScreen` for a ``QWizard``) does on first show what every
dialog should: apply the naming and keyboard rules (``naming.prepare``), and if the dialog
is larger than the available screen, move its body into a scroll area, keep the button row
pinned at the bottom, and shrink the dialog to the screen.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QBoxLayout,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLayout,
    QLayoutItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.ui.a11y.naming import prepare

#: Room kept free around a dialog for the window frame and title bar.
FRAME_MARGIN = QSize(24, 48)


def available(widget: QWidget) -> QRect:
    """The usable part of the screen the widget is on (the task bar excluded)."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def _is_button_row(item: QLayoutItem) -> bool:
    widget = item.widget()
    if isinstance(widget, QDialogButtonBox):
        return True
    layout = item.layout()
    if layout is None or not isinstance(layout, QBoxLayout):
        return False
    widgets = [layout.itemAt(i).widget() for i in range(layout.count())]
    present = [w for w in widgets if w is not None]
    return bool(present) and all(isinstance(w, QAbstractButton) for w in present)


def make_scrollable(dialog: QWidget) -> QScrollArea | None:
    """Move everything but the bottom button row of ``dialog``'s column into a scroll area.
    Returns the scroll area (None when the layout is not a column, or already scrolls)."""
    layout = dialog.layout()
    if layout is None or dialog.property("a11yScrollBody"):
        return None
    if not isinstance(layout, QVBoxLayout):
        return _scroll_other_layout(dialog, layout)
    stretches = [layout.stretch(i) for i in range(layout.count())]
    # Moving a widget to a new parent hides it until the event loop shows it again; keep
    # what was hidden on purpose (an empty error line) hidden, show the rest at once.
    hidden = {id(w) for w in dialog.findChildren(QWidget) if w.isHidden()}
    items: list[QLayoutItem] = []
    while layout.count():
        items.append(layout.takeAt(0))
    bottom: list[QLayoutItem] = []
    while items and _is_button_row(items[-1]):
        bottom.insert(0, items.pop())
    stretches = stretches[: len(items)]
    body = QWidget()
    body.setObjectName("a11yScrollBody")
    column = QVBoxLayout(body)
    column.setContentsMargins(0, 0, 0, 0)
    for item, stretch in zip(items, stretches, strict=True):
        if item.widget() is not None:
            column.addWidget(item.widget(), stretch)
        elif item.layout() is not None:
            inner = item.layout()
            inner.setParent(None)
            column.addLayout(inner, stretch)
        else:
            column.addItem(item)
    for label in body.findChildren(QLabel):  # a long heading wraps instead of widening it
        label.setWordWrap(True)
    scroll = QScrollArea()
    scroll.setObjectName("a11yScrollArea")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop: it follows the focus
    scroll.setWidget(body)
    layout.addWidget(scroll, 1)
    for item in bottom:
        if item.widget() is not None:
            layout.addWidget(item.widget())
        elif item.layout() is not None:
            inner = item.layout()
            inner.setParent(None)
            layout.addLayout(inner)
    dialog.setProperty("a11yScrollBody", True)
    moved = [w for w in body.findChildren(QWidget) if w.parentWidget() is body]
    for widget in [scroll, body, *moved]:
        if id(widget) not in hidden:
            widget.setVisible(True)
    return scroll


def _scroll_other_layout(dialog: QWidget, layout: QLayout) -> QScrollArea:
    """A dialog laid out as a form (or grid): the whole layout moves into the scroll body
    (Qt lets a widget take over another's layout) and a form's button row, if it is the
    last row, is pinned under it."""
    hidden = {id(w) for w in dialog.findChildren(QWidget) if w.isHidden()}
    buttons = None
    if isinstance(layout, QFormLayout) and layout.rowCount():
        last = layout.itemAt(layout.rowCount() - 1, QFormLayout.ItemRole.SpanningRole)
        if last is not None and isinstance(last.widget(), QDialogButtonBox):
            buttons = last.widget()
            layout.removeWidget(buttons)
    body = QWidget()
    body.setObjectName("a11yScrollBody")
    body.setLayout(layout)  # takes the layout, and its widgets, from the dialog
    for label in body.findChildren(QLabel):
        label.setWordWrap(True)
    scroll = QScrollArea()
    scroll.setObjectName("a11yScrollArea")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    scroll.setWidget(body)
    column = QVBoxLayout(dialog)
    column.addWidget(scroll, 1)
    if buttons is not None:
        column.addWidget(buttons)
    dialog.setProperty("a11yScrollBody", True)
    for widget in [scroll, body, *body.findChildren(QWidget)]:
        if id(widget) not in hidden and widget.parentWidget() in (body, scroll.viewport()):
            widget.setVisible(True)
    if buttons is not None and id(buttons) not in hidden:
        buttons.setVisible(True)
    return scroll


def fit_to_screen(dialog: QWidget, screen: QRect | None = None) -> None:
    """Shrink ``dialog`` to the screen, scrolling its body if its content needs more room."""
    area = screen or available(dialog)
    room = QSize(
        max(area.width() - FRAME_MARGIN.width(), 200),
        max(area.height() - FRAME_MARGIN.height(), 160),
    )
    wanted = dialog.size().expandedTo(dialog.sizeHint())
    if wanted.width() > room.width() or wanted.height() > room.height():
        make_scrollable(dialog)
        dialog.setMinimumSize(QSize(0, 0))
        layout = dialog.layout()
        if layout is not None:
            layout.setSizeConstraint(QLayout.SizeConstraint.SetDefaultConstraint)
    dialog.setMaximumSize(QSize(16777215, 16777215))
    dialog.resize(wanted.boundedTo(room))
    frame = dialog.frameGeometry()
    if not area.contains(frame):
        x = min(max(frame.x(), area.x()), area.right() - frame.width())
        y = min(max(frame.y(), area.y()), area.bottom() - frame.height())
        dialog.move(max(x, area.x()), max(y, area.y()))


class FitsScreen:
    """Mixin for a QDialog or QWizard: named, keyboard-ready and sized to the screen on first
    show. Put it first: ``class MyDialog(FitsScreen, QDialog)``."""

    _fitted = False

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self._fitted:
            self._fitted = True
            prepare(self)  # type: ignore[arg-type]
            fit_to_screen(self)  # type: ignore[arg-type]
        super().showEvent(event)  # type: ignore[misc]


class DeskDialog(FitsScreen, QDialog):
    """The base of the app's dialogs (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None, flags=Qt.WindowType.Dialog):
        super().__init__(parent, flags)
