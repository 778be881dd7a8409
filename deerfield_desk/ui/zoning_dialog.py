"""Tools → Zoning districts…: which of the village's zoning codes is which kind of district.

The wizard reads a parcel's code (SR-1, MR, GB, LI…) through this table to the kind of district
§12.30 speaks of; see ``models/zoning_codes``. Codes found on parcels but missing from the
table are listed above it, so the clerk sees what to add before an application is refused.
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.zoning_codes import DISTRICT_LABELS
from deerfield_desk.store.zoning_table import (
    parcel_codes_not_in_table,
    save_zoning_table,
    zoning_table,
)
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.wizard.fields import error_label, hint_label

COLUMNS = ("Code", "Name", "Kind of district (§12.30)")


class ZoningDialog(DeskDialog):
    def __init__(self, window):
        super().__init__(window)
        self.register = window.register
        self.setWindowTitle("Zoning districts")
        layout = QVBoxLayout(self)
        layout.addWidget(hint_label("The codes of the village zoning map as parcels carry them, "
                                    "and which kind of district each is: satellite dishes are "
                                    "placed by it (§12.30(5)–(6)). Check the sample rows "
                                    "against the zoning ordinance."))  # fmt: skip
        self.missing = hint_label("")
        self.missing.setObjectName("zoning_missing")
        layout.addWidget(self.missing)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("zoning_table")
        self.table.setAccessibleName("Zoning codes")
        self.table.setTabKeyNavigation(False)
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        add = QPushButton("Add code")
        add.setObjectName("zoning_add")
        add.clicked.connect(lambda: self.add_row("", "", None, edit=True))
        remove = QPushButton("Remove selected code")
        remove.setObjectName("zoning_remove")
        remove.clicked.connect(self.remove_selected)
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        layout.addLayout(row)
        self.error = error_label()
        self.error.setObjectName("zoning_error")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        for z in zoning_table(self.register):
            self.add_row(z.code, z.name, z.district.value)
        self._show_missing()
        self.resize(640, 460)

    def add_row(self, code: str, name: str, district: str | None, edit: bool = False) -> None:
        r = self.table.rowCount()
        self.table.insertRow(r)
        self.table.setItem(r, 0, QTableWidgetItem(code))
        self.table.setItem(r, 1, QTableWidgetItem(name))
        combo = QComboBox()
        combo.addItem("— choose —", None)
        for value, label in DISTRICT_LABELS.items():
            combo.addItem(label, value.value)
        combo.setCurrentIndex(max(combo.findData(district), 0))
        combo.setAccessibleName(f"Kind of district — row {r + 1}")
        self.table.setCellWidget(r, 2, combo)
        if edit:
            self.table.setCurrentCell(r, 0)
            self.table.editItem(self.table.item(r, 0))

    def remove_selected(self) -> None:
        for r in sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True):
            self.table.removeRow(r)

    def rows(self) -> list[dict]:
        out = []
        for r in range(self.table.rowCount()):
            code, name = self.table.item(r, 0), self.table.item(r, 1)
            combo = self.table.cellWidget(r, 2)
            out.append({"code": code.text() if code else "", "name": name.text() if name else "",
                        "district": combo.currentData()})  # fmt: skip
        return out

    def _show_missing(self) -> None:
        codes = parcel_codes_not_in_table(self.register)
        self.missing.setText(
            f"<b>Codes on parcels on file but not in this table:</b> {', '.join(codes)}"
            if codes else ""
        )  # fmt: skip
        self.missing.setVisible(bool(codes))

    def save(self) -> bool:
        try:
            save_zoning_table(self.register, self.rows())
        except InvalidInput as exc:
            self.error.setText(f"{'Code' if exc.field == 'code' else 'District'}: {exc.rule}")
            self.error.setVisible(True)
            return False
        self.accept()
        return True


def open_zoning(window) -> ZoningDialog:
    dialog = ZoningDialog(window)
    dialog.show()
    return dialog


def install(window) -> None:
    action = QAction("&Zoning districts…", window)
    action.setObjectName("zoning_districts_action")
    action.triggered.connect(lambda: open_zoning(window))
    window.menu("Tools").addAction(action)
