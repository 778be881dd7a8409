"""Start the GUI: who is at the keyboard, which register, then the main window.

Which register: ``--db PATH`` when given; else the user's own register when it exists; else,
on a first start, the clerk chooses (``ui/start/first_run.py``): set up the village's register,
open one she already has, or look at the demo. ``--demo`` (and the headless ``--smoke`` probe)
go straight to the demo register, created with ~300 made-up permits and shown under the yellow
DEMO banner.
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
from deerfield_desk.errors import DeskError
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
    actor = identity.current_actor(ask=not args.smoke)
    if actor is None:
        return 1
    try:
        if first_start(args):
            from deerfield_desk.ui.start.first_run import run_first_start

            chosen = run_first_start(actor)
            if chosen is None:  # closed without choosing: nothing was made
                return 0
            paths, demo, opened = chosen
        else:
            paths, demo = choose_register(args)
            opened = None
    except DeskError as exc:  # the demo register could not be made (in use, read-only home)
        report(args, str(exc))
        return 1
    warning = unsafe_location_warning(paths.db)
    from deerfield_desk.ui.start.opening import open_for_window
    from deerfield_desk.ui.start.switching import build_window, show_window

    # The window owns its register for its whole life (store/register_lock.py): a second
    # window or a writing command on the same register is refused, naming this one.
    if opened is None:
        opened = open_for_window(paths.db, actor, lambda text: report(args, text),
                                 offer_restore=not args.smoke)  # fmt: skip
    if opened is None:
        return 1
    register = opened.register
    logs.log_start(paths.db, register)
    window = build_window(opened, demo=demo, log_path=log_path)
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
            QTimer.singleShot(0, window.close)  # the way a user ends it: the window closes

        window.first_rows_shown.connect(ready)
    show_window(window, opened, background_check=not args.smoke)
    code = app.exec()
    from deerfield_desk.ui.start.opening import release

    for widget in app.topLevelWidgets():  # windows still open (the smoke probe quits)
        release(widget)
    return code


def first_start(args) -> bool:
    """No register named, none of the user's own yet, not asked for the demo: the first-run
    choice (set up the village's register, open one, or look at the demo)."""
    return not (args.db or args.smoke or getattr(args, "demo", False)) and not (
        register_paths().db.exists()
    )


def _register_of(app):
    """The open register of the main window, for the exception handler (None if none)."""
    for widget in app.topLevelWidgets():
        register = getattr(widget, "register", None)
        if register is not None and hasattr(register, "conn"):
            return register
    return None
