"""One permit's inspections: its stages and where each stands, requests, adds and waivers,
and occupancy (12.16) with the completion deposit (12.15).

Reasons are asked through ``ask_text`` (a module function tests replace) and every action
goes through the store, which journals it; refusals show their message in the dialog.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QInputDialog,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import PermitKind
from deerfield_desk.models.inspection_rules import RESULT_LABELS, Result
from deerfield_desk.models.inspection_sequence import load_sequence
from deerfield_desk.models.office_words import say
from deerfield_desk.store import inspections, occupancy, occupancy_void
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.field import visit_actions
from deerfield_desk.ui.field.erosion_log_panel import ErosionLogPanel
from deerfield_desk.ui.field.request_dialog import RequestDialog
from deerfield_desk.ui.field.result_dialog import ResultDialog
from deerfield_desk.ui.field.style import ALERT, label, touch_button


def ask_text(parent, title: str, prompt: str) -> str | None:
    text, ok = QInputDialog.getText(parent, title, prompt)
    return text if ok else None


def ask_item(parent, title: str, prompt: str, items: list[str]) -> str | None:
    item, ok = QInputDialog.getItem(parent, title, prompt, items, 0, False)
    return item if ok else None


class PermitInspectionsDialog(DeskDialog):
    def __init__(self, window, permit_uuid: str, parent=None):
        super().__init__(parent)
        self.window_ = window
        self.register = window.register
        self.permit = self.register.get("permits", permit_uuid)
        self.setWindowTitle(f"Inspections: permit {self.permit['permit_number']}")
        self.resize(980, 760)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                f"{self.permit['address_text']} · permit {self.permit['permit_number']} · "
                f"{self.permit['kind']}"
                + (f" ({self.permit['structure']})" if self.permit["structure"] else ""),
                18,
                "#111",
                True,
            )
        )
        tabs = QTabWidget()
        tabs.addTab(self._stages_tab(), "Stages")
        planned = {p.stage.code for p in inspections.planned_stages(self.register, permit_uuid)}
        if "erosion_control" in planned or self.permit["kind"] == PermitKind.EROSION_CONTROL:
            self.erosion_log = ErosionLogPanel(self.register, permit_uuid)
            tabs.addTab(self.erosion_log, "Erosion log")
        layout.addWidget(tabs, 1)
        self.message = label("", 15, ALERT, True)
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.reload()

    def _stages_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.table = QTableWidget(0, 4)
        self.table.setAccessibleName("Inspection stages")
        self.table.setHorizontalHeaderLabels(["Stage", "Section", "Where it stands", "Note"])
        self.table.verticalHeader().setDefaultSectionSize(40)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table, 1)
        grid = QGridLayout()
        actions = [
            ("Request inspection…", self.request),
            ("Move request…", self.move_request),
            ("Cancel request…", self.cancel_request),
            ("Waive stage…", self.waive),
            ("Add stage…", self.add),
            ("Void result…", self.void_result),
            ("Issue occupancy permit…", self.issue_occupancy),
            ("Temporary occupancy…", self.issue_temporary),
            ("Occupied before final…", self.early_occupancy),
            ("Void occupancy permit…", self.void_occupancy),
        ]
        self.buttons = {}
        for index, (text, handler) in enumerate(actions):
            button = touch_button(text)
            button.setAutoDefault(False)
            button.clicked.connect(handler)
            self.buttons[text] = button
            # two columns: ten actions still read whole at 200 % on a 1366x768 screen
            grid.addWidget(button, index // 2, index % 2)
        layout.addLayout(grid)
        return page

    def reload(self) -> None:
        rows = inspections.stage_results(self.register, self.permit["uuid"])
        pending = inspections.pending_requests(self.register, self.permit["id"])
        self.codes = [planned.stage.code for planned, _ in rows]
        self.table.setRowCount(len(rows))
        for row, (planned, latest) in enumerate(rows):
            if planned.waived:
                status, note = "Waived", planned.reason or ""
            elif latest is None:
                status = "Not inspected"
                note = "added by the inspector: " + (planned.reason or "") if planned.reason else ""
            else:
                status = f"{RESULT_LABELS[Result(latest['result'])]} {latest['inspected_at'][:10]}"
                note = latest["notes"] or ""
            code = planned.stage.code
            if code in pending and not planned.waived:
                when = (pending[code] or "").replace("T", " ") or "not yet scheduled"
                status = f"Requested for {when}" if latest is None else f"{status}; re-inspect"
                note = note or ("re-inspection " + when if latest is not None else "")
            for col, text in enumerate(
                (planned.stage.title, f"§{planned.stage.section}", status, note)
            ):
                self.table.setItem(row, col, QTableWidgetItem(text))
        issued = occupancy.occupancy_permits(self.register, self.permit["id"])
        if issued:
            last = issued[-1]
            ends = f" until {last['ends_on']}" if last["ends_on"] else ""
            self.setWindowTitle(
                f"Inspections: permit {self.permit['permit_number']} · {last['kind']} occupancy "
                f"permit issued {last['issued_on']}{ends}"
            )

    def selected_code(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        return self.codes[rows[0].row()] if rows else None

    def _run(self, action, *tables) -> bool:
        try:
            action()
        except (InvalidInput, NotAllowed) as exc:
            head, _, rest = say(exc).partition("Outstanding: ")
            listed = "\n• ".join(rest.split("; "))
            self.message.setText(f"{head}\n• {listed}" if rest else head)
            return False
        self.message.setText("")
        self.reload()
        return True

    def request(self) -> None:
        code = self.selected_code()
        if code is None:
            self.message.setText("Stage: select the stage to request first")
            return
        dialog = RequestDialog(self.register, self.permit["uuid"], code, parent=self)
        if dialog.exec():
            self.reload()

    def waive(self) -> None:
        code = self.selected_code()
        if code is None:
            self.message.setText("Stage: select the stage to waive first")
            return
        reason = ask_text(self, "Waive stage", "Why is this inspection not needed?")
        if reason is not None:
            self._run(
                lambda: inspections.change_stage(
                    self.register, self.permit["uuid"], code, "waived", reason
                ),
                "inspection_stage_changes",
            )

    def add(self) -> None:
        titles = {f"{s.title} (§{s.section})": s.code for s in load_sequence()}
        choice = ask_item(self, "Add stage", "Stage to add", list(titles))
        if choice is None:
            return
        reason = ask_text(self, "Add stage", "Why does this job need it?")
        if reason is not None:
            self._run(
                lambda: inspections.change_stage(
                    self.register, self.permit["uuid"], titles[choice], "added", reason
                ),
                "inspection_stage_changes",
            )

    def _selected_visit(self, want_result: bool) -> dict | None:
        """The selected stage's open request (or, ``want_result``, its latest result)."""
        code = self.selected_code()
        if code is None:
            self.message.setText("Stage: select the stage first")
            return None
        if want_result:
            latest = dict(inspections.stage_results(self.register, self.permit["uuid"]))
            found = next((r for p, r in latest.items() if p.stage.code == code), None)
            if found is None:
                self.message.setText("Stage: this stage has no recorded result to void")
            return found
        found = inspections.open_request(self.register, self.permit["id"], code)
        if found is None:
            self.message.setText("Stage: this stage has no open request")
        return found

    def move_request(self) -> None:
        visit = self._selected_visit(False)
        if visit and visit_actions.reschedule(self, self.register, visit["uuid"]):
            self.reload()

    def cancel_request(self) -> None:
        visit = self._selected_visit(False)
        if visit and visit_actions.cancel(self, self.register, visit["uuid"]):
            self.reload()

    def void_result(self) -> None:
        """Void the stage's latest result with a reason, then offer to record it again."""
        visit = self._selected_visit(True)
        if not visit:
            return
        again = visit_actions.void_result(self, self.register, visit["uuid"])
        if again is None:
            return
        self.reload()
        self.message.setText(f"Result voided; a new request for {visit['stage']} is open.")
        if confirm.confirm(self, "Record again", "Record the result of this visit again now?"):
            ResultDialog(self.register, again["uuid"], self).exec()
            self.reload()

    def _occupancy_done(self, issued: dict) -> None:
        status = self.register.get("permits", self.permit["uuid"])["status"]
        ends = f", in force until {issued['ends_on']}" if issued.get("ends_on") else ""
        finaled = "; the permit is now finaled" if status == "finaled" else ""
        self.message.setText(
            f"{'Temporary o' if issued['kind'] == 'temporary' else 'O'}ccupancy permit "
            f"{issued['occupancy_number']} issued {issued['issued_on']}{ends}{finaled} (§12.16)."
        )

    def issue_occupancy(self) -> None:
        if not confirm.confirm(
            self, "Issue occupancy permit",
            f"Issue the occupancy permit for {self.permit['address_text']} (permit "
            f"{self.permit['permit_number']})? Every required inspection has to have passed; "
            "the permit is then finaled (§12.16).",
        ):  # fmt: skip
            return
        issued: list[dict] = []
        if self._run(
            lambda: issued.append(
                occupancy.issue_occupancy(self.register, self.permit["uuid"], date.today())
            ),
            "occupancy_permits",
        ):
            self._occupancy_done(issued[0])

    def issue_temporary(self) -> None:
        term = ask_text(self, "Temporary occupancy", "Term in days (blank: 30 days, §12.16)")
        if term is None:
            return
        if term.strip() and not term.strip().isdigit():
            self.message.setText("Term (days): a whole number of days, or blank for 30")
            return
        days = f"{int(term)} days" if term.strip() else "30 days"
        if not confirm.confirm(
            self, "Issue temporary occupancy permit",
            f"Issue a temporary occupancy permit for {self.permit['address_text']} for {days}? "
            "Only minor defects may remain (§12.16).",
        ):  # fmt: skip
            return
        issued: list[dict] = []
        if self._run(
            lambda: issued.append(
                occupancy.issue_temporary_occupancy(
                    self.register,
                    self.permit["uuid"],
                    date.today(),
                    term_days=int(term) if term.strip() else None,
                )
            ),
            "occupancy_permits",
        ):
            self._occupancy_done(issued[0])

    def void_occupancy(self) -> None:
        """Void the occupancy permit in force, with a reason (it stays on file, printing
        VOID); a full one reopens the finaled permit so its final can be corrected."""
        in_force = occupancy_void.in_force(self.register, self.permit["id"])
        if not in_force:
            self.message.setText("No occupancy permit in force on this permit: nothing to void.")
            return
        chosen = in_force[-1]
        if len(in_force) > 1:
            labels = {
                f"{o['occupancy_number']} ({o['kind']}, {o['issued_on']})": o for o in in_force
            }
            picked = ask_item(self, "Void occupancy permit", "Which one?", list(labels))
            if picked is None:
                return
            chosen = labels[picked]
        number = chosen["occupancy_number"]
        reason = ask_text(self, "Void occupancy permit", f"Why is occupancy permit {number} void?")
        if reason is None:
            return
        if self._run(
            lambda: occupancy_void.void_occupancy(self.register, chosen["uuid"], reason),
            "occupancy_permits",
        ):
            status = self.register.get("permits", self.permit["uuid"])["status"]
            self.message.setText(
                f"Occupancy permit {chosen['occupancy_number']} voided ({reason.strip()}); it "
                f"stays on file and prints VOID. The permit is {status.replace('_', ' ')}: a pass "
                "can now be voided and recorded again, then the occupancy permit issued again."
            )

    def early_occupancy(self) -> None:
        day = ask_text(self, "Occupied before final", "Day the building was occupied (YYYY-MM-DD)")
        if day is None:
            return
        try:
            occupied = date.fromisoformat(day.strip())
        except ValueError:
            self.message.setText("Occupied on: give the day as YYYY-MM-DD")
            return
        if self._run(
            lambda: occupancy.record_early_occupancy(self.register, self.permit["uuid"], occupied),
            "deposits",
        ):
            self.message.setText("Completion deposit marked forfeited (§12.15).")
