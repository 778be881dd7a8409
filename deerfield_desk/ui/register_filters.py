"""The register's search box and filters (kind, status, year, needs action).

The search runs as the clerk types, but only after 150 ms without a keystroke, so typing
"liberty" asks the store once, not seven times. Choosing a filter applies at once.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store.register_queries import KIND_LABELS, RegisterQuery
from deerfield_desk.ui.flow_layout import FlowLayout

DEBOUNCE_MS = 150


def labelled(text: str, field: QWidget) -> QLabel:
    """A visible label with an access key that focuses ``field`` and names it (issue 19:
    the placeholder was the search box's only label, and it vanishes once typed in)."""
    label = QLabel(text)
    label.setBuddy(field)
    field.setAccessibleName(text.replace("&", ""))
    return label


class RegisterFilters(QWidget):
    """Emits ``changed(RegisterQuery)`` whenever what the register should show changes."""

    changed = Signal(object)

    def __init__(self, years: list[int], parent: QWidget | None = None):
        super().__init__(parent)
        # The search on its own row, the filters in a row that wraps: in one row they asked
        # for 1,028 logical pixels, and at 200 % a 1366x768 laptop offers 683 (the main
        # window ran off the screen).
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        layout = QHBoxLayout()
        filters = FlowLayout()
        column.addLayout(layout)
        column.addLayout(filters)
        self.search = QLineEdit()
        self.search.setObjectName("registerSearch")
        self.search.setPlaceholderText(
            "Search permit, application or notice number, address, parcel, name, phone  (Ctrl+F)"
        )
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumWidth(360)
        layout.addWidget(labelled("&Search", self.search))
        layout.addWidget(self.search, 3)

        self.kind = QComboBox()
        self.kind.addItem("All kinds", None)
        for value, label in KIND_LABELS.items():
            self.kind.addItem(label, value)
        self.status = QComboBox()
        self.status.addItem("All statuses", None)
        for status in PermitStatus:
            self.status.addItem(status.label, str(status))
        self.year = QComboBox()
        self.year.addItem("All years", None)
        self.set_years(years)
        self.needs_action = QCheckBox("Needs action")
        self.needs_action.setToolTip(
            "Permits waiting on the office (review, decision, issuance, stop-work) and "
            "issued permits past their expiry date or with an overdue enforcement notice"
        )
        self.needs_action.setText("Needs &action")
        for text, widget in (("&Kind", self.kind), ("Stat&us", self.status), ("&Year", self.year)):
            pair = QWidget()  # a label never wraps away from its field
            row = QHBoxLayout(pair)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(labelled(text, widget))
            row.addWidget(widget)
            filters.addWidget(pair)
        filters.addWidget(self.needs_action)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._emit)
        self.search.textChanged.connect(lambda _text: self._timer.start())
        self.search.returnPressed.connect(self._emit_now)
        for combo in (self.kind, self.status, self.year):
            combo.currentIndexChanged.connect(lambda _i: self._emit_now())
        self.needs_action.toggled.connect(lambda _on: self._emit_now())

    def set_years(self, years: list[int]) -> None:
        current = self.year.currentData()
        self.year.blockSignals(True)
        while self.year.count() > 1:
            self.year.removeItem(1)
        for year in years:
            self.year.addItem(str(year), year)
        index = self.year.findData(current)
        self.year.setCurrentIndex(max(index, 0))
        self.year.blockSignals(False)

    def query(self) -> RegisterQuery:
        return RegisterQuery(
            text=self.search.text().strip(),
            kind=self.kind.currentData(),
            status=self.status.currentData(),
            year=self.year.currentData(),
            needs_action=self.needs_action.isChecked(),
        )

    def _emit_now(self) -> None:
        self._timer.stop()
        self._emit()

    def _emit(self) -> None:
        self.changed.emit(self.query())
