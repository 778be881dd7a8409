"""The defect library on screen: completion while typing a defect in the result dialog, and
the village's own list (Inspections → Defect library…) to add or void entries (issue 17).

Why a delegate: the result dialog's defects are a table the inspector types into; the editor
of the "What is wrong" cell gets a ``QCompleter`` that matches any word of the description or
the section ("silt", "321.16"), and choosing a suggestion fills the whole row (section, what is
wrong, correction, minor) in one step. The words stay editable afterwards.
"""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, QStringListModel, Qt
from PySide6.QtWidgets import QCompleter, QLineEdit, QStyledItemDelegate, QTableWidget

from deerfield_desk.store import defect_library
from deerfield_desk.store.defect_library import DefectEntry


class _AnyWord(QSortFilterProxyModel):
    """Keeps the labels holding every typed word (the store's rule), in any order."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.words: list[str] = []

    def set_text(self, text: str) -> None:
        self.beginFilterChange()
        self.words = text.casefold().split()
        self.endFilterChange()

    def filterAcceptsRow(self, row, parent) -> bool:  # noqa: N802 - Qt's name
        label = self.sourceModel().index(row, 0, parent).data() or ""
        return all(w in label.casefold() for w in self.words)


def library_completer(entries: list[DefectEntry], parent) -> QCompleter:
    """A completer over the entries' labels, matching every typed word anywhere."""
    completer = QCompleter(parent)
    # the models belong to the completer, so they go with it (and never before it)
    source = QStringListModel([e.label for e in entries], completer)
    proxy = _AnyWord(completer)
    proxy.setSourceModel(source)
    completer.setModel(proxy)
    # the proxy filters; the completer must show whatever the proxy keeps
    completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setMaxVisibleItems(8)
    completer.proxy = proxy  # type: ignore[attr-defined]
    return completer


class DefectDelegate(QStyledItemDelegate):
    """Editor for the description column: a line edit that completes from the library.

    One completer for the table, handed to each editor in turn: a completer made per editor
    and destroyed with it while its popup was up crashed Qt when the dialog closed."""

    def __init__(self, table: QTableWidget, entries: list[DefectEntry], fill_row):
        super().__init__(table)
        self.entries = {e.label: e for e in entries}
        self.fill_row = fill_row
        self.completer = library_completer(entries, table)
        self.completer.activated[str].connect(self._chosen)
        self._editor: QLineEdit | None = None
        self._row = -1

    def createEditor(self, parent, option, index):  # noqa: N802 - Qt's name
        editor = QLineEdit(parent)
        editor.setAccessibleName(f"What is wrong — defect {index.row() + 1}")
        editor.setPlaceholderText("Type a word or a section: suggestions from the library")
        editor.setCompleter(self.completer)
        editor.textEdited.connect(self._typed)
        editor.destroyed.connect(self._gone)
        self._editor, self._row = editor, index.row()
        return editor

    def _typed(self, text: str) -> None:
        self.completer.proxy.set_text(text)  # type: ignore[attr-defined]
        self.completer.complete()

    def _gone(self, *_args) -> None:
        self._editor = None

    def _chosen(self, label: str) -> None:
        entry = self.entries.get(label)
        if entry is None or self._editor is None:
            return
        self._editor.setText(entry.description)
        self.fill_row(self._row, entry)


def attach_library(dialog, register, column: int) -> DefectDelegate:
    """Give ``dialog.defects`` (the result dialog's table) completion from the library; a
    chosen entry fills section, what is wrong, correction and minor of its row."""
    from PySide6.QtWidgets import QTableWidgetItem

    table: QTableWidget = dialog.defects
    section_col, correction_col = column - 1, column + 1
    minor_col = column + 2

    def put(row: int, col: int, text: str) -> None:
        item = table.item(row, col)
        if item is None:  # never replace the item being edited: its editor would go with it
            table.setItem(row, col, QTableWidgetItem(text))
        else:
            item.setText(text)

    def fill_row(row: int, entry: DefectEntry) -> None:
        put(row, section_col, entry.section)
        put(row, column, entry.description)
        put(row, correction_col, entry.correction)
        box = table.cellWidget(row, minor_col)
        if box is not None:
            box.setChecked(entry.minor)

    delegate = DefectDelegate(table, defect_library.library(register), fill_row)
    table.setItemDelegateForColumn(column, delegate)
    return delegate
