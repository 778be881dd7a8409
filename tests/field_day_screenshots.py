"""Screenshots of the inspector's day (issue 17) and the office's week (16.7): the Today route
with a stop selected and its More menu, the Result dialog asking why a stage comes early, the
Move dialog, the request dialog, the permit's stages and the week calendar. One run per look:
``QT_QPA_PLATFORM=offscreen [QT_SCALE_FACTOR=2] PYTHONPATH=. python -m
tests.field_day_screenshots OUTDIR SUFFIX [dark]`` (committed: docs/screenshots/fieldday-*)."""

from __future__ import annotations

import sys
import tempfile
from datetime import date, datetime, timedelta
from pathlib import Path

from PySide6.QtWidgets import QApplication

from deerfield_desk.config import register_paths
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.models.inspection_slots import Odd
from deerfield_desk.store import inspection_schedule, inspections
from deerfield_desk.store.register import Register
from deerfield_desk.ui.field.inspection_week import InspectionWeek
from deerfield_desk.ui.field.permit_inspections import PermitInspectionsDialog
from deerfield_desk.ui.field.request_dialog import RequestDialog
from deerfield_desk.ui.field.result_dialog import ResultDialog
from deerfield_desk.ui.field.visit_actions import RescheduleDialog
from deerfield_desk.ui.main_window import MainWindow
from tests.field_screenshots import dark
from tests.inspections_fixtures import make_permit

DAY = date.today() - timedelta(days=date.today().weekday() + 6)  # last week's Tuesday
STREETS = ("Liberty St", "Main St", "Oak Ave", "Deerfield Pkwy", "Church St", "Mill Rd")


def build(reg: Register) -> list[dict]:
    asked = datetime.combine(DAY - timedelta(days=4), datetime.min.time()).replace(hour=9)
    stops = []
    for n in range(1, 9):
        permit = make_permit(reg, number=f"2026-{n:04d}", address=f"{n * 7} {STREETS[n % 6]}",
                             phone=f"608-555-01{n:02d}")  # fmt: skip
        stage = "erosion_control" if n % 3 else "footing"
        when = datetime.combine(DAY, datetime.min.time()).replace(hour=8 + n)
        stops.append(inspections.request_inspection(
            reg, permit["uuid"], stage, requested_by="Dana Builder", requested_at=asked,
            scheduled_for=when if n != 8 else when.replace(hour=5), now=asked,
            confirmed_odd=[Odd.OUTSIDE_HOURS] if n == 8 else [],  # the early concrete pour
        ))  # fmt: skip
    inspections.record_result(reg, stops[0]["uuid"], "passed", inspected_at=asked + timedelta(4))
    later = datetime.combine(DAY, datetime.min.time()).replace(hour=14, minute=30)
    inspection_schedule.reschedule(reg, stops[1]["uuid"], later, "concrete truck delayed")
    return stops


def grab(widget, path: Path, size=(1366, 768)) -> None:
    widget.resize(*size)
    widget.show()
    QApplication.processEvents()
    widget.grab().save(str(path))


def main(out_dir: str, suffix: str, theme: str = "") -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    if theme == "dark":
        dark(app)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    reg = Register.create(tmp / "office.sqlite", Actor("Lee Inspector", Role.INSPECTOR, "pc"))
    stops = build(reg)
    window = MainWindow(reg, register_paths(tmp / "office.sqlite"))
    window.backups_enabled = False
    window.today_screen.set_day(DAY)
    window.tabs.setCurrentWidget(window.today_screen)
    grab(window, out / "scratch.png")
    window.today_screen.select(stops[3]["uuid"])
    grab(window, out / f"fieldday-today{suffix}.png")
    footing = stops[2]
    dialog = ResultDialog(reg, footing["uuid"], window)
    dialog.outcome_buttons["failed"].click()
    dialog.add_defect("12.12(5)(a)", "footing 36 in below grade", "dig to 48 in")
    grab(dialog, out / f"fieldday-result{suffix}.png", (900, 700))
    grab(RescheduleDialog(reg, stops[4]["uuid"], window), out / f"fieldday-move{suffix}.png",
         (640, 320))  # fmt: skip
    permit = reg.get_by_id("permits", footing["permit_id"])
    grab(RequestDialog(reg, permit["uuid"], "foundation", parent=window),
         out / f"fieldday-request{suffix}.png", (700, 420))  # fmt: skip
    grab(PermitInspectionsDialog(window, permit["uuid"], window),
         out / f"fieldday-permit{suffix}.png", (1000, 740))  # fmt: skip
    grab(InspectionWeek(window, DAY), out / f"fieldday-week{suffix}.png")
    (out / "scratch.png").unlink()
    reg.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
