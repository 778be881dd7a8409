"""Put a register in a window: the first window at start, and File → Open / New / Recent.

Why a new window rather than re-pointing the old one: every screen installs itself against one
register and one data folder (its backups, photos, timers, the lock). A fresh window over the
new register starts all of them cleanly; the old window then closes the normal way (its backup
on close, its layout saved) and gives back its register and lock. The new window shows before
the old one closes, so the application never sees "last window closed" in between.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from deerfield_desk.config import APP_NAME
from deerfield_desk.ui import prefs
from deerfield_desk.ui.start.opening import Opened, is_demo, open_for_window


def build_window(opened: Opened, *, demo: bool | None = None, log_path=None):
    """A main window owning ``opened`` (it closes the register and lock when it closes)."""
    from deerfield_desk.ui.main_window import MainWindow

    demo = is_demo(opened.register.path) if demo is None else demo
    window = MainWindow(opened.register, opened.paths, demo=demo)
    window.owner_lock = opened.owner
    window.log_path = log_path
    if not demo:
        prefs.remember_register(opened.register.path)
    return window


def show_window(window, opened: Opened, *, background_check: bool = True) -> None:
    """Show it; a register too big to check before showing is checked now, in the background."""
    window.show()
    register = opened.register
    if background_check and not opened.inline_check and not register.read_only:
        from deerfield_desk.ui.integrity_check import start_background_check

        start_background_check(window).abandon_on_exit = True  # it only reads


def warn(parent, text: str) -> None:
    """Tests replace this: a refusal must never block a test on a modal box."""
    QMessageBox.warning(parent, APP_NAME, text)


def switch_to(window, path: Path | None = None, *, opened: Opened | None = None):
    """Open ``path`` (or take ``opened``) in a new window and close ``window``.

    A refusal (missing file, someone else's register, a damaged file the clerk does not
    restore) leaves ``window`` as it was, on its register, and says why. Returns the window
    now in front (the new one, or the old one when refused).
    """
    if opened is None:
        assert path is not None
        target = Path(path).expanduser().absolute()
        if target.resolve() == Path(window.paths.db).resolve():
            window.statusBar().showMessage(f"{target.name} is already open in this window.", 6000)
            return window
        opened = open_for_window(target, window.register.actor, lambda t: warn(window, t),
                                 parent=window)  # fmt: skip
        if opened is None:
            if not target.exists():
                prefs.forget_register(target)
            return window
    new = build_window(opened, log_path=getattr(window, "log_path", None))
    new.backups_enabled = getattr(window, "backups_enabled", True)
    if not window.isMaximized():
        new.setGeometry(window.geometry())
    show_window(new, opened)
    window.close()
    new.statusBar().showMessage(f"Opened {opened.register.path}", 8000)
    return new
