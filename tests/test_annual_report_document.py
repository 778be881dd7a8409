"""The Village Board's annual report is a document kind like every printed document:
``documents.render("annual-report", year, register)`` is what the Documents menu previews,
the ``render`` command writes and the year-end export files (issue 18 / issue 12)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from PySide6.QtWidgets import QMessageBox

from deerfield_desk import documents
from deerfield_desk.cli import main
from deerfield_desk.documents.village import load_village_settings, save_village_settings
from deerfield_desk.errors import InvalidInput
from deerfield_desk.exports.year_export import run_export
from deerfield_desk.ui import documents_actions
from deerfield_desk.ui.print_preview import PrintPreview
from tests.documents_fixtures import pdf_text
from tests.exports_fixtures import YEAR, make_year


@pytest.fixture
def window(main_window, register, db_path):
    make_year(register, db_path.parent / "photos")
    return main_window(register)


def _menu_action(window, text: str):
    return next(a for a in window.menu("Documents").actions() if a.text() == text)


def test_menu_preview_cli_and_export_print_the_same_report(window, db_path, tmp_path, qtbot,
                                                           monkeypatch):  # fmt: skip
    asked = []
    monkeypatch.setattr(documents_actions, "ask_year", lambda w: asked.append(w) or str(YEAR))
    _menu_action(window, "Annual report for the Village &Board…").trigger()
    previews = window.findChildren(PrintPreview)
    assert asked == [window] and len(previews) == 1
    preview = previews[0]
    qtbot.addWidget(preview)
    assert preview.document.pageCount() >= 3
    text = pdf_text(preview.pdf)
    assert f"Annual Permit Report {YEAR}" in text and "Applications received" in text
    target = tmp_path / "report.pdf"
    assert main(["render", "annual-report", str(YEAR), "--to", str(target), "--db",
                 str(db_path)]) == 0  # fmt: skip
    run_export(db_path, YEAR, tmp_path / "out", ["pdf"])  # no archive: nothing journaled
    exported = (tmp_path / "out" / f"annual-report-{YEAR}.pdf").read_bytes()
    assert preview.pdf == target.read_bytes() == exported
    assert preview.pdf == documents.render("annual-report", str(YEAR), window.register)


def test_the_village_name_in_settings_heads_the_report(window):
    settings = load_village_settings(window.register)
    save_village_settings(window.register, replace(settings, name="Village of Deerfield & Co"))
    text = pdf_text(documents.render("annual-report", str(YEAR), window.register))
    assert "Village of Deerfield & Co Annual Permit Report" in text  # the heading
    assert "Village of Deerfield & Co · Annual permit report" in text  # every page's footer


@pytest.mark.parametrize(
    "ref,says",
    [("20x5", "is not a year"), (str(YEAR - 30), "the register covers"),
     (str(date.today().year + 3), "the register covers")],
)  # fmt: skip
def test_a_year_the_register_does_not_cover_is_refused_by_name(window, ref, says):
    with pytest.raises(InvalidInput, match=says) as caught:
        documents.render("annual-report", ref, window.register)
    assert caught.value.field == "REF"


def test_the_menu_says_why_a_year_has_no_report_and_opens_nothing(window, monkeypatch):
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warnings.append(a[2]))
    monkeypatch.setattr(documents_actions, "ask_year", lambda w: str(YEAR - 30))
    _menu_action(window, "Annual report for the Village &Board…").trigger()
    assert window.findChildren(PrintPreview) == []
    assert len(warnings) == 1 and f"no annual report for {YEAR - 30}" in warnings[0]


def test_the_year_asked_defaults_to_the_year_just_closed(window, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    offered = []

    def answer(parent, title, label, value, low, high):
        offered.append(value)
        return value, True

    monkeypatch.setattr(QInputDialog, "getInt", answer)
    assert documents_actions.ask_year(window, date(2026, 2, 3)) == "2025"
    assert documents_actions.ask_year(window, date(2026, 11, 3)) == "2026"
    assert offered == [2025, 2026]
