"""Replay the journal against the rows: the check that no edit can bypass (ARCHITECTURE.md).

The journal's chain proves the journal was not altered; it says nothing about the tables. This
module closes that gap: every record of every official table (every table with a ``uuid``)
must equal the *latest after-image* the journal holds for it, column by column, and every
journaled record must still be there. So a direct ``UPDATE``, an inserted or deleted row and
an ``INSERT OR REPLACE`` (which deletes without firing the no-delete triggers, and usually
gives the row a new ``id``) are each reported with table, record and column.

The number series is protected the same way: ``Register.next_number`` journals every step as
``number_series`` with record ``series/year`` and after-image ``{"series", "year", "last"}``.

Rules for an after-image that lacks a column (why): the demo generator journals only the
fields it sets, and later migrations add columns to old rows. A missing column must hold the
column's declared default (NULL when none). A missing ``id`` is not compared (rows journaled by
an older ``insert_many`` carried none). A migration that *changes* official rows must journal
the change like any other writer, or ``verify`` reports it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import groupby
from operator import itemgetter

from deerfield_desk.store import canonical_sql
from deerfield_desk.store.bulk import row_json
from deerfield_desk.store.executor import Executor

SERIES_TABLE = "number_series"
#: table_name of the journal's format entries (store/journal.py, hash version 2)
FORMAT_TABLE = "journal"
DELETE_TRIGGER_MARK = "RAISE(ABORT"
WRITING_WORDS = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def series_key(series: str, year: int) -> str:
    return f"{series}/{year}"


@dataclass
class ReplayReport:
    records: int = 0
    problems: list[str] = field(default_factory=list)
    more: int = 0  # problems not kept (the list is capped)

    def add(self, text: str, cap: int) -> None:
        if len(self.problems) < cap:
            self.problems.append(text)
        else:
            self.more += 1


def official_tables(conn: sqlite3.Connection) -> list[str]:
    """Every table whose records carry a ``uuid``: the official, journaled ones."""
    names = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND name NOT LIKE '\\_%' ESCAPE '\\' AND name != 'journal' ORDER BY name"
        )
    ]
    return [n for n in names if "uuid" in columns(conn, n)]


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')]


def column_defaults(conn: Executor, table: str) -> dict:
    """Each column's declared default as a value, evaluated apart from the register."""
    scratch = sqlite3.connect(":memory:")
    out: dict[str, object] = {}
    try:
        for _cid, name, _type, _notnull, dflt, _pk in conn.execute(f'PRAGMA table_info("{table}")'):
            if dflt is None:
                out[name] = None
                continue
            try:
                out[name] = scratch.execute(f"SELECT {dflt}").fetchone()[0]
            except sqlite3.Error:
                out[name] = dflt
    finally:
        scratch.close()
    return out


_DEFAULTS: dict[tuple[str, str, int], dict] = {}


def cached_defaults(conn: Executor, table: str) -> dict:
    """``column_defaults`` kept per database file and schema version (it costs a scratch
    connection, and ``Register.update`` asks on every edit)."""
    name = conn.execute("PRAGMA database_list").fetchone()[2]
    version = conn.execute("PRAGMA schema_version").fetchone()[0]
    key = (name, table, version)
    if key not in _DEFAULTS:
        if len(_DEFAULTS) > 256:
            _DEFAULTS.clear()
        _DEFAULTS[key] = column_defaults(conn, table)
    return _DEFAULTS[key]


def _same(stored, journaled) -> bool:
    """Equal as the journal wrote it: bytes were written as ``str(bytes)``, and a number is
    never equal to text (``1`` stored where the journal says ``"1"`` is an edit)."""
    if isinstance(stored, bytes):
        stored = str(stored)
    if isinstance(journaled, bool):
        journaled = int(journaled)
    if isinstance(stored, str) or isinstance(journaled, str):
        return type(stored) is type(journaled) and stored == journaled
    return stored == journaled


def differing_columns(row: dict, image: dict, defaults: dict) -> list[str]:
    """The columns where ``row`` differs from the journal's after-image (see module doc)."""
    out = []
    for name, value in row.items():
        if name in image:
            if not _same(value, image[name]):
                out.append(name)
        elif name != "id" and not _same(value, defaults.get(name)):
            out.append(name)
    out += [f"{name} (no such column any more)" for name in image if name not in row]
    return out


def _expected(image: dict, defaults: dict, row: dict) -> dict:
    """The row the journal implies: defaults for columns the image lacks, the row's own id
    when the image has none. Equal to the row (dict ==) exactly when nothing differs, except
    that == is laxer on types than :func:`differing_columns` (1 == 1.0), which only matters
    for REAL columns where SQLite itself makes 1 into 1.0."""
    if len(image) == len(defaults) and "id" in image:
        return image
    expected = {**defaults, **image}
    if "id" not in image:
        expected["id"] = row.get("id")
    return expected


def _show(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _latest_images(conn: sqlite3.Connection) -> Iterator[tuple[str, str, str | None]]:
    """(table, record, after_json) of each record's latest entry, by table then record."""
    return conn.execute(
        "SELECT l.table_name, l.record_uuid, j.after_json FROM "
        "(SELECT table_name, record_uuid, max(seq) AS seq FROM journal "
        " GROUP BY table_name, record_uuid) AS l JOIN journal AS j ON j.seq = l.seq "
        "ORDER BY l.table_name, l.record_uuid"
    )


Latest = Mapping[tuple[str, str], str | None]


def _images_by_table(latest: Latest | None, conn: sqlite3.Connection):
    """``(table, [(record, after_json), …])`` by table, records sorted (as the rows are read,
    ``ORDER BY uuid``). From the chain walk's ``latest`` when given (text keys sort in Python
    exactly as SQLite's BINARY collation sorts them: by code point), else from the journal,
    one table's images at a time."""
    if latest is not None and all(type(t) is str and type(r) is str for t, r in latest):
        by_table: dict[str, list[tuple[str, str | None]]] = {}
        for (table, record), after in latest.items():
            by_table.setdefault(table, []).append((record, after))
        for table in sorted(by_table):
            yield table, sorted(by_table.pop(table), key=itemgetter(0))
        return
    for table, rows in groupby(_latest_images(conn), key=itemgetter(0)):
        yield table, [(record, after) for _table, record, after in rows]


def replay(conn: sqlite3.Connection, cap: int = 40, latest: Latest | None = None) -> ReplayReport:
    """Compare every official record and the number series with the journal's replay.

    ``latest``: each record's newest after-image as ``journal.verify_chain`` collects it on
    its walk (only from a walk that read every entry), so the journal is not read twice;
    without it the journal is grouped here."""
    report = ReplayReport()
    tables = set(official_tables(conn))
    series_seen = False

    def flush(table, images):
        nonlocal series_seen
        if table == SERIES_TABLE:
            series_seen = True
            _check_series(conn, images, report, cap)
        elif table == FORMAT_TABLE:
            return  # the journal's own format entries (journal.FORMAT_RECORD): not a record
        elif table in tables:
            _check_table(conn, table, images, report, cap)
            tables.discard(table)
        else:
            report.add(
                f"the journal records {len(images)} {table} record(s), but the register has "
                f"no table {table}: it was dropped outside the app",
                cap,
            )

    for table, images in _images_by_table(latest, conn):
        flush(table, images)
    for table in sorted(tables):  # tables with rows but no journal entry at all
        _check_table(conn, table, [], report, cap)
    if not series_seen:
        _check_series(conn, [], report, cap)
    return report


#: A row's text as the journal writes it (``journal.to_json``: sorted keys, no spaces,
#: non-ASCII kept) when given a dict whose keys are already sorted. NaN and infinities are
#: refused rather than written, so they never pass as equal text (see ``_as_journaled``).
_ROW_TEXT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode


def _as_journaled(names: list[str], values: tuple) -> str | None:
    """The row (``names`` sorted, ``values`` in their order) as JSON text, None if a value
    has no JSON text (bytes, NaN).

    Why: nearly every row is exactly its latest after-image, and then the two texts are
    equal; encoding the row costs less than parsing the image. Equal texts mean the image
    parses to exactly the row's values (same columns, same types: ``1`` and ``1.0`` or
    ``"1"`` differ as text), so a row passed this way would also pass the full comparison;
    any other row goes through the full comparison, findings unchanged."""
    try:
        return _ROW_TEXT(dict(zip(names, values, strict=True)))
    except (TypeError, ValueError):
        return None


def _rows_are_their_images(conn, table: str, images: list) -> int | None:
    """The number of rows when every row of ``table`` is, text for text, its record's image
    (``images`` sorted by record, as the rows come by uuid), written by SQLite
    (``store/canonical_sql.py``); None at the first row that is not, or if SQLite cannot say.

    Why: the whole table is then clean, with no finding, exactly as the full comparison
    would conclude (equal text, equal values; one image per row, one row per image), and
    it costs a third of it. Anything else, the full comparison runs over the whole table and
    makes the findings, as it always did."""
    if not canonical_sql.usable(conn):
        return None
    try:
        cursor = conn.execute(canonical_sql.row_text_query(conn, table))
        pending = iter(images)
        rows = 0
        for uuid, text in cursor:
            image = next(pending, None)
            if text is None or image is None or image[0] != uuid or image[1] != text:
                return None
            rows += 1
    except sqlite3.Error:
        return None
    return rows if next(pending, None) is None else None


def _check_table(conn, table: str, images: list, report: ReplayReport, cap: int) -> None:
    clean = _rows_are_their_images(conn, table, images)
    if clean is not None:
        report.records += clean
        return
    defaults = column_defaults(conn, table)
    cursor = conn.execute(f'SELECT * FROM "{table}" ORDER BY uuid')
    names = [d[0] for d in cursor.description]
    order = sorted(range(len(names)), key=names.__getitem__)
    sorted_names = [names[i] for i in order]
    in_order = itemgetter(*order) if len(order) > 1 else (lambda v: (v[order[0]],))
    at_uuid = names.index("uuid")
    it = iter(images)
    nxt = next(it, None)
    for values in cursor:
        uuid = values[at_uuid]
        report.records += 1
        if not isinstance(uuid, str):
            row = dict(zip(names, values, strict=True))
            report.add(f"{table} row {row.get('id')}: its uuid is not text: made outside", cap)
            continue
        while nxt is not None and nxt[0] < uuid:
            _missing(table, nxt, report, cap)
            nxt = next(it, None)
        if nxt is None or nxt[0] != uuid:
            report.add(
                f"{table} record {uuid}: has no journal entry: it was inserted outside the app",
                cap,
            )
            continue
        after = nxt[1]
        nxt = next(it, None)
        if after is None:
            report.add(f"{table} record {uuid}: journaled as removed, yet it is there", cap)
            continue
        if _as_journaled(sorted_names, in_order(values)) == after:
            continue  # the common case: the row is its after-image, text for text
        row = dict(zip(names, values, strict=True))
        try:
            image = json.loads(after)
        except ValueError:
            report.add(f"{table} record {uuid}: its journal after-image is unreadable", cap)
            continue
        if _expected(image, defaults, row) == row:
            continue  # the common case, compared at C speed
        diff = differing_columns(row, image, defaults)
        if diff:
            first = diff[0].split(" ")[0]
            detail = (
                f" (register {_show(row.get(first))}, journal "
                f"{_show(image.get(first, defaults.get(first)))})"
                if first in row
                else ""
            )
            report.add(
                f"{table} record {uuid}: column {', '.join(diff)} differs from the journal"
                f"{detail}: changed outside the app",
                cap,
            )
    while nxt is not None:
        _missing(table, nxt, report, cap)
        nxt = next(it, None)


def _missing(table: str, image: tuple, report: ReplayReport, cap: int) -> None:
    if image[1] is None:
        return  # journaled as removed (no writer does this today)
    report.add(
        f"{table} record {image[0]}: in the journal but missing from the register: deleted "
        "(or replaced) outside the app",
        cap,
    )


def _check_series(conn, images: list, report: ReplayReport, cap: int) -> None:
    rows = {
        series_key(s, y): last
        for s, y, last in conn.execute(f"SELECT series, year, last FROM {SERIES_TABLE}")
    }
    for key, after in images:
        try:
            last = json.loads(after)["last"] if after else None
        except (ValueError, KeyError, TypeError):
            report.add(f"number series {key}: its journal after-image is unreadable", cap)
            continue
        stored = rows.pop(key, None)
        if stored is None:
            report.add(f"number series {key}: in the journal but missing from the register", cap)
        elif stored != last:
            report.add(
                f"number series {key}: column last is {stored} but the journal says {last}: "
                "changed outside the app",
                cap,
            )
    for key, last in sorted(rows.items()):
        report.add(
            f"number series {key}: last = {last} has no journal entry: set outside the app", cap
        )


def _norm_sql(sql: str | None) -> str:
    return " ".join((sql or "").upper().split())


def trigger_problems(conn: sqlite3.Connection, tables: list[str] | None = None) -> list[str]:
    """The guards that make the file append-only must all be in place, and no trigger may
    write behind the journal's back."""
    triggers: dict[str, list[tuple[str, str]]] = {}
    for name, table, sql in conn.execute(
        "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'"
    ):
        triggers.setdefault(table, []).append((name, _norm_sql(sql)))
    problems: list[str] = []

    def guarded(table: str, event: str) -> bool:
        return any(
            f"BEFORE {event} ON" in sql and DELETE_TRIGGER_MARK in sql
            for _n, sql in triggers.get(table, [])
        )

    present = set(official_tables(conn))
    existing = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for migration, expected in EXPECTED_TABLES.items():
        if _migrated(conn, migration):
            problems += [
                f"{table}: the table is missing: it was dropped outside the app"
                for table in expected
                if table not in existing
            ]
    guarded_tables = list(tables if tables is not None else present)
    if _migrated(conn, "m0014_verify"):
        guarded_tables += [SERIES_TABLE, "journal_head"]
    for table in guarded_tables:
        if not guarded(table, "DELETE"):
            problems.append(
                f"{table}: its no-delete trigger is missing: it was dropped outside the app"
            )
    for event in ("UPDATE", "DELETE"):
        if not guarded("journal", event):
            problems.append(
                f"journal: its no-{event.lower()} trigger is missing: it was dropped outside "
                "the app"
            )
    for table, items in sorted(triggers.items()):
        for name, sql in items:
            body = sql.split(" BEGIN ", 1)[-1]
            if any(f"{word} " in body or f"{word}(" in body for word in WRITING_WORDS):
                problems.append(
                    f"trigger {name} on {table} writes to the register behind the journal's "
                    "back: it was added outside the app"
                )
    return problems


#: The official tables each migration creates (a dropped empty one is a finding too). Copied
#: from the shipped migrations, which never change (tests/test_journal_walk.py holds them
#: equal): importing them would load the migration machinery (sqlite_utils) into every
#: archive's check, a tenth of a second each.
EXPECTED_TABLES: dict[str, tuple[str, ...]] = {
    "m0001_foundation": (
        "parcels", "people", "applications", "permits", "fees", "payments", "deposits",
        "inspections", "notices", "attachments", "settings", "journal", "journal_head",
    ),
    "m0003_lifecycle": ("extensions",),
    "m0004_inspections": (
        "inspection_stage_changes", "occupancy_permits", "checklist_visits",
        "checklist_responses", "erosion_log", "rainfall",
    ),
    "m0011_people_on_file": ("permit_contractors",),
    "m0014_verify": ("archives",),
}  # fmt: skip


def _migrated(conn: sqlite3.Connection, name: str) -> bool:
    try:
        return bool(
            conn.execute("SELECT 1 FROM _sqlite_migrations WHERE name = ?", (name,)).fetchone()
        )
    except sqlite3.Error:
        return False


def record_drift(conn: Executor, table: str, row: dict) -> str | None:
    """Why ``row`` is not what the journal last recorded for it, or None when it is.

    ``Register.update`` asks before every change: a row edited outside the app must not have
    its forged values written into the journal as the "before" of a legitimate edit."""
    found = conn.execute(
        "SELECT after_json FROM journal WHERE record_uuid = ? AND table_name = ? "
        "ORDER BY seq DESC LIMIT 1",
        (row["uuid"], table),
    ).fetchone()
    if found is None:
        return f"{table} record {row['uuid']} has no journal entry: it was made outside the app"
    if found[0] is not None and row_json(row) == found[0]:
        return None
    try:
        image = json.loads(found[0])
    except (TypeError, ValueError):
        return f"{table} record {row['uuid']}: its journal after-image is unreadable"
    defaults = cached_defaults(conn, table)
    if _expected(image, defaults, row) == row:
        return None
    diff = differing_columns(row, image, defaults)
    if not diff:
        return None
    return (
        f"{table} record {row['uuid']} was changed outside the app (column {', '.join(diff)} "
        "differs from the journal)"
    )
