"""Helpers for the lifecycle tests: drive the wizard through its widgets as a clerk would."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QWizard

from deerfield_desk.ui import confirm
from deerfield_desk.ui.wizard import ApplicationWizard
from tests.application_builders import TODAY, complete_answers, people


def set_widget(widget, value) -> None:
    if isinstance(widget, QCheckBox):
        widget.setChecked(bool(value))
    elif isinstance(widget, QComboBox):
        index = widget.findData(value)
        assert index >= 0, f"{widget.objectName()} has no choice {value!r}"
        widget.setCurrentIndex(index)
    elif isinstance(widget, QLineEdit):
        widget.setText(str(value))
        widget.editingFinished.emit()
    else:  # pragma: no cover - a new widget type in the wizard
        raise AssertionError(type(widget))


def fill(wizard: QWizard, name: str, value) -> None:
    page = wizard.currentPage()
    widget = page.findChild(QLineEdit, name) or page.findChild(QCheckBox, name)
    widget = widget or page.findChild(QComboBox, name)
    assert widget is not None, f"no field {name} on {page.title()}"
    set_widget(widget, value)


def walk(qtbot, register, *, site: dict, work: str, answers: dict, received=(),
         description: str = "", stop_at_summary: bool = False) -> ApplicationWizard:  # fmt: skip
    """Fill every page and (unless told to stop) submit; returns the wizard."""
    who = people(register)
    wizard = ApplicationWizard(register, today=TODAY)
    qtbot.addWidget(wizard)
    wizard.show()
    site = {"site_parcel_number": "0612-000-0001", "site_street": "Oak St", **site}
    for name, value in site.items():
        fill(wizard, name, value)
    assert wizard.validateCurrentPage()
    wizard.next()
    fill(wizard, "party_owner", who["owner"]["uuid"])
    fill(wizard, "party_contractor", who["contractor"]["uuid"])
    wizard.next()
    fill(wizard, "work_kind", work)
    answers = {**complete_answers(work), **answers}
    if description:
        fill(wizard, "work_description", description)
    for key, value in answers.items():
        if value is not None:
            fill(wizard, f"q_{key}", value)
    assert wizard.validateCurrentPage(), wizard.state
    wizard.next()
    for key in received:
        fill(wizard, f"recv_{key}", True)
    wizard.next()
    assert wizard.currentPage() is wizard.summary_page
    if not stop_at_summary:
        # Never block on the refusal message box: name what is still undetermined instead.
        undetermined = (
            wizard.summary_page.result and wizard.summary_page.result.assessment.undetermined
        )
        assert not undetermined, f"still to determine: {undetermined}"
        submit(wizard)
    return wizard


def submit(wizard, answer: bool = True) -> list[str]:
    """Press Submit and answer the official-act confirmation (never a blocking box);
    returns the confirmations asked, so a test can say there was exactly one."""
    asked: list[str] = []
    original = confirm.ask
    confirm.ask = lambda _parent, title, _text: asked.append(title) or answer
    try:
        wizard.accept()
    finally:
        confirm.ask = original
    return asked


def receive_all(wizard) -> None:
    """Tick every item the items page offers (what a complete application hands in)."""
    wizard.back() if wizard.currentPage() is wizard.summary_page else None
    for check in wizard.items_page.checks.values():
        check.setChecked(True)
    wizard.next()
