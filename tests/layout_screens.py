"""The counter's screens with their tables, filled and opened at a given screen size, for the
column-readability test (tests/test_columns_readable.py) and the layout screenshots
(``python -m tests.layout_screenshots``).

Issue 16.8: "every column readable at 1280×800 (phone numbers do not wrap, the next action is
visible)". The data is built with the store's own functions, as the counter builds it: a filed
house with its owner, contractors by trade (one credential expired), a payment voided with a
reason, a receipt taken at the cashier, a notice drafted and issued, and the permit waiting for
review.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QStyle, QTableView, QWidget

from deerfield_desk.store import cashier, inspections, ledger
from deerfield_desk.store import notices as nreg
from deerfield_desk.store.applications import add_person
from deerfield_desk.store.cashier_lookup import payment_subject
from deerfield_desk.store.permit_contractors import name_contractor
from deerfield_desk.store.register import Register
from tests.cashier_fixtures import MORNING, application_owing

TODAY = date(2026, 11, 30)
WORD_WRAP = int(Qt.TextFlag.TextWordWrap)


@dataclass
class Table:
    """One table of a screen: where it is and which columns must read whole."""

    screen: str
    view: QAbstractItemView
    window: QWidget


def fill(reg: Register) -> dict:
    """Everything the screens show, built through the store."""
    from tests.people_builders import file_for
    from tests.permit_window_screenshots import build

    ids = build(reg)
    permit = ids["permit"]
    heating = add_person(
        reg,
        {"name": "Christopher Vandenheuvel-Schmidt",
         "firm": "Wisconsin Comfort Heating & Cooling Services LLC",
         "phone": "(608) 555-0199 ext. 204", "email": "dispatch@wicomfortheating.example.com",
         "mailing_address": "N4521 County Road KP, Cottage Grove, WI 53527-9712",
         "credential_type": "HVAC Qualifier", "credential_number": "HVQ-1204417",
         "credential_expires": "2027-03-31"},
        contractor=True,
    )  # fmt: skip
    name_contractor(reg, permit["uuid"], "hvac", heating["uuid"])
    stage = inspections.planned_stages(reg, permit["uuid"])[0].stage.code
    inspections.request_inspection(
        reg, permit["uuid"], stage, requested_by="Bo Builder",
        requested_at=datetime(2026, 11, 27, 8, 5), scheduled_for=datetime(2026, 12, 1, 9),
        now=datetime(2026, 11, 27, 8, 5),
    )  # fmt: skip
    owner = reg.query_one("SELECT id FROM people WHERE phone = '608-555-0177'")
    notice = nreg.draft_notice(
        reg, "violation", facts="Fence built without a permit.", sections=["12.23(1)"],
        permit_id=permit["id"], recipient_id=owner["id"],
    )  # fmt: skip
    nreg.issue_notice(reg, notice["uuid"], datetime(2026, 11, 20, 10))
    long_way = file_for(
        reg, heating, heating, parcel="0612-000-0002", street="North Liberty Street Extension",
        house="12345", description="Detached garage with a second-floor workshop",
    )[0]  # fmt: skip
    first = inspections.planned_stages(reg, long_way["uuid"])[0].stage.code
    inspections.request_inspection(
        reg, long_way["uuid"], first, requested_by="Christopher Vandenheuvel-Schmidt",
        requested_at=datetime(2026, 11, 27, 8, 30), scheduled_for=datetime(2026, 12, 1, 9),
        now=datetime(2026, 11, 27, 8, 30),
        contact_phone="(608) 555-0199 ext. 204",
    )  # fmt: skip
    for kind, facts in (
        ("building_stop_work", "Framing begun before the footing passed."),
        ("house_number", "No house number visible from the street."),
    ):
        stop = nreg.draft_notice(reg, kind, facts=facts, sections=["12.23(1)"],
                                 permit_id=long_way["id"], recipient_id=heating["id"])  # fmt: skip
        nreg.issue_notice(reg, stop["uuid"], datetime(2026, 11, 24, 14, 30))
    ledger.record_deposit(reg, permit["uuid"], "completion_deposit", 50_000,
                          "Check 100477, First Business Bank", TODAY)  # fmt: skip
    owing = application_owing(reg, house="31")
    cashier.take_payment(
        reg, payer_name="Gonzalez Family Construction LLC", method="check", check_number="100482",
        lines=[(line["uuid"], line["balance_cents"]) for line in owing["lines"][:2]],
        received_at=MORNING,
    )  # fmt: skip
    fees = ledger.fees_for_permit(reg, owing["id"])
    return {**ids, "owing": owing, "fees": fees}


def screens(window, ids: dict, size: tuple[int, int]) -> Iterator[Table]:
    """Open each screen at ``size`` (the main window's tabs in the main window) and yield its
    tables, one at a time, each on the tab or page where the clerk sees it."""
    from deerfield_desk.ui.cashier.receipts_dialog import ReceiptsDialog
    from deerfield_desk.ui.cashier.take_payment import TakePaymentDialog
    from deerfield_desk.ui.lifecycle_actions import open_review_queue
    from deerfield_desk.ui.permit_window.directory import PeopleDirectory
    from deerfield_desk.ui.permit_window.window import PermitWindow

    reg = window.register
    window.show()
    window.resize(*size)
    week = window.inspection_week
    window.tabs.setCurrentWidget(week)
    week.set_week(TODAY)
    yield Table("inspection calendar", week.table, window)
    open_review_queue(window)
    queue = window.lifecycle_review_queue
    yield Table("review queue", queue.table, window)
    window.tabs.setCurrentWidget(window.notices_view)
    yield Table("notices", window.notices_view.table, window)
    pw = PermitWindow(window, ids["permit"]["uuid"], TODAY)
    pw.show()
    pw.resize(*size)
    for index in range(pw.tabs.count()):
        pw.tabs.setCurrentIndex(index)
        page = pw.tabs.widget(index)
        for view in page.findChildren(QTableView):
            title = pw.tabs.tabText(index).replace("&", "")
            yield Table(f"permit window, {title}: {view.accessibleName()}", view, pw)
    pw.close()
    directory = PeopleDirectory(window, TODAY)
    directory.show()
    directory.resize(*size)
    yield Table("people directory", directory.table, directory)
    directory.close()
    pay = TakePaymentDialog(window, reg, payment_subject(reg, ids["owing"]["uuid"]),
                            now=lambda: MORNING)  # fmt: skip
    pay.show()
    pay.resize(*size)
    yield Table("take payment", pay.table, pay)
    pay.close()
    receipts = ReceiptsDialog(window, reg, day=MORNING.date(), now=lambda: MORNING)
    receipts.show()
    receipts.resize(*size)
    yield Table("receipts and daily deposit", receipts.table, receipts)
    receipts.close()


def text_room(view: QAbstractItemView, column: int) -> int:
    """The width a cell's text gets in ``column``: the column less the item's margins (Qt's
    item delegate keeps PM_FocusFrameHMargin + 1 on each side)."""
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    return view.columnWidth(column) - 2 * margin  # type: ignore[attr-defined]


#: Text that must stay on one line whatever the column: a phone number, a date or a moment,
#: an amount, a record number (N-2026-0001, R-2026-0001, 2026-0007).
ONE_LINE = re.compile(
    r"^(\(?\d{3}\)?[ -]?\d{3}-\d{4}( ext\. ?\d+)?"  # phone
    r"|\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2})?"  # date, moment
    r"|\$[\d,]+\.\d{2}"  # amount
    r"|[A-Z]?-?\d{4}-\d{4})$"  # record number
)


def cut_cells(view: QAbstractItemView) -> list[str]:
    """Cells the clerk cannot read whole: a column (partly) outside the visible part of the
    table; a phone, date, amount or number that does not fit its column on one line; other
    text that neither fits on one line nor wraps whole into its row (a table that wraps
    breaks between words; a word wider than its column would be cut)."""
    model = view.model()
    found = []
    viewport = view.viewport().width()
    header = view.horizontalHeader()  # type: ignore[attr-defined]
    wraps = view.wordWrap()  # type: ignore[attr-defined]
    for column in range(model.columnCount()):
        if header.isSectionHidden(column):
            continue
        name = model.headerData(column, Qt.Orientation.Horizontal)
        room = text_room(view, column)
        right = header.sectionViewportPosition(column) + header.sectionSize(column)
        if right > viewport + 1:
            found.append(f"{name}: column ends at {right}, beyond the visible {viewport}")
        for row in range(model.rowCount()):
            index = model.index(row, column)
            font = model.data(index, Qt.ItemDataRole.FontRole)
            fm = QFontMetrics(font if font is not None else view.font())
            text = str(model.data(index) or "")
            for line in text.split("\n"):
                need = fm.horizontalAdvance(line)
                if need <= room:
                    continue
                if ONE_LINE.match(line.strip()) or not wraps:
                    found.append(f"{name} row {row + 1}: {line!r} needs {need}, has {room}")
                    continue
                words = [w for w in line.split() if fm.horizontalAdvance(w) > room]
                box = fm.boundingRect(QRect(0, 0, room, 10**6), WORD_WRAP, text)
                height = view.rowHeight(row)  # type: ignore[attr-defined]
                if words or box.height() > height:
                    found.append(
                        f"{name} row {row + 1}: {line!r} wraps to {box.height()} px "
                        f"in a row of {height}" + (f"; {words} cut" if words else "")
                    )
    return found
