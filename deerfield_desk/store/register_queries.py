"""Reads behind the register window: count, page, search and a permit's detail.

Why here and not in the UI: the UI never writes SQL (ARCHITECTURE.md), and the same calls serve
the screen, the benchmarks and the tests. Everything is shaped to stay fast at a million permits:

- pages are fetched with ``ORDER BY <indexed column>, id LIMIT/OFFSET`` so SQLite walks an index
  and stops after one page, never sorting the whole table;
- the default order is "newest entry first" (``id DESC``), which the full-text index can also
  deliver in order, so a search returns its first page without sorting every match;
- the search text becomes an FTS5 MATCH of quoted prefix terms, so user text can never inject
  FTS syntax (a stray quote, ``OR`` or ``NEAR`` is just a word to look for).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.codes import PermitKind
from deerfield_desk.models.status import ACTIVE, NEEDS_ACTION, next_action
from deerfield_desk.store.counter_search import (
    LOCAL_PHONE,
    NEAR_BELOW,
    counter_filters,
    id_set_count,
    near_match,
    village_area_code,
)
from deerfield_desk.store.executor import Executor
from deerfield_desk.store.notices import overdue_notice_exists_sql, overdue_permit_ids_sql

#: The tables the register window's rows and needs-action column are read from: a write to
#: any of them (store.changes.OpChanges) makes the window reload its page.
READS = frozenset(
    {"permits", "applications", "parcels", "people", "inspections", "fees", "payments",
     "deposits", "notices"}
)  # fmt: skip

#: Permit kinds the office issues (Chapter 12 and Chapter 31), with the register's labels.
KIND_LABELS = {
    "building": "Building",
    "erosion_control": "Erosion control",
    "demolition": "Demolition",
    "moving": "Moving",
    "satellite_dish": "Satellite dish",
}

#: Sort keys the register offers, each an indexed ORDER BY (id breaks ties so pages are stable).
SORT_KEYS = {
    "permit_number": "permit_number",
    "kind": "kind",
    "status": "status",
    "address": "address_text",
    "owner": "owner_name",
    "contractor": "contractor_name",
    "applied": "applied_date",
    "issued": "issued_date",
    "expires": "expires_date",
    # The next action follows from the status and the expiry date (models/status.next_action).
    "next_action": "status",
    "newest": None,
}

PAGE_COLUMNS = (
    "id, uuid, permit_number, kind, permit_class, status, address_text, owner_name, "
    "contractor_name, applied_date, issued_date, expires_date, review_due"
)


@dataclass(frozen=True)
class RegisterQuery:
    """What the register shows: search text, filters and order. Immutable, so a view can keep
    the query its cached pages belong to and drop them the moment it changes."""

    text: str = ""
    kind: str | None = None
    status: str | None = None
    year: int | None = None
    needs_action: bool = False
    sort: str = "newest"
    descending: bool = True
    today: str = field(default_factory=lambda: date.today().isoformat())


@dataclass(frozen=True)
class RegisterLine:
    """One line of the register list: the columns the list shows, not a whole permit (that is
    ``store.rows.PermitRow``; one name per thing, issue 12)."""

    id: int
    uuid: str
    permit_number: str | None
    kind: str
    permit_class: str | None
    status: str
    address_text: str | None
    owner_name: str | None
    contractor_name: str | None
    applied_date: str | None
    issued_date: str | None
    expires_date: str | None
    review_due: str | None
    #: An issued or served enforcement notice on this permit is past its due date.
    notice_overdue: bool = False
    #: Found by a near miss of a typed word ("Gonzales" → "Gonzalez"), ranked after exact ones.
    near_match: bool = False

    @property
    def kind_label(self) -> str:
        label = KIND_LABELS.get(self.kind, self.kind.replace("_", " ").capitalize())
        # Erosion control permits are minor or major (§31.02(16)); building classes are
        # the kind of work, shown in the detail pane, not in the register's column.
        if self.kind == PermitKind.EROSION_CONTROL and self.permit_class:
            return f"{label}, {self.permit_class}"
        return label

    def next_action(self, today: date | None = None):
        return next_action(
            self.status,
            expires=self.expires_date,
            review_due=self.review_due,
            today=today,
            notice_overdue=bool(self.notice_overdue),
        )


TOKEN = re.compile(r"[\w-]+", re.UNICODE)
#: FROM, WHERE terms, parameters, and the newest-first order hint of one search.
Plan = tuple[str, list[str], list, str | None]


def fts_words(text: str) -> list[str]:
    """The words of user text the full-text search looks for (hyphens trimmed)."""
    words = []
    for token in TOKEN.findall(text or ""):
        token = token.strip("-")
        if token and any(ch.isalnum() for ch in token):
            words.append(token)
    return words


def fts_match(text: str) -> str | None:
    """User text → a safe FTS5 MATCH string: every word a quoted prefix term, all required.

    ``"12 liberty"`` → ``"12"* "liberty"*``. Anything that is not a word character or a hyphen
    only separates words, so quotes, parentheses, ``*`` or ``:`` cannot change the query.
    """
    terms = ['"' + token.replace('"', '""') + '"*' for token in fts_words(text)]
    return " ".join(terms) if terms else None


def _filters(q: RegisterQuery, alias: str = "p") -> tuple[list[str], list]:
    where, params = [], []
    if q.kind:
        where.append(f"{alias}.kind = ?")
        params.append(q.kind)
    if q.status:
        where.append(f"{alias}.status = ?")
        params.append(q.status)
    if q.year:
        where.append(f"{alias}.applied_date >= ? AND {alias}.applied_date < ?")
        params += [f"{q.year:04d}-01-01", f"{q.year + 1:04d}-01-01"]
    if q.needs_action:
        owed = sorted(str(s) for s in NEEDS_ACTION)
        active = sorted(str(s) for s in ACTIVE)
        where.append(
            f"({alias}.status IN ({', '.join('?' * len(owed))}) OR "
            f"({alias}.status IN ({', '.join('?' * len(active))}) AND {alias}.expires_date < ?)"
            f" OR {alias}.id IN ({overdue_permit_ids_sql()}))"
        )
        params += [*owed, *active, q.today, q.today]
    return where, params


def _order(q: RegisterQuery, alias: str = "p") -> str:
    if q.sort not in SORT_KEYS:
        raise InvalidInput("sort", f"one of {', '.join(SORT_KEYS)}")
    direction = "DESC" if q.descending else "ASC"
    column = SORT_KEYS[q.sort]
    if column is None:
        return f"{alias}.id {direction}"
    if q.sort == "next_action":
        return (
            f"{alias}.status {direction}, {alias}.expires_date {direction}, {alias}.id {direction}"
        )
    return f"{alias}.{column} {direction}, {alias}.id {direction}"


#: A permit number (YYYY-NNNN) or a parcel number (0812-054-…) being typed: four digits, a
#: hyphen, then digits and hyphens. These are found through the b-tree indexes on the two
#: number columns, not FTS: a prefix like ``0812-054-`` is shared by a third of the village's
#: parcels, and FTS5 would merge tens of thousands of distinct numbers' lists to answer it.
NUMBER_TOKEN = re.compile(r"^\d{4}-[\d-]*$")
#: A parcel prefix matching at least this share of the parcels is "broad": its page is found
#: by walking permits newest-first (a match every few rows), not by sorting every match.
BROAD_SHARE = 1 / 500


def _prefix_range(token: str) -> tuple[str, str]:
    return token, token[:-1] + chr(ord(token[-1]) + 1)


def _split_numbers(text: str) -> tuple[list[str], list[str], str]:
    """(permit-number prefixes, parcel-number prefixes, the remaining words)."""
    permits: list[str] = []
    parcels: list[str] = []
    words: list[str] = []
    for token in TOKEN.findall(text or ""):
        if NUMBER_TOKEN.match(token):
            (permits if 1900 <= int(token[:4]) <= 2199 else parcels).append(token)
        else:
            words.append(token)
    return permits, parcels, " ".join(words)


def _plan(conn: Executor, q: RegisterQuery) -> Plan | None:
    """FROM, WHERE terms, parameters, and the fastest order for "newest first"."""
    where, params, newest, words = _parts(conn, q)
    return _with_match(where, params, newest, fts_match(words))


def _near_plans(conn: Executor, q: RegisterQuery) -> list[Plan]:
    """The plans of the near misses, nearest first: words one edit from a typed word (or
    two typed words joined), then two edits or sounding alike (``store.counter_search``);
    each tier leaves out what a nearer one found. Empty when nothing near is in the index."""
    where, params, newest, words = _parts(conn, q)
    exact = fts_match(words)
    if exact is None:
        return []
    plans, nearer = [], exact
    for expr in near_match(conn, fts_words(words)):
        if expr is not None:
            plans.append(_with_match(where, params, newest, f"({expr}) NOT ({nearer})"))
            nearer = expr
    return plans


def _parts(conn: Executor, q: RegisterQuery) -> tuple[list[str], list, str | None, str]:
    """The WHERE terms, parameters, newest-first hint, and the words left for the index."""
    area = village_area_code(conn) if LOCAL_PHONE.search(q.text or "") else None
    counter_where, counter_params, text = counter_filters(q.text, area)
    permit_numbers, parcel_numbers, words = _split_numbers(text)
    where, params = _filters(q)
    where += counter_where
    params += counter_params
    newest = None
    broad_parcel = False
    for token in permit_numbers:
        where.append("p.permit_number >= ? AND p.permit_number < ?")
        params += _prefix_range(token)
        # Numbers follow issuance, so the newest issued comes first, straight off the index.
        newest = "p.permit_number DESC, p.id DESC"
    for token in parcel_numbers:
        lo, hi = _prefix_range(token)
        parcels = conn.execute(
            "SELECT count(*) FROM parcels WHERE parcel_number >= ? AND parcel_number < ?", (lo, hi)
        ).fetchone()[0]
        total = conn.execute("SELECT max(id) FROM parcels").fetchone()[0] or 1
        broad_parcel = parcels >= total * BROAD_SHARE
        # The unary + keeps SQLite from the parcel index when walking newest-first is faster.
        column = "+p.parcel_number" if broad_parcel else "p.parcel_number"
        where.append(f"{column} >= ? AND {column} < ?")
        params += [lo, hi]
    return where, params, newest, words


def _with_match(where: list[str], params: list, newest: str | None,
                match: str | None) -> Plan:  # fmt: skip
    if match is None:
        return "permits p", where, params, newest
    # Joining from the FTS table lets SQLite stream matches in rowid order (newest first).
    return (
        "permits_fts f JOIN permits p ON p.id = f.rowid",
        ["permits_fts MATCH ?", *where],
        [match, *params],
        "f.rowid DESC",
    )


def _count_plan(plan: Plan) -> tuple[str, list[str], list]:
    source, where, params, _order_hint = plan
    # Counting, the parcel index is always the faster way: drop the newest-first hint.
    return source, [w.replace("+p.", "p.") for w in where], params


def _count(conn: Executor, plan: Plan | None) -> int:
    if plan is None:
        return 0
    source, where, params = _count_plan(plan)
    id_sets = id_set_count(where) if source == "permits p" else None
    if source.startswith("permits_fts") and len(where) == 1:
        sql = "SELECT count(*) FROM permits_fts WHERE permits_fts MATCH ?"
    elif id_sets:
        sql = id_sets
    else:
        sql = f"SELECT count(*) FROM {source}" + (f" WHERE {' AND '.join(where)}" if where else "")
    return conn.execute(sql, params).fetchone()[0]


def count(conn: Executor, q: RegisterQuery) -> int:
    """How many permits the query shows (the register's row count): the exact matches, then
    the near misses of a typed word when the exact matches are few (``NEAR_BELOW``)."""
    exact = _count(conn, _plan(conn, q))
    if exact > NEAR_BELOW:
        return exact
    return exact + sum(_count(conn, plan) for plan in _near_plans(conn, q))


def page(conn: Executor, q: RegisterQuery, offset: int, limit: int) -> list[RegisterLine]:
    """One page of the register in the query's order: every exact match first, then the near
    misses (``near_match`` set), each in the query's order."""
    rows = _page(conn, q, _plan(conn, q), offset, limit)
    if len(rows) == limit:
        return rows
    exact_total = offset + len(rows) if rows or offset == 0 else _count(conn, _plan(conn, q))
    if exact_total > NEAR_BELOW:
        return rows
    skip = max(0, offset - exact_total)
    for plan in _near_plans(conn, q):
        if len(rows) == limit:
            break
        more = _page(conn, q, plan, skip, limit - len(rows))
        rows += [replace(row, near_match=True) for row in more]
        skip = 0 if more else max(0, skip - _count(conn, plan))
    return rows


def _page(conn: Executor, q: RegisterQuery, plan: Plan | None, offset: int,
          limit: int) -> list[RegisterLine]:  # fmt: skip
    if plan is None:
        return []
    source, where, params, newest = plan
    order = _order(q)
    if newest and q.sort == "newest" and q.descending:
        order = newest
    columns = ", ".join(f"p.{c.strip()}" for c in PAGE_COLUMNS.split(","))
    # Per row of the page only (a lookup on notices_permit), never over the whole table.
    columns += f", {overdue_notice_exists_sql('p.id')}"
    sql = (
        f"SELECT {columns} FROM {source}"
        + (f" WHERE {' AND '.join(where)}" if where else "")
        + f" ORDER BY {order} LIMIT ? OFFSET ?"
    )
    rows = conn.execute(sql, [q.today, *params, limit, offset])
    return [RegisterLine(*row) for row in rows]


def search(conn: Executor, q: RegisterQuery, limit: int = 200) -> tuple[int, list]:
    """What the search box does on every (debounced) keystroke: the count and the first page
    (the same as ``count`` and ``page(…, 0, limit)``, each plan made once: the near misses'
    look-up in the index's words is not paid twice per keystroke)."""
    exact_plan = _plan(conn, q)
    exact = _count(conn, exact_plan)
    rows = _page(conn, q, exact_plan, 0, limit)
    if exact > NEAR_BELOW:
        return exact, rows
    total = exact
    for plan in _near_plans(conn, q):
        if len(rows) < limit:
            more = _page(conn, q, plan, 0, limit - len(rows))
            rows += [replace(row, near_match=True) for row in more]
        total += _count(conn, plan)
    return total, rows


def years(conn: Executor) -> list[int]:
    """Years with applications, newest first (the year filter), from the applied-date index."""
    # Two subqueries, not min() and max() in one SELECT: SQLite answers a lone min() or max()
    # from the index in microseconds, but both together scan the table (240 ms at 1M).
    row = conn.execute(
        "SELECT (SELECT min(applied_date) FROM permits), (SELECT max(applied_date) FROM permits)"
    ).fetchone()
    if not row or not row[0]:
        return []
    return list(range(int(row[1][:4]), int(row[0][:4]) - 1, -1))
