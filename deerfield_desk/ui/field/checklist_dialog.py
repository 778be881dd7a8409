"""Exhibit A at the site (31.10(2)): one row per item, three big answers, a note, photos.

The items come from ``exhibit_a_erosion.toml`` for the site class; the visit is
saved only when every item is answered (and every "deficient" has a note), then the photos
queued on items are attached to their stored responses.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
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
from deerfield_desk.store import erosion_checks
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.a11y.naming import add_context
from deerfield_desk.ui.citation_links import link_all, link_label
from deerfield_desk.ui.field import photo_actions
from deerfield_desk.ui.field.style import CARD_STYLE, cite, error_style, save_cancel_row

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
        register = window.register
        real = erosion_checks.site_class_of(register, permit_uuid)
        self.setStyleSheet(CARD_STYLE)
        self.resize(1000, 720)
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setObjectName("address")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        top = QHBoxLayout()
        top.addWidget(QLabel("Site class:"))
        self.site_class = QComboBox()
        self.site_class.setObjectName("site_class")
        self.site_class.setMinimumHeight(48)
        for code in VISIT_CHOICES:
            self.site_class.addItem(CLASS_LABELS[code], code)
        # The permit's real class chooses the list (31.02(16)/(17), 31.06(3)); the inspector
        # may still change it on a site that has grown, and the visit records what was used.
        self.site_class.setCurrentIndex(list(VISIT_CHOICES).index(real))
        self.site_class.currentIndexChanged.connect(lambda _i: self.build_rows())
        top.addWidget(self.site_class)
        top.addWidget(QLabel("For:"))
        self.purpose = QComboBox()
        self.purpose.setMinimumHeight(48)
        self.purpose.addItem("Site visit", "site_visit")
        self.purpose.addItem("Control plan statement review (§31.10(2))", "plan_review")
        top.addWidget(self.purpose)
        top.addStretch(1)
        layout.addLayout(top)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        layout.addWidget(self.scroll, 1)
        self.error = QLabel()
        self.error.setStyleSheet(error_style())
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons, _save = save_cancel_row(self, "Save checklist")
        layout.addLayout(buttons)
        self.build_rows()

    def current_class(self) -> str:
        return self.site_class.currentData()

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
            group = QButtonGroup(self)
            answers = QHBoxLayout()
            for value in RESPONSES:
                button = QPushButton(RESPONSE_LABELS[value])
                button.setCheckable(True)
                button.setProperty("answer", value)
                button.setObjectName(f"{item.code}_{value}")
                button.setStyleSheet(
                    f"QPushButton:checked {{ background: {ANSWER_STYLE[value]}; color: white; }}"
                )
                group.addButton(button)
                answers.addWidget(button)
            self.answers[item.code] = group
            photo = QPushButton("Photo")
            photo.clicked.connect(lambda _=False, code=item.code: self.queue_photos(code))
            self.photo_buttons[item.code] = photo
            answers.addWidget(photo)
            grid.addLayout(answers, row * 3, 1)
            note = QLineEdit()
            note.setPlaceholderText("Note (required when deficient)")
            note.setMinimumHeight(40)
            self.notes[item.code] = note
            grid.addWidget(note, row * 3 + 1, 0, 1, 2)
            add_context([*group.buttons(), photo, note], f"{item.title} ({cite(item.section)})")
            rule = QFrame()
            rule.setObjectName("itemRule")
            rule.setFrameShape(QFrame.Shape.HLine)
            grid.addWidget(rule, row * 3 + 2, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        link_all(body)  # each item's § opens the ordinance reader
        self.scroll.setWidget(body)

    def answer(self, code: str, value: str, note: str = "") -> None:
        for button in self.answers[code].buttons():
            button.setChecked(button.property("answer") == value)
        if note:
            self.notes[code].setText(note)

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
            show_error(self, self.error, str(exc), exc.field)
            return
        by_code = {r["item_code"]: r["uuid"] for r in rows}
        for code, files in self.pending_photos.items():
            if code in by_code:
                photo_actions.attach_files(
                    self.window_, "checklist_responses", by_code[code], files
                )
        self.saved = visit
        self.accept()
