"""The register tab: filters and search over the lazy table, the detail pane beside it.

Keyboard: Ctrl+F focuses the search, Enter (or a double-click) opens the selected permit by
emitting ``window.permit_activated(uuid)``. Column widths, order and the splitter are kept in
QSettings, so the office's layout survives a restart.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store import register_queries as rq
from deerfield_desk.store.changes import OpChanges
from deerfield_desk.store.permit_detail import permit_detail
from deerfield_desk.ui.a11y.announce import announce
from deerfield_desk.ui.permit_detail import PermitDetailPane
from deerfield_desk.ui.register_filters import RegisterFilters
from deerfield_desk.ui.register_model import (
    COL_ADDRESS,
    COL_CONTRACTOR,
    COL_KIND,
    COL_NEXT_ACTION,
    COL_NUMBER,
    COL_OWNER,
    COL_STATUS,
    PermitTableModel,
)

WIDTHS = {
    COL_NUMBER: 84,
    COL_KIND: 140,
    COL_STATUS: 155,
    COL_ADDRESS: 140,
    COL_OWNER: 130,
    COL_CONTRACTOR: 175,
}
SETTINGS_HEADER = "register/header"
SETTINGS_SPLITTER = "register/splitter"


class RegisterTable(QTableView):
    """Enter opens the permit (Qt's table would move down a row instead)."""

    activated_row = Signal(int)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.activated_row.emit(self.currentIndex().row())
            return
        super().keyPressEvent(event)


class RegisterView(QWidget):
    #: The tables this view shows: it reloads when a write touches one (store.changes).
    SHOWS = rq.READS
    """Emits ``first_rows_shown(total)`` once, after the first rows were actually painted."""

    first_rows_shown = Signal(int)
    permit_activated = Signal(str)

    def __init__(self, window, parent: QWidget | None = None):
        super().__init__(parent)
        self.window_ = window
        self.model = PermitTableModel(window.register, self)
        self.filters = RegisterFilters(rq.years(window.register))
        self.count_label = QLabel()
        self.count_label.setObjectName("registerCount")
        self.table = RegisterTable()
        self.table.setAccessibleName("Permit register")
        self.table.setObjectName("registerTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = self.table.horizontalHeader()
        header.setSectionsMovable(True)
        header.setStretchLastSection(True)
        header.setDefaultSectionSize(88)  # the dates
        for column, width in WIDTHS.items():
            header.resizeSection(column, width)
        # The status column fits its longest label ("Approved with conditions") in this font,
        # so no status is ever elided; saved layouts below still win.
        longest = max((status.label for status in PermitStatus), key=len)
        fitted = self.table.fontMetrics().horizontalAdvance(longest) + 16
        header.resizeSection(COL_STATUS, max(WIDTHS[COL_STATUS], fitted))
        header.resizeSection(COL_NEXT_ACTION, 290)
        # What to do next is what the counter looks for: shown beside the status, so it is in
        # view at 1280x800 without scrolling sideways (the dates follow the names).
        header.moveSection(header.visualIndex(COL_NEXT_ACTION), header.visualIndex(COL_STATUS) + 1)
        header.setSortIndicator(-1, Qt.SortOrder.DescendingOrder)  # newest entry first
        state = window.settings().value(SETTINGS_HEADER)
        if isinstance(state, QByteArray | bytes):
            header.restoreState(QByteArray(state))
        self.table.setSortingEnabled(True)

        self.detail = PermitDetailPane()
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.detail)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([1200, 400])
        split = window.settings().value(SETTINGS_SPLITTER)
        if isinstance(split, QByteArray | bytes):
            self.splitter.restoreState(QByteArray(split))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filters)
        layout.addWidget(self.count_label)
        layout.addWidget(self.splitter, 1)

        self.filters.changed.connect(self.model.set_query)
        self.model.reloaded.connect(self._show_count)
        self.model.modelReset.connect(self._after_reset)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self.table.activated_row.connect(self._activate)
        self.table.doubleClicked.connect(lambda index: self._activate(index.row()))
        QShortcut(QKeySequence.StandardKey.Find, self, activated=self.focus_search)
        window.register_changed.connect(self._register_changed)

        self._first_shown = False
        self._keep_uuid: str | None = None
        self.table.viewport().installEventFilter(self)
        self.model.reload()

    # -- public ---------------------------------------------------------------------------
    def focus_search(self) -> None:
        self.filters.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filters.search.selectAll()

    def current_permit_uuid(self) -> str | None:
        index = self.table.currentIndex()
        return self.model.uuid_at(index.row()) if index.isValid() else None

    def save_layout(self) -> None:
        settings = self.window_.settings()
        settings.setValue(SETTINGS_HEADER, self.table.horizontalHeader().saveState())
        settings.setValue(SETTINGS_SPLITTER, self.splitter.saveState())

    # -- internals ------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if not self._first_shown and event.type() == QEvent.Type.Paint:
            self._first_shown = True
            # After this paint has finished: the rows are on screen, not merely fetched.
            QTimer.singleShot(0, lambda: self.first_rows_shown.emit(self.model.total))
        return super().eventFilter(watched, event)

    def _show_count(self, total: int) -> None:
        q = self.model.query
        filtered = q.text or q.kind or q.status or q.year or q.needs_action
        near = self.model.near_matches_loaded()
        self.count_label.setText(f"{total:,} permit{'s' if total != 1 else ''}" + (
            " match" if filtered else " in the register")
            + (f" ({near:,} spelt a little differently, in italics)" if near else ""))  # fmt: skip
        if filtered:  # a search's result is spoken, not only shown (issue 19.3)
            announce(self.count_label, self.count_label.text())

    def _after_reset(self) -> None:
        keep, self._keep_uuid = self._keep_uuid, None
        if not self.model.total:
            self.detail.show_detail(None)
            return
        self.detail.current_uuid = None  # the permit may have changed: show it afresh
        row = self.model.row_in_cache(keep) if keep else None
        self.table.selectRow(row if row is not None else 0)

    def _row_changed(self, current, _previous) -> None:
        uuid = self.model.uuid_at(current.row()) if current.isValid() else None
        if uuid is None:
            self.detail.show_detail(None)
        elif uuid != self.detail.current_uuid:
            self.detail.show_detail(permit_detail(self.window_.register, uuid))

    def _activate(self, row: int) -> None:
        uuid = self.model.uuid_at(row)
        if uuid:
            self.permit_activated.emit(uuid)

    def _register_changed(self, changes: OpChanges) -> None:
        if changes.everything:
            self.model.set_register(self.window_.register)
        elif changes.touches(*self.SHOWS):
            self._keep_uuid = self.current_permit_uuid()  # stay on the permit being worked
            self.model.reload()
        self.filters.set_years(rq.years(self.window_.register))


def install(window) -> RegisterView:
    """Put the register first in the window and forward its signals to the window's."""
    view = RegisterView(window)
    window.add_tab(view, "Register", first=True)
    window.tabs.setCurrentIndex(0)
    view.first_rows_shown.connect(window.first_rows_shown)
    view.permit_activated.connect(window.permit_activated)
    return view
