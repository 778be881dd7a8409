"""Benchmark of issue 16.7: the office's inspection calendar opens on a week of the
million-permit demo register (the week the demo fills with its own stops).

Measured: the week's query alone (``store.inspection_calendar.week_bookings``) and the whole
dialog built and shown (``ui/field/inspection_week.InspectionWeek``), median of 9 rounds.
Target: the dialog within 300 ms, like any screen opened from a menu. The register is the
suite's cached demo register (``context.demo_register``), read only; run alone with
``DEERFIELD_BENCH_PERMITS=100000`` for a quicker, smaller one.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from datetime import date

WEEK_TARGET_MS = 300


def run(context=None) -> dict:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from deerfield_desk.exports.inspection_ics import calendar_text
    from deerfield_desk.models.actor import Actor, Role
    from deerfield_desk.store.inspection_calendar import week_bookings, week_start
    from deerfield_desk.store.register import Register
    from deerfield_desk.store.village_calendar import village_calendar
    from deerfield_desk.ui.field.inspection_week import InspectionWeek

    permits = int(os.environ.get("DEERFIELD_BENCH_PERMITS", "1000000"))
    if context is None or not hasattr(context, "demo_register"):
        return {"inspection_week_skipped": "run through benchmarks.run (needs the demo register)"}
    path = context.demo_register(permits)
    app = QApplication.instance() or QApplication([])
    reg = Register.open_read_only(path, Actor("Pat Clerk", Role.CLERK))
    busiest = reg.query_one(
        "SELECT substr(scheduled_for, 1, 10) AS day, count(*) AS n FROM inspections "
        "INDEXED BY inspections_scheduled WHERE scheduled_for IS NOT NULL AND status = 'active' "
        "GROUP BY day ORDER BY n DESC LIMIT 1"
    )
    monday = week_start(date.fromisoformat(busiest["day"]) if busiest else date.today())
    calendar = village_calendar(reg)

    class Window:  # what the dialog needs of the main window
        register = reg

    query_ms, open_ms, export_ms, shown = [], [], [], 0
    for _ in range(9):
        # the .ics export: cancelled and voided visits too, SEQUENCE counted in the journal
        started = time.perf_counter()
        calendar_text(week_bookings(reg, monday, calendar, for_export=True), "week")
        export_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        shown = len(week_bookings(reg, monday, calendar))
        query_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        dialog = InspectionWeek(Window(), monday)
        dialog.show()
        app.processEvents()
        open_ms.append((time.perf_counter() - started) * 1000)
        dialog.close()
        dialog.deleteLater()
        app.processEvents()
    reg.close()
    return {
        "inspection_week_query_ms_median": round(statistics.median(query_ms), 1),
        "inspection_week_open_ms_median": round(statistics.median(open_ms), 1),
        "inspection_week_open_ms_max": round(max(open_ms), 1),
        "inspection_week_ics_export_ms_median": round(statistics.median(export_ms), 1),
        "inspection_week_bookings": shown,
        "inspection_week_monday": monday.isoformat(),
        "inspection_week_register_permits": permits,
        "inspection_week_target_ms": WEEK_TARGET_MS,
        "inspection_week_ok": statistics.median(open_ms) <= WEEK_TARGET_MS,
    }


if __name__ == "__main__":
    json.dump(run(None), sys.stdout, indent=2)
    print()
