"""One place that asks before anything official (issue, approve, reject, void, extend).

Tests replace :data:`ask` so dialogs never block (pytest-qt, "note_dialogs").
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def _ask(parent: QWidget | None, title: str, text: str) -> bool:
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
    box.setInformativeText("This is an official act: it is recorded in the register's journal "
                           "with your name and cannot be undone.")  # fmt: skip
    yes = box.addButton(title, QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is yes


def _tell(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.information(parent, title, text)


ask = _ask
tell = _tell


def confirm(parent: QWidget | None, title: str, text: str) -> bool:
    return ask(parent, title, text)


def inform(parent: QWidget | None, title: str, text: str) -> None:
    tell(parent, title, text)
