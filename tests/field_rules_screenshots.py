"""Screenshots of the screens issue 17's field rules changed: the office hours page, the Result
dialog recording a visit again (what the voided record had stays), the card's More menu with
Sign…, and the permit's inspections after an occupancy permit was voided. One run per look:
``QT_QPA_PLATFORM=offscreen [QT_SCALE_FACTOR=2] PYTHONPATH=. python -m
tests.field_rules_screenshots OUTDIR SUFFIX [dark]`` (kept: docs/screenshots/fieldrules-*)."""

from __future__ import annotations

import sys
import tempfile
from datetime import date, datetime, timedelta
from pathlib import Path

from PySide6.QtWidgets import QApplication

from deerfield_desk.config import register_paths
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store import inspection_schedule, inspections, occupancy, photos
from deerfield_desk.store.occupancy_void import void_occupancy
from deerfield_desk.store.register import Register
from deerfield_desk.ui.field.office_hours_dialog import OfficeHoursDialog
from deerfield_desk.ui.field.permit_inspections import PermitInspectionsDialog
from deerfield_desk.ui.field.result_dialog import ResultDialog
from deerfield_desk.ui.main_window import MainWindow
from tests.documents_fixtures import make_photo
from tests.field_screenshots import dark
from tests.inspections_fixtures import make_permit

DAY = date.today() - timedelta(days=date.today().weekday() + 6)  # last week's Tuesday


def at(hour: int, minute: int = 0) -> datetime:
    return datetime.combine(DAY, datetime.min.time()).replace(hour=hour, minute=minute)


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
    db = tmp / "office.sqlite"
    reg = Register.create(db, Actor("Lee Inspector", Role.INSPECTOR, "pc"))
    asked = at(9) - timedelta(days=4)
    permit = make_permit(reg, address="7 Liberty St")
    visit = inspections.request_inspection(reg, permit["uuid"], "erosion_control",
                                           requested_by="Dana Builder", requested_at=asked,
                                           scheduled_for=at(9), now=asked)  # fmt: skip
    inspections.record_result(reg, visit["uuid"], "passed", inspected_at=at(9, 20))
    for n in range(3):
        photos.import_photo(reg, register_paths(db), make_photo(tmp / f"IMG_{n}.jpg"),
                            "inspections", visit["uuid"])  # fmt: skip
    again = inspection_schedule.void_result(reg, visit["uuid"], "tapped Passed on the wrong stop")
    deck = make_permit(reg, number="2026-0002", address="40 Oak Ave", structure="deck")
    for planned in inspections.planned_stages(reg, deck["uuid"]):
        row = inspections.request_inspection(reg, deck["uuid"], planned.stage.code,
                                             requested_by="Sam Oak", requested_at=asked,
                                             scheduled_for=at(10), now=asked)  # fmt: skip
        inspections.record_result(reg, row["uuid"], "passed", inspected_at=at(10, 30))
    issued = occupancy.issue_occupancy(reg, deck["uuid"], DAY)
    void_occupancy(reg, issued["uuid"], "final passed on the wrong deck")
    window = MainWindow(reg, register_paths(db))
    window.backups_enabled = False
    window.today_screen.set_day(DAY)
    dialog = ResultDialog(reg, again["uuid"], window, now=at(9, 40))
    grab(dialog, out / f"fieldrules-result-again{suffix}.png", (900, 700))
    grab(OfficeHoursDialog(reg, window), out / f"fieldrules-office-hours{suffix}.png", (720, 420))
    inspections_dialog = PermitInspectionsDialog(window, deck["uuid"], window)
    inspections_dialog.message.setText(
        f"Occupancy permit {issued['occupancy_number']} voided (final passed on the wrong deck)"
    )
    grab(inspections_dialog, out / f"fieldrules-permit{suffix}.png", (1000, 740))
    window.tabs.setCurrentWidget(window.today_screen)
    grab(window, out / f"fieldrules-today{suffix}.png")
    reg.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
