"""Every screen and dialog of the app, built over one filled register, for the accessibility
walk (tests/test_a11y_walk.py) and the counts in the issue-19 note (``python -m
tests.a11y_count``).

ADD YOUR SCREEN HERE: one function taking the :class:`Desk` and yielding the widget in each
state a user sees (a wizard yields once per page). Register it in ``SCREENS`` with a short name.
The walk then holds it to the rules: every control named, repeated controls with context, no
table that traps Tab.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from PySide6.QtWidgets import QWidget

from deerfield_desk.config import register_paths
from deerfield_desk.store import inspections
from deerfield_desk.store.register import Register

DAY = date(2026, 12, 1)


@dataclass
class Desk:
    """A filled register, its main window and the records the screens open."""

    register: Register
    tmp: Path
    window: QWidget
    ids: dict
    visits: list[dict] = field(default_factory=list)
    keep: list = field(default_factory=list)  # dialogs stay alive while audited

    def permit_uuid(self) -> str:
        return self.ids["permit"]["uuid"]


def build_desk(register: Register, tmp: Path, main_window) -> Desk:
    """The documents fixture's register (permits, notices, inspections, occupancy) plus two
    stops on today's route, so the Today cards repeat their buttons as they do in the field."""
    from tests.documents_fixtures import build_register

    ids = build_register(register, tmp)
    window = main_window(register)
    window.resize(1366, 768)
    desk = Desk(register, tmp, window, ids)
    permit = ids["permit"]
    for stage, hour in (("footing", 9), ("foundation", 11)):
        desk.visits.append(
            inspections.request_inspection(
                register, permit["uuid"], stage, requested_by="Owner",
                requested_at=datetime(2026, 11, 27, 8), scheduled_for=datetime(2026, 12, 1, hour),
                now=datetime(2026, 11, 27, 8),
            )
        )  # fmt: skip
    return desk


def _shown(desk: Desk, widget: QWidget) -> QWidget:
    desk.keep.append(widget)
    widget.show()
    return widget


def main_window(desk: Desk) -> Iterator[QWidget]:
    desk.window.show()
    yield desk.window


def today(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field.today import TodayScreen

    screen = _shown(desk, TodayScreen(desk.window, DAY))
    screen.resize(1366, 768)
    yield screen


def wizard(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.wizard import ApplicationWizard
    from tests.application_builders import complete_answers, people
    from tests.lifecycle_fixtures import fill

    who = people(desk.register)
    wiz = _shown(desk, ApplicationWizard(desk.register, desk.window, today=DAY))
    pages = {
        "site": {"site_parcel_number": "0612-000-0001", "site_street": "Oak St",
                 "site_house_number": "14"},
        "parties": {"party_owner": who["owner"]["uuid"],
                    "party_contractor": who["contractor"]["uuid"]},
        "work": {"work_kind": "new_building",
                 **{f"q_{k}": v for k, v in complete_answers("new_building").items()}},
    }  # fmt: skip
    for values in (*pages.values(), {}, {}):
        for name, value in values.items():
            if value is not None:
                fill(wiz, name, value)
        yield wiz  # each page as the clerk leaves it, its questions shown
        wiz.next()


def review_queue(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.lifecycle_actions import open_review_queue

    desk.window.show()
    open_review_queue(desk.window)  # a tab of the main window, as the menu opens it
    yield desk.window


def inspection_calendar(desk: Desk) -> Iterator[QWidget]:
    """The calendar tab on the week of today's two stops, as the menu item opens it."""
    from deerfield_desk.ui.field.install import open_week

    desk.window.show()
    desk.window.inspection_week.today = DAY
    desk.window.inspection_week.set_week(DAY)
    open_week(desk.window)
    yield desk.window


def issue(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.issue_dialog import IssueDialog

    yield _shown(desk, IssueDialog(desk.window, desk.ids["erosion"]["uuid"], today=DAY))


def money(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.money_dialog import MoneyDialog

    yield _shown(desk, MoneyDialog(desk.window, desk.permit_uuid(), today=DAY))


def extend(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.extend_dialog import ExtendDialog

    yield _shown(desk, ExtendDialog(desk.window, desk.permit_uuid(), today=DAY))


def fee_schedule(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.fee_schedule_page import FeeScheduleDialog

    yield _shown(desk, FeeScheduleDialog(desk.window))


def state_reports(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.state_report_view import StateReportDialog

    yield _shown(desk, StateReportDialog(desk.window, today=DAY))


def export_year(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.export_actions import ExportDialog

    yield _shown(desk, ExportDialog(desk.window, today=DAY))


def import_register(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.import_dialog import ImportDialog

    yield _shown(desk, ImportDialog(desk.window))


def identity(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.identity import IdentityDialog

    yield _shown(desk, IdentityDialog(desk.window))


def village_settings(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.village_settings_page import VillageSettingsPage

    yield _shown(desk, VillageSettingsPage(desk.window, desk.register))


def calendar(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.calendar_dialog import CalendarDialog

    yield _shown(desk, CalendarDialog(desk.window, desk.register, today=DAY))


def ordinance(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.ordinance_reader import OrdinanceReader

    yield _shown(desk, OrdinanceReader(desk.window, "12.12(5)"))


def print_preview(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.documents import render
    from deerfield_desk.ui.print_preview import PrintPreview

    pdf = render("permit-card", "2026-0042", desk.register)
    yield _shown(desk, PrintPreview(desk.window, "Permit card 2026-0042", pdf, "card.pdf"))


def conflicts(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field_exchange.conflicts_view import ConflictsDialog

    yield _shown(desk, ConflictsDialog(desk.window, desk.register))


def checkout(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field_exchange.dialogs import CheckoutDialog

    yield _shown(desk, CheckoutDialog(desk.window, desk.tmp, ["inspector-laptop"], print))


def permit_inspections(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field.permit_inspections import PermitInspectionsDialog

    yield _shown(desk, PermitInspectionsDialog(desk.window, desk.permit_uuid()))


def request(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field.request_dialog import RequestDialog

    now = datetime(2026, 12, 1, 8)
    yield _shown(desk, RequestDialog(desk.register, desk.permit_uuid(), "rough", now=now))


def result(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field.result_dialog import ResultDialog

    yield _shown(desk, ResultDialog(desk.register, desk.visits[0]["uuid"]))


def checklist(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field.checklist_dialog import ChecklistDialog

    erosion = desk.ids["erosion"]["uuid"]
    yield _shown(desk, ChecklistDialog(desk.window, erosion))


def notice_draft(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.notice_dialogs import DraftNoticeDialog

    yield _shown(desk, DraftNoticeDialog(desk.window, desk.register, desk.ids["permit"]))


def notice_service(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.notice_dialogs import ServiceDialog

    notice = desk.ids["notices"]["violation"]
    yield _shown(desk, ServiceDialog(desk.window, desk.register, notice, DAY))


def notice_lift(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.notice_dialogs import LiftDialog

    notice = desk.ids["notices"]["building_stop_work"]
    yield _shown(desk, LiftDialog(desk.window, desk.register, notice, DAY))


def take_payment(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.store.cashier_lookup import payment_subject
    from deerfield_desk.ui.cashier.take_payment import TakePaymentDialog

    subject = payment_subject(desk.register, desk.permit_uuid())
    yield _shown(desk, TakePaymentDialog(desk.window, desk.register, subject))


def receipts(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.cashier.receipts_dialog import ReceiptsDialog

    yield _shown(desk, ReceiptsDialog(desk.window, desk.register, day=DAY))


def office_hours(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field.office_hours_dialog import OfficeHoursDialog

    yield _shown(desk, OfficeHoursDialog(desk.register, desk.window))


def result_again(desk: Desk) -> Iterator[QWidget]:
    """The Result dialog recording a visit again after its result was voided (issue 17)."""
    from deerfield_desk.store import inspection_schedule
    from deerfield_desk.ui.field.result_dialog import ResultDialog

    visit = desk.visits[1]
    inspections.record_result(desk.register, visit["uuid"], "not_ready",
                              inspected_at=datetime(2026, 12, 1, 11))  # fmt: skip
    again = inspection_schedule.void_result(desk.register, visit["uuid"], "wrong stop")
    yield _shown(desk, ResultDialog(desk.register, again["uuid"]))


def zoning(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.zoning_dialog import ZoningDialog

    yield _shown(desk, ZoningDialog(desk.window))


def permit_window(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.permit_window.window import PermitWindow

    window = _shown(desk, PermitWindow(desk.window, desk.permit_uuid(), DAY))
    window.resize(1366, 768)
    yield window  # the walk visits every tab


def owner_link(desk: Desk) -> Iterator[QWidget]:
    """An imported permit's typed owner, linked or added from the permit window."""
    from deerfield_desk.ui.permit_window.owner_dialog import OwnerLinkDialog

    imported = desk.register.insert("permits", {"permit_number": "2019-0007", "kind": "building",
                                                "status": "finaled", "address_text": "27 Elm St",
                                                "owner_name": "Renée Côté"})  # fmt: skip
    dialog = _shown(desk, OwnerLinkDialog(desk.window, desk.register, imported["uuid"]))
    yield dialog
    dialog.new_radio.setChecked(True)
    yield dialog


def people_directory(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.permit_window.directory import AddPersonDialog, PeopleDirectory

    yield _shown(desk, PeopleDirectory(desk.window, DAY))
    yield _shown(desk, AddPersonDialog(desk.window, desk.register))


def help_screens(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.help.about import AboutDialog
    from deerfield_desk.ui.help.guide import GuideDialog
    from deerfield_desk.ui.help.shortcuts import ShortcutsDialog

    yield _shown(desk, GuideDialog(desk.window))
    yield _shown(desk, ShortcutsDialog(desk.window))
    yield _shown(desk, AboutDialog(desk.window))


def start_register(desk: Desk) -> Iterator[QWidget]:
    """The first start: the welcome choice, then the new register's first page."""
    from deerfield_desk.models.actor import Actor, Role
    from deerfield_desk.ui.start.setup_wizard import SetupWizard
    from deerfield_desk.ui.start.welcome import WelcomeDialog

    yield _shown(desk, WelcomeDialog())
    clerk = Actor("Pat Clerk", Role.CLERK, "pc")
    yield _shown(desk, SetupWizard(clerk, desk.tmp / "new" / "register.sqlite"))


def photo_viewer(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field.photo_viewer import PhotoViewer

    yield _shown(desk, PhotoViewer(desk.window, desk.permit_uuid()))


def signature_pad(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field.signature_pad import SignatureDialog

    yield _shown(desk, SignatureDialog(desk.register, desk.visits[0]["uuid"]))


def defect_library(desk: Desk) -> Iterator[QWidget]:
    from deerfield_desk.ui.field.defect_library_dialog import DefectLibraryDialog

    yield _shown(desk, DefectLibraryDialog(desk.register))


SCREENS: dict[str, Callable[[Desk], Iterator[QWidget]]] = {
    "main window": main_window,
    "today": today,
    "wizard": wizard,
    "review queue": review_queue,
    "inspection calendar": inspection_calendar,
    "issue": issue,
    "money": money,
    "extend": extend,
    "fee schedule": fee_schedule,
    "state reports": state_reports,
    "export year": export_year,
    "import register": import_register,
    "identity": identity,
    "village settings": village_settings,
    "calendar": calendar,
    "ordinance": ordinance,
    "print preview": print_preview,
    "conflicts": conflicts,
    "checkout": checkout,
    "permit inspections": permit_inspections,
    "request": request,
    "result": result,
    "checklist": checklist,
    "notice draft": notice_draft,
    "notice service": notice_service,
    "notice lift": notice_lift,
    "take payment": take_payment,
    "receipts": receipts,
    "zoning": zoning,
    "office hours": office_hours,
    "result again": result_again,
    "permit window": permit_window,
    "owner link": owner_link,
    "people directory": people_directory,
    "help": help_screens,
    "start register": start_register,
    "photo viewer": photo_viewer,
    "signature pad": signature_pad,
    "defect library": defect_library,
}


def paths_for(register: Register):
    return register_paths(register.path)
