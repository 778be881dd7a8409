"""Choosing a person on file: pickers that show name, address and phone, and the question
"use the one on file?" before a second record of the same person is made.

Why: two identical "Maria Gonzalez" entries, one with no address, looked the same in every
picker, and a stop-work order went to the empty one. Each entry now reads
``name (firm) · address · phone`` (``store.people.person_label``), and adding someone whose
name, phone or address is already on file asks first.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.store.people import PersonMatch, person_label

NONE_LABEL = "— none —"


def fill_people(combo: QComboBox, people: list[dict], select: str | None = None,
                *, none_label: str | None = NONE_LABEL) -> None:  # fmt: skip
    """Fill ``combo`` with ``people`` (uuid as data), each labelled with address and phone;
    ``select`` stays chosen. The full label is the tooltip too, as a long one is elided."""
    blocked = combo.blockSignals(True)
    combo.clear()
    if none_label is not None:
        combo.addItem(none_label, None)
    for row in people:
        label = person_label(row)
        combo.addItem(label, row["uuid"])
        combo.setItemData(combo.count() - 1, label, Qt.ItemDataRole.ToolTipRole)
    combo.setCurrentIndex(max(combo.findData(select), 0))
    combo.blockSignals(blocked)


class OnFileDialog(QDialog):
    """Lists the people on file who match the one being added; the clerk uses one of them
    (``chosen``), adds a new record anyway (``chosen`` is None, accepted), or cancels."""

    def __init__(self, parent: QWidget | None, matches: list[PersonMatch], new_name: str):
        super().__init__(parent)
        self.setObjectName("onFileDialog")
        self.setWindowTitle("Use the one on file?")
        self.matches = matches
        self.chosen: dict | None = None
        layout = QVBoxLayout(self)
        intro = QLabel(
            f"<b>{_escape(new_name) or 'This person'}</b> may already be on file. Use the "
            "record on file, so every notice and permit reaches the same person?"
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.list = QListWidget()
        self.list.setObjectName("onFileMatches")
        self.list.setAccessibleName("People on file who match")
        for match in matches:
            item = QListWidgetItem(match.label)
            item.setToolTip(match.label)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self.use())
        intro.setBuddy(self.list)
        layout.addWidget(self.list, 1)
        buttons = QDialogButtonBox()
        self.use_button = QPushButton("&Use the one on file")
        self.use_button.setObjectName("useOnFile")
        self.use_button.setDefault(True)
        self.new_button = QPushButton("Add a &new record anyway")
        self.new_button.setObjectName("addNewAnyway")
        buttons.addButton(self.use_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.new_button, QDialogButtonBox.ButtonRole.ActionRole)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setObjectName("cancelOnFile")
        self.use_button.clicked.connect(self.use)
        self.new_button.clicked.connect(self.add_new)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 280)

    def use(self) -> None:
        row = self.list.currentRow()
        self.chosen = self.matches[max(row, 0)].person
        self.accept()

    def add_new(self) -> None:
        self.chosen = None
        self.accept()


def _escape(text: str) -> str:
    from html import escape

    return escape((text or "").strip())


def ask_use_on_file(parent: QWidget | None, matches: list[PersonMatch],
                    new_name: str) -> tuple[str, dict | None]:  # fmt: skip
    """("use", person), ("new", None) or ("cancel", None)."""
    dialog = OnFileDialog(parent, matches, new_name)
    if not dialog.exec():
        return "cancel", None
    return ("use", dialog.chosen) if dialog.chosen else ("new", None)
