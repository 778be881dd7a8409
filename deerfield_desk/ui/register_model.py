"""The register's table model: lazy, paged, sorted by the database.

Why paged and not "all ids in memory": a million permits would cost seconds to load and
hundreds of MB to hold. The model asks the store for the count (the scrollbar's length) and
fetches 200-row pages only when the view paints them, keeping the most recent pages (their ids
and display fields) in a small cache. Sorting is an indexed ORDER BY in the store, never a
sort in Python. The model never writes SQL: it calls ``store/register_queries``.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from datetime import date

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QFont

from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store import register_queries as rq
from deerfield_desk.store.register import Register

(
    COL_NUMBER,
    COL_KIND,
    COL_STATUS,
    COL_ADDRESS,
    COL_OWNER,
    COL_CONTRACTOR,
    COL_APPLIED,
    COL_ISSUED,
    COL_EXPIRES,
    COL_NEXT_ACTION,
) = range(10)

HEADERS = {
    COL_NUMBER: "Number",
    COL_KIND: "Kind",
    COL_STATUS: "Status",
    COL_ADDRESS: "Address",
    COL_OWNER: "Owner",
    COL_CONTRACTOR: "Contractor",
    COL_APPLIED: "Applied",
    COL_ISSUED: "Issued",
    COL_EXPIRES: "Expires",
    COL_NEXT_ACTION: "Next action",
}
SORT_KEY = {
    COL_NUMBER: "permit_number",
    COL_KIND: "kind",
    COL_STATUS: "status",
    COL_ADDRESS: "address",
    COL_OWNER: "owner",
    COL_CONTRACTOR: "contractor",
    COL_APPLIED: "applied",
    COL_ISSUED: "issued",
    COL_EXPIRES: "expires",
    COL_NEXT_ACTION: "next_action",
}
PAGE_SIZE = 200
PAGES_KEPT = 60
UUID_ROLE = Qt.ItemDataRole.UserRole + 1
NEEDS_ACTION_ROLE = Qt.ItemDataRole.UserRole + 2


def _status_label(status: str) -> str:
    try:
        return PermitStatus(status).label
    except ValueError:
        return status


class PermitTableModel(QAbstractTableModel):
    """Rows are permits in the current query's order; ``UUID_ROLE`` gives a row's permit."""

    #: Emitted after every reload with the new total (the view's count label, the smoke probe).
    reloaded = Signal(int)

    def __init__(self, register: Register, parent: QObject | None = None):
        super().__init__(parent)
        self._register = register
        self._query = rq.RegisterQuery()
        self._total = 0
        self._pages: OrderedDict[int, list[rq.RegisterLine]] = OrderedDict()
        self._today = date.today()

    # -- what is shown --------------------------------------------------------------------
    @property
    def query(self) -> rq.RegisterQuery:
        return self._query

    @property
    def total(self) -> int:
        return self._total

    def set_register(self, register: Register) -> None:
        """After a restore the register is a new one (the model reads only through it)."""
        self._register = register
        self.reload()

    def set_query(self, query: rq.RegisterQuery) -> None:
        self._query = replace(query, sort=self._query.sort, descending=self._query.descending)
        self.reload()

    def reload(self) -> None:
        """Count again and drop every cached page (after a write or a new query)."""
        if self._register.closed:  # a late search-box timer after the window let go of it
            return
        self.beginResetModel()
        self._pages.clear()
        self._today = date.today()
        self._query = replace(self._query, today=self._today.isoformat())
        total, first = rq.search(self._register, self._query, PAGE_SIZE)
        self._total = total
        if first:
            self._pages[0] = first
        self.endResetModel()
        self.reloaded.emit(total)

    # -- Qt model API ---------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._total

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS.get(section)
        return None

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        key = SORT_KEY.get(column, "newest")
        descending = order == Qt.SortOrder.DescendingOrder if key != "newest" else True
        if (key, descending) == (self._query.sort, self._query.descending):
            return
        self._query = replace(self._query, sort=key, descending=descending)
        self.reload()

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < self._total:
            return None
        permit = self.permit_at(index.row())
        if permit is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(permit, index.column())
        if role == UUID_ROLE:
            return permit.uuid
        if role == NEEDS_ACTION_ROLE:
            return permit.next_action(self._today).needs_action
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == COL_NEXT_ACTION:
            return permit.next_action(self._today).text
        if permit.near_match and role == Qt.ItemDataRole.ToolTipRole:
            return "Near match: spelt a little differently from what you typed"
        if permit.near_match and role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setItalic(True)  # below every exact match, and marked so it is not mistaken
            return font
        return None

    def near_matches_loaded(self) -> int:
        """Rows of the fetched pages found by a near miss (issue 16.6): they follow every
        exact match, so with near misses offered (few exact matches) they are on page one."""
        return sum(1 for page in self._pages.values() for row in page if row.near_match)

    # -- helpers --------------------------------------------------------------------------
    def permit_at(self, row: int) -> rq.RegisterLine | None:
        page_no, offset = divmod(row, PAGE_SIZE)
        page = self._pages.get(page_no)
        if page is None:
            page = rq.page(self._register, self._query, page_no * PAGE_SIZE, PAGE_SIZE)
            self._pages[page_no] = page
            while len(self._pages) > PAGES_KEPT:
                self._pages.popitem(last=False)
        else:
            self._pages.move_to_end(page_no)
        return page[offset] if offset < len(page) else None

    def row_in_cache(self, uuid: str) -> int | None:
        """The row of a permit among the pages already fetched (no query), or None."""
        for page_no, page in self._pages.items():
            for offset, permit in enumerate(page):
                if permit.uuid == uuid:
                    return page_no * PAGE_SIZE + offset
        return None

    def uuid_at(self, row: int) -> str | None:
        permit = self.permit_at(row) if 0 <= row < self._total else None
        return permit.uuid if permit else None

    def _display(self, p: rq.RegisterLine, column: int) -> str | None:
        if column == COL_NUMBER:
            return p.permit_number or "—"
        if column == COL_KIND:
            return p.kind_label
        if column == COL_STATUS:
            return _status_label(p.status)
        if column == COL_ADDRESS:
            return p.address_text
        if column == COL_OWNER:
            return p.owner_name
        if column == COL_CONTRACTOR:
            return p.contractor_name
        if column == COL_APPLIED:
            return p.applied_date
        if column == COL_ISSUED:
            return p.issued_date
        if column == COL_EXPIRES:
            return p.expires_date
        if column == COL_NEXT_ACTION:
            return p.next_action(self._today).text
        return None
