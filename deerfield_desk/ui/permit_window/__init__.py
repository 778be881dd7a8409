"""The permit window and the directory of people and firms (issue 16, items 1-2).

``install`` opens a permit's window when the register view activates a row (Enter or a
double-click; the main window's ``permit_activated``), one window per permit (opening it
again raises the one already open), and adds Permits → People and firms on file…."""

from __future__ import annotations

from PySide6.QtGui import QAction


def install(window) -> None:
    window.permit_windows = {}
    window.permit_activated.connect(lambda uuid: open_permit_window(window, uuid))
    action = QAction("Peop&le and firms on file…", window)
    action.setObjectName("people_directory_action")
    action.triggered.connect(lambda: open_directory(window))
    window.menu("Permits").addAction(action)


def open_permit_window(window, permit_uuid: str):
    from deerfield_desk.ui.permit_window.window import PermitWindow

    existing = window.permit_windows.get(permit_uuid)
    if existing is not None:
        existing.show()
        existing.raise_()
        existing.activateWindow()
        return existing
    pw = PermitWindow(window, permit_uuid)
    window.permit_windows[permit_uuid] = pw
    pw.destroyed.connect(lambda *_: window.permit_windows.pop(permit_uuid, None))
    pw.show()
    return pw


def open_directory(window):
    from deerfield_desk.ui.permit_window.directory import PeopleDirectory

    directory = getattr(window, "people_directory", None)
    if directory is None:
        directory = window.people_directory = PeopleDirectory(window)
    directory.show()
    directory.raise_()
    return directory
