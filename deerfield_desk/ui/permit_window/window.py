"""The permit window: everything about one permit in one place, and every action from there.

Enter or a double-click on a register row opens it. Tabs: the summary (work, dates, parcel,
what is owed), parties and contractors (phone, address, credential), fees and payments,
deposits, inspections, notices, documents, and the history of every record the permit
gathers in local time. The actions are the app's own: the menu functions and dialogs run with
this permit in scope (``MainWindow.permit_scope``), so nothing is reimplemented here. The
window follows the register: any write that touches what it shows reloads it.
"""

from __future__ import annotations

import contextlib
from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.models.status import next_action
from deerfield_desk.store.changes import OpChanges
from deerfield_desk.store.permit_file import SHOWS, PermitFile, load_permit_file
from deerfield_desk.ui.permit_window import actions
from deerfield_desk.ui.permit_window import sections as sec
from deerfield_desk.ui.permit_window.tables import fill_table, fit_to_screen, make_table


def _button(text: str, name: str, slot, accessible: str) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setAccessibleName(accessible)
    button.clicked.connect(slot)
    return button


class PermitWindow(QDialog):
    """One permit. ``main`` is the main window (register, actor, menus' functions)."""

    SHOWS = SHOWS

    def __init__(self, main, permit_uuid: str, today: date | None = None):
        super().__init__(main)
        self.setObjectName("permitWindow")
        self.setWindowFlag(Qt.WindowType.Window)
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.main, self.permit_uuid = main, permit_uuid
        self.today = today or date.today()
        self.file: PermitFile | None = None
        layout = QVBoxLayout(self)
        self.header = QLabel()
        self.header.setObjectName("permitHeader")
        self.header.setWordWrap(True)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.header)
        self.bar = QHBoxLayout()
        layout.addLayout(self.bar)
        self._build_bar()
        # made after the action buttons above it: made before them, Tab reached it last
        self.tabs = QTabWidget()
        self.tabs.setObjectName("permitTabs")
        layout.addWidget(self.tabs, 1)
        self._build_tabs()
        fit_to_screen(self, 1180, 720)
        main.register_changed.connect(self._changed)
        self.reload()

    # -- what the app's action functions ask of their window --------------------------------
    # They take a ``window`` that is both their parent and the source of the register, so the
    # permit window answers for itself: their dialogs open in front of it, on this permit.
    @property
    def register(self):
        return self.main.register

    @property
    def actor(self):
        return self.main.actor

    @property
    def register_changed(self):
        return self.main.register_changed

    @property
    def paths(self):
        return self.main.paths

    def catch_up(self) -> None:
        self.main.catch_up()

    def current_permit_uuid(self) -> str:
        return self.permit_uuid

    def notify_changed(self, *tables: str) -> None:
        self.main.notify_changed(*tables)

    def menu(self, name: str):
        return self.main.menu(name)

    def _disconnect(self, main) -> None:
        with contextlib.suppress(RuntimeError, TypeError):  # gone with the main window
            main.register_changed.disconnect(self._changed)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self._disconnect(self.main)
        super().closeEvent(event)

    # -- layout -----------------------------------------------------------------------------
    def _build_bar(self) -> None:
        self.issue_button = _button("Issue…", "pw_issue", lambda: actions.issue(self),
                                    "Issue this permit")  # fmt: skip
        self.extend_button = _button("Extend…", "pw_extend", lambda: actions.extend(self),
                                     "Extend this permit")  # fmt: skip
        self.print_button = QPushButton("Print")
        self.print_button.setObjectName("pw_print")
        self.print_button.setAccessibleName("Print a document of this permit")
        self.print_menu = QMenu(self.print_button)
        self.print_button.setMenu(self.print_menu)
        self.more_button = QPushButton("More actions")
        self.more_button.setObjectName("pw_more")
        self.more_button.setAccessibleName("More actions on this permit")
        self.more_menu = QMenu(self.more_button)
        self.more_button.setMenu(self.more_menu)
        for button in (self.issue_button, self.extend_button, self.print_button,
                       self.more_button):  # fmt: skip
            self.bar.addWidget(button)
        self.bar.addStretch(1)
        self.next_label = QLabel()
        self.next_label.setObjectName("pw_next_action")
        self.bar.addWidget(self.next_label)

    def _tab(self, title: str, *widgets, buttons=()) -> QWidget:
        page = QWidget()
        v = QVBoxLayout(page)
        for w in widgets:
            v.addWidget(w, 0 if isinstance(w, QLabel) else 1)
        if buttons:
            row = QHBoxLayout()
            for b in buttons:
                row.addWidget(b)
            row.addStretch(1)
            v.addLayout(row)
        self.tabs.addTab(page, title)
        return page

    def _build_tabs(self) -> None:
        self.summary = QTextBrowser()
        self.summary.setObjectName("pw_summary")
        self.summary.setAccessibleName("Permit summary")
        self._tab("S&ummary", self.summary)
        self.parties = make_table("pw_parties", "Parties and contractors", sec.PARTY_HEADERS,
                                  ("Name", "Mailing address", "Note"))  # fmt: skip
        self.correct_button = _button(
            "&Correct person…", "pw_correct", lambda: actions.correct_party(self), "Correct person"
        )
        self.contractor_button = _button(
            "Name &a contractor…",
            "pw_name_contractor",
            lambda: actions.name_contractor(self),
            "Name a contractor",
        )
        self.remove_button = _button("&Remove contractor…", "pw_remove_contractor",
                                     lambda: actions.remove_contractor(self),
                                     "Remove contractor")  # fmt: skip
        self._tab(
            "&Parties",
            self.parties,
            buttons=(self.correct_button, self.contractor_button, self.remove_button),
        )
        self.fees = make_table("pw_fees", "Fees", sec.FEE_HEADERS)
        self.payments = make_table("pw_payments", "Payments", sec.PAYMENT_HEADERS)
        self.pay_button = _button("Record pa&yment…", "pw_pay", lambda: actions.take_payment(self),
                                  "Record payment")  # fmt: skip
        self.void_payment_button = _button(
            "&Void payment…", "pw_void_payment", lambda: actions.void_payment(self), "Void payment"
        )
        fees_caption, payments_caption = QLabel("Fee lines"), QLabel("Payments received")
        fees_caption.setBuddy(self.fees)
        payments_caption.setBuddy(self.payments)
        self._tab(
            "&Fees and payments",
            fees_caption,
            self.fees,
            payments_caption,
            self.payments,
            buttons=(self.pay_button, self.void_payment_button),
        )
        self.deposits = make_table("pw_deposits", "Deposits and securities", sec.DEPOSIT_HEADERS)
        self.deposit_button = _button(
            "Record, refund or forfeit…",
            "pw_deposits_dialog",
            lambda: actions.deposits(self),
            "Record, refund or forfeit a deposit",
        )
        self._tab("&Deposits", self.deposits, buttons=(self.deposit_button,))
        self.inspections = make_table("pw_inspections", "Inspections", sec.INSPECTION_HEADERS)
        self.inspect_button = _button(
            "&Stages and requests…",
            "pw_inspections_dialog",
            lambda: actions.inspections(self),
            "Stages and requests",
        )
        self.result_button = _button("Record resu&lt…", "pw_record_result",
                                     lambda: actions.record_result(self),
                                     "Record result for the chosen inspection")  # fmt: skip
        self.photos_button = _button("Attach photos…", "pw_attach_photos",
                                     lambda: actions.attach_photos(self),
                                     "Attach photos to the chosen inspection")  # fmt: skip
        self._tab(
            "I&nspections",
            self.inspections,
            buttons=(self.inspect_button, self.result_button, self.photos_button),
        )
        self.notices = make_table("pw_notices", "Notices", sec.NOTICE_HEADERS)
        self.notice_button = _button(
            "Draft notic&e…", "pw_draft_notice", lambda: actions.draft_notice(self), "Draft notice"
        )
        self.print_notice_button = _button(
            "Print notice…", "pw_print_notice", lambda: actions.print_notice(self), "Print notice"
        )
        self.notices_screen_button = _button(
            "Serve, l&ift or appeal…",
            "pw_notices_screen",
            lambda: actions.show_on_notices_screen(self),
            "Open the chosen notice on the Notices screen",
        )
        self._tab(
            "No&tices",
            self.notices,
            buttons=(self.notice_button, self.print_notice_button, self.notices_screen_button),
        )
        self.documents = make_table("pw_documents", "Documents", sec.DOCUMENT_HEADERS)
        self.preview_button = _button(
            "&Open…", "pw_open_document", lambda: actions.open_document(self), "Open document"
        )
        self._tab("Docu&ments", self.documents, buttons=(self.preview_button,))
        self.history = make_table("pw_history", "History", sec.HISTORY_HEADERS)
        self._tab("&History", self.history)

    # -- data -------------------------------------------------------------------------------
    def _changed(self, changes: OpChanges) -> None:
        if changes.touches(*self.SHOWS):
            self.reload()

    def reload(self) -> None:
        self.file = f = load_permit_file(self.register, self.permit_uuid, self.today)
        p = f.permit
        number = p["permit_number"] or "Not yet issued"
        self.setWindowTitle(f"Permit {number} — {p['address_text'] or ''}")
        self.header.setText(
            f"<b style='font-size:large'>{number}</b> · {sec.status_label(p['status'])} · "
            f"{p['address_text'] or ''}"
        )
        nxt = next_action(p["status"], expires=p["expires_date"], review_due=p.get("review_due"),
                          today=self.today)  # fmt: skip
        self.next_label.setText(f"Next: {nxt.text}")
        self.summary.setHtml(sec.summary_html(f))
        rows, self.party_keys = sec.party_rows(f)
        fill_table(self.parties, rows, list(range(len(rows))))
        fill_table(self.fees, sec.fee_rows(f))
        rows, keys = sec.payment_rows(f)
        fill_table(self.payments, rows, keys)
        fill_table(self.deposits, sec.deposit_rows(f))
        fill_table(
            self.inspections, sec.inspection_rows(f), [i["uuid"] for i in f.detail.inspections]
        )
        rows, keys = sec.notice_rows(f, actions.recipient_names(self))
        fill_table(self.notices, rows, keys)
        rows, keys = actions.document_rows(self)
        fill_table(self.documents, rows, keys)
        fill_table(self.history, sec.history_rows(f))
        actions.enable(self)
