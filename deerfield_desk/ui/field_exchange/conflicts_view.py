"""Check-in conflicts: office and field side by side, field by field; the clerk takes a side.

Left, the queue (one line per record both sides changed, from which laptop and inspector);
right, the fields in conflict with the value at check-out, the office's and the field's, and a
choice per field. Nothing is taken by default: Apply stays disabled until every field has a
side, so a tired click can never overwrite anyone's work. The choice is journaled.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import DeskError
from deerfield_desk.models.plain_labels import defects_text, local_time, plain
from deerfield_desk.store.field import conflicts
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.field.style import save_cancel_row

# Drawn from the palette, so the choice circles show in a dark palette too (Fusion's own
# outline is the window colour darkened, invisible on a dark base).
CHOICE_STYLE = (
    "QRadioButton::indicator { width: 16px; height: 16px; border: 2px solid palette(text); "
    "border-radius: 10px; background: palette(base); }"
    "QRadioButton::indicator:checked { background: palette(highlight); "
    "border: 2px solid palette(text); }"
)
HEADERS = ("Field", "At check-out", "Office", "Field copy", "Keep")
FIELD_NAMES = {
    "route_order": "Route position",
    "scheduled_for": "Scheduled for",
    "result": "Result",
    "notes": "Notes",
    "defects_json": "Defects",
    "inspected_at": "Inspected at",
    "status": "Status",
    "served_at": "Served at",
    "service_method": "Service method",
}


def shown(value) -> str:
    """A value as a clerk reads it: dates without the ISO 'T', codes without underscores."""
    if value is None or value == "":
        return "(empty)"
    if not isinstance(value, str):
        return str(value)
    if len(value) >= 16 and value[4] == "-" and value[10] == "T":
        return value.replace("T", " ")
    if value.startswith("["):  # the defects list: read out, never shown as JSON
        return defects_text(value)
    if " " not in value and "_" in value:
        return plain(value)
    return value


class ConflictsDialog(DeskDialog):
    def __init__(self, parent, register, on_resolved=None):
        super().__init__(parent)
        self.register = register
        self.on_resolved = on_resolved
        self.setWindowTitle("Check-in conflicts")
        self.resize(1100, 520)
        outer = QVBoxLayout(self)
        intro = QLabel(
            "These records were changed both at the office and in the field since the copy "
            "was checked out. For each field, keep the office's value or the field's. "
            "Everything else from the field was applied at check-in."
        )
        intro.setWordWrap(True)
        outer.addWidget(intro)
        body = QHBoxLayout()
        self.queue = QListWidget()
        self.queue.setAccessibleName("Conflicts waiting for a decision")
        self.queue.setMinimumWidth(280)
        self.queue.setWordWrap(True)
        self.queue.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.queue.currentRowChanged.connect(self._show)
        body.addWidget(self.queue, 2)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold;")
        right_layout.addWidget(self.title)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setAccessibleName("Office and field values")
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        right_layout.addWidget(self.table, 1)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        self.error.setWordWrap(True)
        right_layout.addWidget(self.error)
        body.addWidget(right, 5)
        outer.addLayout(body, 1)
        buttons, self.save_button = save_cancel_row(self, "Apply choices", "Close")
        outer.addLayout(buttons)
        self.groups: dict[str, QButtonGroup] = {}
        self.reload()

    def reload(self) -> None:
        self.items = conflicts.open_conflicts(self.register)
        self.queue.clear()
        for item in self.items:
            QListWidgetItem(
                conflicts.describe(self.register, item).replace(" — ", "\n"), self.queue
            )
        if self.items:
            self.queue.setCurrentRow(0)
        else:
            self._show(-1)

    def _show(self, row: int) -> None:
        self.table.setRowCount(0)
        self.groups.clear()
        self.error.clear()
        if row < 0 or row >= len(self.items):
            self.title.setText("No conflicts are waiting. Every check-in is fully applied.")
            self.save_button.setEnabled(False)
            return
        item = self.items[row]
        self.title.setText(
            f"{conflicts.describe(self.register, item)}, changed in the field "
            f"{local_time(item['field_at'])}"  # the office's time, not UTC
        )
        rows = conflicts.choices(item)
        self.table.setRowCount(len(rows))
        for number, choice in enumerate(rows):
            name = FIELD_NAMES.get(choice.column, choice.column.replace("_", " ").capitalize())
            for col, text in enumerate(
                (name, shown(choice.base), shown(choice.office), shown(choice.field))
            ):
                cell = QTableWidgetItem(text)
                cell.setFlags(cell.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(number, col, cell)
            self.table.setCellWidget(number, 4, self._choice(choice.column))
        self.table.resizeRowsToContents()
        self._update_save()

    def _choice(self, column: str) -> QWidget:
        box = QWidget()
        layout = QHBoxLayout(box)
        layout.setContentsMargins(6, 0, 6, 0)
        box.setStyleSheet(CHOICE_STYLE)
        group = QButtonGroup(box)
        for side, text in (("office", "Office"), ("field", "Field")):
            button = QRadioButton(text)
            button.setObjectName(f"{column}:{side}")
            button.setMinimumHeight(36)
            group.addButton(button)
            layout.addWidget(button)
        group.buttonToggled.connect(lambda *_: self._update_save())
        self.groups[column] = group
        return box

    def picks(self) -> dict[str, str]:
        out = {}
        for column, group in self.groups.items():
            checked = group.checkedButton()
            if checked is not None:
                out[column] = checked.objectName().split(":")[1]
        return out

    def choose(self, column: str, side: str) -> None:
        """Tick a side (tests and keyboard users call the same thing)."""
        for button in self.groups[column].buttons():
            if button.objectName() == f"{column}:{side}":
                button.setChecked(True)

    def _update_save(self) -> None:
        self.save_button.setEnabled(bool(self.groups) and len(self.picks()) == len(self.groups))

    def save(self) -> None:
        row = self.queue.currentRow()
        if row < 0:
            return
        try:
            conflicts.resolve(self.register, self.items[row]["uuid"], self.picks())
        except DeskError as exc:
            self.error.setText(str(exc))
            return
        if self.on_resolved:
            self.on_resolved(self.items[row])
        self.reload()
