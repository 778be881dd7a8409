"""Screenshots of the field exchange: the field copy's banner, File → Field, and the check-in
conflicts queue. One run per look:
``QT_QPA_PLATFORM=offscreen [QT_SCALE_FACTOR=1.5] PYTHONPATH=. python -m tests.field_screenshots
OUTDIR SUFFIX [dark]`` (the committed ones are docs/screenshots/field-*.png)."""

from __future__ import annotations

import sys
import tempfile
from datetime import datetime
from pathlib import Path

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from deerfield_desk.config import register_paths
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store import inspections
from deerfield_desk.store.field.checkin import checkin
from deerfield_desk.store.field.checkout import checkout
from deerfield_desk.store.field.pack import write_return
from deerfield_desk.store.register import Register
from deerfield_desk.ui.field_exchange.conflicts_view import ConflictsDialog
from deerfield_desk.ui.main_window import MainWindow
from tests.field_fixtures import LAPTOP, office_day


def dark(app: QApplication) -> None:
    app.setStyle(QStyleFactory.create("Fusion"))
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"),
        (QPalette.ColorRole.WindowText, "#e8e8e8"),
        (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.AlternateBase, "#2f2f2f"),
        (QPalette.ColorRole.Text, "#e8e8e8"),
        (QPalette.ColorRole.Button, "#353535"),
        (QPalette.ColorRole.ButtonText, "#e8e8e8"),
        (QPalette.ColorRole.Highlight, "#3d6fa5"),
        (QPalette.ColorRole.HighlightedText, "#ffffff"),
        (QPalette.ColorRole.ToolTipBase, "#353535"),
        (QPalette.ColorRole.ToolTipText, "#e8e8e8"),
        (QPalette.ColorRole.Light, "#6a6a6a"),
        (QPalette.ColorRole.Midlight, "#4a4a4a"),
        (QPalette.ColorRole.Mid, "#3a3a3a"),
        (QPalette.ColorRole.Dark, "#9a9a9a"),
        (QPalette.ColorRole.Shadow, "#000000"),
    ):
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)


def main(out_dir: str, suffix: str, theme: str = "") -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    if theme == "dark":
        dark(app)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    office = Register.open(tmp / "office.sqlite", Actor("Pat Clerk", Role.CLERK, "office-pc"))
    ids = office_day(office)
    copy = tmp / "laptop" / "field.sqlite"
    checkout(office, copy, "inspector-laptop", now=datetime(2026, 12, 1, 7, 40))
    field = Register.open(copy, LAPTOP)
    inspections.set_route(field, [ids["rough"]["uuid"]])
    inspections.record_result(field, ids["rough"]["uuid"], "failed", notes="Guard missing",
        defects=[{"section": "SPS 321.10", "correction": "Install guard"}],
        order_reason="footing and foundation passed on paper")  # fmt: skip
    laptop = MainWindow(field, register_paths(copy))
    laptop.resize(1366, 768)
    laptop.show()
    app.processEvents()
    laptop.grab().save(str(out / f"field-banner{suffix}.png"))
    menu = laptop.field_menu
    menu.popup(laptop.mapToGlobal(laptop.rect().topLeft()))
    app.processEvents()
    menu.grab().save(str(out / f"field-menu-copy{suffix}.png"))
    menu.hide()
    write_return(copy, tmp / "return.ddfield")
    inspections.schedule(office, ids["rough"]["uuid"], datetime(2026, 12, 1, 14, 0), 3)
    inspections.record_result(office, ids["rough"]["uuid"], "not_ready", notes="Owner called: "
                              "not ready until 14:00")  # fmt: skip
    checkin(office, tmp / "return.ddfield")
    window = MainWindow(office, register_paths(tmp / "office.sqlite"))
    window.resize(1366, 768)
    window.show()
    window.field_menu.popup(window.mapToGlobal(window.rect().topLeft()))
    app.processEvents()
    window.field_menu.grab().save(str(out / f"field-menu-office{suffix}.png"))
    window.field_menu.hide()
    dialog = ConflictsDialog(window, office)
    dialog.resize(1366 * 3 // 4, 768 * 2 // 3)
    dialog.show()
    dialog.choose("route_order", "field")
    app.processEvents()
    dialog.grab().save(str(out / f"field-conflicts{suffix}.png"))


if __name__ == "__main__":
    main(*sys.argv[1:4])
