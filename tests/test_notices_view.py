"""The Notices tab: a notice's whole life through the screen, the due date from the deadline
rules, overdue notices in the tab's filter and in the register's "needs action" list."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from deerfield_desk.errors import NotAllowed
from deerfield_desk.models.deadlines import compute_deadline
from deerfield_desk.store import notices as store
from deerfield_desk.store import register_queries as rq
from deerfield_desk.ui import confirm, notice_dialogs
from deerfield_desk.ui.notice_table_model import COLUMNS
from tests.notices_fixtures import build_permits, days_ago, filler

DUE, OVERDUE, STATUS, NUMBER = (COLUMNS.index(c) for c in ("Due", "Overdue", "Status", "Number"))


@pytest.fixture
def asked(monkeypatch):
    """Every confirmation and message the screen shows; confirmations answer yes."""
    log = []
    monkeypatch.setattr(confirm, "ask", lambda _p, title, text: log.append(title) or True)
    monkeypatch.setattr(confirm, "tell", lambda _p, title, text: log.append(f"{title}: {text}"))
    return log


@pytest.fixture
def window(main_window, register, monkeypatch, asked):
    ids = build_permits(register)
    win = main_window(register)
    monkeypatch.setattr(win, "current_permit_uuid", lambda: ids["permit1"]["uuid"])
    win.ids = ids
    return win


def cell(view, row: int, column: int) -> str:
    return view.model.index(row, column).data()


def draft_house_number(view, monkeypatch):
    monkeypatch.setattr(notice_dialogs, "run", filler(
        kind="house_number", facts="No house number visible from Liberty Street.",
        sections="12.32(5)(c)", remedy="Post the number, digits at least 2½ in tall.",
    ))  # fmt: skip
    return view.draft()


def test_notice_life_due_date_and_overdue_everywhere(window, monkeypatch, asked):
    view = window.notices_view
    assert window.tabs.tabText(window.tabs.indexOf(view)) == "Notices"
    view.clock = lambda: days_ago(40)
    row = draft_house_number(view, monkeypatch)
    assert row["status"] == "draft" and cell(view, 0, NUMBER) == "(draft)"
    assert view.edit_button.isEnabled() and not view.serve_button.isEnabled()

    issued = view.issue()
    assert asked[-1] == "Issue notice"
    assert issued["notice_number"] == f"N-{days_ago(40).year}-0001"
    # Issued means locked: the screen no longer offers editing and the store refuses it.
    assert not view.edit_button.isEnabled()
    with pytest.raises(NotAllowed):
        store.edit_draft(window.register, issued["uuid"], {"facts": "changed"})
    assert window.register.get("notices", issued["uuid"])["facts"].startswith("No house number")

    mailed = days_ago(40).date()
    monkeypatch.setattr(notice_dialogs, "run", filler(method="first_class_mail", served_on=mailed))
    served = view.serve()
    assert asked[-1] == "Record service" and served["service_method"] == "first_class_mail"
    # §12.32(7): 15 days counted from the day it was mailed, by the engine's deadline table.
    rule_due = compute_deadline("house_number_compliance", mailed, store.village_calendar(
        window.register)).due  # fmt: skip
    assert served["due_date"] == rule_due.isoformat() == cell(view, 0, DUE)
    assert cell(view, 0, STATUS) == "Served (mail)"

    # Back to the real today: 25 days past due.
    view.clock = lambda: days_ago(0)
    other = window.register.insert("notices", {"kind": "violation", "status": "draft"})
    view.refresh()
    assert view.model.rowCount() == 2
    view.overdue_only.setChecked(True)
    assert view.model.rowCount() == 1
    assert cell(view, 0, NUMBER) == served["notice_number"] and cell(view, 0, OVERDUE) == "OVERDUE"
    assert other["uuid"] not in [view.model.row_at(0)["uuid"]]

    # The register's "needs action" filter and next-action column show it too.
    window.register_view.filters.needs_action.setChecked(True)
    register_model = window.register_view.model
    assert register_model.rowCount() == 1
    assert register_model.uuid_at(0) == window.ids["permit1"]["uuid"]
    assert "Notice overdue" in register_model.permit_at(0).next_action().text

    # Complied: off both lists.
    view.select(served["uuid"])
    view.complied()
    assert asked[-1] == "Mark complied"
    assert view.model.rowCount() == 0
    assert register_model.rowCount() == 0


def test_withdraw_needs_a_written_reason(window, monkeypatch, asked):
    view = window.notices_view
    issued = view.issue() if draft_house_number(view, monkeypatch) else None
    monkeypatch.setattr(notice_dialogs, "run", filler(reason="   "))
    assert view.withdraw() is None
    dialog = notice_dialogs.run.seen[0]
    assert "reason" in dialog.error_text("reason")
    assert "Withdraw notice" not in asked  # nothing asked, nothing written
    assert window.register.get("notices", issued["uuid"])["status"] == "issued"

    monkeypatch.setattr(notice_dialogs, "run", filler(reason="Served on the wrong owner."))
    row = view.withdraw()
    assert asked[-1] == "Withdraw notice"
    assert row["status"] == "withdrawn" and row["void_reason"] == "Served on the wrong owner."
    assert not any(b.isEnabled() for b in (view.serve_button, view.withdraw_button))


def test_draft_names_the_field_at_fault(window, monkeypatch):
    view = window.notices_view
    monkeypatch.setattr(notice_dialogs, "run", filler(kind="violation", facts="", sections="12.20"))
    assert view.draft() is None
    dialog = notice_dialogs.run.seen[0]
    assert dialog.error_text("facts").startswith("Facts: say what was found")
    assert dialog.error_text("sections") == ""
    monkeypatch.setattr(notice_dialogs, "run", filler(
        kind="raze_order", facts="Roof collapsed.", sections="12.17"))  # fmt: skip
    assert view.draft() is None
    correct_by = notice_dialogs.run.seen[0].error_text("correct_by")
    assert correct_by.startswith("Correct by:") and "correct_by" not in correct_by
    assert window.register.query("SELECT * FROM notices") == []


def test_draft_with_no_permit_is_tied_to_the_parcel(window, monkeypatch, asked):
    """Work with no permit: the notice names the parcel and goes to its owner (issue 14, 6)."""
    monkeypatch.setattr(window, "current_permit_uuid", lambda: None)
    run = filler(parcel="0711-123-9999", kind="violation", facts="Shed built, no permit.",
                 sections="12.07")  # fmt: skip
    monkeypatch.setattr(notice_dialogs, "run", run)
    assert window.notices_view.draft() is None  # unknown parcel: said on the parcel line
    assert "no parcel" in run.seen[-1].error_text("parcel_id")
    run = filler(parcel="0711-123-0001", kind="violation", facts="Shed built, no permit.",
                 sections="12.07")  # fmt: skip
    monkeypatch.setattr(notice_dialogs, "run", run)
    row = window.notices_view.draft()
    assert row["permit_id"] is None and row["parcel_id"] == window.ids["permit1"]["parcel_id"]
    assert row["recipient_id"] is not None  # the parcel's owner


def test_late_appeal_is_recorded_and_flagged(window, monkeypatch, asked):
    view = window.notices_view
    view.clock = lambda: days_ago(60)
    draft_house_number(view, monkeypatch)
    view.issue()
    monkeypatch.setattr(notice_dialogs, "run", filler(method="in_person"))
    view.serve()
    monkeypatch.setattr(notice_dialogs, "run", filler(filed_on=date.today()))
    row = view.appealed()
    assert row["status"] == "appealed"
    assert json.loads(row["details_json"])["appeal_late"] is True
    assert asked[-1].startswith("Late appeal")
    assert "appeal filed late" in view.detail.text()


def test_print_opens_the_preview_of_that_notice(window, monkeypatch, qtbot):
    from tests.documents_fixtures import pdf_text

    view = window.notices_view
    draft_house_number(view, monkeypatch)
    issued = view.issue()
    preview = view.print_notice()
    qtbot.addWidget(preview)
    text = pdf_text(preview.pdf)
    # Addressed to the owner on the permit's application, as the draft dialog showed.
    assert issued["notice_number"] in text and "Owner 1" in text


def test_table_model_is_sound(window, monkeypatch, qtmodeltester):
    view = window.notices_view
    draft_house_number(view, monkeypatch)
    view.issue()
    draft_house_number(view, monkeypatch)
    qtmodeltester.check(view.model)


def test_overdue_has_one_definition(register):
    """store.overdue, the screen's query and the register's needs-action agree on the day."""
    from deerfield_desk.store.notice_queries import list_notices

    ids = build_permits(register)
    today = date.today()
    for served_days_ago, permit in ((30, "permit1"), (3, "permit2")):
        row = store.draft_notice(register, "house_number", facts="No number.",
                                 sections=["12.32(5)"], permit_id=ids[permit]["id"])  # fmt: skip
        store.issue_notice(register, row["uuid"], days_ago(served_days_ago))
        store.serve_notice(register, row["uuid"], "in_person", today - timedelta(served_days_ago))
    late = {r["uuid"] for r in store.overdue(register, today)}
    listed = {r["uuid"] for r in list_notices(register, today=today, overdue_only=True)}
    q = rq.RegisterQuery(needs_action=True, today=today.isoformat())
    flagged = [p.uuid for p in rq.page(register.conn, q, 0, 10)]
    assert late == listed and len(late) == len(flagged) == 1
    assert flagged == [ids["permit1"]["uuid"]]


def test_a_draft_can_be_corrected_before_issue(window, monkeypatch):
    view = window.notices_view
    draft = draft_house_number(view, monkeypatch)
    view.select(draft["uuid"])
    fill = filler(kind="violation", facts="Handrail missing.", sections="12.20, 12.23(1)")
    monkeypatch.setattr(notice_dialogs, "run", fill)
    edited = view.edit()
    assert edited["uuid"] == draft["uuid"] and edited["kind"] == "violation"
    assert json.loads(edited["sections"]) == ["12.20", "12.23(1)"]
    assert cell(view, 0, COLUMNS.index("Kind")) == "Notice of Violation and Order to Correct"
