"""Help → Quick guide (printable), Keyboard shortcuts (read from the window), About."""

from __future__ import annotations

import subprocess

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication

from deerfield_desk import __version__
from deerfield_desk.ui.help import install as help_menu


def test_help_menu_offers_guide_shortcuts_and_about(window):
    texts = [a.text() for a in window.menu("Help").actions()]
    assert texts == ["Quick &guide", "&Keyboard shortcuts", "&About Deerfield Desk"]
    assert window.menu("Help").actions()[0].shortcut().toString() == "F1"


def test_the_guide_saves_as_a_pdf_a_clerk_can_print(window, qtbot, tmp_path):
    dialog = help_menu.open_guide(window)
    qtbot.addWidget(dialog)
    assert "quick guide" in dialog.browser.toPlainText().lower()
    saved = dialog.save_pdf(str(tmp_path / "guide"))
    assert saved == tmp_path / "guide.pdf" and saved.read_bytes().startswith(b"%PDF")
    text = subprocess.run(["pdftotext", str(saved), "-"], capture_output=True, text=True,
                          check=True).stdout  # fmt: skip
    assert "New register" in text and "Open register" in text
    assert "At the counter" in text and "Backups and year end" in text
    assert "Saved to" in dialog.message.text()


def test_the_guide_refuses_a_folder_and_says_so(window, qtbot, tmp_path):
    dialog = help_menu.open_guide(window)
    qtbot.addWidget(dialog)
    (tmp_path / "folder.pdf").mkdir()
    assert dialog.save_pdf(str(tmp_path / "folder.pdf")) is None
    assert "could not be saved" in dialog.message.text() and "folder" in dialog.message.text()


def test_shortcuts_are_read_from_the_window_and_clashes_named(window, qtbot):
    dialog = help_menu.open_shortcuts(window)
    qtbot.addWidget(dialog)
    rows = {(b.keys, b.what, b.where) for b in dialog.found}
    assert ("Ctrl+Q", "Exit", "File") in rows
    assert ("Ctrl+O", "Open register", "File") in rows
    assert ("F1", "Quick guide", "Help") in rows
    clash = QAction("Quit everything", window)
    clash.setShortcut(QKeySequence("Ctrl+Q"))
    window.menu("Tools").addAction(clash)
    again = help_menu.open_shortcuts(window)
    qtbot.addWidget(again)
    exit_row = next(b for b in again.found if b.what == "Exit")
    assert exit_row.clash == "Tools → Quit everything"
    assert again.findChild(object, "shortcuts_clash_note") is not None
    assert not again.table.tabKeyNavigation()


def test_about_names_version_register_and_log(window, qtbot):
    dialog = help_menu.open_about(window)
    qtbot.addWidget(dialog)
    text = dialog.text()
    assert f"Deerfield Desk: {__version__}" in text
    assert f"Register: {window.paths.db}" in text and "Log file:" in text
    dialog.copy()
    assert QApplication.clipboard().text() == text
