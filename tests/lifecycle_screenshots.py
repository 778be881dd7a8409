"""Grab every lifecycle screen offscreen into docs/screenshots/lifecycle-*.png.

Run: QT_QPA_PLATFORM=offscreen PYTHONPATH=. python tests/lifecycle_screenshots.py [OUTDIR]
Not a test (no test_ prefix): it writes files for a person to look at.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

from lifecycle_fixtures import walk  # noqa: E402
from PIL import Image  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from deerfield_desk.config import register_paths  # noqa: E402
from deerfield_desk.models.actor import Actor, Role  # noqa: E402
from deerfield_desk.store.permits_lifecycle import decide_review  # noqa: E402
from deerfield_desk.store.register import Register  # noqa: E402
from tests.application_builders import TODAY  # noqa: E402

SCENARIOS = {
    "house": dict(site={"site_house_number": "12", "site_on_platted_lot": True,
                        "site_zoning": "residential"}, work="new_building",
                  answers={"structure": "dwelling", "dwelling_units": "1", "area_sqft": "1800",
                           "estimated_cost": "250,000", "new_primary_structure": True},
                  description="Two-storey house with attached garage"),
    "subdivision": dict(site={}, work="land_disturbance",
                        answers={"disturbed_sqft": "65340", "subdivision": True,
                                 "lots_created": "4", "control_measures_cost": "40,000"},
                        description="Grading for Maple Ridge subdivision"),
    "demolition": dict(site={}, work="demolition",
                       answers={"structure": "detached_garage", "area_sqft": "500"},
                       description="Raze old garage"),
    "moving": dict(site={"site_house_number": "40"}, work="move_building",
                   answers={"structure": "dwelling", "area_sqft": "1400",
                            "new_primary_structure": True}, description="House moved in"),
    "satellite": dict(site={"site_zoning": "residential"}, work="satellite_dish",
                      answers={"dish_diameter_in": "24", "mount": "ground"},
                      description="24 in dish, rear yard"),
    "reside": dict(site={}, work="reside", answers={"structure": "dwelling"},
                   description="New vinyl siding"),
}  # fmt: skip


class Bot:
    def addWidget(self, _w):  # noqa: N802 - qtbot's name
        pass


def fresh_register() -> Register:
    path = Path(tempfile.mkdtemp()) / "register.sqlite"
    return Register.create(path, Actor("Pat Clerk", Role.CLERK))


def grab(widget, out: Path, name: str) -> None:
    QApplication.processEvents()
    path = out / f"lifecycle-{name}.png"
    widget.grab().save(str(path))
    with Image.open(path) as image:  # a palette keeps the committed PNGs small
        small = image.convert("RGB").quantize(colors=96)
    small.save(path, optimize=True)


def main(out: Path) -> None:
    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    for key, scenario in SCENARIOS.items():
        reg = fresh_register()
        wizard = walk(Bot(), reg, stop_at_summary=True, **scenario)
        if key == "house":
            wizard.restart()
            for i, page in enumerate(("site", "parties", "work", "items"), start=1):
                grab(wizard, out, f"wizard-{i}-{page}")
                wizard.next()
        elif key in {"demolition", "satellite", "subdivision"}:
            wizard.back()
            grab(wizard, out, f"items-{key}")
            wizard.back()
            grab(wizard, out, f"work-{key}")
            wizard.next()
            wizard.next()
        grab(wizard, out, f"summary-{key}")
    reg = fresh_register()
    from deerfield_desk.ui.main_window import MainWindow

    window = MainWindow(reg, register_paths(reg.path))
    for key in ("house", "satellite", "subdivision"):
        walk(Bot(), reg, **{**SCENARIOS[key], "site": {**SCENARIOS[key]["site"],
             "site_parcel_number": f"0612-{key}"}})  # fmt: skip
    from deerfield_desk.ui.issue_dialog import IssueDialog
    from deerfield_desk.ui.lifecycle_actions import open_review_queue
    from deerfield_desk.ui.money_dialog import MoneyDialog

    window.resize(1100, 560)
    open_review_queue(window).today = TODAY
    window.lifecycle_review_queue.refresh()
    grab(window, out, "review-queue")
    building = reg.query_one("SELECT uuid FROM permits WHERE kind = 'building'")["uuid"]
    decide_review(reg, building, "approve")
    grab(IssueDialog(window, building, today=TODAY), out, "issue-refused")
    money = MoneyDialog(window, building, today=TODAY)
    grab(money, out, "money-fees")
    money.tabs.setCurrentIndex(1)
    money.dep_amount.setText("1,000")
    money.dep_ref.setText("Receipt 4411")
    money.record_deposit()
    money.deposits.selectRow(0)
    grab(money, out, "money-deposits")
    money.tabs.setCurrentIndex(2)
    grab(money, out, "money-papers")
    from deerfield_desk.ui.extend_dialog import ExtendDialog
    from deerfield_desk.ui.fee_schedule_page import FeeScheduleDialog

    grab(FeeScheduleDialog(window), out, "fee-schedule")
    extend = ExtendDialog(window, building, today=TODAY)
    extend.approved_by.setText("Lee Inspector")
    extend.receipt.setText("R-12")
    from deerfield_desk.ui import confirm

    confirm.ask = lambda *_a: True
    extend.extend()  # refused: the permit is approved, not yet issued, so it has no expiry
    extend.adjustSize()
    grab(extend, out, "extend")
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
    # PySide6 6.12 can crash while the interpreter tears widgets down (bool_dealloc); the
    # files are written by now, so leave without the teardown.
    sys.stdout.flush()
    os._exit(0)
