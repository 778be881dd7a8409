"""The register's search and the people directory finding near misses ("Jonsen": Jonsen
exactly, then Jonson, then Johnson), as a 1366×768 laptop shows them. Not a test.

    QT_QPA_PLATFORM="offscreen:configfile=tests/laptop_screen.json" QT_SCALE_FACTOR=1.5 \\
      PYTHONPATH=. .venv/bin/python -m tests.near_miss_screenshots OUT_DIR SUFFIX [THEME]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import deerfield_desk.ui  # noqa: F401
from deerfield_desk.config import register_paths
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store.applications import add_person
from deerfield_desk.store.register import Register
from tests.a11y_screenshots import save
from tests.test_counter_search import _file
from tests.test_near_misses import NAMES


def main(out_dir: str, suffix: str, theme_name: str = "light") -> None:
    from PySide6.QtWidgets import QApplication

    from deerfield_desk.store import register_queries as rq
    from deerfield_desk.ui.a11y import theme
    from deerfield_desk.ui.main_window import MainWindow
    from deerfield_desk.ui.permit_window import open_directory

    app = QApplication.instance() or QApplication(sys.argv[:1])
    theme.apply(theme_name)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    os.environ["DEERFIELD_DESK_HOME"] = str(tmp / "home")
    register = Register.create(tmp / "r.sqlite", Actor("Pat Clerk", Role.CLERK, "pc"))
    for house, name in enumerate(NAMES, 1):
        person = add_person(register, {"name": name, "phone": f"608-555-01{house:02d}"})
        _file(register, person, str(house), "Liberty St")
    window = MainWindow(register, register_paths(register.path))
    window.backups_enabled = False
    window.resize(app.primaryScreen().availableGeometry().size())
    window.show()
    view = window.register_view
    view.filters.search.setText("Jonsen")
    view.model.set_query(rq.RegisterQuery(text="Jonsen"))
    view._show_count(view.model.total)
    app.processEvents()
    save(window, out / f"search-near-tiers-{suffix}.png")
    directory = open_directory(window)
    directory.search.setText("Jonsen")
    directory.debounce.stop()
    directory.reload()
    app.processEvents()
    save(directory, out / f"people-near-miss-{suffix}.png")
    directory.close()
    window.close()
    register.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
