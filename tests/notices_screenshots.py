"""Screenshots of the Notices tab, all notices and "overdue only", from the documents fixtures:
``QT_QPA_PLATFORM=offscreen PYTHONPATH=. python -m tests.notices_screenshots ALL.png OVERDUE.png``
(the committed ones are docs/screenshots/notices-tab.png and notices-overdue.png)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from deerfield_desk.config import register_paths
from deerfield_desk.models.actor import Actor
from deerfield_desk.store import notices as store
from deerfield_desk.store.register import Register
from deerfield_desk.ui.main_window import MainWindow
from tests.documents_fixtures import build_register


def main(all_path: str, overdue_path: str) -> None:
    app = QApplication.instance() or QApplication(sys.argv)
    tmp = Path(tempfile.mkdtemp())
    reg = Register.create(tmp / "r.sqlite", Actor("Pat Clerk", "clerk"))
    ids = build_register(reg, tmp)
    store.draft_notice(
        reg,
        "violation",
        facts="Deck stairs without handrail.",
        sections=["12.20"],
        permit_id=ids["notices"]["violation"]["permit_id"],
    )
    window = MainWindow(reg, register_paths(tmp / "r.sqlite"))
    window.resize(1400, 640)
    window.tabs.setCurrentWidget(window.notices_view)
    window.show()
    window.notices_view.select(ids["notices"]["house_number"]["uuid"])
    app.processEvents()
    window.grab().save(all_path)
    window.notices_view.overdue_only.setChecked(True)
    app.processEvents()
    window.grab().save(overdue_path)


if __name__ == "__main__":
    main(*sys.argv[1:3])
