"""Overdue notices in the register's "needs action" filter, at a million permits.

The filter gained ``OR p.id IN (SELECT permit_id FROM notices WHERE <overdue>)``; SQLite
answers that subquery from the ``notices_status(status, due_date)`` index, so its cost grows
with the number of overdue notices, not with the permits. Timed through the same store calls
the register view makes: the count and the first page (with the per-row overdue flag).

Alone: ``python -m benchmarks.bench_notices PATH.sqlite``.
"""

from __future__ import annotations

import sqlite3
import statistics
import sys
import time
from datetime import date

from deerfield_desk.store import register_queries as rq
from deerfield_desk.store.notices import OVERDUE_WHERE

PERMITS = 1_000_000
RUNS = 7


def needs_action_latency(db) -> dict:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        today = date.today().isoformat()
        overdue = conn.execute(f"SELECT count(*) FROM notices WHERE {OVERDUE_WHERE}", (today,))
        out = {"notices_overdue_in_db": overdue.fetchone()[0]}
        q = rq.RegisterQuery(needs_action=True, today=today)
        for name, call in (
            ("count", lambda: rq.count(conn, q)),
            ("first_page", lambda: rq.page(conn, q, 0, 200)),
        ):
            times = []
            for _ in range(RUNS):
                start = time.perf_counter()
                call()
                times.append(time.perf_counter() - start)
            out[f"notices_needs_action_{name}_ms"] = round(statistics.median(times) * 1000, 1)
        return out
    finally:
        conn.close()


def run(context) -> dict:
    return needs_action_latency(context.demo_register(PERMITS))


if __name__ == "__main__":
    print(needs_action_latency(sys.argv[1]))
