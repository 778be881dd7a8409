"""Issue 16 (third session): the field screens say a refusal in the office's words, naming the
field as the screen names it and the rule, never "field_code: rule"; the error is announced
to a screen reader. One test per screen provokes a real refusal from the store and reads
what the screen shows. (The result, checklist, request and defect-library dialogs are held
to the same in their own test files.)"""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from deerfield_desk.store import ledger
from deerfield_desk.store.inspections import request_inspection
from deerfield_desk.store.permit_corrections import void_payment
from deerfield_desk.ui import confirm
from deerfield_desk.ui.a11y import announce
from deerfield_desk.ui.field import visit_actions
from deerfield_desk.ui.field.erosion_log_panel import ErosionLogPanel
from deerfield_desk.ui.field.signature_pad import SignatureDialog
from deerfield_desk.ui.field.visit_actions import RescheduleDialog
from deerfield_desk.ui.permit_window.contractor_dialog import NameContractorDialog
from deerfield_desk.ui.permit_window.correct_dialog import ReasonDialog
from tests.application_builders import TODAY
from tests.inspections_fixtures import NOW, make_permit

CODE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")  # a stored field code such as scheduled_for


def in_words(text: str, field: str) -> None:
    """The text names ``field`` in words at its start and carries no field code."""
    assert text.startswith(f"{field}: "), text
    assert not CODE.search(text), text
    assert len(text) > len(field) + 10, text  # and a rule after the name


@pytest.fixture
def visit(register):
    permit = make_permit(register)
    return request_inspection(register, permit["uuid"], "footing", requested_by="Dana",
                              requested_at=NOW, scheduled_for=datetime(2026, 12, 3, 9))  # fmt: skip


def test_moving_a_visit_to_its_own_time_is_refused_in_words(qtbot, register, visit,
                                                            monkeypatch):  # fmt: skip
    monkeypatch.setattr(confirm, "confirm", lambda *_a: True)  # outside office hours: book it
    dialog = RescheduleDialog(register, visit["uuid"])
    qtbot.addWidget(dialog)
    dialog.reason.setText("owner asked")
    dialog.save()
    in_words(dialog.error.text(), "Scheduled for")
    assert announce.HEARD[-1] == dialog.error.text()


def test_cancelling_without_a_reason_is_refused_in_words(register, visit, monkeypatch):
    told: list = []
    monkeypatch.setattr(visit_actions, "ask_text", lambda *_a: " ")
    monkeypatch.setattr(confirm, "tell", lambda _p, title, text: told.append(text))
    assert visit_actions.cancel(None, register, visit["uuid"]) is None
    in_words(told[0], "Reason")
    assert register.get("inspections", visit["uuid"])["result"] == "requested"


def test_a_signature_without_a_name_is_refused_in_words(qtbot, register, visit):
    dialog = SignatureDialog(register, visit["uuid"])
    qtbot.addWidget(dialog)
    dialog.name.setText("")
    dialog.save()
    in_words(dialog.error.text(), "Signer name")
    assert dialog.saved is None


def test_an_erosion_log_entry_without_the_inspector_is_refused_in_words(qtbot, register):
    permit = make_permit(register, kind="erosion_control", permit_class="minor", work=None)
    panel = ErosionLogPanel(register, permit["uuid"], TODAY)
    qtbot.addWidget(panel)
    panel.by.setText("")
    panel.add_entry()
    in_words(panel.error.text(), "Inspected by")


def test_the_permit_windows_reason_and_contractor_dialogs_say_errors_in_words(qtbot, register):
    from tests.people_builders import builder, file_for, maria_twice

    full, _empty = maria_twice(register)
    permit = file_for(register, full, builder(register))[0]
    fee = ledger.fees_for_permit(register, permit["id"])[0]
    paid = ledger.record_payment(register, fee["uuid"], fee["balance_cents"], "check", "R-1041",
                                 TODAY)  # fmt: skip
    dialog = ReasonDialog(None, "Void payment", "Void it?",
                          lambda reason: void_payment(register, paid["uuid"], reason))  # fmt: skip
    qtbot.addWidget(dialog)
    assert not dialog.submit()
    in_words(dialog.error.text(), "Reason")
    other = builder(register, "Cy Carpenter", "7654321")
    named = NameContractorDialog(None, register, permit["uuid"], trade="general", today=TODAY)
    qtbot.addWidget(named)
    named.person.setCurrentIndex(named.person.findData(other["uuid"]))
    assert not named.submit()  # replacing the general contractor needs a reason
    in_words(named.error.text(), "Reason")
