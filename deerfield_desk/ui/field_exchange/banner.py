"""The plain banner a field copy shows above everything, so no one mistakes it for the office."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

BANNER_STYLE = (
    "QLabel#fieldBanner { background: #1f4e79; color: #ffffff; font-weight: bold; "
    "padding: 8px; border-radius: 3px; }"
)


def make_banner(text: str) -> QLabel:
    banner = QLabel(text)
    banner.setObjectName("fieldBanner")
    banner.setStyleSheet(BANNER_STYLE)  # fixed colours: readable in a light or a dark palette
    banner.setWordWrap(True)
    banner.setToolTip(
        "Work done here goes back to the office with File → Field → Prepare return…. "
        "Permits, payments, fees and village settings are changed at the office only."
    )
    return banner


def install_banner(window) -> QLabel | None:
    manifest = window.register.field_manifest
    if manifest is None:
        return None
    banner = make_banner(manifest.banner())
    window.centralWidget().layout().insertWidget(0, banner)
    window.setWindowTitle(f"{window.windowTitle()} (FIELD COPY for {manifest.device})")
    window.field_banner = banner
    return banner
