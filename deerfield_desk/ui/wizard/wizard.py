"""The new-application wizard: site → parties → work → items received → what it needs.

The draft state lives in one dict (saved as ``applications.project_json``), every field edit
is an undoable command, "Save draft" stores it to resume later, and Finish submits it: the
engine assesses it, the application gets its number and the permits go to review.
"""

from __future__ import annotations

import copy
from datetime import date

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence, QShortcut, QUndoStack
from PySide6.QtWidgets import QWizard

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.store.applications import (
    EMPTY_STATE,
    load_state,
    save_draft,
    submit_application,
)
from deerfield_desk.store.village_calendar import village_calendar
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y.fit import FitsScreen
from deerfield_desk.ui.a11y.naming import prepare
from deerfield_desk.ui.wizard.binding import Binder
from deerfield_desk.ui.wizard.items_page import ItemsPage
from deerfield_desk.ui.wizard.parties_page import PartiesPage
from deerfield_desk.ui.wizard.site_page import SitePage
from deerfield_desk.ui.wizard.summary_page import SummaryPage
from deerfield_desk.ui.wizard.work_page import WorkPage

SAVE_BUTTON = QWizard.WizardButton.CustomButton1


class ApplicationWizard(FitsScreen, QWizard):
    changed = Signal(object)  # the state path just edited
    submitted = Signal(list)  # the permits created (empty: no permit needed)

    def __init__(self, register, parent=None, *, app_uuid: str | None = None,
                 today: date | None = None):  # fmt: skip
        super().__init__(parent)
        self.register = register
        self.today = today or date.today()
        self.app_uuid = app_uuid
        self.state = copy.deepcopy(EMPTY_STATE)
        if app_uuid:
            self.state = load_state(register, app_uuid)
        self.undo_stack = QUndoStack(self)
        self.binder = Binder(self.state, self.undo_stack, self.changed.emit)
        self.permits: list[dict] = []
        self.setWindowTitle("New application" if not app_uuid else "Resume application")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.HaveCustomButton1, True)
        self.setButtonText(SAVE_BUTTON, "Save draft")
        self.customButtonClicked.connect(lambda _b: self.save_draft())
        self.site_page, self.parties_page = SitePage(self), PartiesPage(self)
        self.work_page, self.items_page = WorkPage(self), ItemsPage(self)
        self.summary_page = SummaryPage(self)
        for page in (self.site_page, self.parties_page, self.work_page, self.items_page,
                     self.summary_page):  # fmt: skip
            self.addPage(page)
        self.setButtonText(QWizard.WizardButton.FinishButton, "Submit application")
        QShortcut(QKeySequence.StandardKey.Undo, self, self.undo_stack.undo)
        QShortcut(QKeySequence.StandardKey.Redo, self, self.undo_stack.redo)
        self.currentIdChanged.connect(self._page_changed)
        self.resize(900, 680)

    def _page_changed(self, _id: int) -> None:
        prepare(self)  # a page may have built its fields since (the work questions)
        if self.currentPage() is self.summary_page:
            result = self.summary_page.result
            none = result is not None and not result.assessment.permits
            self.setButtonText(
                QWizard.WizardButton.FinishButton,
                "Record: no permit needed" if none else "Submit application",
            )

    def save_draft(self) -> dict:
        row = save_draft(self.register, self.state, self.app_uuid)
        self.app_uuid = row["uuid"]
        self.undo_stack.setClean()
        return row

    def accept(self) -> None:
        """Submit: save, then file. A refusal leaves the draft as it was and says why."""
        try:
            self.save_draft()
            self.permits = submit_application(
                self.register, self.app_uuid, self.today, village_calendar(self.register)
            )
        except (InvalidInput, NotAllowed) as exc:
            confirm.inform(self, "Cannot submit yet", str(exc))
            return
        self.submitted.emit(self.permits)
        super().accept()
