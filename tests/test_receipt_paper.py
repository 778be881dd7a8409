"""Receipts on the paper the village chose (issue 16.3): a letter page for the office printer
or an 80 mm roll for a receipt printer, as long as the receipt. Checked on the real PDF:
its page size (pypdf) and every line a payer needs on it (poppler's pdftotext)."""

from __future__ import annotations

import dataclasses

import pytest
from pypdf import PdfReader

from deerfield_desk import documents
from deerfield_desk.documents.village import load_village_settings, save_village_settings
from deerfield_desk.errors import InvalidInput
from deerfield_desk.store import cashier
from tests.cashier_fixtures import MORNING, application_owing, pdf_text

MM = 72 / 25.4


def _paper(register, paper: str) -> None:
    settings = load_village_settings(register)
    save_village_settings(register, dataclasses.replace(settings, receipt_paper=paper))


def _pages(pdf: bytes, tmp_path) -> list[tuple[float, float]]:
    path = tmp_path / "pages.pdf"
    path.write_bytes(pdf)
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(path).pages]


def _pay(register, permit, **extra):
    lines = [(line["uuid"], line["balance_cents"]) for line in permit["lines"]]
    return cashier.take_payment(register, payer_name="Ann Owner", method="check",
                                check_number="1042", lines=lines, received_at=MORNING,
                                **extra)  # fmt: skip


EVERY_LINE = ("R-2026-0001", "Ann Owner", "Check no. 1042", "House number placard",
              "Plan review", "$15.00", "$75.00", "Total received", "$140.00", "November 30, 2026",
              "Pat Clerk")  # fmt: skip


@pytest.mark.parametrize("paper", ["letter", "roll80"])
def test_the_receipt_prints_every_line_on_either_paper(register, tmp_path, paper):
    permit = application_owing(register)
    _paper(register, paper)
    _pay(register, permit, note="paid at the counter")
    pdf = documents.render("receipt", "R-2026-0001", register)
    pages = _pages(pdf, tmp_path)
    assert len(pages) == 1  # a roll is never cut in the middle of a receipt
    width, height = pages[0]
    if paper == "letter":
        assert (width, height) == (612, 792)
    else:
        assert width == pytest.approx(80 * MM, abs=0.5)
        assert 90 * MM < height < 250 * MM  # as long as the content, not a letter page
    text = pdf_text(pdf, tmp_path)
    for words in (*EVERY_LINE, "paid at the counter", "Receipt"):
        assert words in text, f"{words!r} missing on the {paper} receipt"
    assert "DEMO" not in text  # a real register's receipt
    assert b"/Lang (en-US)" in pdf and b"/DisplayDocTitle true" in pdf  # read aloud (19.6)


def test_a_roll_receipt_grows_with_its_lines_and_a_voided_one_says_void(register, tmp_path):
    permit = application_owing(register)
    _paper(register, "roll80")
    one = [(permit["lines"][0]["uuid"], permit["lines"][0]["balance_cents"])]
    cashier.take_payment(register, payer_name="Ann Owner", method="cash", lines=one,
                         received_at=MORNING)  # fmt: skip
    rest = cashier.open_fee_lines(register, permit["application_id"])
    receipt = cashier.take_payment(
        register, payer_name="Bo Builder", method="money_order", check_number="MO-77",
        lines=[(line["uuid"], line["balance_cents"]) for line in rest], received_at=MORNING,
    )  # fmt: skip
    short = _pages(documents.render("receipt", "R-2026-0001", register), tmp_path)[0][1]
    long = _pages(documents.render("receipt", "R-2026-0002", register), tmp_path)[0][1]
    assert long > short  # one more fee line, a longer strip of paper
    cashier.void_receipt(register, receipt["uuid"], "keyed to the wrong payer", MORNING)
    text = pdf_text(documents.render("receipt", "R-2026-0002", register), tmp_path)
    assert "VOID" in text and "keyed to the wrong payer" in text
    assert "Money order no. MO-77" in text and "Bo Builder" in text


def test_the_paper_is_remembered_in_the_register_and_journaled(register):
    application_owing(register)
    assert load_village_settings(register).receipt_paper == "letter"  # the default
    _paper(register, "roll80")
    assert load_village_settings(register).receipt_paper == "roll80"
    entries = register.query(
        "SELECT j.after_json FROM journal j JOIN settings s ON s.uuid = j.record_uuid "
        "WHERE s.key = 'village.receipt_paper'"
    )
    assert entries and "roll80" in entries[-1]["after_json"]
    with pytest.raises(InvalidInput, match="receipt_paper"):
        _paper(register, "a4")
    assert load_village_settings(register).receipt_paper == "roll80"


def test_the_clerk_chooses_the_roll_in_village_settings(main_window, register, qtbot, tmp_path):
    """Documents → Village settings…: "Receipts print on" 80 mm roll, saved; the next receipt
    prints on the roll, and the page shows the choice when opened again."""
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox

    from deerfield_desk.ui.village_settings_page import VillageSettingsPage

    permit = application_owing(register)
    window = main_window(register)
    seen = []

    def answer():
        page = QApplication.activeModalWidget()
        if not isinstance(page, VillageSettingsPage):
            QTimer.singleShot(50, answer)
            return
        combo = page.findChild(QComboBox, "receipt_paper")
        seen.append(combo.currentText())
        combo.setFocus()
        combo.setCurrentIndex(combo.findData("roll80"))
        save = page.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save)
        qtbot.mouseClick(save, Qt.MouseButton.LeftButton)

    action = next(a for a in window.menu("Documents").actions()
                  if a.text().replace("&", "") == "Village settings…")  # fmt: skip
    QTimer.singleShot(0, answer)
    action.trigger()
    assert seen == ["Letter page (8½ × 11 in)"]  # the default, before the clerk chose
    assert register.get_setting("village.receipt_paper") == "roll80"
    _pay(register, permit)
    width = _pages(documents.render("receipt", "R-2026-0001", register), tmp_path)[0][0]
    assert width == pytest.approx(80 * MM, abs=0.5)
    again = VillageSettingsPage(window, register)
    qtbot.addWidget(again)
    assert again.receipt_paper.currentText() == "80 mm receipt roll"
    assert again.values().receipt_paper == "roll80"
