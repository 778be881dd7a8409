"""The Notices tab: the notice register (issue 6, item 6) with its actions.

A table of every notice (number, kind, permit, address, status, issued, served, due, overdue),
filtered by status and "overdue only", and one button per step of a notice's life: draft,
edit a draft, issue, record service, complied, appealed, withdraw, print. Every step goes
through ``store.notices`` (numbering, locking and the due date from the deadline rules live
there, not here); the official ones ask first through ``ui.confirm``. Which buttons are
enabled follows the store's own ``MOVES`` table, so the screen never offers a refused step.

``clock`` gives "now" for issuing and "today" for the overdue flag; tests replace it.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed, RecordNotFound
from deerfield_desk.models.codes import NoticeStatus
from deerfield_desk.models.notice_deadlines import notice_deadlines
from deerfield_desk.models.notices import kind_rule
from deerfield_desk.models.office_words import say
from deerfield_desk.store import notice_queries
from deerfield_desk.store import notices as store
from deerfield_desk.store.notice_enforcement import HOLDING_KINDS
from deerfield_desk.store.notice_queries import list_notices
from deerfield_desk.ui import confirm, notice_dialogs
from deerfield_desk.ui.flow_layout import FlowLayout
from deerfield_desk.ui.notice_dialogs import TARGET
from deerfield_desk.ui.notice_table_model import NoticeTableModel, kind_title

#: Rows a column's width is measured on (the first ones: the newest notices).
SIZE_SAMPLE_ROWS = 200
#: (attribute, label, the status move it makes or None, tooltip)
BUTTONS = (
    ("draft_button", "Draft &notice…", None, "Draft a notice for the permit selected in the "
     "Register tab, or with none selected for work with no permit on a parcel"),
    ("edit_button", "&Edit draft…", "edit", "Only a draft can be changed; an issued notice is "
     "locked"),
    ("issue_button", "Iss&ue", "issued", "Number the notice and lock it"),
    ("serve_button", "Record &service…", "served", "In person, posted or first-class mail"),
    ("complied_button", "&Complied / lift…", "complied", "The recipient did what the notice "
     "required; a stop-work order is lifted with a reason and its permit leaves its hold"),
    ("appeal_button", "&Appealed…", "appealed", "An appeal was filed with the Village Clerk"),
    ("withdraw_button", "&Withdraw…", "withdrawn", "Withdraw the notice, with a written reason"),
    ("print_button", "Print n&otice…", "print", "Preview and print the notice"),
)  # fmt: skip


class NoticesView(QWidget):
    #: The tables this view shows: it reloads when a write touches one (store.changes).
    SHOWS = notice_queries.READS

    def __init__(self, window, parent: QWidget | None = None):
        super().__init__(parent)
        self.window_ = window
        self.clock = lambda: datetime.now().replace(second=0, microsecond=0)
        self.status = QComboBox()
        self.status.setObjectName("notice_status_filter")
        self.status.addItem("All statuses", None)
        for status in store.STATUSES:
            self.status.addItem(status.capitalize(), status)
        self.overdue_only = QCheckBox("Overdue only")
        self.overdue_only.setObjectName("notice_overdue_only")
        self.overdue_only.setToolTip("Issued or served notices past their due date")
        self.count = QLabel()
        # Issue 16.6: the counter is asked by notice or permit number, address, name or phone.
        self.search = QLineEdit()
        self.search.setObjectName("notice_search")
        self.search.setClearButtonEnabled(True)
        self.search.setPlaceholderText("Notice or permit number, address, name, phone")
        self.search.setAccessibleName("Search notices")
        search_label = QLabel("Sea&rch")
        search_label.setBuddy(self.search)
        status_label = QLabel("Status")
        status_label.setBuddy(self.status)
        top = QHBoxLayout()
        for widget in (search_label, self.search, status_label, self.status, self.overdue_only):
            widget.setMinimumHeight(TARGET)
            top.addWidget(widget)
        top.setStretchFactor(self.search, 1)
        top.addWidget(self.count)

        self.model = NoticeTableModel(self)
        self.table = QTableView()
        self.table.setObjectName("notices_table")
        self.table.setAccessibleName("Notices")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setDefaultSectionSize(TARGET)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        # Sized from a sample of rows when shown, not ResizeToContents: on a hidden tab that
        # formatted every row of every column at start-up (16,000 notices: seconds).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setResizeContentsPrecision(SIZE_SAMPLE_ROWS)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._selection())

        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setObjectName("notice_detail")
        actions = FlowLayout()  # eight buttons wrap at 200 % rather than widen the window
        self.buttons: dict[str, QPushButton] = {}
        for attr, label, _move, tip in BUTTONS:
            button = QPushButton(label)
            button.setObjectName(attr)
            button.setToolTip(tip)
            button.setMinimumHeight(TARGET + 6)
            setattr(self, attr, button)
            self.buttons[attr] = button
            actions.addWidget(button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.detail)
        layout.addLayout(actions)

        self.status.currentIndexChanged.connect(lambda _i: self.refresh())
        self.overdue_only.toggled.connect(lambda _on: self.refresh())
        self.search.textChanged.connect(lambda _text: self.refresh())
        self.draft_button.clicked.connect(self.draft)
        self.edit_button.clicked.connect(self.edit)
        self.issue_button.clicked.connect(self.issue)
        self.serve_button.clicked.connect(self.serve)
        self.complied_button.clicked.connect(self.complied)
        self.appeal_button.clicked.connect(self.appealed)
        self.withdraw_button.clicked.connect(self.withdraw)
        self.print_button.clicked.connect(self.print_notice)
        window.register_changed.connect(
            lambda changes: changes.touches(*self.SHOWS) and self.refresh()
        )
        self.refresh()

    # -- reading ---------------------------------------------------------------------------
    @property
    def register(self):
        return self.window_.register

    def today(self):
        return self.clock().date()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.table.resizeColumnsToContents()

    def refresh(self) -> None:
        keep = self.current_uuid()
        rows = list_notices(
            self.register,
            today=self.today(),
            status=self.status.currentData(),
            overdue_only=self.overdue_only.isChecked(),
            text=self.search.text(),
        )
        self.model.set_rows(rows)
        if self.isVisible():
            self.table.resizeColumnsToContents()
        overdue = sum(1 for r in rows if r["overdue"])
        self.count.setText(f"{len(rows)} notice{'s' if len(rows) != 1 else ''}"
                           + (f", {overdue} overdue" if overdue else ""))  # fmt: skip
        row = self.model.row_of(keep) if keep else None
        if row is not None:
            self.table.selectRow(row)
        self._selection()

    def current_uuid(self) -> str | None:
        index = self.table.currentIndex()
        row = self.model.row_at(index.row()) if index.isValid() else None
        return row["uuid"] if row else None

    def select(self, uuid: str) -> None:
        row = self.model.row_of(uuid)
        if row is not None:
            self.table.selectRow(row)

    def current(self) -> dict | None:
        uuid = self.current_uuid()
        return self.register.get("notices", uuid) if uuid else None

    def _selection(self) -> None:
        notice = self.current()
        status = notice["status"] if notice else None
        moves = store.MOVES.get(status, set())
        for attr, _label, move, _tip in BUTTONS:
            if move is None:
                enabled = True
            elif move == "edit":
                enabled = status == NoticeStatus.DRAFT
            elif move == "print":
                enabled = bool(notice and notice["notice_number"])
            else:
                enabled = move in moves
            self.buttons[attr].setEnabled(enabled)
        self.detail.setText(self._describe(notice) if notice else "Select a notice.")

    def _describe(self, notice: dict) -> str:
        rule = kind_rule(notice["kind"])
        parts = [f"<b>{notice['notice_number'] or 'Draft'}</b> — {kind_title(notice['kind'])} "
                 f"(§{rule.authority})"]  # fmt: skip
        dl = notice_deadlines(notice, store.village_calendar(self.register))
        if dl.comply_by:
            parts.append(
                f"comply by {str(dl.comply_by)[:16]} ({dl.comply_note or dl.comply_basis})"
            )
        if dl.appeal_by:
            parts.append(f"appeal by {dl.appeal_by} to the {rule.appeal.body} "
                         f"(§{dl.appeal_basis})")  # fmt: skip
        if notice_dialogs.appeal_was_late(notice):
            parts.append("<b>appeal filed late</b>")
        if notice["void_reason"]:
            parts.append(f"withdrawn: {notice['void_reason']}")
        return " · ".join(parts)

    # -- acting ----------------------------------------------------------------------------
    def _done(self, row: dict | None) -> dict | None:
        if row is not None:
            self.select(row["uuid"])
        return row

    def _act(self, title: str, question: str, action) -> dict | None:
        if not confirm.confirm(self, title, question):
            return None
        try:
            return self._done(action())
        except (InvalidInput, NotAllowed, RecordNotFound) as exc:
            confirm.inform(self, "Not done", say(exc))
            return None

    def _dialog(self, dialog) -> dict | None:
        return self._done(dialog.result_row) if notice_dialogs.run(dialog) else None

    def draft(self) -> dict | None:
        uuid = self.window_.current_permit_uuid()
        # with no permit selected the notice is about work with no permit, on a parcel
        permit = self.register.get("permits", uuid) if uuid else None
        return self._dialog(notice_dialogs.DraftNoticeDialog(self, self.register, permit))

    def edit(self) -> dict | None:
        notice = self.current()
        permit = (
            self.register.get_by_id("permits", notice["permit_id"]) if notice["permit_id"] else {}
        )
        return self._dialog(notice_dialogs.DraftNoticeDialog(self, self.register, permit, notice))

    def issue(self) -> dict | None:
        notice, now = self.current(), self.clock()
        return self._act(
            "Issue notice",
            f"Issue this {kind_title(notice['kind']).lower()} "
            f"now ({now:%Y-%m-%d %H:%M})? It gets its number and can no longer "
            "be changed.",
            lambda: store.issue_notice(self.register, notice["uuid"], now),
        )

    def serve(self) -> dict | None:
        dialog = notice_dialogs.ServiceDialog(self, self.register, self.current(), self.today())
        return self._dialog(dialog)

    def complied(self) -> dict | None:
        notice, today = self.current(), self.today()
        if notice["kind"] in HOLDING_KINDS and notice["permit_id"]:
            return self._dialog(notice_dialogs.LiftDialog(self, self.register, notice, today))
        return self._act(
            "Mark complied",
            f"Record that notice {notice['notice_number']} was complied with on {today}?",
            lambda: store.mark_complied(self.register, notice["uuid"], today),
        )

    def appealed(self) -> dict | None:
        dialog = notice_dialogs.AppealDialog(self, self.register, self.current(), self.today())
        row = self._dialog(dialog)
        if row and notice_dialogs.appeal_was_late(row):
            confirm.inform(self, "Late appeal", f"The appeal of {row['notice_number']} was "
                           "filed after the appeal deadline; it is recorded and flagged for "
                           "the hearing body.")  # fmt: skip
        return row

    def withdraw(self) -> dict | None:
        dialog = notice_dialogs.WithdrawDialog(self, self.register, self.current(), self.today())
        return self._dialog(dialog)

    def print_notice(self):
        from deerfield_desk.ui.documents_actions import preview_document

        notice = self.current()
        return preview_document(
            self.window_, kind_rule(notice["kind"]).cli_kind, notice["notice_number"]
        )


def install(window) -> NoticesView:
    view = NoticesView(window)
    window.add_tab(view, "Notices")
    window.notices_view = view
    action = QAction("&Notice register", window)
    action.triggered.connect(lambda: window.tabs.setCurrentWidget(view))
    window.menu("Documents").addAction(action)
    return view
