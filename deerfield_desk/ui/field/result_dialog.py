"""Record an inspection result on the spot: one tap for the outcome, a row per defect.

A failed result needs each defect's section and correction (the store refuses otherwise and
the message names the row and field); saving a failure opens the linked re-inspection.
Nothing is approved by default (12.12(6)): the dialog starts with no outcome selected.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.inspection_rules import RECORDABLE, RESULT_LABELS
from deerfield_desk.models.inspection_sequence import stage_by_code
from deerfield_desk.store import inspections
from deerfield_desk.ui.field.defect_picker import attach_library
from deerfield_desk.ui.field.style import CARD_STYLE, RESULT_COLOURS, save_cancel_row

COL_SECTION, COL_DESCRIPTION, COL_CORRECTION, COL_MINOR = range(4)


class ResultDialog(QDialog):
    def __init__(self, register, inspection_uuid: str, parent=None):
        super().__init__(parent)
        self.register = register
        self.inspection = register.get("inspections", inspection_uuid)
        self.permit = register.get_by_id("permits", self.inspection["permit_id"])
        self.stage = stage_by_code(self.inspection["stage"])
        self.saved: tuple[dict, dict | None] | None = None
        self.setWindowTitle(f"Result: {self.stage.title}")
        self.setStyleSheet(CARD_STYLE)
        self.resize(900, 620)
        layout = QVBoxLayout(self)
        heading = QLabel(
            f"{self.permit['address_text']} · permit {self.permit['permit_number']}\n"
            f"{self.stage.title}  §{self.stage.section}"
        )
        heading.setObjectName("address")
        layout.addWidget(heading)
        hint = QLabel("Nothing passes by default (§12.12(6)): choose the outcome you found.")
        hint.setObjectName("meta")
        layout.addWidget(hint)
        row = QHBoxLayout()
        self.outcomes = QButtonGroup(self)
        self.outcomes.setExclusive(True)
        self.outcome_buttons: dict[str, QPushButton] = {}
        for result in RECORDABLE:
            button = QPushButton(RESULT_LABELS[result])
            button.setCheckable(True)
            button.setObjectName(f"outcome_{result.value}")
            colour = RESULT_COLOURS[result.value]
            button.setStyleSheet(
                f"QPushButton:checked {{ background: {colour}; color: white; font-weight: bold; }}"
            )
            self.outcomes.addButton(button)
            self.outcome_buttons[result.value] = button
            row.addWidget(button)
        layout.addLayout(row)
        layout.addWidget(QLabel("Defects: cite the section and say how to correct each one"))
        self.defects = QTableWidget(0, 4)
        self.defects.setHorizontalHeaderLabels(
            ["Section", "What is wrong", "Correction needed", "Minor"]
        )
        header = self.defects.horizontalHeader()
        header.setSectionResizeMode(COL_SECTION, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_DESCRIPTION, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_CORRECTION, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_MINOR, QHeaderView.ResizeMode.ResizeToContents)
        self.defects.verticalHeader().setDefaultSectionSize(44)
        self.defects.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.defects.setStyleSheet("font-size: 15px;")
        # typing a defect suggests the library's (issue 17): one pick fills the whole row
        attach_library(self, register, COL_DESCRIPTION)
        layout.addWidget(self.defects, 1)
        add = QPushButton("Add defect")
        add.clicked.connect(lambda: self.add_defect())
        layout.addWidget(add)
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText("Notes for the file (optional)")
        self.notes.setMaximumHeight(90)
        layout.addWidget(self.notes)
        self.error = QLabel()
        self.error.setStyleSheet("color: #a40000; font-size: 15px; font-weight: bold;")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons, self.save_button = save_cancel_row(self, "Save result")
        layout.addLayout(buttons)

    def add_defect(
        self, section: str = "", description: str = "", correction: str = "", minor=False
    ) -> None:
        row = self.defects.rowCount()
        self.defects.insertRow(row)
        self.defects.setItem(row, COL_SECTION, QTableWidgetItem(section or self.stage.section))
        self.defects.setItem(row, COL_DESCRIPTION, QTableWidgetItem(description))
        self.defects.setItem(row, COL_CORRECTION, QTableWidgetItem(correction))
        box = QCheckBox()
        box.setChecked(minor)
        box.setStyleSheet(
            "QCheckBox { margin-left: 8px; } QCheckBox::indicator { width: 28px; height: 28px; }"
        )
        self.defects.setCellWidget(row, COL_MINOR, box)

    def chosen(self) -> str | None:
        for value, button in self.outcome_buttons.items():
            if button.isChecked():
                return value
        return None

    def defect_rows(self) -> list[dict]:
        rows = []
        for row in range(self.defects.rowCount()):
            texts = [
                (self.defects.item(row, col).text() if self.defects.item(row, col) else "")
                for col in (COL_SECTION, COL_DESCRIPTION, COL_CORRECTION)
            ]
            if not any(t.strip() for t in texts[1:]):
                continue  # an untouched blank row is not a defect
            minor = self.defects.cellWidget(row, COL_MINOR).isChecked()
            rows.append(
                {
                    "section": texts[0],
                    "description": texts[1],
                    "correction": texts[2],
                    "minor": minor,
                }
            )
        return rows

    def save(self) -> None:
        result = self.chosen()
        if result is None:
            self.error.setText("result: choose passed, failed, partial, not ready or cancelled")
            return
        try:
            self.saved = inspections.record_result(
                self.register,
                self.inspection["uuid"],
                result,
                defects=self.defect_rows(),
                notes=self.notes.toPlainText(),
            )
        except (InvalidInput, NotAllowed) as exc:
            self.error.setText(str(exc))
            return
        self.accept()
