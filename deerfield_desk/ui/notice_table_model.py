"""The Notices screen's table: one row per notice from ``store.notice_queries.list_notices``.

A plain list model (the office has hundreds of notices, not millions). The overdue flag is the
store's (``store.notices.overdue_condition``), never recomputed here; an overdue row is marked
in words and in red so it reads without colour too.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from deerfield_desk.models.codes import NoticeStatus
from deerfield_desk.models.notices import KIND_RULES, NoticeKind

COLUMNS = ("Number", "Kind", "Permit", "Address", "Status", "Issued", "Served", "Due", "Overdue")
COL_OVERDUE = COLUMNS.index("Overdue")
UUID_ROLE = Qt.ItemDataRole.UserRole + 1
SERVICE_SHORT = {"in_person": "in person", "posted": "posted", "first_class_mail": "mail"}
OVERDUE_RED = QColor("#b00020")


def kind_title(kind: str) -> str:
    try:
        return KIND_RULES[NoticeKind(kind)].title
    except ValueError:
        return kind


def status_text(row: dict) -> str:
    status = row["status"].capitalize()
    if row["status"] == NoticeStatus.SERVED and row.get("service_method"):
        return f"{status} ({SERVICE_SHORT.get(row['service_method'], row['service_method'])})"
    return status


class NoticeTableModel(QAbstractTableModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self._rows: list[dict] = []

    def set_rows(self, rows: list[dict]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> dict | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of(self, uuid: str) -> int | None:
        for i, row in enumerate(self._rows):
            if row["uuid"] == uuid:
                return i
        return None

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(COLUMNS)
        ):
            return COLUMNS[section]
        return None

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, index.column())
        if role == UUID_ROLE:
            return row["uuid"]
        if role == Qt.ItemDataRole.ForegroundRole and row["overdue"]:
            return QBrush(OVERDUE_RED)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 1:
            return row.get("facts")
        return None

    @staticmethod
    def _display(row: dict, column: int) -> str | None:
        values = (
            row["notice_number"] or "(draft)",
            kind_title(row["kind"]),
            row.get("permit_number") or "—",
            row.get("address") or "",
            status_text(row),
            (row["issued_at"] or "")[:10],
            (row["served_at"] or "")[:10],
            row["due_date"] or "",
            "OVERDUE" if row["overdue"] else "",
        )
        return values[column] if 0 <= column < len(values) else None
