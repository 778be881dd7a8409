"""Screenshots of the notice dialogs and the Today card this issue changed (issue 14):
``QT_QPA_PLATFORM=offscreen PYTHONPATH=. python -m tests.notice_dialog_screenshots OUT_DIR
[--dark]``; run with QT_SCALE_FACTOR=1.5 or 2 to check the larger scales."""

from __future__ import annotations

import sys
import tempfile
from datetime import date, datetime
from pathlib import Path

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from deerfield_desk.config import register_paths
from deerfield_desk.models.actor import Actor
from deerfield_desk.store import inspections
from deerfield_desk.store import notices as store
from deerfield_desk.store.register import Register
from deerfield_desk.ui import notice_dialogs
from deerfield_desk.ui.field.today import TodayScreen
from deerfield_desk.ui.main_window import MainWindow
from deerfield_desk.ui.village_settings_page import VillageSettingsPage
from tests.documents_fixtures import build_register


def dark(app) -> None:
    palette = QPalette()
    for role, colour in ((QPalette.ColorRole.Window, "#202124"),
                         (QPalette.ColorRole.WindowText, "#e8eaed"),
                         (QPalette.ColorRole.Base, "#2b2c2f"),
                         (QPalette.ColorRole.Text, "#e8eaed"),
                         (QPalette.ColorRole.Button, "#35363a"),
                         (QPalette.ColorRole.ButtonText, "#e8eaed")):  # fmt: skip
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)


def main(out: str, is_dark: bool) -> None:
    app = QApplication.instance() or QApplication(sys.argv)
    if is_dark:
        dark(app)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    reg = Register.open(tmp / "r.sqlite", Actor("Pat Clerk", "clerk"))
    ids = build_register(reg, tmp)
    window = MainWindow(reg, register_paths(tmp / "r.sqlite"))
    window.resize(1366, 768)
    shots = {
        "draft-no-permit": notice_dialogs.DraftNoticeDialog(window, reg, None),
        "draft-permit": notice_dialogs.DraftNoticeDialog(window, reg, ids["permit"]),
        "service": notice_dialogs.ServiceDialog(
            window, reg, ids["notices"]["violation"], date(2026, 12, 1)
        ),
        "lift": notice_dialogs.LiftDialog(
            window, reg, ids["notices"]["building_stop_work"], date(2026, 12, 1)
        ),
        "settings": VillageSettingsPage(window, reg),
    }
    for name, dialog in shots.items():
        dialog.show()
        app.processEvents()
        dialog.grab().save(str(folder / f"notices-{name}.png"))
        dialog.close()
    # a stop on a held permit, and a failed visit with its one-click correction notice
    held = reg.query_one("SELECT * FROM permits WHERE permit_number = '2026-0045'")
    row = reg.query_one("SELECT * FROM permits WHERE permit_number = '2026-0042'")
    for permit in (held, row):
        reg.update("permits", permit["uuid"], {"status": "issued"}, action="shot")
        stage = inspections.planned_stages(reg, permit["uuid"])[0].stage.code
        visit = inspections.request_inspection(reg, permit["uuid"], stage, requested_by="Owner",
                                                requested_at=datetime(2026, 11, 27, 8),
                                                scheduled_for=datetime(2026, 12, 1, 9),
                                                now=datetime(2026, 11, 27, 8))  # fmt: skip
        if permit is row:
            inspections.record_result(reg, visit["uuid"], "failed", defects=[
                {"section": "12.08", "description": "Anchor bolts missing",
                 "correction": "Set bolts 6 ft on centre"}],
                order_reason="erosion control seen on the same visit")  # fmt: skip
    reg.update("permits", held["uuid"], {"status": "stop_work"}, action="shot")
    today = TodayScreen(window, date(2026, 12, 1))
    today.resize(1366, 768)
    today.show()
    app.processEvents()
    today.grab().save(str(folder / "notices-today-hold.png"))
    store  # noqa: B018 (the notice store is what the dialogs call)


if __name__ == "__main__":
    main(sys.argv[1], "--dark" in sys.argv)
