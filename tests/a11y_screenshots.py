"""Screens as a 1366×768 laptop shows them at 100/150/200 % and in each palette (issue 19,
17.4). Not a test: it writes PNGs for a person to look at.

    QT_QPA_PLATFORM="offscreen:configfile=tests/laptop_screen.json" QT_SCALE_FACTOR=2 \\
      PYTHONPATH=. .venv/bin/python -m tests.a11y_screenshots OUT_DIR SUFFIX [THEME] [SCREEN…]

The config file gives the offscreen platform a 1366×768 screen, so QT_SCALE_FACTOR=2 leaves
683×384 logical pixels, as on the laptop; dialogs size themselves to it (ui/a11y/fit.py).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import deerfield_desk.ui  # noqa: F401
from deerfield_desk.config import register_paths
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store.register import Register
from tests.a11y_screens import SCREENS, build_desk


def save(widget, path: Path) -> None:
    from PIL import Image

    widget.grab().save(str(path))
    with Image.open(path) as image:  # a palette keeps the committed PNGs small
        small = image.convert("RGB").quantize(colors=128)
    small.save(path, optimize=True)


def main(out_dir: str, suffix: str, theme_name: str = "light", *only: str) -> None:
    from PySide6.QtWidgets import QApplication, QDialog, QWizard

    from deerfield_desk.ui.a11y import theme
    from deerfield_desk.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    theme.apply(theme_name)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    os.environ["DEERFIELD_DESK_HOME"] = str(tmp / "home")
    register = Register.create(tmp / "r.sqlite", Actor("Pat Clerk", Role.CLERK, "pc"))

    def make_window(reg):
        win = MainWindow(reg, register_paths(reg.path))
        win.backups_enabled = False
        return win

    desk = build_desk(register, tmp, make_window)
    area = app.primaryScreen().availableGeometry()
    desk.window.resize(area.size())
    for name, screen in SCREENS.items():
        if only and name not in only:
            continue
        for index, widget in enumerate(screen(desk), start=1):
            if not isinstance(widget, QDialog | QWizard):
                widget.resize(area.size())
            app.processEvents()
            stem = name.replace(" ", "-") + (f"-{index}" if index > 1 else "")
            save(widget, out / f"a11y-{stem}{suffix}.png")


if __name__ == "__main__":
    main(*sys.argv[1:])
    sys.stdout.flush()
    os._exit(0)
