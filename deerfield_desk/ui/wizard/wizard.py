"""The new-application wizard: site → parties → work → items received → what it needs.

The draft state lives in one dict (saved as ``applications.project_json``), every field edit
is an undoable command, "Save draft" stores it to resume later, and Finish submits it: the
engine assesses it, the application gets its number and the permits go to review.

Leaving keeps the register clean: Cancel, Esc or closing the window asks "save as draft or
discard?" whenever something was entered, and a discarded application takes the people it
added with it (voided, journaled). Submitting checks everything first and only then asks for
the official-act confirmation, so an error never follows a "yes".
"""

from __future__ import annotations

import copy
from datetime import date

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QUndoStack
from PySide6.QtWidgets import QMessageBox, QWidget, QWizard

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.office_words import field_label, plain_error
from deerfield_desk.models.plausibility import Doubt, email_doubt
from deerfield_desk.models.project_summary import permit_label
from deerfield_desk.store.application_contractors import credential_doubts
from deerfield_desk.store.applications import (
    EMPTY_STATE,
    load_state,
    save_draft,
    submit_application,
)
from deerfield_desk.store.discarded_people import void_unused_people
from deerfield_desk.store.intake_checks import check_submission
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
DISCARD_REASON = "added while filling an application that was discarded before it was saved"
SAVE, DISCARD, STAY = "save", "discard", "stay"


def focus_first_field(page: QWidget) -> None:
    """Each page opens with the cursor in its first field, so the clerk can type at once."""
    widget = page.nextInFocusChain()
    while widget is not page and widget is not None:
        if (page.isAncestorOf(widget) and widget.isVisibleTo(page) and widget.isEnabled()
                and widget.focusPolicy() & Qt.FocusPolicy.TabFocus):  # fmt: skip
            widget.setFocus(Qt.FocusReason.TabFocusReason)
            return
        widget = widget.nextInFocusChain()


def _ask_leave(parent: QWidget, people: int) -> str:
    box = QMessageBox(QMessageBox.Icon.Question, "Leave this application?",
                      "This application has not been submitted. Save it as a draft to finish "
                      "later (Permits → Resume draft…), or discard it?", parent=parent)  # fmt: skip
    if people:
        box.setInformativeText(f"Discarding also voids the {people} person(s) added on the "
                               "Parties page that nothing else refers to.")  # fmt: skip
    save = box.addButton("&Save as draft", QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton("&Discard", QMessageBox.ButtonRole.DestructiveRole)
    stay = box.addButton("&Keep editing", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(save)
    box.setEscapeButton(stay)
    box.exec()
    return {save: SAVE, discard: DISCARD}.get(box.clickedButton(), STAY)


def _ask_unusual(parent: QWidget, lines: list[str]) -> bool:
    box = QMessageBox(QMessageBox.Icon.Warning, "Check these figures",
                      "These look unusual. Keep them as typed?", parent=parent)  # fmt: skip
    box.setInformativeText("\n".join(f"• {line}" for line in lines))
    keep = box.addButton("&Keep as typed", QMessageBox.ButtonRole.AcceptRole)
    fix = box.addButton("&Correct them", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(fix)  # Enter does the safe thing
    box.setEscapeButton(fix)
    box.exec()
    return box.clickedButton() is keep


def _ask_expired(parent: QWidget, lines: list[str]) -> bool:
    box = QMessageBox(QMessageBox.Icon.Warning, "Expired credentials",
                      "These contractors' state credentials have expired on file. They may "
                      "have renewed: check the state's credential lookup or ask the "
                      "applicant. Submit anyway?", parent=parent)  # fmt: skip
    box.setInformativeText("\n".join(f"• {line}" for line in lines))
    submit = box.addButton("&Submit anyway", QMessageBox.ButtonRole.AcceptRole)
    back = box.addButton("&Go back", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(back)  # Enter does the safe thing
    box.setEscapeButton(back)
    box.exec()
    return box.clickedButton() is submit


#: Replaced in tests (pytest-qt "note_dialogs"): returns SAVE, DISCARD or STAY.
ask_leave = _ask_leave
#: Replaced in tests: True keeps the unusual figures, False goes back to correct them.
ask_unusual = _ask_unusual
#: Replaced in tests: True submits despite expired credentials, False goes back.
ask_expired = _ask_expired


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
        self.people_added: list[str] = []  # uuids of people the Parties page created
        self.kept_doubts: set[tuple[str, object]] = set()  # unusual figures the clerk kept
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
        focus_first_field(self.site_page)

    def _page_changed(self, _id: int) -> None:
        prepare(self)  # a page may have built its fields since (the work questions)
        page = self.currentPage()
        if page is not None:
            focus_first_field(page)
        if page is self.summary_page:
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
        self.people_added = []  # the saved draft names them now: a later discard keeps them
        return row

    # -- plausibility -------------------------------------------------------------------
    def unusual_figures_kept(self, doubts: list[Doubt]) -> bool:
        """Ask once about figures that look mistyped; a kept figure is not asked about again
        (unless it changes). Declined, each doubt shows beside its field."""
        new = [d for d in doubts if (d.field, repr(d.value)) not in self.kept_doubts]
        if not new:
            return True
        if ask_unusual(self, [f"{field_label(d.field)[0]}: {d.message}" for d in new]):
            self.kept_doubts |= {(d.field, repr(d.value)) for d in new}
            return True
        for d in new:
            self.binder.error_for_field(d.field, f"Check this figure: {d.message}")
        return False

    def unusual_email(self, email: str | None) -> str | None:
        """The doubt to show beside an e-mail address the clerk chose not to keep, else None."""
        doubt = email_doubt(email)
        if doubt is None or ("email", email) in self.kept_doubts:
            return None
        if ask_unusual(self, [f"Email: {doubt}"]):
            self.kept_doubts.add(("email", email))
            return None
        return doubt

    # -- leaving -------------------------------------------------------------------------
    def unsaved(self) -> bool:
        """Something entered since the last save (or people added that a discard would void)."""
        return not self.undo_stack.isClean() or bool(self.people_added)

    def reject(self) -> None:
        """Cancel, Esc and the window's close button all come here."""
        if self.unsaved():
            choice = ask_leave(self, len(self.people_added))
            if choice == STAY:
                return
            if choice == SAVE:
                self.save_draft()
            else:
                self.discard()
        super().reject()

    def discard(self) -> list[str]:
        """Drop what was entered; people this wizard added and nothing refers to are voided
        (a draft saved earlier keeps its own parties, since it refers to them)."""
        voided = void_unused_people(self.register, self.people_added, DISCARD_REASON)
        self.people_added = []
        self.undo_stack.setClean()
        return voided

    # -- submitting ----------------------------------------------------------------------
    def accept(self) -> None:
        """Submit: save, check everything, confirm the official act, then file."""
        self.save_draft()
        try:
            result = check_submission(self.register, self.state, self.today)
        except InvalidInput as exc:
            self.summary_page.show_error(plain_error(exc))
            confirm.inform(self, "Not ready to submit", plain_error(exc))
            return
        expired = credential_doubts(self.register, self.state.get("parties") or {}, self.today)
        if result.assessment.permits and expired and not ask_expired(self, expired):
            self.summary_page.show_error("Expired credential — " + "; ".join(expired) +
                                         " (Parties page)")  # fmt: skip
            return
        if not confirm.ask(self, *self.confirmation(result)):
            return
        try:
            self.permits = submit_application(
                self.register, self.app_uuid, self.today, village_calendar(self.register)
            )
        except InvalidInput as exc:  # the register changed since the check (another desk)
            confirm.inform(self, "Cannot submit", plain_error(exc))
            return
        except NotAllowed as exc:
            confirm.inform(self, "Cannot submit", str(exc))
            return
        self.submitted.emit(self.permits)
        super().accept()

    def confirmation(self, result) -> tuple[str, str]:
        """The confirmation's title (its button) and what exactly will be filed."""
        site = self.state.get("site") or {}
        where = " ".join(filter(None, (site.get("house_number"), site.get("street")))) or (
            site.get("parcel_number") or "this site"
        )
        if not result.assessment.permits:
            return "Record: no permit needed", f"Record that the work at {where} needs no permit?"
        names = ", ".join(permit_label(p.type).lower() for p in result.assessment.permits)
        return "Submit application", (
            f"Submit the application for {where}? It is numbered and its permits ({names}) go "
            "to review."
        )
