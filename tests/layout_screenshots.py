"""Screenshots of the counter's screens at a real screen size (issue 16.7-8), for a person to
look at::

    PYTHONPATH=. python -m tests.layout_screenshots OUT_DIR [--size 1280x800] [--dark]
    QT_SCALE_FACTOR=2 PYTHONPATH=. python -m tests.layout_screenshots OUT_DIR --size 1366x768

The offscreen platform is given a screen of ``--size`` (a config file written for the run),
so windows and dialogs fit it as they would fit a laptop's; at QT_SCALE_FACTOR=2 a
1366×768 screen offers 683×384. Each screen is grabbed at the screen's free size: the
inspection calendar tab (a week with bookings, one outside office hours), the permit
window's tabs, the people directory, take payment, receipts and daily deposit, the review
queue, the notices tab, and a dialog showing a long error.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path


def screen_config(width: int, height: int) -> str:
    """An offscreen platform config with one screen of ``width`` x ``height`` pixels."""
    screen = {"name": "desk", "x": 0, "y": 0, "width": width, "height": height,
              "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}  # fmt: skip
    config = {"synchronousWindowSystemEvents": False, "windowFrameMargins": False,
              "screens": [screen]}  # fmt: skip
    path = Path(tempfile.mkdtemp()) / "screen.json"
    path.write_text(json.dumps(config))
    return str(path)


def dark_palette(app) -> None:
    try:
        from deerfield_desk.ui.a11y import theme  # the app's own dark theme, once it is there
    except ImportError:
        from tests.notice_dialog_screenshots import dark

        dark(app)
        return
    theme.apply("dark")


def main(out: str, size: tuple[int, int], is_dark: bool) -> None:
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={screen_config(*size)}"
    from PySide6.QtWidgets import QApplication

    from deerfield_desk.config import register_paths
    from deerfield_desk.models.actor import Actor
    from deerfield_desk.store import inspections
    from deerfield_desk.store.register import Register
    from deerfield_desk.ui.main_window import MainWindow
    from tests.layout_screens import TODAY, fill, screens

    app = QApplication.instance() or QApplication(sys.argv[:1])
    if is_dark:
        dark_palette(app)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    reg = Register.create(tmp / "r.sqlite", Actor("Pat Clerk", "clerk"))
    ids = fill(reg)
    others = reg.query(
        "SELECT uuid FROM permits WHERE id NOT IN (SELECT permit_id FROM inspections) ORDER BY id"
    )
    for permit, when in zip(others, (datetime(2026, 12, 2, 10), datetime(2026, 12, 2, 17, 30),
                                     datetime(2026, 12, 3, 13)), strict=False):  # fmt: skip
        stage = inspections.planned_stages(reg, permit["uuid"])[0].stage.code
        inspections.request_inspection(
            reg, permit["uuid"], stage, requested_by="Maria Gonzalez",
            requested_at=datetime(2026, 11, 27, 9), scheduled_for=when,
            now=datetime(2026, 11, 27, 9),
            confirmed_odd=["outside_hours"] if when.hour > 16 else [],
        )  # fmt: skip
    window = MainWindow(reg, register_paths(tmp / "r.sqlite"))
    window.backups_enabled = False
    free = app.primaryScreen().availableGeometry()
    whole = (free.width(), free.height())
    suffix = f"-{size[0]}x{size[1]}" + ("-dark" if is_dark else "")
    scale = os.environ.get("QT_SCALE_FACTOR")
    if scale and scale != "1":
        suffix += f"-{int(float(scale) * 100)}"

    def grab(widget, name: str) -> None:
        QApplication.processEvents()
        widget.grab().save(str(folder / f"{name}{suffix}.png"))

    week = window.inspection_week
    week.today = TODAY
    window.show()
    window.resize(*whole)
    window.tabs.setCurrentWidget(week)
    week.set_week(TODAY)
    week.table.setCurrentCell(4, 2)
    grab(window, "calendar-tab")
    week.set_week(TODAY - timedelta(days=4))  # Thanksgiving week: the office closed Thu, Fri
    grab(window, "calendar-tab-holiday")
    week.set_week(TODAY)
    taken = set()
    for table in screens(window, ids, whole):
        shot = table.window
        key = (id(shot), table.screen.split(":")[0])
        if key in taken:
            continue
        taken.add(key)
        name = table.screen.split(":")[0].replace("permit window, ", "permit-window-")
        grab(shot, name.replace(" ", "-").lower())
    from deerfield_desk.ui.field.visit_actions import RescheduleDialog
    from tests.test_dialogs_grow_with_errors import LONG

    visit = reg.query_one("SELECT uuid FROM inspections ORDER BY id LIMIT 1")
    move = RescheduleDialog(reg, visit["uuid"], window)
    move.show()
    QApplication.processEvents()
    move.error.setText(LONG)  # as its save shows a refusal
    for _ in range(3):
        QApplication.processEvents()
    grab(move, "dialog-long-error")
    reg.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    wanted = (1280, 800)
    if "--size" in args:
        w, h = args[args.index("--size") + 1].split("x")
        wanted = (int(w), int(h))
    main(args[0], wanted, "--dark" in args)
