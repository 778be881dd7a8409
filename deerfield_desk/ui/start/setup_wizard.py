"""Set up the village's register: where it lives, the office's details, the fee schedule, the
holiday calendar and the old register, as the steps of one wizard.

Why these steps and this order: nothing official prints without the village office's details
(address, phone, clerk, inspector); fees and deadlines are wrong until the Board's fee
resolution and the office's closed days are in; and the permits of the old register belong in
the new one before the first application is numbered. Each step after the first is the same
screen the clerk will use later (``embed.embedded``), saved and journaled the same way; every
one but the first can be left for later.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWizard,
    QWizardPage,
)

from deerfield_desk.config import register_paths, unsafe_location_warning
from deerfield_desk.errors import DeskError
from deerfield_desk.store.changes import OpChanges
from deerfield_desk.store.register import Register
from deerfield_desk.ui.screen_fit import resize_within_screen
from deerfield_desk.ui.start.embed import embedded
from deerfield_desk.ui.wizard.fields import error_label, hint_label


class SetupWizard(QWizard):
    """Holds the register once made (``register``); the embedded screens read it from here
    as they read it from the main window."""

    def __init__(self, actor, default_path: Path, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Set up the village's register")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setButtonText(QWizard.WizardButton.FinishButton, "&Open the register")
        self.setButtonText(QWizard.WizardButton.CancelButton, "Finish &later")
        self.actor = actor
        self.register: Register | None = None
        self.default_path = Path(default_path)
        self.location = LocationPage(self)
        for page in (self.location, VillagePage(self), FeesPage(self), HolidaysPage(self),
                     ImportPage(self), DonePage(self)):  # fmt: skip
            self.addPage(page)
        resize_within_screen(self, 900, 640)

    # What the embedded screens expect of a window:
    @property
    def paths(self):
        assert self.register is not None
        return register_paths(self.register.path)

    def catch_up(self) -> OpChanges:
        """The import writes on its own connection; nothing here shows permits yet."""
        return OpChanges()

    def create_register(self, path: Path) -> str | None:
        """Make the register at ``path``; the problem in plain words, or None when made."""
        if self.register is not None:
            return None
        try:
            self.register = Register.create(path, self.actor)
        except DeskError as exc:
            return str(exc)
        return None


class LocationPage(QWizardPage):
    def __init__(self, wizard: SetupWizard):
        super().__init__()
        self.wizard_ = wizard
        self.setTitle("1. Where the register is kept")
        layout = QVBoxLayout(self)
        layout.addWidget(hint_label(
            "The register is one file. Keep it on this computer's own disk (not a network "
            "share or a cloud-synced folder); backups go to a 'backups' folder beside it "
            "every day and when the app closes."))  # fmt: skip
        row = QHBoxLayout()
        label = QLabel("Register &file")
        self.path = QLineEdit(str(wizard.default_path))
        self.path.setObjectName("setup_register_path")
        label.setBuddy(self.path)
        choose = QPushButton("&Choose…")
        choose.setAccessibleName("Choose where the register file goes")
        choose.clicked.connect(self._choose)
        row.addWidget(label)
        row.addWidget(self.path, 1)
        row.addWidget(choose)
        layout.addLayout(row)
        self.note = hint_label("")
        self.note.setObjectName("setup_location_note")
        layout.addWidget(self.note)
        self.error = error_label()
        self.error.setObjectName("setup_location_error")
        layout.addWidget(self.error)
        layout.addStretch(1)
        self.path.textChanged.connect(self._check)
        self._check()

    def target(self) -> Path:
        text = self.path.text().strip()
        path = Path(text).expanduser() if text else Path()
        return path if path.suffix.lower() == ".sqlite" else path.with_name(path.name + ".sqlite")

    def _check(self) -> None:
        text = self.path.text().strip()
        self.note.setText(unsafe_location_warning(self.target()) or "" if text else "")

    def _choose(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, "Register file", self.path.text(),
                                                "Registers (*.sqlite)")  # fmt: skip
        if chosen:
            self.path.setText(chosen)

    def validatePage(self) -> bool:  # noqa: N802 (Qt's name)
        if not self.path.text().strip():
            return self._refuse("Register file: choose where the register is kept.")
        problem = self.wizard_.create_register(self.target())
        if problem:
            return self._refuse(problem)
        self.path.setReadOnly(True)  # made: going back cannot make a second one
        self.error.setVisible(False)
        return True

    def _refuse(self, text: str) -> bool:
        self.error.setText(text)
        self.error.setVisible(True)
        return False


class EmbeddedPage(QWizardPage):
    """A step showing one of the app's own settings screens, built once the register exists."""

    title_text = ""
    hint_text = ""

    def __init__(self, wizard: SetupWizard):
        super().__init__()
        self.wizard_ = wizard
        self.screen = None
        self.setTitle(self.title_text)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(hint_label(self.hint_text))

    def make_screen(self):  # pragma: no cover - every step overrides it
        raise NotImplementedError

    def initializePage(self) -> None:  # noqa: N802 (Qt's name)
        if self.screen is None:
            self.screen = self.make_screen()
            self._layout.addWidget(embedded(self.screen, self.hidden_buttons), 1)

    hidden_buttons: tuple[str, ...] = ()


class VillagePage(EmbeddedPage):
    title_text = "2. The village office"
    hint_text = ("Printed on every permit, notice and letter. Official documents do not print "
                 "until the office address, phone and inspector are set.")  # fmt: skip

    def make_screen(self):
        from deerfield_desk.ui.village_settings_page import VillageSettingsPage

        return VillageSettingsPage(self.wizard_, self.wizard_.register)

    def validatePage(self) -> bool:  # noqa: N802 (Qt's name)
        return self.screen.save()


class FeesPage(EmbeddedPage):
    title_text = "3. Fee schedule"
    hint_text = ("The fees of the Village Board's current resolution. The amounts shown are "
                 "the ordinance's defaults; change any the Board has changed.")  # fmt: skip

    def make_screen(self):
        from deerfield_desk.ui.fee_schedule_page import FeeScheduleDialog

        return FeeScheduleDialog(self.wizard_)

    def validatePage(self) -> bool:  # noqa: N802 (Qt's name)
        return self.screen.save()


class HolidaysPage(EmbeddedPage):
    title_text = "4. Holidays and office closures"
    hint_text = ("Deadlines count working days (§31.02(36)): the days the office is closed "
                 "matter. Correct this year's list and confirm it; Tools → Village calendar "
                 "keeps it later.")  # fmt: skip

    def make_screen(self):
        from deerfield_desk.ui.calendar_dialog import CalendarDialog

        return CalendarDialog(self.wizard_, self.wizard_.register)


class ImportPage(EmbeddedPage):
    title_text = "5. The old register"
    hint_text = ("If the office kept permits in a spreadsheet, bring them in now (CSV or "
                 "Excel). Skip this step if there is none; File → Import old register… does "
                 "it later.")  # fmt: skip
    hidden_buttons = ("Close",)

    def make_screen(self):
        from deerfield_desk.ui.import_dialog import ImportDialog

        return ImportDialog(self.wizard_)


class DonePage(QWizardPage):
    """What the register now holds, read back from it (not from the pages' fields)."""

    def __init__(self, wizard: SetupWizard):
        super().__init__()
        self.wizard_ = wizard
        self.setTitle("6. Ready")
        layout = QVBoxLayout(self)
        self.summary = QLabel()
        self.summary.setObjectName("setup_summary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        layout.addStretch(1)

    def initializePage(self) -> None:  # noqa: N802 (Qt's name)
        from deerfield_desk.store.setup_state import setup_state

        self.summary.setText(setup_state(self.wizard_.register).describe())
