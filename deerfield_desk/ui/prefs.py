"""The app's own preferences (who is at the keyboard, window layout, recent registers) kept in
the data folder, in ``settings.ini`` beside the register.

Why not Qt's default place (the registry on Windows, ``~/.config`` elsewhere): the data folder
is the one thing an office moves, backs up or points ``DEERFIELD_DESK_HOME`` at (a portable
install on a stick, a test). Preferences kept elsewhere stayed behind, so a moved install asked
"who is at the keyboard?" again and a test could read the clerk's own window layout. Settings a
previous version left in Qt's default place are adopted once, the first time the file is made.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSettings

from deerfield_desk.config import data_home

SETTINGS_FILENAME = "settings.ini"
RECENT_KEY = "registers/recent"
RECENT_KEPT = 8
#: Keys a previous version kept in Qt's default place, adopted into the data folder once.
ADOPTED_PREFIXES = ("identity/", "window/", "register/")


def settings_path() -> Path:
    return data_home() / SETTINGS_FILENAME


def settings() -> QSettings:
    """The preferences of this data folder (read and written as an INI file)."""
    path = settings_path()
    first = not path.exists()
    store = QSettings(str(path), QSettings.Format.IniFormat)
    if first:
        _adopt_old_settings(store)
    return store


def _adopt_old_settings(store: QSettings) -> None:
    """Copy what an older version kept in Qt's default place, so an upgrade does not forget
    the clerk's name; nothing is copied when that place holds nothing of ours."""
    try:
        old = QSettings("Village of Deerfield", "Deerfield Desk")
        keys = [k for k in old.allKeys() if k.startswith(ADOPTED_PREFIXES)]
    except RuntimeError:  # no QCoreApplication yet: nothing to adopt from
        return
    for key in keys:
        store.setValue(key, old.value(key))
    if keys:
        store.sync()


def recent_registers() -> list[Path]:
    """Registers opened lately, newest first (as remembered; a file may have moved since)."""
    raw = settings().value(RECENT_KEY, "[]")
    try:
        names = json.loads(str(raw))
    except ValueError:
        return []
    return [Path(n) for n in names if isinstance(n, str) and n][:RECENT_KEPT]


def remember_register(path: Path) -> None:
    """Put ``path`` first in the recent list (once, whatever the spelling of the path)."""
    path = Path(path).expanduser().resolve()
    kept = [p for p in recent_registers() if p.expanduser().resolve() != path]
    store = settings()
    store.setValue(RECENT_KEY, json.dumps([str(p) for p in [path, *kept][:RECENT_KEPT]]))
    store.sync()


def forget_register(path: Path) -> None:
    """Drop ``path`` from the recent list (a file that is gone)."""
    path = Path(path).expanduser().resolve()
    kept = [p for p in recent_registers() if p.expanduser().resolve() != path]
    store = settings()
    store.setValue(RECENT_KEY, json.dumps([str(p) for p in kept]))
    store.sync()
