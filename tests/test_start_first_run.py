"""The first start: welcome → set up the village's register (through the app's own settings
screens), open one, or the demo; nothing is made unless the clerk chooses it."""

from __future__ import annotations

import csv
from datetime import date

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCommandLinkButton, QMessageBox, QWizard

from deerfield_desk.config import demo_paths, register_paths
from deerfield_desk.documents.village import load_village_settings
from deerfield_desk.store.ledger import fee_schedule
from deerfield_desk.store.village_calendar import closures_for_year, confirmed_on
from deerfield_desk.ui.start import first_run
from deerfield_desk.ui.start.setup_wizard import SetupWizard
from deerfield_desk.ui.start.welcome import WelcomeDialog


@pytest.fixture
def boxes(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a: shown.append(a[2]))
    return shown


def old_register_csv(path):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Permit #", "Type", "Site Address", "Date Issued"])
        for n in range(1, 6):
            writer.writerow([f"2019-{n:04d}", "building", f"{n} Liberty St", "2019-05-02"])
    return path


def click_later(qtbot, widget_getter):
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, lambda: qtbot.mouseClick(widget_getter(), Qt.MouseButton.LeftButton))


def test_setup_wizard_makes_the_register_with_settings_fees_holidays_and_old_permits(
    qtbot, clerk, tmp_path, boxes, sync_workers
):
    target = tmp_path / "office" / "register.sqlite"
    wizard = SetupWizard(clerk, target)
    qtbot.addWidget(wizard)
    wizard.show()
    assert wizard.location.path.text() == str(target)
    wizard.next()  # 1 → the register is made here
    assert target.is_file() and wizard.register is not None
    village = wizard.currentPage().screen
    village.edits["address"].setText("Village Hall, 4 North Main Street, Deerfield, WI 53531")
    village.edits["phone"].setText("(608) 764-5404")
    village.edits["clerk"].setText("Pat Clerk")
    village.edits["inspector"].setText("Lee Inspector")
    wizard.next()  # 2 → saved
    fees = wizard.currentPage().screen
    assert fees.table.rowCount() > 0  # the ordinance's defaults to start from
    fees.table.item(0, 2).setText("75.00")
    first_code = fees.table.cellWidget(0, 0).currentData()
    wizard.next()  # 3 → saved
    calendar = wizard.currentPage().screen
    calendar.year.setValue(date.today().year)
    calendar.new_name.setText("Village picnic")
    calendar.new_date.setDate(date(date.today().year, 7, 17))
    calendar.add()
    calendar.confirm_list()
    wizard.next()  # 4
    importer = wizard.currentPage().screen
    importer.load(old_register_csv(tmp_path / "old.csv"))
    qtbot.mouseClick(importer.import_button, Qt.MouseButton.LeftButton)
    assert importer.result.imported == 5
    wizard.next()  # 5 → the summary, read back from the register
    summary = wizard.findChild(object, "setup_summary").text()
    assert "Official documents: ready to print." in summary
    assert "Fee schedule: saved." in summary and "Permits in the register: 5." in summary
    assert f"confirmed on {date.today().isoformat()}" in summary
    reg = wizard.register
    settings = load_village_settings(reg)
    assert settings.phone == "(608) 764-5404" and settings.inspector == "Lee Inspector"
    entry = next(e for e in fee_schedule(reg) if e["code"] == first_code)
    assert entry["flat_cents"] == 7500
    year = date.today().year
    assert "Village picnic" in [c.name for c in closures_for_year(reg, year)]
    assert confirmed_on(reg, year) == date.today()
    actions = {r["action"] for r in reg.query("SELECT action FROM journal")}
    assert actions >= {"insert"}  # the imported permits are journaled
    reg.close()


def test_a_register_location_that_exists_is_refused_and_left_alone(qtbot, clerk, tmp_path):
    target = tmp_path / "register.sqlite"
    target.write_bytes(b"the clerk's spreadsheet, misnamed")
    wizard = SetupWizard(clerk, target)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    assert wizard.register is None and wizard.currentPage() is wizard.location
    error = wizard.findChild(object, "setup_location_error")
    assert error.isVisible() and "already exists" in error.text()
    assert target.read_bytes() == b"the clerk's spreadsheet, misnamed"


def test_an_empty_location_names_the_field(qtbot, clerk, tmp_path):
    wizard = SetupWizard(clerk, tmp_path / "register.sqlite")
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.location.path.setText("  ")
    wizard.next()
    assert wizard.register is None
    assert "Register file" in wizard.findChild(object, "setup_location_error").text()


def test_first_start_setup_returns_the_made_register_for_the_window(qtbot, clerk, tmp_path,
                                                                     monkeypatch):  # fmt: skip
    welcome = WelcomeDialog()
    wizard = SetupWizard(clerk, register_paths().db)
    qtbot.addWidget(welcome)
    qtbot.addWidget(wizard)
    click_later(qtbot, lambda: welcome.findChild(QCommandLinkButton, "start_setup"))

    def run_wizard():  # the clerk makes the register, then leaves the rest for later
        wizard.show()
        wizard.next()
        wizard.reject()
        return 0

    monkeypatch.setattr(wizard, "exec", run_wizard)
    chosen = first_run.run_first_start(clerk, welcome=welcome, wizard=wizard)
    paths, demo, opened = chosen
    assert not demo and paths == register_paths() and paths.db.is_file()
    assert opened.register is wizard.register and opened.owner.held
    opened.register.close()
    opened.owner.release()


def test_first_start_demo_is_the_demo_register(qtbot, clerk):
    welcome = WelcomeDialog()
    qtbot.addWidget(welcome)
    click_later(qtbot, lambda: welcome.findChild(QCommandLinkButton, "start_demo"))
    paths, demo, opened = first_run.run_first_start(clerk, welcome=welcome)
    assert demo and paths == demo_paths() and opened is None and paths.db.is_file()
    assert not register_paths().db.exists()  # the village's register is not made by the demo


def test_closing_the_welcome_makes_nothing(qtbot, clerk, isolated_home):
    from PySide6.QtCore import QTimer

    welcome = WelcomeDialog()
    qtbot.addWidget(welcome)
    QTimer.singleShot(0, welcome.reject)
    assert first_run.run_first_start(clerk, welcome=welcome) is None
    assert not register_paths().db.exists() and not demo_paths().db.exists()


def test_first_start_open_takes_the_chosen_file(qtbot, clerk, tmp_path, monkeypatch):
    from deerfield_desk.store.register import Register

    existing = tmp_path / "stick" / "register.sqlite"
    Register.create(existing, clerk).close()
    monkeypatch.setattr(first_run, "ask_register_file", lambda parent=None: str(existing))
    welcome = WelcomeDialog()
    qtbot.addWidget(welcome)
    click_later(qtbot, lambda: welcome.findChild(QCommandLinkButton, "start_open"))
    paths, demo, opened = first_run.run_first_start(clerk, welcome=welcome)
    assert paths.db == existing.resolve() and not demo and opened is None


def test_the_wizard_buttons_say_what_they_do(qtbot, clerk, tmp_path):
    wizard = SetupWizard(clerk, tmp_path / "r.sqlite")
    qtbot.addWidget(wizard)
    assert wizard.buttonText(QWizard.WizardButton.CancelButton) == "Finish &later"
    assert wizard.buttonText(QWizard.WizardButton.FinishButton) == "&Open the register"
