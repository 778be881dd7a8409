"""Screenshots of the screens issue 16 item 5 added: the welcome, each step of the setup
wizard, the demo window's band, Help's guide, shortcuts and About.
``QT_QPA_PLATFORM=offscreen PYTHONPATH=. python -m tests.start_screenshots OUT_DIR [SUFFIX]
[dark]`` (QT_SCALE_FACTOR=1.5 or 2 in the environment for the scaled ones). Dialogs are grabbed
at the size they open with, the main window at 1366x768."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QMessageBox

from deerfield_desk.models.actor import Actor, Role


def dark(app: QApplication) -> None:
    """A whole dark palette (alternate rows and placeholders included), as a desktop's dark
    theme sets it; screens must stay readable with it."""
    app.setStyle("Fusion")
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"), (QPalette.ColorRole.WindowText, "#e6e6e6"),
        (QPalette.ColorRole.Base, "#1e1e1e"), (QPalette.ColorRole.AlternateBase, "#262626"),
        (QPalette.ColorRole.Text, "#e6e6e6"), (QPalette.ColorRole.Button, "#3a3a3a"),
        (QPalette.ColorRole.ButtonText, "#e6e6e6"), (QPalette.ColorRole.Highlight, "#3d7ab8"),
        (QPalette.ColorRole.HighlightedText, "#ffffff"),
        (QPalette.ColorRole.PlaceholderText, "#9a9a9a"),
        (QPalette.ColorRole.ToolTipBase, "#3a3a3a"),
        (QPalette.ColorRole.ToolTipText, "#e6e6e6"), (QPalette.ColorRole.Link, "#8ab4f8"),
    ):  # fmt: skip
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)


def _grab(widget, out: Path, name: str, suffix: str) -> None:
    widget.show()
    for _ in range(3):
        QApplication.processEvents()
    widget.grab().save(str(out / f"{name}{suffix}.png"))


def main(out_dir: str, suffix: str = "", theme: str = "") -> None:
    home = Path(tempfile.mkdtemp())
    os.environ["DEERFIELD_DESK_HOME"] = str(home / "home")
    from deerfield_desk.ui.app import make_app

    app = make_app()
    if theme == "dark":
        dark(app)
    QMessageBox.information = lambda *a, **k: None  # the import's summary box
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    actor = Actor("Pat Clerk", Role.CLERK, "shot")
    from deerfield_desk.ui import worker
    from deerfield_desk.ui.start.setup_wizard import SetupWizard
    from deerfield_desk.ui.start.welcome import WelcomeDialog

    worker.run_synchronously = True
    _grab(WelcomeDialog(), out, "start-welcome", suffix)
    wizard = SetupWizard(actor, home / "home" / "register.sqlite")
    _grab(wizard, out, "setup-1-location", suffix)
    wizard.next()
    village = wizard.currentPage().screen
    for field, value in (("address", "Village Hall, 4 North Main Street, Deerfield, WI 53531"),
                         ("phone", "(608) 764-5404"), ("clerk", "Pat Clerk"),
                         ("inspector", "Lee Inspector")):  # fmt: skip
        village.edits[field].setText(value)
    _grab(wizard, out, "setup-2-village", suffix)
    wizard.next()
    _grab(wizard, out, "setup-3-fees", suffix)
    wizard.next()
    _grab(wizard, out, "setup-4-holidays", suffix)
    wizard.next()
    source = home / "old-register.csv"
    source.write_text("Permit #,Type,Site Address,Date Issued\n"
                      + "".join(f"2019-{n:04d},building,{n} Liberty St,2019-05-02\n"
                                for n in range(1, 40)), encoding="utf-8")  # fmt: skip
    wizard.currentPage().screen.load(source)
    _grab(wizard, out, "setup-5-import", suffix)
    wizard.currentPage().screen.start_import()
    wizard.next()
    _grab(wizard, out, "setup-6-ready", suffix)
    register = wizard.register
    wizard.close()
    from deerfield_desk.ui.start.opening import adopt
    from deerfield_desk.ui.start.switching import build_window

    window = build_window(adopt(register))
    window.backups_enabled = False
    window.resize(1366, 768)
    _grab(window, out, "window-own-register", suffix)
    from deerfield_desk.ui.help import install as help_menu

    _grab(help_menu.open_guide(window), out, "help-guide", suffix)
    _grab(help_menu.open_shortcuts(window), out, "help-shortcuts", suffix)
    _grab(help_menu.open_about(window), out, "help-about", suffix)
    window.close()
    from deerfield_desk.config import demo_paths
    from deerfield_desk.demo import ensure_demo_register
    from deerfield_desk.ui.start.opening import open_for_window

    ensure_demo_register(demo_paths().db, permits=60)
    opened = open_for_window(demo_paths().db, actor, print)
    demo = build_window(opened)
    demo.backups_enabled = False
    demo.resize(1366, 768)
    _grab(demo, out, "window-demo", suffix)
    demo.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
