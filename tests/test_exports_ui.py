"""The export, import and state-report screens, driven as the clerk would (offscreen)."""

from __future__ import annotations

import csv
from datetime import date

import pytest
from PySide6.QtWidgets import QMessageBox

from deerfield_desk.ui.export_actions import ExportDialog, start_export
from deerfield_desk.ui.import_dialog import IGNORE, ImportDialog
from deerfield_desk.ui.state_report_view import StateReportDialog, remind
from tests.exports_fixtures import YEAR, make_year


@pytest.fixture
def window(main_window, register, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a: shown.append(a[2]))
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[2]))
    win = main_window(register)
    win.shown = shown
    return win


def action_texts(menu):
    return [a.text() for a in menu.actions()]


def test_menus_offer_export_import_and_state_reports(window):
    assert "&Export year…" in action_texts(window.menu("File"))
    assert "&Import old register…" in action_texts(window.menu("File"))
    assert "&State reports due…" in action_texts(window.menu("Tools"))


def test_export_dialog_defaults_to_last_year_early_in_the_year(window):
    dialog = ExportDialog(window, today=date(2026, 1, 5))
    assert dialog.year.value() == 2025
    assert dialog.formats() == ["csv", "xlsx", "blds", "pdf", "archive"]
    dialog.boxes["archive"].setChecked(False)
    assert "archive" not in dialog.formats()


def test_export_runs_in_the_background_and_reports_the_files(window, register, tmp_path,
                                                             sync_workers):  # fmt: skip
    make_year(register)
    start_export(window, YEAR, tmp_path, ["csv", "pdf"])
    assert (tmp_path / f"permits-{YEAR}.csv").is_file()
    assert (tmp_path / f"annual-report-{YEAR}.pdf").is_file()
    assert window.last_export.counts["permits"] == 12
    assert f"annual-report-{YEAR}.pdf" in window.shown[-1]


def test_an_empty_year_is_said_to_the_clerk_and_nothing_is_written(
    window, register, tmp_path, sync_workers, monkeypatch
):
    from deerfield_desk.ui import worker

    told = []  # the message box the clerk sees (a modal box would hang the test)
    monkeypatch.setattr(worker, "report_failure", lambda _p, title, text: told.append(text))
    make_year(register)
    start_export(window, YEAR + 3, tmp_path / "out", ["csv", "xlsx"])
    assert told and f"year: the register holds no records for {YEAR + 3}" in told[-1]
    assert f"{YEAR - 1}–{YEAR}" in told[-1]  # the years it does hold
    assert not any((tmp_path / "out").iterdir())
    assert getattr(window, "last_export", None) is None


def test_import_dialog_previews_maps_and_imports(window, register, tmp_path, sync_workers):
    source = tmp_path / "old.csv"
    with open(source, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Permit #", "Type", "Site Address", "Date Issued", "Notes"])
        for n in range(1, 8):
            writer.writerow([f"2018-{n:04d}", "building", f"{n} Ash St", "2018-04-05", "x"])
        writer.writerow(["2018-0099", "spaceship", "9 Ash St", "2018-04-05", "x"])
    changed = []
    window.register_changed.connect(changed.append)
    dialog = ImportDialog(window, source)
    assert dialog.preview.rowCount() == 5  # the first rows only
    assert dialog.combos["Type"].currentData() == "kind"
    assert dialog.combos["Notes"].currentText() == IGNORE
    dialog.start_import()
    assert dialog.result.imported == 7 and dialog.result.rejected == 1
    assert "Fix them in" in dialog.message.text()
    assert register.query_one("SELECT count(*) AS n FROM permits")["n"] == 7
    assert changed and "permits" in changed[-1]


def test_import_dialog_names_a_missing_required_field(window, tmp_path):
    source = tmp_path / "old.csv"
    source.write_text("Permit #,Type\n2018-0001,building\n", encoding="utf-8")
    dialog = ImportDialog(window, source)
    dialog.start_import()
    assert "Mapping:" in dialog.message.text() and "Address" in dialog.message.text()


def test_state_report_view_lists_months_and_marks_them_sent(window, register):
    make_year(register)
    today = date(2025, 3, 10)
    assert "OVERDUE" in remind(window, today)
    dialog = StateReportDialog(window, today)
    assert dialog.table.rowCount() == 2
    assert dialog.table.item(0, 4).text() == "overdue"
    dialog.table.selectRow(0)
    dialog.mark_selected_sent()
    assert dialog.table.item(0, 4).text() == "sent 2025-03-10"


def test_cancel_in_the_progress_dialog_leaves_no_files(qtbot, register, db_path, tmp_path):
    """The worker's own cancel path: Cancel pressed after the first progress report."""
    from deerfield_desk.exports.year_export import export_year
    from deerfield_desk.ui.worker import Job

    make_year(register)
    job = Job(lambda: export_year(db_path, YEAR, tmp_path / "out"))
    failures, results = [], []
    job.signals.progress.connect(lambda *a: setattr(job, "cancelled", True))
    job.signals.failed.connect(failures.append)
    job.signals.finished.connect(results.append)
    job.run()
    assert results == [] and failures and failures[0].startswith("Cancelled")
    assert list((tmp_path / "out").iterdir()) == []
