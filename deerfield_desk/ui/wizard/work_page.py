"""Page 3, the work: its kind, then only the questions that kind raises
(``models.wizard_fields``): a satellite dish is asked its diameter and mounting, never earthwork.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.dwelling_units import check_dwelling_units
from deerfield_desk.models.office_words import plain_error
from deerfield_desk.models.plausibility import figure_doubts
from deerfield_desk.models.project import DishYard, FireLimitsException, Mount, Structure, Work
from deerfield_desk.models.wizard_fields import (
    DISH_YARD_LABELS,
    FIRE_EXCEPTION_LABELS,
    MOUNT_LABELS,
    STRUCTURE_LABELS,
    WORK_LABELS,
    YESNO_LABELS,
    Question,
    applies,
    questions_for,
)
from deerfield_desk.store.applications import preview
from deerfield_desk.ui.a11y.naming import name_form
from deerfield_desk.ui.wizard.fields import error_label, tab_only_to_fields, with_error

CHOICES = {
    "structure": [(s.value, STRUCTURE_LABELS[s]) for s in Structure],
    "mount": [(m.value, MOUNT_LABELS[m]) for m in Mount],
    "fire_limits_exception": [(e.value, FIRE_EXCEPTION_LABELS[e]) for e in FireLimitsException],
    "dish_yard": [(y.value, DISH_YARD_LABELS[y]) for y in DishYard],
}


class WorkPage(QWizardPage):
    def __init__(self, wizard):
        super().__init__()
        self.setTitle("Work")
        self.setSubTitle("What will be done? Only the questions for this kind of work are asked.")
        self.w = wizard
        layout = QVBoxLayout(self)
        top = QFormLayout()
        self.work = QComboBox()
        self.work.setObjectName("work_kind")
        self.work.addItem("— choose —", None)
        for w in Work:
            self.work.addItem(WORK_LABELS[w], w.value)
        box, error = with_error(self.work)
        top.addRow("Kind of work", box)
        wizard.binder.bind(("work",), self.work, "kind of work", error=error)
        self.description = QLineEdit()
        self.description.setObjectName("work_description")
        self.description.setPlaceholderText("e.g. two-storey house with attached garage")
        top.addRow("Description", self.description)
        wizard.binder.bind(("description",), self.description, "description")
        layout.addLayout(top)
        self.page_error = error_label()
        layout.addWidget(self.page_error)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        self.holder = QWidget()
        self.form = QFormLayout(self.holder)
        scroll.setWidget(self.holder)
        layout.addWidget(scroll, 1)
        self.inputs: dict[str, QWidget] = {}
        self.rows: dict[str, QWidget] = {}  # the widget holding each question's row
        self.questions: list[Question] = []
        wizard.changed.connect(self._state_changed)
        tab_only_to_fields(self)

    def initializePage(self) -> None:
        self.rebuild()

    def _state_changed(self, path) -> None:
        if path in {("work",), ("site", "fire_limits")}:
            self.rebuild()
        elif path == ("answers", "structure"):
            self.show_applicable()

    def show_applicable(self) -> None:
        """Questions for some structures only (a dwelling's units) show when they apply; a
        hidden row takes no Tab stop."""
        answers = self.w.state.get("answers") or {}
        for q in self.questions:
            if q.structures is not None:
                self.form.setRowVisible(self.rows[q.key], applies(q, answers))

    def rebuild(self) -> None:
        """Show the questions of the chosen kind (and site), each bound to the draft."""
        binder = self.w.binder
        binder.unbind_prefix(("answers",))
        while self.form.rowCount():
            self.form.removeRow(0)
        self.inputs.clear()
        self.rows.clear()
        work = self.w.state.get("work")
        self.questions = []
        if not work:
            return
        fire = bool((self.w.state.get("site") or {}).get("fire_limits"))
        self.questions = questions_for(work, fire_limits=fire)
        for q in self.questions:
            if q.kind == "flag":
                widget = QCheckBox(q.label)
                self.form.addRow("", widget)
                self.rows[q.key] = widget
                binder.bind(("answers", q.key), widget, q.label.lower())
            else:
                if q.kind in {"choice", "yesno"}:
                    widget = QComboBox()
                    widget.addItem("— choose —", None)
                    options = CHOICES[q.key] if q.kind == "choice" else YESNO_LABELS.items()
                    for value, label in options:
                        widget.addItem(label, value)
                else:
                    widget = QLineEdit()
                box, error = with_error(widget, q.unit)
                self.form.addRow(q.label, box)
                self.rows[q.key] = box
                binder.bind(("answers", q.key), widget, q.label.lower(), q.kind, error)
            widget.setObjectName(f"q_{q.key}")
            self.inputs[q.key] = widget
        tab_only_to_fields(self.holder)  # a § in a question opens the reader on a click
        name_form(self.form)  # each question's label names its field (ui/a11y/naming.py)
        # Questions made now would join the end of the window's focus chain: put them right
        # after the description, in the order they are shown.
        chain = [self.description, *self.inputs.values()]
        for before, after in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(before, after)
        self.show_applicable()

    def validatePage(self) -> bool:
        for widget in self.inputs.values():
            if isinstance(widget, QLineEdit):
                widget.editingFinished.emit()
        self.description.editingFinished.emit()
        self.page_error.setVisible(False)
        if self.w.binder.invalid:
            return False
        answers = self.w.state.get("answers") or {}
        try:
            preview(self.w.register, self.w.state, self.w.today)
            check_dwelling_units(self.w.state.get("work"), answers)
        except InvalidInput as exc:
            if not self.w.binder.error_for_field(exc.field, exc.rule):
                self.page_error.setText(plain_error(exc, with_page=False))
                self.page_error.setVisible(True)
            return False
        return self.w.unusual_figures_kept(self._asked_doubts(answers))

    def _asked_doubts(self, answers: dict) -> list:
        """Doubts about the figures of questions on screen (not leftovers of another kind)."""
        shown = {q.key for q in self.questions if applies(q, answers)}
        return [d for d in figure_doubts(self.w.state.get("work"), answers) if d.field in shown]
