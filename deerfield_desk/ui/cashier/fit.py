"""Size a cashier dialog to what it wants, but never past the screen it opens on.

Why: at 200 % scaling a 1366×768 screen is 683×384 logical pixels; a dialog sized for 100 %
would open with its buttons off the screen. The bodies scroll, so a smaller window loses
nothing.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

MARGIN = 24


def fit_to_screen(widget: QWidget, width: int, height: int) -> None:
    screen = widget.screen()
    if screen is None:
        widget.resize(width, height)
        return
    room = screen.availableGeometry()
    widget.resize(min(width, room.width() - MARGIN), min(height, room.height() - MARGIN))
