"""Start the GUI: who is at the keyboard, which register, then the main window."""

from __future__ import annotations

import sys
import time

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from deerfield_desk import __version__
from deerfield_desk.config import APP_NAME, register_paths, unsafe_location_warning
from deerfield_desk.store.errors import DamagedRegisterError
from deerfield_desk.store.register import Register
from deerfield_desk.ui import identity


def make_app() -> QApplication:
    QCoreApplication.setOrganizationName("Village of Deerfield")
    QCoreApplication.setApplicationName(APP_NAME)
    QCoreApplication.setApplicationVersion(__version__)
    return QApplication.instance() or QApplication(sys.argv[:1])


def run_gui(args) -> int:
    started = time.perf_counter()
    app = make_app()
    paths = register_paths(args.db)
    actor = identity.current_actor(ask=not args.smoke)
    if actor is None:
        return 1
    warning = unsafe_location_warning(paths.db)
    try:
        register = Register.open(paths.db, actor)
    except DamagedRegisterError as exc:
        if args.smoke:
            print(str(exc), file=sys.stderr)
        else:
            QMessageBox.critical(None, APP_NAME, str(exc))
        return 1
    from deerfield_desk.ui.main_window import MainWindow

    window = MainWindow(register, paths)
    if warning and not args.smoke:
        QMessageBox.warning(window, APP_NAME, warning)
    if args.smoke:

        def ready(total: int) -> None:
            print(f"ready_ms={(time.perf_counter() - started) * 1000:.0f} rows={total}", flush=True)
            QTimer.singleShot(0, app.quit)

        window.first_rows_shown.connect(ready)
    window.show()
    code = app.exec()
    register.close()
    return code
