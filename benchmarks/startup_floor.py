"""The floor for the start-up benchmark: a bare PySide6 window with a table, nothing else.

Run as ``python -m benchmarks.startup_floor``: it prints ``ready_ms=N rows=N`` the way
``deerfield-desk --smoke`` does (same clock: milliseconds since the process started, read from
/proc; same moment: the first paint of the table's rows has finished) and closes its window.
It imports nothing of the app, so the ratio app / floor is what the app adds to starting
Python and Qt on this machine at this moment.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QTableView

ROWS = 1_000_000


def ms_since_process_start() -> float:
    ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
    uptime = float(Path("/proc/uptime").read_text().split()[0])
    return (uptime - ticks / os.sysconf("SC_CLK_TCK")) * 1000


class Rows(QAbstractTableModel):
    """A million rows made up on demand (the app's register model is lazy too)."""

    def rowCount(self, parent=QModelIndex()):  # noqa: B008, N802
        return 0 if parent.isValid() else ROWS

    def columnCount(self, parent=QModelIndex()):  # noqa: B008, N802
        return 0 if parent.isValid() else 6

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{index.row()}-{index.column()}"
        return None


class FirstPaint(QObject):
    def __init__(self, app: QApplication, window: QMainWindow):
        super().__init__()
        self.app, self.window, self.done = app, window, False

    def eventFilter(self, watched, event):  # noqa: N802
        if not self.done and event.type() == QEvent.Type.Paint:
            self.done = True
            QTimer.singleShot(0, self.ready)
        return False

    def ready(self) -> None:
        print(f"ready_ms={ms_since_process_start():.0f} rows={ROWS}", flush=True)
        QTimer.singleShot(0, self.window.close)


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setWindowTitle("floor")
    table = QTableView()
    table.setModel(Rows(table))
    window.setCentralWidget(table)
    window.resize(1280, 800)
    watcher = FirstPaint(app, window)  # noqa: F841 (kept alive while the loop runs)
    table.viewport().installEventFilter(watcher)
    window.show()
    code = app.exec()
    return code


if __name__ == "__main__":
    sys.exit(main())
