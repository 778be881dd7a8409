"""Opening a permit and checking a new person against the people on file, at a million permits.

The permit window loads one ``PermitFile`` (the detail's indexed lookups, the contractors by
trade, the payments, and the journal entries of every record the permit gathers, by the
``journal_record`` index). The duplicate check runs on every "Add" in the wizard and the
directory: name by ``lower(trim(name))``, phone by its digits, address by its first words,
over the ``people`` table, so it grows with the people on file (one per parcel in the demo).
Timed through the same store calls the screens make; medians of several runs.

Alone: ``python -m benchmarks.bench_permit_window PATH.sqlite``.
"""

from __future__ import annotations

import statistics
import sys
import time
from datetime import date

from deerfield_desk.store.people import people_matching, search_people
from deerfield_desk.store.permit_file import load_permit_file
from deerfield_desk.store.register import Register

PERMITS = 1_000_000
RUNS = 7


def _median_ms(call) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 1)


def permit_window_latency(db) -> dict:
    reg = Register.open_read_only(db)
    try:
        ids = "1, 250000, 500000, 750000, 999999"
        sample = [r["uuid"] for r in reg.query(f"SELECT uuid FROM permits WHERE id IN ({ids})")]
        person = reg.query_one("SELECT * FROM people WHERE phone IS NOT NULL ORDER BY id DESC "
                               "LIMIT 1") or {}  # fmt: skip
        today = date.today()
        out = {
            "permit_window_people_on_file": reg.query_one("SELECT count(*) AS n FROM people")["n"],
            "permit_window_open_ms": _median_ms(
                lambda: [load_permit_file(reg, uuid, today) for uuid in sample]
            )
            / max(len(sample), 1),
            "permit_window_duplicate_check_ms": _median_ms(
                lambda: people_matching(
                    reg,
                    {
                        "name": person.get("name"),
                        "phone": person.get("phone"),
                        "mailing_address": person.get("mailing_address"),
                    },
                )  # fmt: skip
            ),
            "permit_window_directory_search_ms": _median_ms(
                lambda: search_people(reg, (person.get("name") or "a")[:5])
            ),
        }
        out["permit_window_open_ms"] = round(out["permit_window_open_ms"], 1)
        return out
    finally:
        reg.close()


def run(context) -> dict:
    return permit_window_latency(context.demo_register(PERMITS))


if __name__ == "__main__":
    print(permit_window_latency(sys.argv[1]))
