"""The first start: the clerk chooses what the app opens, instead of landing in made-up data.

Why ask: before, the first start opened the demo register silently, and real applications
typed into it would have been lost among made-up permits (and printed with a made-up office).
Now the demo is one of three plain choices, the register of the village is the first, and the
demo always carries its banner and "(DEMO DATA)" title.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCommandLinkButton, QDialog, QLabel, QVBoxLayout

from deerfield_desk.config import APP_NAME
from deerfield_desk.ui.screen_fit import resize_within_screen

SETUP, OPEN, DEMO = "setup", "open", "demo"


class WelcomeDialog(QDialog):
    """Three choices; ``choice`` says which was taken (None when closed)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(f"Welcome to {APP_NAME}")
        self.choice: str | None = None
        layout = QVBoxLayout(self)
        intro = QLabel(
            "<b>There is no register on this computer yet.</b><br>The register holds the "
            "village's building and erosion-control permits, inspections, fees and notices. "
            "Choose how to start:"
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        for key, text, detail in (
            (SETUP, "&Set up the village's register",
             "Create the register, then enter the village office's details, the fee schedule "
             "and holidays, and bring in the old register (each step can be done later)."),
            (OPEN, "&Open a register I already have…",
             "A register copied from the office computer, a USB stick or a backup folder."),
            (DEMO, "&Try the demo register",
             "Made-up permits to learn the app. Nothing entered there is an official record."),
        ):  # fmt: skip
            button = QCommandLinkButton(text.replace("&", "", 0), detail)
            button.setText(text)
            button.setObjectName(f"start_{key}")
            button.setAccessibleName(text.replace("&", ""))
            button.setAccessibleDescription(detail)
            button.clicked.connect(lambda _=False, k=key: self._choose(k))
            layout.addWidget(button)
        resize_within_screen(self, 560, 360)

    def _choose(self, key: str) -> None:
        self.choice = key
        self.accept()
