"""What the counter is asked, turned into register filters: application and notice numbers,
phone numbers in any formatting, and near misses of a name ("Gonzales" finds "Gonzalez").

Why here, beside ``register_queries``: each answer must stay an index lookup at a million
permits. Numbers are ranges on the UNIQUE number indexes; a phone number is an equality on the
``people_phone_digits`` expression index (m0015) and then the application party indexes; a
near miss is found in the full-text index's own vocabulary (``fts5vocab``: the distinct
words, not the rows), so spelling variants are a handful of extra FTS terms, never a scan.
Near-miss rows rank below every exact match (register_queries merges the two lists).
"""

from __future__ import annotations

import re

from deerfield_desk.store.executor import Executor
from deerfield_desk.store.migrations.m0015_cashiering import PHONE_DIGITS

#: A phone number as typed: 608-555-0142, (608) 555 0142, 608.555.0142, 6085550142, +1 608…
PHONE = re.compile(r"(?<![\w-])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]{0,2}\d{3}[\s.-]?\d{4}(?![\w-])")
#: An application (A-2026-0012) or notice (N-2026-0003) number, or its first part being typed.
APPLICATION = re.compile(r"(?<![\w-])A-\d{4}(?:-\d*)?(?![\w-])", re.IGNORECASE)
NOTICE = re.compile(r"(?<![\w-])N-\d{4}(?:-\d*)?(?![\w-])", re.IGNORECASE)
#: Words shorter than this are not spelled out enough to guess a near miss.
NEAR_MIN = 4


def phone_digits(text: str) -> str:
    """The ten digits of a North American number (a leading country code 1 dropped)."""
    digits = re.sub(r"\D", "", text)
    return digits[1:] if len(digits) == 11 and digits.startswith("1") else digits


def _prefix_range(token: str) -> tuple[str, str]:
    return token, token[:-1] + chr(ord(token[-1]) + 1)


def counter_filters(text: str) -> tuple[list[str], list, str]:
    """(WHERE terms on ``permits p``, their parameters, the text left for the word search)."""
    where: list[str] = []
    params: list = []
    for found in APPLICATION.findall(text):
        where.append(
            "p.application_id IN (SELECT id FROM applications "
            "WHERE application_number >= ? AND application_number < ?)"
        )
        params += _prefix_range(found.upper())
    for found in NOTICE.findall(text):
        where.append(
            "p.id IN (SELECT permit_id FROM notices WHERE notice_number >= ? "
            "AND notice_number < ? AND permit_id IS NOT NULL)"
        )
        params += _prefix_range(found.upper())
    for found in PHONE.findall(text):
        digits = phone_digits(found)
        # Parties of an application, and (for permits imported without one) the names the
        # register row carries: each an index lookup (INDEXED BY: a firm's name is shared by
        # many permits, and the planner would rather scan a million rows than walk it).
        people = f"FROM people WHERE {PHONE_DIGITS} IN (?, ?)"
        apps = " UNION ".join(
            f"SELECT id FROM applications WHERE {party} IN (SELECT id {people})"
            for party in ("owner_id", "applicant_id", "contractor_id")
        )
        where.append(
            f"p.id IN (SELECT id FROM permits WHERE application_id IN ({apps}) "
            f"UNION SELECT id FROM permits INDEXED BY permits_owner "
            f"WHERE owner_name IN (SELECT name {people}) "
            f"UNION SELECT id FROM permits INDEXED BY permits_contractor "
            f"WHERE contractor_name IN (SELECT name {people}) "
            f"UNION SELECT id FROM permits INDEXED BY permits_contractor "
            f"WHERE contractor_name IN (SELECT firm {people}))"
        )
        params += [digits, "1" + digits] * 6
    rest = NOTICE.sub(" ", APPLICATION.sub(" ", PHONE.sub(" ", text)))
    return where, params, rest


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment distance (a swap of two letters counts one), or ``limit + 1``
    as soon as it must exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = ca != cb
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def _vocab(conn: Executor) -> str:
    """A per-connection view of the index's words (TEMP: nothing is added to the register)."""
    conn.execute(
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.permits_words USING "
        "fts5vocab(main, 'permits_fts', 'row')"
    )
    return "temp.permits_words"


def near_terms(conn: Executor, word: str, limit: int = 8) -> list[str]:
    """Words of the index within one or two edits of ``word`` (same first letter; words that
    merely continue it are already found by the prefix search), most frequent first."""
    word = word.lower()
    if len(word) < NEAR_MIN or not word.isalpha():
        return []
    allowed = 1 if len(word) <= 6 else 2
    table = _vocab(conn)
    lo, hi = _prefix_range(word[0])
    rows = conn.execute(
        f"SELECT term, cnt FROM {table} WHERE term >= ? AND term < ? "
        "AND length(term) BETWEEN ? AND ?",
        (lo, hi, len(word) - allowed, len(word) + allowed),
    ).fetchall()
    found = [
        (cnt, term)
        for term, cnt in rows
        if not term.startswith(word) and edit_distance(word, term, allowed) <= allowed
    ]
    return [term for _cnt, term in sorted(found, reverse=True)[:limit]]


def near_match(conn: Executor, words: list[str]) -> str | None:
    """An FTS5 expression matching the words or their near misses, or None when no word has
    one (then there is nothing near to add to the exact search)."""
    groups, any_near = [], False
    for word in words:
        exact = '"' + word.replace('"', '""') + '"*'
        near = near_terms(conn, word)
        any_near = any_near or bool(near)
        groups.append(f"({' OR '.join([exact, *(chr(34) + t + chr(34) for t in near)])})")
    return " AND ".join(groups) if any_near else None
