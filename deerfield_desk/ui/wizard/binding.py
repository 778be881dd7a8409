"""Wizard fields bound to the draft state through a QUndoStack (Ctrl+Z / Ctrl+Shift+Z).

Every edit of a field becomes a :class:`SetValue` command on the wizard's undo stack, so the
clerk can step back through unsaved edits of an application not yet issued. Undo writes the
old value back into the state and into the widget (with its signals blocked, so undo does not
record itself). Numbers the clerk mistypes are kept aside as ``invalid`` and named on the page.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QWidget

from deerfield_desk.models.wizard_fields import parse_number

MISSING = object()


class SetValue(QUndoCommand):
    def __init__(self, binder: Binder, path: tuple[str, ...], old, new, label: str):
        super().__init__(f"change {label}")
        self.binder, self.path, self.old, self.new = binder, path, old, new

    def redo(self) -> None:
        self.binder.apply(self.path, self.new)

    def undo(self) -> None:
        self.binder.apply(self.path, self.old)


def get_path(state: dict, path: tuple[str, ...]):
    node = state
    for key in path[:-1]:
        node = node.get(key) or {}
    return node.get(path[-1], MISSING)


def set_path(state: dict, path: tuple[str, ...], value) -> None:
    node = state
    for key in path[:-1]:
        node = node.setdefault(key, {})
    if value is MISSING or value is None or value == "" or value is False:
        node.pop(path[-1], None)
    else:
        node[path[-1]] = value


def _blank(value) -> bool:
    """Nothing entered; 0 is something (``0 in (None, "", False)`` is True in Python)."""
    return value is None or value is False or value == ""


class Binder:
    """Connects widgets to paths in ``state`` and routes their edits through ``stack``."""

    def __init__(self, state: dict, stack: QUndoStack, on_change=None):
        self.state = state
        self.stack = stack
        self.widgets: dict[tuple, tuple[QWidget, str]] = {}
        self.errors: dict[tuple, QLabel] = {}
        self.invalid: dict[tuple, str] = {}
        self.on_change = on_change

    def bind(self, path: tuple[str, ...], widget: QWidget, label: str, kind: str = "text",
             error: QLabel | None = None) -> None:  # fmt: skip
        self.widgets[path] = (widget, kind)
        if error is not None:
            self.errors[path] = error
        self._show(path, get_path(self.state, path))
        if isinstance(widget, QCheckBox):
            widget.toggled.connect(lambda v, p=path: self.edit(p, bool(v), label))
        elif isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(
                lambda _i, p=path, w=widget: self.edit(p, w.currentData(), label)
            )
        elif isinstance(widget, QLineEdit):
            widget.editingFinished.connect(lambda p=path, w=widget: self._typed(p, w, label))

    def _typed(self, path, widget: QLineEdit, label: str) -> None:
        kind = self.widgets[path][1]
        if kind == "text":
            self.edit(path, widget.text().strip(), label)
            return
        try:
            value = parse_number(widget.text(), kind)
        except ValueError as exc:
            self.invalid[path] = f"{label}: {exc}"
            self.set_error(path, str(exc))
            return
        self.invalid.pop(path, None)
        self.set_error(path, "")
        self.edit(path, value, label)

    def edit(self, path, new, label: str) -> None:
        """Record one edit as an undoable command (nothing when the value is unchanged)."""
        old = get_path(self.state, path)
        norm_old = None if old is MISSING else old
        if (_blank(new) and _blank(norm_old)) or (new == norm_old and type(new) is type(norm_old)):
            return
        self.stack.push(SetValue(self, path, old, new, label))

    def apply(self, path, value) -> None:
        set_path(self.state, path, value)
        self._show(path, value)
        if self.on_change:
            self.on_change(path)

    def _show(self, path, value) -> None:
        if path not in self.widgets:
            return
        widget, _kind = self.widgets[path]
        value = None if value is MISSING else value
        blocked = widget.blockSignals(True)
        try:
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QComboBox):
                index = widget.findData(value)
                widget.setCurrentIndex(max(index, 0))
            elif isinstance(widget, QLineEdit):
                widget.setText("" if value is None else str(value))
        finally:
            widget.blockSignals(blocked)
        self.invalid.pop(path, None)
        self.set_error(path, "")

    def set_error(self, path, text: str) -> None:
        label = self.errors.get(path)
        if label is not None:
            label.setText(text)
            label.setVisible(bool(text))

    def error_for_field(self, field: str, text: str) -> bool:
        """Show ``text`` beside the field whose last path element is ``field``."""
        for path in self.errors:
            if path[-1] == field:
                self.set_error(path, text)
                return True
        return False

    def unbind_prefix(self, prefix: tuple[str, ...]) -> None:
        for path in [p for p in self.widgets if p[: len(prefix)] == prefix]:
            self.widgets.pop(path, None)
            self.errors.pop(path, None)
            self.invalid.pop(path, None)
