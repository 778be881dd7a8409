"""Give every control the name a screen reader reads, from the label a sighted user reads.

Screens are built in many files by many hands; rather than each remembering every rule,
:func:`prepare` runs over a finished window or dialog and applies them once:

- a label in a ``QFormLayout`` row names the *field* of its row, even when the field is
  wrapped in a container (the wizard's field-with-error-line box): the label becomes the
  field's buddy (its access key focuses the field) and the field gets the label's words as its
  accessible name. Without this the container got the name and the field read as "edit";
- a short label placed directly above an unnamed field, list or table in a box layout is its
  visible label, and names it the same way;
- item views never trap Tab (``setTabKeyNavigation(False)``: arrows move between cells, Tab
  leaves the table) and multi-line boxes move focus on Tab instead of typing a tab.

:func:`add_context` is for controls repeated once per card or checklist item: "Result" on
every Today card becomes "Result — stop 2, 7 Liberty St" for a screen reader, while the
button still shows the short word.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QBoxLayout,
    QComboBox,
    QFormLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QTableView,
    QTextEdit,
    QWidget,
)

#: Widgets a label can name (what a user types into or chooses from).
FIELDS = (QLineEdit, QComboBox, QAbstractSpinBox, QPlainTextEdit, QTextEdit, QAbstractItemView)
#: A label longer than this above a field is a paragraph of help, not the field's name.
MAX_LABEL = 90


def plain(text: str) -> str:
    """A label's words as a screen reader should say them: no access-key ampersand, no rich
    text, no trailing colon."""
    if "<" in text and ">" in text:
        from PySide6.QtGui import QTextDocumentFragment

        text = QTextDocumentFragment.fromHtml(text).toPlainText()
    text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return " ".join(text.split()).rstrip(":").strip()


def _field_in(item: QWidget | QLayout | None) -> QWidget | None:
    """The control a form row's label is about: the item itself if it is a field, else the
    first field inside it (a container or a row layout)."""
    if item is None:
        return None
    if isinstance(item, QWidget):
        if isinstance(item, (*FIELDS, QAbstractButton)):
            return item
        if item.focusProxy() is not None:
            return item.focusProxy()
        for child in item.findChildren(QWidget):
            if isinstance(child, FIELDS):
                return child
        return None
    for index in range(item.count()):
        sub = item.itemAt(index)
        found = _field_in(sub.widget() or sub.layout())
        if found is not None:
            return found
    return None


def name_from_label(label: QLabel, field: QWidget) -> None:
    """Attach ``label`` to ``field``: its access key focuses the field, its words name it
    (unless the field was named on purpose)."""
    if label.buddy() is None or label.buddy() is not field:
        label.setBuddy(field)
    if not field.accessibleName() and not isinstance(field, QAbstractButton):
        words = plain(label.text())
        if words:
            field.setAccessibleName(words)


def name_form(form: QFormLayout) -> None:
    for row in range(form.rowCount()):
        label_item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
        field_item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
        if label_item is None or field_item is None:
            continue
        label = label_item.widget()
        if not isinstance(label, QLabel):
            continue
        field = _field_in(field_item.widget() or field_item.layout())
        if field is not None:
            name_from_label(label, field)


def name_from_preceding_label(box: QBoxLayout) -> None:
    """A short label directly above (in a column) or left of (in a row) an unnamed field is
    that field's label: "Site class: [combo]", "Defects" over the defects table."""
    previous: QLabel | None = None
    for index in range(box.count()):
        item = box.itemAt(index)
        widget = item.widget()
        if widget is None:
            previous = None
            continue
        if (
            previous is not None
            and isinstance(widget, FIELDS)
            and not widget.accessibleName()
            and previous.buddy() is None
            and len(plain(previous.text())) <= MAX_LABEL
        ):
            name_from_label(previous, widget)
        previous = widget if isinstance(widget, QLabel) else None


def keyboard_rules(root: QWidget) -> None:
    """Tab leaves tables and multi-line boxes (issue 19: every table was a keyboard trap)."""
    from deerfield_desk.ui.a11y.keys import sort_by_keyboard

    for view in root.findChildren(QAbstractItemView):
        view.setTabKeyNavigation(False)
        if isinstance(view, QTableView) and view.isSortingEnabled():
            sort_by_keyboard(view)  # Ctrl+Shift+S sorts by the current column
    for box in root.findChildren(QPlainTextEdit):
        box.setTabChangesFocus(True)
    for box in root.findChildren(QTextEdit):
        box.setTabChangesFocus(True)


def prepare(root: QWidget) -> QWidget:
    """Apply the naming and keyboard rules to ``root`` and everything in it (idempotent, so a
    screen that rebuilds part of itself may call it again)."""
    layouts = root.findChildren(QLayout)
    if root.layout() is not None and root.layout() not in layouts:
        layouts.append(root.layout())
    for layout in layouts:
        if isinstance(layout, QFormLayout):
            name_form(layout)
        elif isinstance(layout, QBoxLayout):
            name_from_preceding_label(layout)
    keyboard_rules(root)
    from deerfield_desk.ui.a11y.tab_order import order_rows

    order_rows(root)  # Tab crosses each button row left to right, as it is read
    return root


def add_context(widgets: QWidget | Iterable[QWidget], context: str) -> None:
    """Append ``context`` to the accessible name of each button and field (of a container
    such as a Today card, or listed): "Photo" → "Photo — stop 3, 7 Liberty St". The visible
    text stays short; a screen reader hears which one it is on."""
    suffix = f" — {context}"
    if isinstance(widgets, QWidget):
        widgets = widgets.findChildren(QWidget)
    for widget in widgets:
        if not isinstance(widget, (QAbstractButton, *FIELDS)):
            continue
        base = widget.accessibleName() or (
            plain(widget.text()) if isinstance(widget, QAbstractButton) else ""
        )
        if not base and isinstance(widget, QAbstractButton):
            base = plain(widget.toolTip())
        if not base and isinstance(widget, QLineEdit | QPlainTextEdit):
            base = plain(widget.placeholderText())
        if base and not base.endswith(suffix):
            widget.setAccessibleName(base + suffix)


def focus_first_field(root: QWidget) -> None:
    """Give focus to the first enabled field (where the keyboard user starts typing)."""
    for widget in root.findChildren(QWidget):
        if (
            isinstance(widget, FIELDS)
            and widget.isEnabled()
            and widget.isVisibleTo(root)
            and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        ):
            widget.setFocus(Qt.FocusReason.TabFocusReason)
            return
