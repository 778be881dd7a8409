"""Progress of long exports and imports, without Qt.

``ui.worker.Progress`` lives in a module that imports PySide6, which the headless layers may not
touch (ARCHITECTURE.md). This twin has the same three fields, so ``run_with_progress`` shows it
unchanged (it reads only ``done``, ``total`` and ``label``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Progress:
    done: int
    total: int
    label: str = ""
