"""Grab the screens issue 13 changed into docs/screenshots/ordinance-*.png (1366×768).

Run: QT_QPA_PLATFORM=offscreen PYTHONPATH=. python tests/ordinance_screenshots.py [OUTDIR] [dark]
Set QT_SCALE_FACTOR=1.5 or 2 for the scaled variants. Not a test: files for a person to look at.
"""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import date
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

from lifecycle_fixtures import walk  # noqa: E402
from PySide6.QtGui import QColor, QPalette  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from deerfield_desk.models.actor import Actor, Role  # noqa: E402
from deerfield_desk.store.register import Register  # noqa: E402

SIZE = (1366, 768)
SCENARIOS = {
    "fire-limits": dict(site={"site_fire_limits": True, "site_zoning": "residential"},
                        work="new_building",
                        answers={"structure": "accessory_building", "area_sqft": "140",
                                 "frame_construction": True,
                                 "fire_limits_exception": "small_outbuilding",
                                 "stories": "1", "height_ft": "9", "lot_line_ft": "4",
                                 "building_distance_ft": "20"},
                        description="Garden shed behind the shop"),
    "moving": dict(site={"site_house_number": "40"}, work="move_building",
                   answers={"structure": "dwelling", "area_sqft": "1400",
                            "exterior_alteration": True, "damage_pct": "10",
                            "new_primary_structure": True}, description="House moved in"),
    "satellite": dict(site={"site_zoning": "residential"}, work="satellite_dish",
                      answers={"dish_diameter_in": "30", "mount": "ground", "dish_yard": "front",
                               "existing_dishes": "1", "dish_structure_ft": "6",
                               "dish_lot_line_ft": "8", "dish_yard_share_pct": "5"},
                      description="30 in dish"),
    "grading": dict(site={}, work="land_disturbance",
                    answers={"disturbed_sqft": None, "earthwork_cuyd": None,
                             "land_division": True, "site_acres": "6"},
                    description="CSM grading, figures not yet given"),
}  # fmt: skip


class Bot:
    def addWidget(self, _w):  # noqa: N802 - qtbot's name
        pass


def fresh_register() -> Register:
    path = Path(tempfile.mkdtemp()) / "register.sqlite"
    return Register.create(path, Actor("Pat Clerk", Role.CLERK))


def grab(widget, out: Path, name: str, suffix: str) -> None:
    widget.resize(*SIZE)
    QApplication.processEvents()
    widget.grab().save(str(out / f"ordinance-{name}{suffix}.png"))


def dark(app: QApplication) -> None:
    palette = QPalette()
    for role, color in ((QPalette.ColorRole.Window, "#2b2b2b"),
                        (QPalette.ColorRole.WindowText, "#e6e6e6"),
                        (QPalette.ColorRole.Base, "#1e1e1e"), (QPalette.ColorRole.Text, "#e6e6e6"),
                        (QPalette.ColorRole.Button, "#3a3a3a"),
                        (QPalette.ColorRole.ButtonText, "#e6e6e6"),
                        (QPalette.ColorRole.Link, "#8ab4f8")):  # fmt: skip
        palette.setColor(role, QColor(color))
    app.setPalette(palette)


def main(out: Path, suffix: str) -> None:
    app = QApplication.instance() or QApplication([])
    if "dark" in suffix:
        dark(app)
    out.mkdir(parents=True, exist_ok=True)
    for key, scenario in SCENARIOS.items():
        wizard = walk(Bot(), fresh_register(), stop_at_summary=True, **scenario)
        grab(wizard, out, f"summary-{key}", suffix)
        wizard.back()
        grab(wizard, out, f"items-{key}", suffix)
        wizard.back()
        grab(wizard, out, f"work-{key}", suffix)
    reg = fresh_register()
    from deerfield_desk.ui.calendar_dialog import CalendarDialog
    from deerfield_desk.ui.ordinance_reader import OrdinanceReader

    grab(CalendarDialog(None, reg, today=date(2026, 12, 1)), out, "calendar", suffix)
    grab(OrdinanceReader(None, "12.10(2)(f)"), out, "reader", suffix)
    # A 6-acre CSM disturbing under an acre: a larger site but a minor activity, so the
    # checklist is Exhibit A plus the larger-site standards of 31.06(3).
    from application_builders import file_application
    from PySide6.QtWidgets import QMainWindow

    from deerfield_desk.ui.field.checklist_dialog import ChecklistDialog

    permit = file_application(reg, site={}, work="land_disturbance",
                              answers={"land_division": True, "site_acres": "6",
                                       "disturbed_sqft": "20000"})[0]  # fmt: skip
    window = QMainWindow()
    window.register = reg
    grab(ChecklistDialog(window, permit["uuid"]), out, "checklist-larger-minor", suffix)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"),
         "-" + sys.argv[2] if len(sys.argv) > 2 else "")  # fmt: skip
    sys.stdout.flush()
    os._exit(0)
