"""Exhibit A at the site (31.10(2)): one row per item, three big answers, a note, photos.

The items come from ``exhibit_a_erosion.toml`` for the site class; the visit is
saved only when every item is answered (and every "deficient" has a note), then the photos
queued on items are attached to their stored responses.

Issue 17: the class starts from the permit and the §31.06(3) larger-site test; changing it
keeps every answer whose item is still on the list (and says which were dropped); what is
answered is kept as a draft in the register a moment after each change, so it survives the
app closing; Escape on a half-filled list asks; "Save and record result" turns each
deficient item into a defect on the visit's result, with its section, in one step.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFrame,
    QGridLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.exhibit_a import (
    CLASS_LABELS,
    RESPONSE_LABELS,
    RESPONSES,
    VISIT_CHOICES,
    checklist_for,
    items_for,
)
from deerfield_desk.models.office_words import say
from deerfield_desk.store import checklist_drafts, erosion_checks
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.choices import choice_row
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.a11y.naming import add_context
from deerfield_desk.ui.citation_links import link_all, link_label
from deerfield_desk.ui.field import photo_actions
from deerfield_desk.ui.field.style import (
    CARD_STYLE,
    cite,
    error_style,
    save_cancel_row,
    touch_button,
)

log = logging.getLogger(__name__)
AUTOSAVE_MS = 1500
ON_WINDOW = """
QLabel#address, QLabel#stage { color: palette(window-text); }
QLabel#meta { color: palette(window-text); }
"""  # a draft is written this long after the last change


def ask_unsaved(parent) -> str:
    """Escape or Close on a half-filled checklist: "draft", "discard" or "stay". A module
    function so tests answer it instead of facing a modal box."""
    box = QMessageBox(parent)
    box.setWindowTitle("Checklist not saved")
    box.setText("This checklist is not saved as a visit yet.")
    box.setInformativeText("Keep it as a draft to finish later, discard what was answered, or "
                           "keep working.")  # fmt: skip
    keep = box.addButton("Keep as &draft", QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton("&Discard answers", QMessageBox.ButtonRole.DestructiveRole)
    box.addButton("Keep &working", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep)
    box.exec()
    clicked = box.clickedButton()
    return "draft" if clicked is keep else "discard" if clicked is discard else "stay"


ANSWER_STYLE = {
    "meets": "#1b7f2a",
    "deficient": "#a40000",
    "not_applicable": "#5a5a5a",
}


class ChecklistDialog(DeskDialog):
    def __init__(self, window, permit_uuid: str, inspection_uuid: str | None = None, parent=None):
        super().__init__(parent)
        self.window_ = window
        self.permit = window.register.get("permits", permit_uuid)
        self.inspection_uuid = inspection_uuid
        self.saved = None
        self.pending_photos: dict[str, list[str]] = {}
        self.answers: dict[str, QButtonGroup] = {}
        self.notes: dict[str, QLineEdit] = {}
        self.dirty = False
        register = window.register
        real = erosion_checks.site_class_of(register, permit_uuid)
        self.permit_class = real
        self.autosave = QTimer(self)
        self.autosave.setSingleShot(True)
        self.autosave.setInterval(AUTOSAVE_MS)
        self.autosave.timeout.connect(self.save_draft)
        # The card sheet colours text for white cards; this dialog has no card behind its
        # labels, so they take the palette's text colour (on a dark palette the item titles
        # and the heading vanished).
        self.setStyleSheet(CARD_STYLE + ON_WINDOW)
        self.resize(1000, 720)
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setObjectName("address")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        # two rows, not one: side by side the two choices were wider than a 1366 px screen
        # at 200 %
        top = QGridLayout()
        class_label = QLabel("Site &class:")
        top.addWidget(class_label, 0, 0)
        self.site_class = QComboBox()
        class_label.setBuddy(self.site_class)
        self.site_class.setObjectName("site_class")
        self.site_class.setMinimumHeight(48)
        for code in VISIT_CHOICES:
            self.site_class.addItem(CLASS_LABELS[code], code)
        # The permit's real class chooses the list (31.02(16)/(17), 31.06(3)); the inspector
        # may still change it on a site that has grown, and the visit records what was used.
        self.site_class.setCurrentIndex(list(VISIT_CHOICES).index(real))
        self.site_class.currentIndexChanged.connect(lambda _i: self.class_changed())
        top.addWidget(self.site_class, 0, 1)
        purpose_label = QLabel("&For:")
        top.addWidget(purpose_label, 1, 0)
        self.purpose = QComboBox()
        purpose_label.setBuddy(self.purpose)
        self.purpose.setMinimumHeight(48)
        self.purpose.addItem("Site visit", "site_visit")
        self.purpose.addItem("Control plan statement review (§31.10(2))", "plan_review")
        top.addWidget(self.purpose, 1, 1)
        top.setColumnStretch(2, 1)
        layout.addLayout(top)
        self.notice = QLabel()  # what the class came from, what a change kept, a draft restored
        self.notice.setObjectName("meta")
        self.notice.setWordWrap(True)
        layout.addWidget(self.notice)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        layout.addWidget(self.scroll, 1)
        self.error = QLabel()
        self.error.setStyleSheet(error_style())
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons, _save = save_cancel_row(self, "Save checklist")
        if inspection_uuid:
            to_result = touch_button("Save and record &result")
            to_result.setObjectName("saveAndResult")
            to_result.setAutoDefault(False)
            to_result.setAccessibleName("Save the checklist and record the visit's result "
                                        "with each deficient item as a defect")  # fmt: skip
            to_result.clicked.connect(self.save_and_record_result)
            buttons.insertWidget(buttons.count() - 1, to_result)
        layout.addLayout(buttons)
        self.build_rows()
        self.notice.setText(f"From the permit: {CLASS_LABELS[real]}.")
        self.restore_draft()

    def current_class(self) -> str:
        return self.site_class.currentData()

    def class_changed(self) -> None:
        """Rebuild for the new class, keeping each answer whose item is still on the list."""
        before = self.entered()
        self.build_rows()
        kept = [c for c in before if c in self.answers]
        dropped = [c for c in before if c not in self.answers]
        for code in kept:
            answer, note = before[code]
            self.answer(code, answer, note)
        words = [f"{len(kept)} answer(s) kept"]
        if dropped:
            words.append(f"{len(dropped)} no longer on this list: {', '.join(dropped)}")
        if self.current_class() != self.permit_class:
            words.append(f"the permit's class is {CLASS_LABELS[self.permit_class]}")
        self.notice.setText("; ".join(words) + ".")
        self.changed()

    def build_rows(self) -> None:
        stored, larger = VISIT_CHOICES[self.current_class()]
        checklist = checklist_for(stored)
        self.setWindowTitle(checklist.title)
        adopted = f", adopted {checklist.adopted}" if checklist.adopted else ""
        link_label(
            self.heading,
            f"{self.permit['address_text']} · permit "
            f"{self.permit['permit_number'] or 'not yet issued'} · "
            f"{checklist.title} ({cite(checklist.basis)}; version {checklist.version}{adopted}); "
            f"site visits under {cite('31.13')}",
        )
        body = QWidget()
        grid = QGridLayout(body)
        grid.setVerticalSpacing(8)
        self.answers: dict[str, QButtonGroup] = {}
        self.notes: dict[str, QLineEdit] = {}
        self.photo_buttons: dict[str, QPushButton] = {}
        self.item_titles = {item.code: item.title for item in items_for(stored, larger)}
        for row, item in enumerate(items_for(stored, larger)):
            section = QLabel(cite(item.section))
            section.setObjectName("meta")
            title = QLabel(item.title)
            title.setObjectName("stage")
            title.setWordWrap(True)
            text = QVBoxLayout()
            text.addWidget(section)
            text.addWidget(title)
            grid.addLayout(text, row * 3, 0)
            # Meets / Deficient / N/A: radio buttons, one group per item (arrows move
            # between the answers, Tab to the next item), named with the item's number
            group, buttons, answers = choice_row(
                self, [(value, RESPONSE_LABELS[value]) for value in RESPONSES],
                colours=ANSWER_STYLE,
            )  # fmt: skip
            for value, button in buttons.items():
                button.setObjectName(f"{item.code}_{value}")
            group.buttonClicked.connect(lambda _b: self.changed())
            self.answers[item.code] = group
            photo = QPushButton("Photo")
            photo.clicked.connect(lambda _=False, code=item.code: self.queue_photos(code))
            self.photo_buttons[item.code] = photo
            answers.addWidget(photo)
            grid.addLayout(answers, row * 3, 1)
            note = QLineEdit()
            note.setPlaceholderText("Note (required when deficient)")
            note.setMinimumHeight(40)
            note.setAccessibleName("Note (required when deficient)")
            note.textEdited.connect(lambda _t: self.changed())
            self.notes[item.code] = note
            grid.addWidget(note, row * 3 + 1, 0, 1, 2)
            add_context(
                [*group.buttons(), photo, note],
                f"item {row + 1}, {item.title} ({cite(item.section)})",
            )
            rule = QFrame()
            rule.setObjectName("itemRule")
            rule.setFrameShape(QFrame.Shape.HLine)
            grid.addWidget(rule, row * 3 + 2, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        link_all(body)  # each item's § opens the ordinance reader
        self.scroll.setWidget(body)

    def answer(self, code: str, value: str | None, note: str = "") -> None:
        for button in self.answers[code].buttons():
            button.setChecked(button.property("answer") == value)
        if note:
            self.notes[code].setText(note)

    def entered(self) -> dict[str, tuple[str | None, str]]:
        """Everything entered so far: an answer, a note, or both (for drafts and rebuilds)."""
        found: dict[str, tuple[str | None, str]] = {}
        for code, group in self.answers.items():
            checked = group.checkedButton()
            answer = checked.property("answer") if checked is not None else None
            note = self.notes[code].text()
            if answer or note.strip():
                found[code] = (answer, note)
        return found

    # -- drafts -----------------------------------------------------------------------------
    def changed(self) -> None:
        self.dirty = True
        self.autosave.start()

    def save_draft(self) -> None:
        self.autosave.stop()
        if self.saved is not None:
            return
        try:
            checklist_drafts.save_draft(
                self.window_.register, self.permit["uuid"], self.inspection_uuid,
                self.current_class(), self.purpose.currentData(), self.entered(),
            )  # fmt: skip
        except InvalidInput as exc:
            show_error(self, self.error, self.said(exc))
        except Exception:  # a draft written in passing must never take the checklist down
            log.exception("the checklist draft could not be kept")
            self.error.setText("The draft could not be kept; save the checklist when done.")

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """Closing the app with the checklist open keeps what was answered (the draft)."""
        if self.autosave.isActive():
            self.save_draft()
        super().hideEvent(event)

    def done(self, result: int) -> None:
        self.autosave.stop()
        super().done(result)

    def restore_draft(self) -> None:
        draft = checklist_drafts.current_draft(
            self.window_.register, self.permit["uuid"], self.inspection_uuid
        )
        if draft is None:
            return
        self.site_class.blockSignals(True)
        self.site_class.setCurrentIndex(list(VISIT_CHOICES).index(draft["choice"]))
        self.site_class.blockSignals(False)
        self.purpose.setCurrentIndex(max(0, self.purpose.findData(draft["purpose"])))
        self.build_rows()
        for code, (answer, note) in draft["answers"].items():
            if code in self.answers:
                self.answer(code, answer, note)
        self.notice.setText(
            f"Draft of {draft['saved_at'].replace('T', ' ')[:16]} by {draft['inspector']} "
            f"restored ({len(draft['answers'])} item(s)); from the permit: "
            f"{CLASS_LABELS[self.permit_class]}."
        )

    def _close_draft(self, reason: str) -> None:
        draft = checklist_drafts.current_draft(
            self.window_.register, self.permit["uuid"], self.inspection_uuid
        )
        if draft is not None:
            checklist_drafts.close_draft(self.window_.register, draft["uuid"], reason)

    def reject(self) -> None:
        """Escape, Close or the window's X: a half-filled checklist asks first."""
        if self.saved is None and self.entered():
            choice = ask_unsaved(self)
            if choice == "stay":
                return
            if choice == "draft":
                self.save_draft()
            else:
                self.autosave.stop()
                self._close_draft("discarded by the inspector before saving")
        self.autosave.stop()
        super().reject()

    def queue_photos(self, code: str) -> None:
        files = photo_actions.ask_photo_files(self)
        if files:
            self.pending_photos.setdefault(code, []).extend(files)
            self.photo_buttons[code].setText(f"Photo ({len(self.pending_photos[code])})")

    def responses(self) -> dict[str, tuple[str, str]]:
        found = {}
        for code, group in self.answers.items():
            checked = group.checkedButton()
            if checked is not None:
                found[code] = (checked.property("answer"), self.notes[code].text())
        return found

    def said(self, exc: InvalidInput) -> str:
        """The error in the inspector's words: an item by its title on the checklist
        ("Tracking pad at the construction entrance: say what is deficient in a note")."""
        code = exc.field.removeprefix("responses.")
        if code != exc.field and code in self.item_titles:
            return f"{self.item_titles[code]}: {exc.rule}"
        return say(exc)

    def save(self) -> None:
        try:
            visit, rows = erosion_checks.record_visit(
                self.window_.register,
                self.permit["uuid"],
                self.current_class(),
                self.responses(),
                inspection_uuid=self.inspection_uuid,
                purpose=self.purpose.currentData(),
            )
        except InvalidInput as exc:
            show_error(self, self.error, self.said(exc), exc.field)
            return
        self.autosave.stop()
        self._close_draft(f"saved as checklist visit {visit['uuid']}")
        by_code = {r["item_code"]: r["uuid"] for r in rows}
        for code, files in self.pending_photos.items():
            if code in by_code:
                photo_actions.attach_files(
                    self.window_, "checklist_responses", by_code[code], files
                )
        self.saved = visit
        self.accept()

    def save_and_record_result(self) -> None:
        """One step: save the checklist, then the visit's result with each deficient item as
        a defect (its section, the note as what is wrong, the standard as the correction)."""
        self.save()
        if self.saved is None or not self.inspection_uuid:
            return
        from deerfield_desk.ui.field.result_dialog import ResultDialog

        defects = checklist_drafts.deficient_defects(self.window_.register, self.saved["uuid"])
        dialog = ResultDialog(self.window_.register, self.inspection_uuid, self.parent())
        for defect in defects:
            dialog.add_defect(defect["section"], defect["description"], defect["correction"])
        self.result_dialog = dialog
        open_result(dialog)


def open_result(dialog) -> None:
    """Show the prefilled result dialog (tests replace this: a modal dialog would block)."""
    dialog.exec()
