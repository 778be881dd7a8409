"""Issue 19: the permit detail pane and the wizard summary read as clean text in reading order.

Both are QTextBrowsers filled from HTML. Rendered with HTML tables, a screen reader got one
block strewn with Qt's cell markers (U+FDD0/U+FDD1), line separators (U+2028) and the
non-breaking hyphens that kept dates on one line. These tests read the panes as a screen
reader does, through the QAccessible text interface, over a permit built by the store and a
summary reached through the real wizard.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtGui import QAccessible

from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.store import inspections, ledger
from deerfield_desk.store.permit_detail import permit_detail
from deerfield_desk.store.permits_lifecycle import decide_review, issue_permit
from deerfield_desk.ui.permit_detail import PermitDetailPane
from tests.application_builders import TODAY, file_application, pay_all
from tests.lifecycle_fixtures import walk
from tests.test_lifecycle_issuance import receive_everything

HIDDEN = {"\ufdd0": "table cell start", "\ufdd1": "table cell end", "\u2028": "line separator",
          "\u2011": "non-breaking hyphen", "\ufffc": "object replacement"}  # fmt: skip


def spoken(browser) -> str:
    """What a screen reader gets: the pane's accessible text, checked against the document."""
    text = QAccessible.queryAccessibleInterface(browser).textInterface()
    said = text.text(0, text.characterCount())
    for char, name in HIDDEN.items():
        assert char not in said, f"the pane reads a hidden {name} (U+{ord(char):04X})"
        assert char not in browser.document().toPlainText(), name
    return said


def in_order(said: str, *parts: str) -> None:
    at = 0
    for part in parts:
        found = said.find(part, at)
        assert found >= 0, f"{part!r} not read after position {at}:\n{said}"
        at = found + len(part)


def own_line(said: str, heading: str) -> None:
    assert heading in said.split("\n"), f"heading {heading!r} is not on its own line"


def issued_house(register):
    file_application(
        register, site={"site_house_number": "12", "site_on_platted_lot": True},
        work="new_building",
        answers={"structure": "dwelling", "area_sqft": "1800", "estimated_cost": "250000",
                 "new_primary_structure": True},
    )  # fmt: skip
    building = register.query_one("SELECT * FROM permits WHERE kind = 'building'")
    decide_review(register, building["uuid"], "approve")
    pay_all(register, building)
    ledger.record_deposit(register, building["uuid"], "completion_deposit", 100000, "R-9", TODAY)
    receive_everything(register, ["plans_two_sets", "plot_plan", "house_number_placard"])
    issue_permit(register, building["uuid"], TODAY, VillageCalendar())
    inspections.request_inspection(
        register, building["uuid"], "footing", requested_by="Owner",
        requested_at=datetime(2026, 11, 30, 8), scheduled_for=datetime(2026, 12, 3, 9),
        now=datetime(2026, 11, 30, 8),
    )  # fmt: skip
    return register.get("permits", building["uuid"])


def test_the_detail_pane_reads_clean_text_in_order(qtbot, register):
    permit = issued_house(register)
    detail = permit_detail(register.conn, permit["uuid"])
    pane = PermitDetailPane()
    qtbot.addWidget(pane)
    pane.show_detail(detail)
    said = spoken(pane)
    fees = [(f["description"] or "", f"${f['amount_cents'] / 100:,.2f}") for f in detail.fees]
    assert fees, "the house carries fee lines"
    fee_parts = [part for line in fees for part in line if part]
    in_order(said, permit["permit_number"], "Parties", "Ann Owner", "608-555-0100",
             "Bo Builder", "Fees", *fee_parts, "received", "Inspections", "Footing",
             "2026-12-03", "History (journal)")  # fmt: skip
    for heading in ("Parties", "Fees", "Inspections", "Notices", "History (journal)"):
        own_line(said, heading)
    for line in said.split("\n"):  # one line per fee: amount and description together
        if line.startswith(fees[0][0]) and fees[0][0]:
            assert fees[0][1] in line, line
            break
    else:
        raise AssertionError(f"no line for the fee {fees[0][0]!r}:\n{said}")


def test_the_wizard_summary_reads_clean_text_in_order(qtbot, register):
    wizard = walk(
        qtbot, register, site={"site_house_number": "12", "site_on_platted_lot": True},
        work="new_building",
        answers={"structure": "dwelling", "area_sqft": "1800", "estimated_cost": "250000",
                 "new_primary_structure": True},
        description="Two-storey house", stop_at_summary=True,
    )  # fmt: skip
    said = spoken(wizard.summary_page.view)
    fee = wizard.summary_page.result.fees[0]
    in_order(said, "Building permit", "§12.07(2)(a)", fee.description, "What was entered",
             "Ann Owner", "Two-storey house")  # fmt: skip
    own_line(said, "What was entered")
    assert "On a platted lot: Yes" in said.split("\n"), "a label and its value on one line"
    assert "\u00a7" in said and 'href="cite:12.07(2)(a)"' in wizard.summary_page.view.toHtml()


def test_the_permit_window_summary_reads_clean_label_value_lines(qtbot, window, register):
    from deerfield_desk.ui.permit_window.window import PermitWindow

    permit = issued_house(register)
    pw = PermitWindow(window, permit["uuid"], TODAY)
    qtbot.addWidget(pw)
    said = spoken(pw.summary)
    in_order(said, permit["permit_number"], "12 Oak St", "Issued: 2026-11-30",
             "Expires: 2028-11-30", "Parcel: 0612-000-0001")  # fmt: skip
    assert "Fees owed: nothing owed" in said.split("\n"), "a label and its value on one line"
