"""Screenshots of the dialogs issue 11 added: the start-up offer to restore the newest good
backup, and a failed backup shown in the window.
``QT_QPA_PLATFORM=offscreen PYTHONPATH=. python -m tests.backup_screenshots OUT_DIR [dark]``
(QT_SCALE_FACTOR=1.5 or 2 in the environment for the scaled ones; the committed ones are
docs/screenshots/restore-offer.png and backup-failed.png)."""

from __future__ import annotations

import sys
import tempfile
from datetime import datetime
from pathlib import Path

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from deerfield_desk.config import register_paths
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store import backup
from deerfield_desk.store.register import Register, damaged_message
from deerfield_desk.ui import backup_actions
from deerfield_desk.ui.main_window import MainWindow
from deerfield_desk.ui.restore_offer import build_offer
from tests.test_backup_safety import open_or_create


def dark(app: QApplication) -> None:
    app.setStyle("Fusion")
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"),
        (QPalette.ColorRole.WindowText, "#e6e6e6"),
        (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.Text, "#e6e6e6"),
        (QPalette.ColorRole.Button, "#3a3a3a"),
        (QPalette.ColorRole.ButtonText, "#e6e6e6"),
        (QPalette.ColorRole.Highlight, "#3d7ab8"),
    ):
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)


def main(out: str, theme: str = "") -> None:
    app = QApplication.instance() or QApplication(sys.argv)
    if theme == "dark":
        dark(app)
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    db = tmp / "register.sqlite"
    actor = Actor("Pat Clerk", Role.CLERK, "shot")
    reg = open_or_create(db, actor)
    reg.insert("permits", {"kind": "building", "address_text": "12 Main St"})
    reg.close()
    good = backup.make_backup(db, now=datetime(2026, 11, 30, 17, 5))
    message = damaged_message(db, ["database disk image is malformed"])
    box, _button = build_offer(None, message, good)
    box.show()
    app.processEvents()
    box.grab().save(str(out_dir / "restore-offer.png"))
    box.close()
    reg = Register.open(db, actor)
    window = MainWindow(reg, register_paths(db))
    window.backups_enabled = False
    window.resize(1366, 768)
    window.show()
    failed = backup_actions.report_failure(
        window,
        "Daily backup",
        "the backup of register.sqlite could not be written: disk I/O error",
    )
    app.processEvents()
    failed.grab().save(str(out_dir / "backup-failed.png"))
    window.grab().save(str(out_dir / "backup-failed-window.png"))
    failed.close()
    window.close()
    reg.close()


if __name__ == "__main__":
    main(*sys.argv[1:3])
