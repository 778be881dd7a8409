"""The Documents menu in the app: preview shows the rendered PDF, prints it, saves it; the
batch of this week's placards runs in the background into one PDF; village settings save."""

from __future__ import annotations

from datetime import date

import pytest
from pypdf import PdfReader
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QMessageBox

from deerfield_desk.documents.batch import placard_batch
from deerfield_desk.ui import documents_actions
from tests.documents_fixtures import build_register, pdf_text


@pytest.fixture
def window(main_window, register, tmp_path):
    build_register(register, tmp_path)
    return main_window(register)


def test_documents_menu_lists_every_document(window):
    labels = [a.text().replace("&", "") for a in window.menu("Documents").actions()]
    for expected in (
        "Permit card…",
        "Address placard…",
        "Occupancy permit…",
        "Print placards issued this week…",
        "Village settings…",
    ):
        assert expected in labels


def test_preview_prints_and_saves_the_same_document(window, qtbot, tmp_path):
    preview = documents_actions.preview_document(window, "permit-card", "2026-0042")
    qtbot.addWidget(preview)
    assert preview.document.pageCount() == 1
    assert "2026-0042" in pdf_text(preview.pdf)
    preview.ask_save_path = lambda: str(tmp_path / "card")
    saved = preview.save_as()
    assert saved == tmp_path / "card.pdf" and saved.read_bytes() == preview.pdf
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    preview.ask_printer = lambda p: True
    assert preview.print_document(printer) == 1
    assert len(PdfReader(tmp_path / "printed.pdf").pages) == 1


def test_unknown_number_warns_and_opens_nothing(window, monkeypatch):
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warnings.append(a[2]))
    assert documents_actions.preview_document(window, "placard", "2026-9999") is None
    assert warnings == ["no permit numbered 2026-9999"]


def test_batch_placards_for_the_week_in_background(
    window, qtbot, tmp_path, sync_workers, monkeypatch
):
    target = tmp_path / "week.pdf"
    monkeypatch.setattr(documents_actions, "ask_batch_target", lambda w: str(target))
    shown = []
    documents_actions.print_week_placards(window, date(2026, 11, 18), on_done=shown.append)
    assert shown, "the batch did not finish"
    qtbot.addWidget(shown[0])
    # permits 2026-0042 (16 Nov) and 2026-0043 (17 Nov) were issued that week, both at 123
    assert shown[0].document.pageCount() == 2
    assert "2026-0042" in pdf_text(target.read_bytes())


def test_cancelled_batch_leaves_no_file(tmp_path):
    target = tmp_path / "cancelled.pdf"
    records = [
        {"house_number": str(n), "street": "Elm", "permit_number": f"2026-{n:04d}"}
        for n in range(1, 20)
    ]
    gen = placard_batch(records, None, target)
    next(gen)
    next(gen)
    gen.close()  # what the worker does on Cancel
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_village_settings_page_saves_and_refuses_a_missing_seal(window, qtbot, tmp_path):
    from deerfield_desk.ui.village_settings_page import VillageSettingsPage

    page = VillageSettingsPage(window, window.register)
    qtbot.addWidget(page)
    assert page.edits["phone"].text() == "(608) 555-0142"
    page.edits["inspector"].setText("Sam Newinspector")
    page.seal.setText(str(tmp_path / "no-seal.png"))
    assert not page.save() and "Seal image" in page.message.text()
    assert window.register.get_setting("village.inspector") == "Lee Inspector"
    page.seal.setText("")
    assert page.save()
    assert window.register.get_setting("village.inspector") == "Sam Newinspector"


def test_occupancy_prints_only_the_recorded_permit(window, qtbot, monkeypatch):
    """Issue 14, item 9: no occupancy paper for a permit with none recorded (§12.16)."""
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[2]))
    assert documents_actions.preview_document(window, "occupancy", "2026-0045") is None
    assert "no occupancy permit recorded" in warned[-1]
    permit = window.register.query_one("SELECT * FROM permits WHERE permit_number = '2026-0045'")
    window.register.insert("occupancy_permits", {
        "permit_id": permit["id"], "kind": "temporary", "issued_on": "2026-11-24",
        "issued_by": "Lee Inspector", "ends_on": "2026-12-24", "term_days": 30,
        "occupancy_number": "2026-0045-OC1", "use_text": "single-family dwelling",
        "conditions": "Keep the basement stair gate closed"})  # fmt: skip
    preview = documents_actions.preview_document(window, "occupancy", "2026-0045")
    qtbot.addWidget(preview)
    text = pdf_text(preview.pdf)
    assert "Valid until December 24, 2026" in text and "Occupancy permit 2026-0045-OC1" in text
    assert "single-family dwelling" in text and "Keep the basement stair gate closed" in text
    # a term never rolls: the stored end is printed as recorded


def test_menu_offers_the_permit_chooser_for_permit_documents(window, qtbot, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    offered = []

    def pick(parent, title, label, items, current, editable):
        offered.extend(items)
        return next(i for i in items if i.startswith("2026-0042")), True

    monkeypatch.setattr(QInputDialog, "getItem", pick)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: pytest.fail(f"warned: {a[2]}"))
    # the register's selection is a permit a placard does not apply to: the chooser is offered
    rejected = window.register.query_one("SELECT uuid FROM permits WHERE status = 'rejected'")
    monkeypatch.setattr(window, "current_permit_uuid", lambda: rejected["uuid"], raising=False)
    preview = documents_actions.preview_document(window, "placard")
    qtbot.addWidget(preview)
    assert "MAIN STREET" in pdf_text(preview.pdf)
    assert not any("application A-2026-0008" in o for o in offered)  # rejected: no placard
