"""Every dialog grows with what it shows: a long error, a warning, a list of what is missing.

Why one filter for the whole application (issue 16.8, "dialogs grow with their error
text"): a dialog keeps the size it opened at, so a word-wrapped error shown later was cut to
its first line, or pushed the buttons off the bottom. The dialogs build their error lines in
four ways (the forms' ``error_label``, the field screens' ``style.label`` and
``text_label``, a plain label with a style sheet); fixing each would leave the next dialog
to get it wrong. Qt tells a window its layout must be redone (``LayoutRequest``) whenever a
label's text changes its size; on that, a visible dialog in which a word-wrapped label is
now cut is grown to the height its layout needs at its present width (a wrapped text's
height depends on the width), never beyond the screen, never shrunk. When the screen is too
small, the body scrolls under pinned buttons (the a11y fit's ``make_scrollable``). Only a
cut label grows it: a window the clerk made smaller on purpose is not pulled back on every
reload.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QLayout, QScrollArea, QWidget

#: Room kept free around a dialog for the window frame and title bar (as the a11y fit).
FRAME = QSize(24, 48)


def cut_label(dialog: QWidget) -> QLabel | None:
    """A visible word-wrapped label shorter than its text needs at its width, if any."""
    for label in dialog.findChildren(QLabel):
        if (
            label.wordWrap()
            and label.text()
            and label.isVisibleTo(dialog)
            and label.height() < label.heightForWidth(label.width())
        ):
            return label
    return None


def needed_height(dialog: QWidget) -> int:
    """The height the dialog's layout needs at the dialog's present width."""
    layout = dialog.layout()
    if layout is None:
        return dialog.sizeHint().height()
    layout.activate()
    wanted = max(dialog.sizeHint().height(), layout.minimumSize().height())
    if layout.hasHeightForWidth():
        wanted = max(wanted, layout.totalHeightForWidth(dialog.width()))
    return wanted


def grow(dialog: QWidget) -> None:
    """Grow ``dialog`` to show a label its text no longer fits (nothing to do otherwise)."""
    label = cut_label(dialog) if dialog.isVisible() else None
    if label is None:
        return
    screen = dialog.screen() or QApplication.primaryScreen()
    room = screen.availableGeometry()
    width = min(max(dialog.width(), dialog.minimumSizeHint().width()), room.width() - FRAME.width())
    needed = needed_height(dialog)
    height = min(max(dialog.height(), needed), room.height() - FRAME.height())
    if needed > height:  # more than the screen holds: the body scrolls, the buttons stay
        from deerfield_desk.ui.a11y.fit import make_scrollable

        scroll = make_scrollable(dialog) or dialog.findChild(QScrollArea, "a11yScrollArea")
        dialog.setMinimumSize(QSize(0, 0))
        if dialog.layout() is not None:
            dialog.layout().setSizeConstraint(QLayout.SizeConstraint.SetDefaultConstraint)
        if scroll is not None and scroll.isAncestorOf(label):  # the error's start in view
            QTimer.singleShot(0, scroll, lambda: scroll.ensureWidgetVisible(label, 0, 0))
    if (width, height) == (dialog.width(), dialog.height()):
        return
    dialog.resize(width, height)
    frame = dialog.frameGeometry()
    if frame.bottom() > room.bottom():  # grown past the bottom edge: move it up
        dialog.move(frame.x(), max(room.top(), room.bottom() - frame.height()))


class GrowDialogs(QObject):
    """The application's event filter: a dialog's layout request schedules one ``grow``."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.pending: set[int] = set()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if (
            event.type() == QEvent.Type.LayoutRequest
            and isinstance(watched, QDialog)
            and watched.isVisible()
            and id(watched) not in self.pending
        ):
            self.pending.add(id(watched))
            QTimer.singleShot(0, watched, lambda d=watched: self._grow(d))
        return False

    def _grow(self, dialog: QDialog) -> None:
        self.pending.discard(id(dialog))
        grow(dialog)


def install(window=None) -> None:
    """Install the filter on the application once (a feature module: ``install(window)``)."""
    app = QApplication.instance()
    if app is None or app.property("growDialogs"):
        return
    app.installEventFilter(GrowDialogs(app))
    app.setProperty("growDialogs", True)
