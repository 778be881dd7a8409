"""Child process of ``bench_photos``: the real window imports photos through the real field
code (``photo_actions.attach_files``: a ``ui.worker.Job`` behind a progress dialog) while a
5 ms ``QTimer`` probe measures how long the event loop goes without running it.

``python -m benchmarks.photo_ui_probe FOLDER PHOTO...`` prints one JSON object: the longest
event-loop stall during the import (ms), the peak RSS of this process (MB, ``ru_maxrss``:
Qt, the window and the import together), and how many photos were attached.
A separate process, so the peak RSS is this import's and not the benchmark runner's.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

#: A daytime request, whenever the bench runs (a call at 03:00 is questioned).
NOON = datetime.now().replace(hour=12, minute=0, second=0, microsecond=0)

PROBE_MS = 5


def idle_stall(app, tick, state, probe, seconds: float = 2.0) -> float:
    """The longest stall of the same probe with the window idle: what the machine itself
    (other processes on two shared cores) costs, so the import's own stall can be judged."""
    state["last"] = time.perf_counter()
    state["worst"] = 0.0
    probe.start()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.001)
    probe.stop()
    worst, state["worst"], state["ticks"] = state["worst"], 0.0, 0
    return round(worst * 1000, 1)


def main(folder: str, *files: str) -> None:
    app = QApplication(sys.argv[:1])
    from deerfield_desk.config import register_paths
    from deerfield_desk.models.actor import Actor, Role
    from deerfield_desk.store import inspections
    from deerfield_desk.store.register import Register
    from deerfield_desk.ui import worker
    from deerfield_desk.ui.field import photo_actions
    from deerfield_desk.ui.main_window import MainWindow

    paths = register_paths(Path(folder) / "probe.sqlite")
    reg = Register.create(paths.db, Actor("Bench Inspector", Role.INSPECTOR, "bench-laptop"))
    facts = {"kind": "building", "structure": "dwelling", "status": "issued"}
    permit = reg.insert(
        "permits",
        {**facts, "address_text": "7 Liberty St", "description": "New single-family house"},
    )
    stop = inspections.request_inspection(
        reg, permit["uuid"], "footing", requested_by="bench", requested_at=NOON, now=NOON
    )
    window = MainWindow(reg, paths)
    window.backups_enabled = False
    window.resize(1366, 768)
    window.show()
    failures: list[str] = []
    worker.report_failure = lambda _parent, _title, message: failures.append(message)
    app.processEvents()
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    state = {"last": time.perf_counter(), "worst": 0.0, "ticks": 0, "rows": 0, "done": None}
    state.update(importing=False, started=time.perf_counter())
    stalls: list[tuple[float, float]] = []  # (ms into the import, ms stalled) over 50 ms

    def tick() -> None:
        now = time.perf_counter()
        gap = now - state["last"]
        state["worst"] = max(state["worst"], gap)
        if gap > 0.05 and state["importing"]:
            stalls.append((round((now - state["started"]) * 1000), round(gap * 1000, 1)))
        state["last"] = now
        state["ticks"] += 1

    def finished(rows: list[dict]) -> None:
        state["rows"] = len(rows)
        state["done"] = time.perf_counter()
        QTimer.singleShot(0, app.quit)

    probe = QTimer()
    probe.setInterval(PROBE_MS)
    probe.timeout.connect(tick)
    baseline = idle_stall(app, tick, state, probe)
    started = state["started"] = time.perf_counter()
    state["importing"] = True

    def begin() -> None:
        state["last"] = time.perf_counter()
        probe.start()
        job = photo_actions.attach_files(window, "inspections", stop["uuid"], list(files),
                                         finished)  # fmt: skip
        job.signals.failed.connect(lambda _m: QTimer.singleShot(0, app.quit))

    QTimer.singleShot(0, begin)
    app.exec()
    probe.stop()
    print(json.dumps({
        "stall_ms": round(state["worst"] * 1000, 1),
        "probe_ticks": state["ticks"],
        "import_s": round((state["done"] or time.perf_counter()) - started, 2),
        "photos": state["rows"],
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "rss_before_import_mb": round(rss_before, 1),
        "idle_stall_ms": baseline,
        "stalls_over_50ms": stalls[:20],
        "failures": failures,
    }))  # fmt: skip
    reg.close()


if __name__ == "__main__":
    main(sys.argv[1], *sys.argv[2:])
