"""Open a window at its preferred size, but never larger than the screen it opens on.

Why: the office's laptops are 1366x768, often at 150 or 200 % scaling, which leaves 683x384
logical pixels. A dialog asking for 900x640 there opens with its buttons off the screen. Bodies
that can be long scroll (``ui/start/embed.py``), so a dialog may always shrink to the screen.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def resize_within_screen(widget: QWidget, width: int, height: int) -> None:
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        widget.resize(width, height)
        return
    room = screen.availableGeometry()
    widget.resize(min(width, room.width()), min(height, room.height()))
