"""What the counter is asked, at a million permits (issue 16.6): phone numbers in any
formatting, near misses of a family name (one edit; two edits: "far"), notice and
application numbers.

Each is timed through the same store call the register's search box makes on a keystroke
(``register_queries.search``: the count and the first page), like ``bench_register``'s search;
the target is the same (p95 ≤ 100 ms on the 2-core reference machine).

The demo register is a worst case for phone numbers: it draws 10,000 numbers for its people,
so a number is shared by several people with common names, and "their permits" are thousands
(a real village's numbers are its own). Near misses are looked up only when the exact matches
are few (``counter_search.NEAR_BELOW``), so ``bench_register``'s search is not slowed by them.
"""

from __future__ import annotations

import random
import time

from benchmarks.bench_register import PERMITS, _ms, _pct
from deerfield_desk.store import register_queries as rq
from deerfield_desk.store.register import connect

QUERIES = 60


def _formats(digits: str, rng: random.Random) -> str:
    a, b, c = digits[:3], digits[3:6], digits[6:]
    return rng.choice([f"{a}-{b}-{c}", f"({a}) {b} {c}", digits, f"{a}.{b}.{c}", f"+1 {a}-{b}-{c}"])


def _misspelt(name: str, rng: random.Random, start: int = 1) -> str:
    """A family name with one letter changed, dropped or two letters swapped (past the first
    ``start`` letters)."""
    i = rng.randint(start, len(name) - 2)
    return rng.choice([
        name[:i] + "xz"[name[i] == "x"] + name[i + 1:],
        name[:i] + name[i + 1:],
        name[:i] + name[i + 1] + name[i] + name[i + 2:],
    ])  # fmt: skip


def counter_queries(conn, seed: int = 16) -> dict[str, list[str]]:
    rng = random.Random(seed)
    top_people = conn.execute("SELECT max(id) FROM people").fetchone()[0] or 1
    phones: list[str] = []
    while len(phones) < QUERIES:
        row = conn.execute(
            "SELECT phone FROM people WHERE id = ?", (rng.randint(1, top_people),)
        ).fetchone()
        digits = "".join(ch for ch in (row[0] if row and row[0] else "") if ch.isdigit())
        if len(digits) == 10:
            phones.append(_formats(digits, rng))
    top = conn.execute("SELECT max(id) FROM permits").fetchone()[0]
    near: list[str] = []
    far: list[str] = []
    while len(near) < QUERIES or len(far) < QUERIES:
        owner = conn.execute(
            "SELECT owner_name FROM permits WHERE id = ?", (rng.randint(1, top),)
        ).fetchone()[0]
        family = (owner or "").split()[-1] if owner else ""
        if len(family) >= 5 and family.isalpha() and len(near) < QUERIES:
            near.append(_misspelt(family, rng))
        elif len(family) >= 7 and family.isalpha():
            # two edits past the first two letters, the ones the clerk heard right (the
            # second tier reads the words starting with them: store.near_words)
            far.append(_misspelt(_misspelt(family, rng, 2), rng, 2))
    notices = [r[0] for r in conn.execute(
        "SELECT notice_number FROM notices WHERE notice_number IS NOT NULL "
        "ORDER BY random() LIMIT ?", (QUERIES,))]  # fmt: skip
    applications = [r[0] for r in conn.execute(
        "SELECT application_number FROM applications WHERE application_number IS NOT NULL "
        "ORDER BY random() LIMIT ?", (QUERIES,))]  # fmt: skip
    return {"phone": phones, "near": near, "far": far, "notice": notices,
            "application": applications}  # fmt: skip


def run(context) -> dict:
    db = context.demo_register(PERMITS)
    conn = connect(db)
    results: dict = {}
    try:
        for kind, texts in counter_queries(conn).items():
            if not texts:
                results[f"counter_search_{kind}_queries"] = 0
                continue
            times, found = [], 0
            for text in texts:
                started = time.perf_counter()
                total, _rows = rq.search(conn, rq.RegisterQuery(text=text))
                times.append(_ms(time.perf_counter() - started))
                found += bool(total)
            results[f"counter_search_{kind}_p50_ms"] = _pct(times, 50)
            results[f"counter_search_{kind}_p95_ms"] = _pct(times, 95)
            results[f"counter_search_{kind}_max_ms"] = max(times)
            results[f"counter_search_{kind}_found_share"] = round(found / len(texts), 2)
    finally:
        conn.close()
    return results
