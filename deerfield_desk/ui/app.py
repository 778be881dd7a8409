"""Start the GUI: who is at the keyboard, which register, then the main window.

Which register: ``--db PATH`` when given; else the user's own register when it exists; else
(first start, or ``--demo``) the demo register, created with ~300 made-up permits and shown
under the yellow DEMO banner.
"""

from __future__ import annotations

import sqlite3
import sys
import time

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from deerfield_desk import __version__
from deerfield_desk.config import (
    APP_NAME,
    Paths,
    demo_paths,
    register_paths,
    unsafe_location_warning,
)
from deerfield_desk.errors import DamagedRegisterError
from deerfield_desk.store.register import Register, damaged_message
from deerfield_desk.ui import identity

DEMO_PERMITS = 300


def make_app() -> QApplication:
    QCoreApplication.setOrganizationName("Village of Deerfield")
    QCoreApplication.setApplicationName(APP_NAME)
    QCoreApplication.setApplicationVersion(__version__)
    return QApplication.instance() or QApplication(sys.argv[:1])


def ms_since_process_start() -> float:
    """Milliseconds since this process started: the honest clock for ready_ms.

    On Linux from /proc (uptime minus the process's start tick, both counted from boot);
    psutil's create_time() adds the boot time, which /proc/stat rounds to whole seconds.
    """
    try:
        import os
        from pathlib import Path

        ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return (uptime - ticks / os.sysconf("SC_CLK_TCK")) * 1000
    except (OSError, ValueError, IndexError):
        pass
    try:
        import psutil

        return (time.time() - psutil.Process().create_time()) * 1000
    except Exception:  # psutil missing: from the import of this module, an underestimate
        return (time.perf_counter() - _IMPORTED_AT) * 1000


_IMPORTED_AT = time.perf_counter()


def choose_register(args) -> tuple[Paths, bool]:
    """The register to open and whether it is the demo one."""
    if args.db:
        return register_paths(args.db), False
    own = register_paths()
    if own.db.exists() and not getattr(args, "demo", False):
        return own, False
    from deerfield_desk.store.demo import ensure_demo_register

    demo = demo_paths()
    ensure_demo_register(demo.db, permits=DEMO_PERMITS)
    return demo, True


def report(args, message: str, *, warning: bool = False) -> None:
    if args.smoke:
        print(message, file=sys.stderr)
    elif warning:
        QMessageBox.warning(None, APP_NAME, message)
    else:
        QMessageBox.critical(None, APP_NAME, message)


def run_gui(args) -> int:
    app = make_app()
    paths, demo = choose_register(args)
    actor = identity.current_actor(ask=not args.smoke)
    if actor is None:
        return 1
    warning = unsafe_location_warning(paths.db)
    from deerfield_desk.ui.integrity_check import check_at_open, start_background_check

    inline_check = check_at_open(paths.db)
    try:
        register = Register.open(paths.db, actor, check=inline_check)
    except DamagedRegisterError as exc:
        report(args, str(exc))
        return 1
    except sqlite3.DatabaseError as exc:  # a big file opened unchecked, damaged in its header
        report(args, damaged_message(paths.db, [str(exc)]))
        return 1
    from deerfield_desk.ui.main_window import MainWindow

    window = MainWindow(register, paths, demo=demo)
    if warning:
        if args.smoke:
            print(warning, file=sys.stderr)
        else:
            QMessageBox.warning(window, APP_NAME, warning)
    if args.smoke:
        window.backups_enabled = False

        def ready(total: int) -> None:
            print(f"ready_ms={ms_since_process_start():.0f} rows={total}", flush=True)
            QTimer.singleShot(0, app.quit)

        window.first_rows_shown.connect(ready)
    window.show()
    if not inline_check and not args.smoke:
        start_background_check(window)
    code = app.exec()
    register.close()
    return code
