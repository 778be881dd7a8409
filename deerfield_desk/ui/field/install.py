"""Plug field mode into the main window: the "Today" tab and the Inspections menu.

The dialogs open through ``open_result``/``open_checklist``/``open_photos`` so the cards and
the menu share one path; the menu acts on the first stop of the day not yet recorded, and the
permit dialog on the permit open in the register view (or one picked from a list).
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

from deerfield_desk.models.inspection_rules import RESULT_LABELS, Result
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store import inspections
from deerfield_desk.store.changes import OpChanges
from deerfield_desk.ui import permit_picker
from deerfield_desk.ui.a11y.announce import announce
from deerfield_desk.ui.field import permit_inspections, photo_actions, visit_actions
from deerfield_desk.ui.field.checklist_dialog import ChecklistDialog
from deerfield_desk.ui.field.defect_library_dialog import DefectLibraryDialog
from deerfield_desk.ui.field.inspection_week import InspectionWeek
from deerfield_desk.ui.field.photo_viewer import PhotoViewer
from deerfield_desk.ui.field.request_dialog import RequestDialog
from deerfield_desk.ui.field.result_dialog import ResultDialog
from deerfield_desk.ui.field.signature_pad import SignatureDialog
from deerfield_desk.ui.field.today import TodayScreen


def open_result(window, inspection_uuid: str) -> None:
    dialog = ResultDialog(window.register, inspection_uuid, window)
    dialog.exec()
    if dialog.saved is not None:  # said, not only shown (issue 19.3)
        saved, reinspection = dialog.saved
        text = f"Result saved: {RESULT_LABELS[Result(saved['result'])]}"
        if reinspection is not None:
            text += "; re-inspection requested"
        announce(window, text)


def visit_action(window, inspection_uuid: str, action: str) -> None:
    """Move, cancel, void and record again, or sign (the card's More menu)."""
    if action == "reschedule":
        visit_actions.reschedule(window, window.register, inspection_uuid)
    elif action == "cancel":
        visit_actions.cancel(window, window.register, inspection_uuid)
    elif action == "void":
        again = visit_actions.void_result(window, window.register, inspection_uuid)
        if again is not None:
            open_result(window, again["uuid"])
    elif action == "sign":
        open_signature(window, inspection_uuid)


def open_checklist(window, inspection_uuid: str) -> None:
    inspection = window.register.get("inspections", inspection_uuid)
    permit = window.register.get_by_id("permits", inspection["permit_id"])
    ChecklistDialog(window, permit["uuid"], inspection_uuid, window).exec()


def open_photos(window, inspection_uuid: str) -> None:
    """The visit's photos in the viewer (strips per visit, zoom, caption, marks), with
    "Add photos" importing to this visit in the background."""
    inspection = window.register.get("inspections", inspection_uuid)
    permit = window.register.get_by_id("permits", inspection["permit_id"])
    PhotoViewer(window, permit["uuid"], ("inspections", inspection_uuid), window).exec()


def open_signature(window, inspection_uuid: str) -> None:
    """The contractor or owner signs the visit's report or correction notice on screen."""
    SignatureDialog(window.register, inspection_uuid, window).exec()


def open_office_hours(window) -> None:
    """Tools → Office hours for inspections…: the village's days, hours and slot length."""
    from deerfield_desk.ui.field.office_hours_dialog import OfficeHoursDialog

    if OfficeHoursDialog(window.register, window).exec():
        window.notify_changed("settings")


def open_defect_library(window) -> None:
    DefectLibraryDialog(window.register, window).exec()


def attach_to_next(window, inspection_uuid: str) -> None:
    photo_actions.attach_photos(window, "inspections", inspection_uuid)


# Permits that can have inspections: issued (or extended), stopped, or finaled.
INSPECTABLE = (
    PermitStatus.ISSUED,
    PermitStatus.EXTENDED,
    PermitStatus.STOP_WORK,
    PermitStatus.FINALED,
)


def choose_permit(window) -> str | None:
    """The permit open in the register view, else one chosen (the lifecycle's picker)."""
    return permit_picker.choose_permit(window, INSPECTABLE, "Permit inspections")


def book_slot(window, slot) -> bool:
    """Book an inspection into a calendar slot: the permit, then the stage, then the request
    dialog on that slot (caller and phone filled from the permit)."""
    uuid = permit_picker.choose_permit(window, INSPECTABLE, "Book inspection")
    if not uuid:
        return False
    permit = window.register.get("permits", uuid)
    stages = {
        f"{p.stage.title} (§{p.stage.section})": p.stage.code
        for p in inspections.planned_stages(window.register, uuid)
        if not p.waived
    }
    choice = permit_inspections.ask_item(
        window, "Book inspection", f"Stage to inspect at {permit['address_text']}", list(stages)
    )
    if choice is None:
        return False
    dialog = RequestDialog(window.register, uuid, stages[choice], parent=window, slot=slot)
    return bool(dialog.exec())


def open_visits(window, uuids: list[str]):
    """Open what is booked in a calendar slot: the permit's window on its Inspections tab with
    the visit chosen (from there: record the result, move or cancel it, call the contractor).
    Several visits in one slot: the clerk picks one."""
    from deerfield_desk.ui.field.inspection_week import booking_text
    from deerfield_desk.ui.permit_window import open_permit_window
    from deerfield_desk.ui.permit_window.tables import select_key

    by_uuid = {b.uuid: b for b in window.inspection_week.bookings}
    uuid = uuids[0]
    if len(uuids) > 1:
        labels = {booking_text(by_uuid[u]).replace("\n", " — "): u for u in uuids if u in by_uuid}
        choice = permit_inspections.ask_item(
            window, "Open booking", "Which inspection in this slot?", list(labels)
        )
        if choice is None:
            return None
        uuid = labels[choice]
    inspection = window.register.get("inspections", uuid)
    permit = window.register.get_by_id("permits", inspection["permit_id"])
    pw = open_permit_window(window, permit["uuid"])
    pw.tabs.setCurrentWidget(pw.inspections.parentWidget())
    select_key(pw.inspections, uuid)
    pw.inspections.setFocus()
    return pw


def open_week(window) -> None:
    """Inspections → Inspection calendar: the calendar's tab, its grid ready for the arrows."""
    window.tabs.setCurrentWidget(window.inspection_week)
    window.inspection_week.table.setFocus()


def open_permit_inspections(window, permit_uuid: str) -> None:
    permit_inspections.PermitInspectionsDialog(window, permit_uuid, window).exec()


def _next_stop(today: TodayScreen) -> str | None:
    for stop in today.stops:
        if stop.result == Result.REQUESTED:
            return stop.uuid
    return today.stops[0].uuid if today.stops else None


def install(window) -> None:
    today = TodayScreen(window)
    window.today_screen = today
    window.add_tab(today, "Today")
    today.result_requested.connect(lambda uuid: open_result(window, uuid))
    today.checklist_requested.connect(lambda uuid: open_checklist(window, uuid))
    today.photo_requested.connect(lambda uuid: open_photos(window, uuid))
    today.visit_action_requested.connect(lambda uuid, what: visit_action(window, uuid, what))

    def refresh(changes: OpChanges) -> None:
        if changes.touches(*TodayScreen.SHOWS):
            today.reload()

    window.register_changed.connect(refresh)
    week = InspectionWeek(
        window,
        book=lambda slot: book_slot(window, slot),
        open_visits=lambda uuids: open_visits(window, uuids),
        lazy=True,
    )
    window.inspection_week = week
    window.add_tab(week, "Inspection calendar")
    window.register_changed.connect(week.follow)
    menu = window.menu("Inspections")

    def act(text, shortcut, handler):
        action = QAction(text, window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(handler)
        menu.addAction(action)
        return action

    def on_next(handler):
        def run():
            uuid = _next_stop(today)
            if uuid:
                handler(window, uuid)

        return run

    def show_today():
        window.tabs.setCurrentWidget(today)

    def permit_dialog():
        uuid = choose_permit(window)
        if uuid:
            open_permit_inspections(window, uuid)

    act("&Today's route", "Ctrl+T", show_today)
    act("&Stages, requests and occupancy for a permit…", "Ctrl+Shift+I", permit_dialog)
    act("Inspection &calendar (week)", None, lambda: open_week(window))
    act("Record &result for next stop…", "Ctrl+R", on_next(open_result))
    act("Exhibit &A checklist for next stop…", "Ctrl+E", on_next(open_checklist))
    act("P&hotos of next stop…", None, on_next(open_photos))

    def permit_photos() -> None:
        uuid = choose_permit(window)
        if uuid:
            PhotoViewer(window, uuid, None, window).exec()

    act("Photos of a permit (every &visit)…", None, permit_photos)

    def sign_last() -> None:
        # a visit is signed once its result is recorded: the latest recorded stop of the day
        recorded = [s for s in today.stops if s.result != Result.REQUESTED]
        if recorded:
            open_signature(window, recorded[-1].uuid)

    act("Si&gnature on the last recorded stop's report or notice…", None, sign_last)
    act("&Defect library…", None, lambda: open_defect_library(window))
    hours = QAction("Office &hours for inspections…", window)
    hours.setObjectName("office_hours_action")
    hours.triggered.connect(lambda: open_office_hours(window))
    window.menu("Tools").addAction(hours)
    act("Attach &photos to next stop…", "Ctrl+Shift+A", on_next(attach_to_next))
    act(
        "&Import camera folder to next stop…",
        None,
        on_next(lambda w, u: photo_actions.attach_camera_folder(w, "inspections", u)),
    )
