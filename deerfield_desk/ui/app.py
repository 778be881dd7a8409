"""Start the GUI: who is at the keyboard, which register, then the main window.

Which register: ``--db PATH`` when given; else the user's own register when it exists; else
(first start, or ``--demo``) the demo register, created with ~300 made-up permits and shown
under the yellow DEMO banner.
"""

from __future__ import annotations

import sys
import time

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from deerfield_desk import __version__, logs
from deerfield_desk.config import (
    APP_NAME,
    Paths,
    demo_paths,
    register_paths,
    unsafe_location_warning,
)
from deerfield_desk.errors import DamagedRegisterError, DeskError
from deerfield_desk.store import register_file
from deerfield_desk.store.register import Register
from deerfield_desk.store.register_lock import RegisterLock
from deerfield_desk.ui import crash, identity

DEMO_PERMITS = 300


def make_app() -> QApplication:
    QCoreApplication.setOrganizationName("Village of Deerfield")
    QCoreApplication.setApplicationName(APP_NAME)
    QCoreApplication.setApplicationVersion(__version__)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from deerfield_desk.ui.a11y import theme

    theme.apply()  # the saved palette and the 2 px focus ring (issue 19.4)
    return app


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
    from deerfield_desk.demo import ensure_demo_register

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
    log_path = logs.setup()
    crash.install(lambda: _register_of(app))
    try:
        paths, demo = choose_register(args)
    except DeskError as exc:  # the demo register could not be made (in use, read-only home)
        report(args, str(exc))
        return 1
    actor = identity.current_actor(ask=not args.smoke)
    if actor is None:
        return 1
    warning = unsafe_location_warning(paths.db)
    from deerfield_desk.ui.integrity_check import check_at_open, start_background_check

    # The window owns its register for its whole life (store/register_lock.py): a second
    # window or a writing command on the same register is refused, naming this one.
    owner = RegisterLock(paths.db, purpose="the Deerfield Desk window", name=actor.name)
    try:
        if paths.db.is_file() and not register_file.read_only_reason(paths.db):
            owner.acquire(timeout=0)
        inline_check = check_at_open(paths.db)
        register = Register.open(paths.db, actor, check=inline_check)
    except DamagedRegisterError as exc:  # also a big file opened unchecked, damaged inside
        message = str(exc)
        if args.smoke:
            owner.release()
            report(args, message)
            return 1
        from deerfield_desk.ui.restore_offer import offer_restore

        try:
            if not offer_restore(None, paths.db, message, actor):
                owner.release()
                return 1
            register = Register.open(paths.db, actor)
        except DeskError as again:
            owner.release()
            report(args, str(again))
            return 1
    except DeskError as exc:  # missing, empty, foreign, in use by someone else
        owner.release()
        report(args, str(exc))
        return 1
    logs.log_start(paths.db, register)
    from deerfield_desk.ui.main_window import MainWindow

    window = MainWindow(register, paths, demo=demo)
    window.owner_lock = owner
    window.log_path = log_path
    notes = [w for w in (warning, register.writes_held) if w]
    for note in notes:
        if args.smoke:
            print(note, file=sys.stderr)
        else:
            QMessageBox.warning(window, APP_NAME, note)
    if args.smoke:
        window.backups_enabled = False

        def ready(total: int) -> None:
            print(f"ready_ms={ms_since_process_start():.0f} rows={total}", flush=True)
            QTimer.singleShot(0, app.quit)

        window.first_rows_shown.connect(ready)
    window.show()
    if not inline_check and not args.smoke and not register.read_only:
        start_background_check(window)
    code = app.exec()
    window.register.close()
    window.owner_lock.release()
    return code


def _register_of(app):
    """The open register of the main window, for the exception handler (None if none)."""
    for widget in app.topLevelWidgets():
        register = getattr(widget, "register", None)
        if register is not None and hasattr(register, "conn"):
            return register
    return None
