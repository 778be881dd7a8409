"""Documents a screen reader can read (issue 19.6): each PDF says its title and language;
the print preview gives the page's text, not only its picture."""

from __future__ import annotations

import subprocess

from deerfield_desk.documents import render
from deerfield_desk.ui.print_preview import PrintPreview
from tests.documents_fixtures import build_register


def pdf_info(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout


def test_each_document_says_its_title_and_language(register, tmp_path):
    build_register(register, tmp_path)
    for kind, ref, title in (
        ("permit-card", "2026-0042", "2026-0042"),
        ("placard", "2026-0042", "Address placards"),
    ):
        pdf = render(kind, ref, register)
        info = pdf_info(pdf, tmp_path)
        assert title in next(line for line in info.splitlines() if line.startswith("Title:"))
        assert b"/Lang (en-US)" in pdf
        assert b"/DisplayDocTitle true" in pdf


def test_print_preview_exposes_the_page_text(register, tmp_path, qtbot):
    build_register(register, tmp_path)
    pdf = render("permit-card", "2026-0042", register)
    preview = PrintPreview(None, "Permit card 2026-0042", pdf, "card.pdf")
    qtbot.addWidget(preview)
    preview.show()
    assert "Badger Builders LLC" in preview.view.accessibleDescription()
    assert not preview.page_text.isVisible()
    preview.text_button.click()
    assert preview.page_text.isVisible()
    text = preview.page_text.toPlainText()
    assert "2026-0042" in text and "123 Main Street" in text
    assert text.index("Owner") < text.index("Required inspections")  # in reading order
