"""Print preview: the exact PDF the clerk will print, shown with QPdfView; print it to any
printer with QPrinter, or save it as a PDF file.

The preview shows the renderer's bytes, not a re-layout, so what is on screen, what is printed
and what ``deerfield-desk render`` writes are the same document. Printing rasterises each page
at the printer's resolution (QPdfDocument.render) and scales it to the printer's page.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
)

from deerfield_desk.documents.target import write_atomically
from deerfield_desk.errors import InvalidInput
from deerfield_desk.ui.a11y.fit import DeskDialog


class PrintPreview(DeskDialog):
    """Shows one PDF; Print…, Save as PDF…, Close. ``ask_save_path`` and ``ask_printer`` can
    be replaced in tests so no dialog blocks."""

    def __init__(self, parent, title: str, pdf: bytes, suggested_name: str):
        super().__init__(parent)
        self.setWindowTitle(f"Print preview — {title}")
        self.pdf = pdf
        self.suggested_name = suggested_name
        self._bytes = QByteArray(pdf)
        self._buffer = QBuffer(self._bytes, self)
        self._buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        self.document = QPdfDocument(self)
        self.document.load(self._buffer)
        self.view = QPdfView(self)
        self.view.setDocument(self.document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitInView)
        pages = self.document.pageCount()
        self.summary = QLabel(f"{title}: {pages} page{'s' if pages != 1 else ''}")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.print_button = QPushButton("&Print…")
        self.save_button = QPushButton("&Save as PDF…")
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.print_button.clicked.connect(self.print_document)
        self.save_button.clicked.connect(self.save_as)
        # The page as text, for a screen reader (the picture of the page says nothing to it):
        # the view's description, and a read-only box shown by "Page text".
        self.page_text = QPlainTextEdit(self.text_of_pages())
        self.page_text.setReadOnly(True)
        self.page_text.setAccessibleName(f"Text of {title}")
        self.page_text.setVisible(False)
        self.view.setAccessibleName(f"Page preview: {title}")
        self.view.setAccessibleDescription(self.page_text.toPlainText()[:4000])
        self.text_button = QPushButton("Page &text")
        self.text_button.setCheckable(True)
        self.text_button.toggled.connect(self.page_text.setVisible)
        buttons.addButton(self.text_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.page_text, 1)
        layout.addWidget(buttons)
        self.resize(820, 980)

    def text_of_pages(self) -> str:
        """Every page's text in reading order, pages separated by a line."""
        pages = []
        for page in range(self.document.pageCount()):
            pages.append(self.document.getAllText(page).text().strip())
        return "\n\n— next page —\n\n".join(pages)

    # -- hooks tests replace ---------------------------------------------------------------
    def ask_save_path(self) -> str:
        path, _ = QFileDialog.getSaveFileName(
            self, "Save as PDF", self.suggested_name, "PDF files (*.pdf)"
        )
        return path

    def ask_printer(self, printer: QPrinter) -> bool:
        return QPrintDialog(printer, self).exec() == QDialog.DialogCode.Accepted

    # -- actions ---------------------------------------------------------------------------
    def save_as(self) -> Path | None:
        path = self.ask_save_path()
        if not path:
            return None
        target = Path(path if path.lower().endswith(".pdf") else f"{path}.pdf")
        try:
            write_atomically(target, self.pdf)
        except (OSError, InvalidInput) as exc:
            QMessageBox.warning(self, "Save as PDF", f"Could not save {target}: {exc}")
            return None
        return target

    def print_document(self, printer: QPrinter | None = None) -> int:
        """Print every page; returns the number of pages sent (0 when cancelled)."""
        printer = printer or QPrinter(QPrinter.PrinterMode.HighResolution)
        if not self.ask_printer(printer):
            return 0
        return print_pdf(self.document, printer)


def print_pdf(document: QPdfDocument, printer: QPrinter) -> int:
    painter = QPainter()
    if not painter.begin(printer):
        raise OSError("the printer could not be opened")
    dpi = printer.resolution()
    try:
        for page in range(document.pageCount()):
            if page:
                printer.newPage()
            points = document.pagePointSize(page)
            size = QSize(int(points.width() * dpi / 72), int(points.height() * dpi / 72))
            image = document.render(page, size)
            target = painter.viewport()
            scaled = size.scaled(target.size(), Qt.AspectRatioMode.KeepAspectRatio)
            painter.drawImage(QRect(target.topLeft(), scaled), image)
    finally:
        painter.end()
    return document.pageCount()
