"""Record an inspection result on the spot: one tap for the outcome, a row per defect.

A failed result needs each defect's section and correction (the store refuses otherwise and
the message names the row and field); saving a failure or a partial books the linked
re-inspection at the time shown (the first office-hours slot 48 hours on, editable).
Nothing is approved by default (12.12(6)): the dialog starts with no outcome selected.

Issue 17: the inspection time defaults to now and can be edited (a visit written up in the
truck afterwards); a stage recorded before the stages §12.12(5) puts ahead of it asks for the
reason in the dialog itself (not a pop-up, so a field copy's test or a gloved tap never
blocks on it); passing a final asks first, because a final pass unlocks occupancy (12.16).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from PySide6.QtCore import QDateTime
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDateTimeEdit,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.inspection_rules import (
    NEEDS_REINSPECTION,
    RECORDABLE,
    RESULT_LABELS,
    Result,
)
from deerfield_desk.models.inspection_sequence import stage_by_code
from deerfield_desk.models.inspection_slots import default_reinspection_slot
from deerfield_desk.models.office_words import say
from deerfield_desk.store import inspections
from deerfield_desk.store.office_hours import office_hours
from deerfield_desk.store.village_calendar import village_calendar
from deerfield_desk.store.visit_carry import carried_to
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.choices import choice_row
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.field import visit_actions
from deerfield_desk.ui.field.defect_picker import attach_library
from deerfield_desk.ui.field.style import CARD_STYLE, RESULT_COLOURS, error_style, save_cancel_row
from deerfield_desk.ui.field.text import text_label

COL_SECTION, COL_DESCRIPTION, COL_CORRECTION, COL_MINOR = range(4)


#: Stages whose pass completes a permit's inspections: a mis-tap here unlocks occupancy.
FINAL_STAGES = ("final", "moving_exterior_final", "demolition_site")


def _moment_edit(moment: datetime, name: str) -> QDateTimeEdit:
    edit = QDateTimeEdit(QDateTime(moment))
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("ddd d MMM yyyy HH:mm")
    edit.setMinimumHeight(44)
    edit.setAccessibleName(name)
    return edit


class ResultDialog(DeskDialog):
    def __init__(self, register, inspection_uuid: str, parent=None, now: datetime | None = None):
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
        carried = carried_to(register, inspection_uuid) if self.inspection["corrects_id"] else None
        if carried is not None and carried.describe():  # what the voided record had stays
            self.carried = text_label(
                "Recorded again after a voided result: what it had stays with this visit "
                f"and prints with it ({carried.describe()}).", kind="warn",
            )  # fmt: skip
            self.carried.setObjectName("carriedNote")
            layout.addWidget(self.carried)
        # One answer of five: radio buttons in a named group (a screen reader said "toggle
        # button" for each checkable push button, and Tab stopped on all five).
        outcome_box = QGroupBox("Outcome")
        outcome_box.setObjectName("outcomeGroup")
        self.outcomes, self.outcome_buttons, _row = choice_row(
            self,
            [(result.value, RESULT_LABELS[result]) for result in RECORDABLE],
            colours=RESULT_COLOURS,
            layout=QHBoxLayout(outcome_box),
        )
        for value, button in self.outcome_buttons.items():
            button.setObjectName(f"outcome_{value}")
        layout.addWidget(outcome_box)
        now = (now or datetime.now()).replace(second=0, microsecond=0)
        times = QFormLayout()
        self.inspected_at = _moment_edit(now, "Inspected at")
        self.reinspect_at = _moment_edit(
            default_reinspection_slot(now, village_calendar(register), office_hours(register)),
            "Re-inspect on",
        )
        times.addRow("&Inspected at", self.inspected_at)
        times.addRow("Re-inspect &on", self.reinspect_at)
        self.ahead = inspections.stages_ahead_open(
            register, self.permit["uuid"], self.inspection["stage"]
        )
        self.order_reason = QLineEdit()
        self.order_reason.setMinimumHeight(44)
        self.order_reason.setPlaceholderText("e.g. silt fence on order, footing poured first")
        if self.ahead:
            names = ", ".join(f"{p.stage.title} (§{p.stage.section})" for p in self.ahead)
            order_note = text_label(
                f"Not yet passed: {names}. §12.12(5) puts "
                f"{'it' if len(self.ahead) == 1 else 'them'} ahead of {self.stage.title}.",
                kind="warn",
            )
            order_note.setObjectName("orderNote")
            times.addRow(order_note)
            times.addRow("&Why record this stage first?", self.order_reason)
        else:
            self.order_reason.hide()
        layout.addLayout(times)
        self.reinspect_label = times.labelForField(self.reinspect_at)
        self.outcomes.buttonToggled.connect(lambda *_: self.outcome_changed())
        self._reinspect_chosen = False  # once the inspector sets it, it follows them
        self.reinspect_at.dateTimeChanged.connect(self._reinspect_edited)
        self.inspected_at.dateTimeChanged.connect(lambda *_: self._follow_inspected_at())
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
        # F2 or typing edits a cell; arrows move between cells (they started an edit before)
        triggers = QAbstractItemView.EditTrigger
        self.defects.setEditTriggers(
            triggers.EditKeyPressed | triggers.AnyKeyPressed | triggers.DoubleClicked
        )
        # typing a defect suggests the library's (issue 17): one pick fills the whole row
        attach_library(self, register, COL_DESCRIPTION)
        layout.addWidget(self.defects, 1)
        add = QPushButton("Add defect")
        add.clicked.connect(lambda: self.add_defect())
        layout.addWidget(add)
        layout.addWidget(QLabel("&Notes for the file (optional)"))
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText("Notes for the file (optional)")
        self.notes.setMaximumHeight(90)
        layout.addWidget(self.notes)
        self.error = QLabel()
        self.error.setStyleSheet(error_style())
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons, self.save_button = save_cancel_row(self, "Save result")
        layout.addLayout(buttons)
        self.outcome_changed()

    def _reinspect_edited(self, *_args) -> None:
        if not self._following:
            self._reinspect_chosen = True

    _following = False

    def _follow_inspected_at(self) -> None:
        """A visit written up later moves the default re-inspection with it (48 hours on)."""
        if self._reinspect_chosen:
            return
        moment = self.inspected_at.dateTime().toPython()
        self._following = True
        self.reinspect_at.setDateTime(
            default_reinspection_slot(
                moment, village_calendar(self.register), office_hours(self.register)
            )
        )
        self._following = False

    def outcome_changed(self) -> None:
        """Show the re-inspection time only where one will be booked (failed, partial)."""
        chosen = self.chosen()
        follows = chosen is not None and Result(chosen) in NEEDS_REINSPECTION
        self.reinspect_at.setVisible(follows)
        if self.reinspect_label is not None:
            self.reinspect_label.setVisible(follows)

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

    def has_entries(self) -> bool:
        """Something the inspector would lose: an outcome, a defect or a note."""
        return (
            self.chosen() is not None
            or bool(self.defect_rows())
            or bool(self.notes.toPlainText().strip())
        )

    def ask_discard(self) -> bool:
        """Tests replace this so no box blocks."""
        answer = QMessageBox.question(
            self,
            "Discard this result?",
            "The outcome, defects and notes entered here have not been saved.",
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Discard

    def reject(self) -> None:
        """Escape or Close without saving asks first when something was entered (issue 19:
        Escape threw a half-recorded result away)."""
        if self.saved is None and self.has_entries() and not self.ask_discard():
            return
        super().reject()

    def save(self) -> None:
        result = self.chosen()
        if result is None:
            show_error(self, self.error, "Result: choose passed, failed, partial, not ready or "
                       "cancelled")  # fmt: skip
            return
        if self.inspected_at.dateTime().toPython() > datetime.now() + timedelta(minutes=5):
            show_error(self, self.error, "Inspected at: an inspection cannot be recorded in the "
                       "future", "inspected_at")  # fmt: skip
            return
        if (
            result == Result.PASSED
            and self.stage.code in FINAL_STAGES
            and not confirm.confirm(
                self,
                "Pass the final",
                f"Pass the {self.stage.title.lower()} inspection of "
                f"{self.permit['address_text']}? Once every required stage has passed, an "
                "occupancy permit may be issued (§12.16).",
            )
        ):
            self.error.setText("Not saved: the final was not passed.")
            return
        cancel_reason = None
        if result == Result.CANCELLED:  # as the card's Cancel request… asks (issue 17)
            cancel_reason = visit_actions.ask_text(
                self, "Cancelled", f"Why is the {self.stage.title} inspection cancelled?"
            )
            if cancel_reason is None:
                show_error(self, self.error, "Not saved: say why the inspection is cancelled.")
                return
        try:
            self.saved = inspections.record_result(
                self.register,
                self.inspection["uuid"],
                result,
                defects=self.defect_rows(),
                notes=self.notes.toPlainText(),
                inspected_at=self.inspected_at.dateTime().toPython(),
                reinspect_at=self.reinspect_at.dateTime().toPython(),
                order_reason=self.order_reason.text(),
                cancel_reason=cancel_reason,
            )
        except (InvalidInput, NotAllowed) as exc:
            show_error(self, self.error, say(exc), getattr(exc, "field", None))
            return
        self.accept()
