"""Progress of long work: the one type every long-running generator yields.

Long work (export, import, batch printing, demo data, photo import, backup) is a plain
generator in a headless layer that yields :class:`Progress` and returns its result; the UI's
one runner (``ui.worker.run_with_progress``) shows it behind a cancellable dialog, and the CLI
and tests simply iterate. It lives in ``models/`` because every layer may import ``models/``
and none of them may import Qt: one definition instead of a look-alike per layer.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Progress:
    """``done`` of ``total`` steps, and what is happening now in words a clerk understands."""

    done: int
    total: int
    label: str = ""

    @property
    def fraction(self) -> float:
        """How far along, 0.0 to 1.0 (a total of 0 means "not known yet": 0.0)."""
        return min(self.done / self.total, 1.0) if self.total > 0 else 0.0
