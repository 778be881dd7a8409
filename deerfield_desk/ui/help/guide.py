"""Help → Quick guide: the short guide shipped with the app, on screen and as a printable PDF.

Why a shipped HTML file rendered by Qt: it works with no network (the office may have none),
it prints the same from every computer, and the text lives in one file a clerk's suggestion
can change (``resources/help/guide.html``).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
)

from deerfield_desk.config import asset_path
from deerfield_desk.ui.screen_fit import resize_within_screen

GUIDE = ("help", "guide.html")


def guide_html() -> str:
    return asset_path(*GUIDE).read_text(encoding="utf-8")


def guide_pdf_bytes() -> bytes:
    """The guide as a Letter-size PDF (what the office prints on)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle("Deerfield Desk — quick guide")
    writer.setCreator("Deerfield Desk")
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.Letter),
                                     QPageLayout.Orientation.Portrait,
                                     QMarginsF(18, 18, 18, 18),
                                     QPageLayout.Unit.Millimeter))  # fmt: skip
    document = QTextDocument()
    document.setHtml(guide_html())
    document.print_(writer)
    del writer  # the PDF is finished when its writer goes
    buffer.close()
    return bytes(buffer.data().data())


def write_guide_pdf(target: Path) -> Path:
    """Written whole or not at all: a half-written file never carries the chosen name."""
    from deerfield_desk.documents.target import write_atomically

    return write_atomically(target, guide_pdf_bytes(), "guide PDF")


class GuideDialog(QDialog):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Deerfield Desk — quick guide")
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setObjectName("guide_text")
        self.browser.setAccessibleName("Quick guide")
        self.browser.setOpenExternalLinks(False)
        self.browser.setHtml(guide_html())
        layout.addWidget(self.browser, 1)
        self.message = QLabel("")
        self.message.setObjectName("guide_message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        save = QPushButton("&Save as PDF…")
        save.setObjectName("guide_save_pdf")
        save.clicked.connect(lambda: self.save_pdf())
        buttons.addButton(save, QDialogButtonBox.ButtonRole.ActionRole)
        print_ = QPushButton("&Print…")
        print_.setObjectName("guide_print")
        print_.clicked.connect(self.print_guide)
        buttons.addButton(print_, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        resize_within_screen(self, 760, 620)

    def ask_pdf_path(self) -> str:
        """Tests replace this (a file dialog would block)."""
        chosen, _ = QFileDialog.getSaveFileName(self, "Save the guide as PDF",
                                                str(Path.home() / "Deerfield Desk guide.pdf"),
                                                "PDF (*.pdf)")  # fmt: skip
        return chosen

    def save_pdf(self, chosen: str | None = None) -> Path | None:
        chosen = chosen if chosen is not None else self.ask_pdf_path()
        if not chosen:
            return None
        target = Path(chosen)
        if target.suffix.lower() != ".pdf":
            target = target.with_name(target.name + ".pdf")
        try:
            write_guide_pdf(target)
        except (OSError, ValueError) as exc:
            self.message.setText(f"The guide could not be saved to {target}: {exc}")
            return None
        self.message.setText(f"Saved to {target}")
        return target

    def print_guide(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter()
        if QPrintDialog(printer, self).exec() == QDialog.DialogCode.Accepted:
            self.browser.document().print_(printer)
