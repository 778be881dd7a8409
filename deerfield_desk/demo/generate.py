"""A made-up but realistic register for trying the app and for the million-permit benchmarks.

``generate_demo(path, permits=N, seed=S)`` is a generator yielding ``Progress(done,
total, label)`` (the UI runs it behind a progress dialog) and returns a summary dict. Every
record is journaled, so ``deerfield-desk verify`` passes on the result. It builds into
``<path>.building`` and renames it into place only when complete: cancelled or failed, nothing
half-built is left under the register's name.

The shape: parcels along Deerfield-like streets (parcel numbers, legal descriptions), owners,
contractors with state credential numbers, permits 2015 to today (mostly building, some
erosion control minor/major, a few demolition, moving, satellite dish) in plausible statuses,
issued permits numbered YYYY-NNNN in order of issuance within the year (§12.12(8)) with
``number_series`` set to match, inspections, fees and some notices.
"""

from __future__ import annotations

import multiprocessing
import queue
import random
import sqlite3
from datetime import UTC, date, datetime
from pathlib import Path

from deerfield_desk.demo.permits import PermitMaker
from deerfield_desk.demo.rows import Places, new_uuids, plan_permits, statements
from deerfield_desk.documents.village import VillageSettings, save_village_settings
from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.models.progress import Progress
from deerfield_desk.store import head_witness, journal
from deerfield_desk.store.bulk import HEAD_UPSERT, JOURNAL_INSERT, JournalChain
from deerfield_desk.store.demo_register import DEMO_DEVICE, DEMO_USER
from deerfield_desk.store.register import LOCK_TIMEOUT, Register
from deerfield_desk.store.register_lock import RegisterLock

DEMO_ACTOR = Actor(DEMO_USER, Role.SYSTEM, DEMO_DEVICE)
FIRST_YEAR = 2015
BATCH = 25_000
PROCESS_THRESHOLD = 50_000
KEPT_WHILE_LOADING = frozenset(
    {
        "permits_status", "permits_kind", "permits_applied", "permits_issued",
        "permits_expires", "permits_application", "permits_kind_sort", "permits_status_expires",
        "inspections_permit", "inspections_scheduled", "fees_permit", "fees_application",
        "notices_permit", "notices_status",
    }
)  # fmt: skip


def _remove(path: Path) -> None:
    # ".lock": the register lock file of the private building file (nobody else opens it).
    for suffix in ("", "-wal", "-shm", "-journal", ".lock"):
        Path(str(path) + suffix).unlink(missing_ok=True)


#: The demo village office: official documents print only once Settings name one.
DEMO_OFFICE = VillageSettings(
    address="Village Hall, 4 North Main Street, Deerfield, WI 53531 (demo)",
    phone="(608) 555-0100",
    inspector="Demo Inspector",
)


def generate_demo(register_path, permits: int = 300, seed: int = 1, today: date | None = None):
    """Build a demo register of ``permits`` permits at ``register_path`` (a new file)."""
    path = Path(register_path)
    if permits < 1:
        raise InvalidInput("permits", "make at least one permit")
    if path.exists() and path.stat().st_size > 0:
        raise InvalidInput("db", f"a register already exists at {path}; demo data goes only "
                           "into a new file")  # fmt: skip
    today = today or date.today()
    building = path.with_name(path.name + ".building")
    _remove(building)
    reg = Register.create(building, DEMO_ACTOR)  # the schema, by the same migrations
    try:  # a demo office, so official documents print (they refuse without one, issue 14)
        save_village_settings(reg, DEMO_OFFICE)
    finally:
        reg.close()
        # the bulk load below moves the head on without it: no witness of a half-built file
        head_witness.witness_path(building).unlink(missing_ok=True)
    conn = sqlite3.connect(str(building), check_same_thread=False)
    conn.isolation_level = None
    # A new file nobody else has open, renamed into place only when complete: no rollback
    # journal, no fsync, a big cache, and helper threads for CREATE INDEX's sorts.
    for pragma in ("journal_mode = OFF", "synchronous = OFF", "cache_size = -1000000",
                   "temp_store = MEMORY", "foreign_keys = OFF", "threads = 2"):  # fmt: skip
        conn.execute(f"PRAGMA {pragma}")
    try:
        # Indexes on random keys (names, addresses, uuids) are dropped and rebuilt at the end
        # with the same CREATE INDEX statements: one sort beats a million random inserts.
        # Those whose keys grow with the rows (dates, status, parent ids) stay: each insert
        # lands at the end of its group, which is cheap.
        indexes = [
            (name, sql)
            for name, sql in conn.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
            )
            if name not in KEPT_WHILE_LOADING
        ]
        for name, _sql in indexes:
            conn.execute(f"DROP INDEX {name}")
        summary = yield from _fill(conn, permits, seed, today)
        yield Progress(permits, permits, "Building the indexes…")
        for _name, sql in indexes:
            conn.execute(sql)
        yield Progress(permits, permits, "Building the search index…")
        conn.execute("INSERT INTO permits_fts(permits_fts) VALUES('rebuild')")
        conn.execute("PRAGMA analysis_limit = 1000")
        conn.execute("ANALYZE")
        conn.execute("PRAGMA journal_mode = WAL")
    except BaseException:
        conn.close()
        _remove(building)
        raise
    conn.close()
    # Renamed into place under the register lock, and only where no register is: a second
    # process building the same demo at once must not replace the first one's open file.
    with RegisterLock(path, purpose="building a demo register").acquire(timeout=LOCK_TIMEOUT):
        if path.exists() and path.stat().st_size > 0:
            _remove(building)
            raise InvalidInput("db", f"a register already exists at {path}; demo data goes "
                               "only into a new file")  # fmt: skip
        building.replace(path)
    _remove(building)
    summary["path"] = str(path)
    return summary


def produce(n: int, seed: int, today: date, head: tuple):
    """Every batch of INSERTs (rows, then their journal entries, then the journal head), in
    order: ``("batch", permits_done, statements)`` …, then ``("done", counts, None)``.

    Pure computation, no database: it runs in a second process for big registers."""
    rng = random.Random(seed)
    chain = JournalChain.from_head(DEMO_ACTOR, *head)
    plan = plan_permits(rng, n, FIRST_YEAR, today)
    places = Places(rng, n)
    at = datetime.now(UTC).isoformat(timespec="microseconds")
    counts = {table: len(rows) for table, (_cols, rows) in places.tables().items()}
    yield "batch", 0, [*statements(chain, places.tables(), at, rng), _head(chain)]
    maker = PermitMaker(rng, plan, places, today)
    for start in range(0, n, BATCH):
        stop = min(n, start + BATCH)
        tables = maker.batch(start, stop)
        at = datetime.now(UTC).isoformat(timespec="microseconds")
        batch = statements(chain, tables, at, rng)
        for table, (_cols, rows) in tables.items():
            counts[table] = counts.get(table, 0) + len(rows)
        if stop == n:
            series = [("permit", y, last) for y, last in sorted(plan.last_number.items())]
            series += [("notice", y, last) for y, last in sorted(maker.notice_last.items())]
            batch.append(
                ("INSERT INTO number_series (series, year, last) VALUES (?, ?, ?)", series)
            )
            # journaled like Register.next_number's steps, so verify replays the series too
            entries = chain.series_entries(series, new_uuids(rng, len(series)), at)
            batch.append((JOURNAL_INSERT, entries))
        batch.append(_head(chain))
        yield "batch", stop, batch
    counts["journal"] = chain.entries
    yield "done", counts, None


def _produce_into(out, n: int, seed: int, today: date, head: tuple) -> None:
    """The second process: compute batches and hand them over (the queue bounds memory)."""
    try:
        for item in produce(n, seed, today, head):
            out.put(item)
    except BaseException as exc:  # reported by the parent
        out.put(("error", f"{type(exc).__name__}: {exc}", None))


def _batches(n: int, seed: int, today: date, head: tuple):
    """Small registers are computed inline; big ones in a second process, so computing the
    rows and hashes (Python) and writing them (SQLite) use both cores."""
    if n < PROCESS_THRESHOLD:
        yield from produce(n, seed, today, head)
        return
    ctx = multiprocessing.get_context("spawn")  # never fork a process that may run Qt
    out = ctx.Queue(maxsize=3)
    worker = ctx.Process(target=_produce_into, args=(out, n, seed, today, head), daemon=True)
    worker.start()
    try:
        while True:
            try:
                item = out.get(timeout=5)
            except queue.Empty:
                if worker.is_alive():
                    continue
                raise RuntimeError(
                    f"demo data generation stopped (the worker process exited with code "
                    f"{worker.exitcode})"
                ) from None
            if item[0] == "error":
                raise RuntimeError(f"demo data generation failed: {item[1]}")
            yield item
            if item[0] == "done":
                return
    finally:
        if worker.is_alive():
            worker.terminate()
        worker.join()


def _fill(conn: sqlite3.Connection, n: int, seed: int, today: date):
    head, fmt = journal.read_head(conn), journal.current_format(conn)
    started = (head.seq, head.hash, head.entries, fmt.version, fmt.register_id)
    for kind, value, batch in _batches(n, seed, today, started):
        if kind == "done":
            return value
        conn.execute("BEGIN")
        for sql, rows in batch:
            conn.executemany(sql, rows)
        conn.execute("COMMIT")
        yield Progress(value, n, f"{value:,} of {n:,} permits written")
    raise RuntimeError("demo data generation stopped early")


def _head(chain: JournalChain) -> tuple[str, list]:
    return HEAD_UPSERT, [(chain.seq, chain.hash, chain.entries)]


def ensure_demo_register(path, permits: int = 300, seed: int = 1) -> bool:
    """Create the small demo register for ``make run`` when it is missing; True if made."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with RegisterLock(path, purpose="building the demo register").acquire(timeout=LOCK_TIMEOUT):
        if path.exists() and path.stat().st_size > 0:
            return False
        for _ in generate_demo(path, permits=permits, seed=seed):
            pass
    return True


__all__ = ["generate_demo", "ensure_demo_register"]
