"""Documents benchmark: one permit card (target ≤ 30 ms) and a batch of 500 placards
(target ≤ 10 s) with steady memory.

Run alone: ``python -m benchmarks.bench_documents`` prints JSON. ``run(context)`` returns the
same dict for a suite runner; ``context`` may carry ``tmp`` (a folder for the batch file).
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

import psutil

from deerfield_desk.documents.batch import placard_batch
from deerfield_desk.documents.permit_card import render_permit_card
from deerfield_desk.documents.placard import render_placard
from deerfield_desk.documents.village import VillageSettings

SETTINGS = VillageSettings(phone="(608) 555-0142", inspector="Lee Inspector")
CARD = {
    "permit_number": "2026-0042",
    "kind": "building",
    "address_text": "123 Main Street, Deerfield, WI 53531",
    "owner_name": "Jane Smith",
    "contractor_name": "Badger Builders LLC",
    "description": "New single-family dwelling with attached garage",
    "issued_date": "2026-11-16",
    "expires_date": "2028-11-16",
    "conditions": "Silt fence on the east line before digging\nDriveway apron to detail",
}


def placards(n: int) -> list[dict]:
    return [
        {"permit_number": f"2026-{i:04d}", "house_number": str(100 + i), "street": "Main Street"}
        for i in range(1, n + 1)
    ]


def rss_mb() -> float:
    return psutil.Process().memory_info().rss / 2**20


def run(context: dict | None = None) -> dict:
    context = context or {}
    cold_start = time.perf_counter()
    render_permit_card(CARD, SETTINGS)  # registers fonts, warms caches
    cold_ms = (time.perf_counter() - cold_start) * 1000
    times = []
    for _ in range(30):
        start = time.perf_counter()
        render_permit_card(CARD, SETTINGS)
        times.append((time.perf_counter() - start) * 1000)

    records = placards(500)
    folder = Path(context.get("tmp") or tempfile.mkdtemp(prefix="bench-documents-"))
    target = folder / "placards.pdf"
    rss_before = rss_mb()
    start = time.perf_counter()
    for _ in placard_batch(records, SETTINGS, target):
        pass
    batch_s = time.perf_counter() - start
    rss_after_batch = rss_mb()

    # 500 single placards, one PDF each (what the preview does): memory must not climb
    rss_marks = []
    start = time.perf_counter()
    for n, record in enumerate(records, 1):
        render_placard(record, SETTINGS)
        if n % 100 == 0:
            rss_marks.append(round(rss_mb(), 1))
    singles_s = time.perf_counter() - start
    return {
        "permit_card_ms_median": round(statistics.median(times), 2),
        "permit_card_ms_max": round(max(times), 2),
        "permit_card_ms_cold": round(cold_ms, 1),
        "permit_card_target_ms": 30,
        "placards_500_batch_s": round(batch_s, 2),
        "placards_500_batch_pdf_kb": round(target.stat().st_size / 1024),
        "placards_500_single_pdfs_s": round(singles_s, 2),
        "placards_target_s": 10,
        "rss_mb_before_batch": round(rss_before, 1),
        "rss_mb_after_batch": round(rss_after_batch, 1),
        "rss_mb_every_100_single_placards": rss_marks,
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
