"""The yellow band over the demo register, with the way out of it one click away.

Why buttons on the band: a clerk who started in the demo to look around must not go on to
enter the village's real applications there. The band says plainly that nothing in it is an
official record and offers the two ways to real work: set up the village's register, or open
the one the office already has.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton

TEXT = ("DEMO REGISTER: made-up permits for trying the app. Nothing here is an official "
        "record, and nothing entered here reaches the village's register.")  # fmt: skip
STYLE = ("QFrame#demoBanner{background:#ffcc00;} QFrame#demoBanner QLabel{color:#000;"
         "font-weight:bold;} QFrame#demoBanner QPushButton{color:#000;background:#fff3c4;"
         "border:1px solid #8a6d00;padding:3px 8px;}")  # fmt: skip


def demo_banner(window) -> QFrame:
    from deerfield_desk.ui import register_actions

    banner = QFrame()
    banner.setObjectName("demoBanner")
    banner.setStyleSheet(STYLE)
    row = QHBoxLayout(banner)
    row.setContentsMargins(8, 4, 8, 4)
    label = QLabel(TEXT)
    label.setObjectName("demoBannerText")
    label.setWordWrap(True)
    row.addWidget(label, 1)
    setup = QPushButton("Set up the village's register…")
    setup.setObjectName("demo_setup")
    setup.setAccessibleName("Leave the demo: set up the village's register")
    setup.clicked.connect(lambda: register_actions.new_register(window))
    row.addWidget(setup)
    open_ = QPushButton("Open a register…")
    open_.setObjectName("demo_open")
    open_.setAccessibleName("Leave the demo: open a register")
    open_.clicked.connect(lambda: register_actions.open_register(window))
    row.addWidget(open_)
    return banner
