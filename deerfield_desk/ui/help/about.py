"""Help → About: the version and where this install keeps things.

Why more than a version: when the clerk calls for help, the first questions are "which
version", "which register" and "where is the log"; this dialog answers all three, with a
button to copy them.
"""

from __future__ import annotations

import platform

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QLabel, QVBoxLayout

from deerfield_desk import __version__, logs
from deerfield_desk.config import APP_NAME, data_home
from deerfield_desk.store.background_read import sqlite_version
from deerfield_desk.ui.screen_fit import resize_within_screen


def about_lines(window) -> list[tuple[str, str]]:
    return [
        ("Version", __version__),
        ("Register", str(window.paths.db)),
        ("Data folder", str(data_home())),
        ("Log file", str(getattr(window, "log_path", None) or logs.log_file())),
        ("Python", platform.python_version()),
        ("Qt", f"{qVersion()} (PySide6 {PySide6.__version__})"),
        ("SQLite", sqlite_version()),
    ]


class AboutDialog(QDialog):
    def __init__(self, window):
        super().__init__(window)
        self.setWindowTitle(f"About {APP_NAME}")
        layout = QVBoxLayout(self)
        title = QLabel(f"<h2>{APP_NAME} {__version__}</h2>")
        title.setObjectName("about_title")
        layout.addWidget(title)
        intro = QLabel("The Village of Deerfield's register of building and erosion-control "
                       "permits (Chapters 12 and 31 of the village code).")  # fmt: skip
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.lines = about_lines(window)
        details = QLabel("<br>".join(f"<b>{k}:</b> {v}" for k, v in self.lines))
        details.setObjectName("about_details")
        details.setWordWrap(True)
        details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(details)
        layout.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton("&Copy details", QDialogButtonBox.ButtonRole.ActionRole)
        copy.setObjectName("about_copy")
        copy.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        resize_within_screen(self, 620, self.sizeHint().height())

    def text(self) -> str:
        return "\n".join(f"{k}: {v}" for k, v in [(APP_NAME, __version__), *self.lines[1:]])

    def copy(self) -> None:
        QApplication.clipboard().setText(self.text())
