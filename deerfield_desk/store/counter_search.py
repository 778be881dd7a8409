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

import json
import re

from deerfield_desk.store.executor import Executor
from deerfield_desk.store.near_words import far_terms, joined_terms
from deerfield_desk.store.phone_digits_sql import phone_digits_of

#: A phone number as typed: 608-555-0142, (608) 555 0142, 608.555.0142, 6085550142, +1 608…
PHONE = re.compile(r"(?<![\w-])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]{0,2}\d{3}[\s.-]?\d{4}(?![\w-])")
#: A local number without its area code (555-0142): the village's own area code is assumed,
#: as the counter hears it. Hyphen or dot only, so "412 5550" (a house number) is left alone.
LOCAL_PHONE = re.compile(r"(?<![\w.-])\d{3}[.-]\d{4}(?![\w.-])")
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


def village_area_code(conn: Executor) -> str | None:
    """The area code of the village office's phone (Settings), or None when none is set."""
    row = conn.execute("SELECT value FROM settings WHERE key = 'village.phone'").fetchone()
    digits = phone_digits(json.loads(row[0]) or "") if row else ""
    return digits[:3] if len(digits) == 10 else None


#: How a counter filter names the permits it finds: a set of ids (``id_set_count``).
ID_SET = "p.id IN ("


def id_set_count(where: list[str]) -> str | None:
    """``SELECT count(*)`` of permits when every filter is a set of ids (a phone or notice
    number alone), counted from the sets themselves; None when a filter reads the permit.

    Why: counting ``permits p WHERE p.id IN (…)`` reads each matching permit's row, one
    random page each. A phone shared by a family with a common name matches thousands of
    permits (the demo: 7,409), which made the count 65 ms of the search's 90; the ids alone
    come off covering indexes in a quarter of that."""
    if not where or not all(w.startswith(ID_SET) and w.endswith(")") for w in where):
        return None
    sets = [w[len(ID_SET) : -1] for w in where]
    if len(sets) == 1:
        return f"SELECT count(DISTINCT id) FROM ({sets[0]})"
    both = " INTERSECT ".join(f"SELECT id FROM ({ids})" for ids in sets)
    return f"SELECT count(*) FROM ({both})"


def counter_filters(text: str, area_code: str | None = None) -> tuple[list[str], list, str]:
    """(WHERE terms on ``permits p``, their parameters, the text left for the word search).
    ``area_code`` completes a seven-digit number (``village_area_code``)."""
    where: list[str] = []
    params: list = []
    if area_code:
        text = LOCAL_PHONE.sub(lambda m: f" {area_code}-{m.group(0)} ", text)
    for found in APPLICATION.findall(text):
        where.append(
            "p.application_id IN (SELECT id FROM applications "
            "WHERE application_number >= ? AND application_number < ?)"
        )
        params += _prefix_range(found.upper())
    for found in NOTICE.findall(text):
        where.append(
            "p.id IN (SELECT permit_id AS id FROM notices WHERE notice_number >= ? "
            "AND notice_number < ? AND permit_id IS NOT NULL)"
        )
        params += _prefix_range(found.upper())
    for found in PHONE.findall(text):
        digits = phone_digits(found)
        # Parties of an application, and (for permits imported without one) the names the
        # register row carries: each an index lookup (INDEXED BY: a firm's name is shared by
        # many permits, and the planner would rather scan a million rows than walk it).
        people = f"FROM people WHERE {phone_digits_of()} IN (?, ?)"
        apps = " UNION ".join(
            f"SELECT id FROM applications WHERE {party} IN (SELECT id {people})"
            for party in ("owner_id", "applicant_id", "contractor_id")
        )
        where.append(
            f"p.id IN (SELECT id FROM permits WHERE application_id IN ({apps}) "
            f"UNION SELECT id FROM permits WHERE owner_id IN (SELECT id {people}) "
            f"UNION SELECT id FROM permits INDEXED BY permits_owner "
            f"WHERE owner_name IN (SELECT name {people}) "
            f"UNION SELECT id FROM permits INDEXED BY permits_contractor "
            f"WHERE contractor_name IN (SELECT name {people}) "
            f"UNION SELECT id FROM permits INDEXED BY permits_contractor "
            f"WHERE contractor_name IN (SELECT firm {people}))"
        )
        params += [digits, "1" + digits] * 7
    rest = NOTICE.sub(" ", APPLICATION.sub(" ", PHONE.sub(" ", text)))
    return where, params, rest


#: Near misses are offered only when the exact matches are this few: past that the clerk
#: refines the search rather than scrolling past them, and a broad search stays as fast as
#: before (the expansion is only paid for when a word was probably misspelt).
NEAR_BELOW = 100
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def one_edit(word: str) -> set[str]:
    """Every word one edit from ``word``: a letter dropped, changed or added, or two
    neighbours swapped ("gonzales" → "gonzalez", "gonzlaes")."""
    out = set()
    for i in range(len(word)):
        out.add(word[:i] + word[i + 1 :])
        out.update(word[:i] + c + word[i + 1 :] for c in LETTERS)
        if i + 1 < len(word):
            out.add(word[:i] + word[i + 1] + word[i] + word[i + 2 :])
    for i in range(len(word) + 1):
        out.update(word[:i] + c + word[i:] for c in LETTERS)
    out.discard(word)
    return out


def _vocab(conn: Executor) -> str:
    """A per-connection view of the index's words (TEMP: nothing is added to the register)."""
    conn.execute(
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.permits_words USING "
        "fts5vocab(main, 'permits_fts', 'row')"
    )
    return "temp.permits_words"


def near_terms(conn: Executor, word: str) -> list[str]:
    """Words of the index one edit from ``word``. Only the few hundred candidates are looked
    up (each a seek in the index's term b-tree), never the whole vocabulary, so the cost
    depends on the word's length, not on the register's size. Words that merely continue the
    typed one are left out: the prefix search already finds them."""
    word = word.lower()
    if len(word) < NEAR_MIN or not word.isalpha():
        return []
    candidates = sorted(v for v in one_edit(word) if v and not v.startswith(word))
    rows = conn.execute(
        f"SELECT term FROM {_vocab(conn)} WHERE term IN (SELECT value FROM json_each(?))",
        (json.dumps(candidates),),
    ).fetchall()
    return sorted(row[0] for row in rows)


def near_match(conn: Executor, words: list[str]) -> tuple[str | None, str | None]:
    """FTS5 expressions matching the words or their near misses, nearest tier first: (one
    edit, or two typed words joined; two edits or sounding alike, ``store.near_words``).
    Each includes the nearer tiers; a tier is None when it adds no word (nothing to add)."""
    vocab = _vocab(conn)
    joined = joined_terms(conn, vocab, words)
    one = [near_terms(conn, word) for word in words]
    nearer = [{word.lower(), *terms} for word, terms in zip(words, one, strict=True)]
    two = [far_terms(conn, vocab, word, seen) for word, seen in zip(words, nearer, strict=True)]
    first = _expression(words, one, joined) if any(one) or joined else None
    tiers = [[*a, *b] for a, b in zip(one, two, strict=True)]
    second = _expression(words, tiers, joined) if any(two) else None
    return first, second


def _quoted(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


def _expression(words: list[str], near: list[list[str]], joined: dict[int, str]) -> str:
    """Every typed word (a prefix) or one of its near terms; two words typed apart may
    instead be the one word they make together ("Mc Donald" → "mcdonald"*)."""
    groups = [
        f"({' OR '.join([_quoted(word) + '*', *(_quoted(t) for t in terms)])})"
        for word, terms in zip(words, near, strict=True)
    ]
    out, i = [], 0
    while i < len(groups):
        if i in joined:
            out.append(f"({_quoted(joined[i])}* OR ({groups[i]} AND {groups[i + 1]}))")
            i += 2
        else:
            out.append(groups[i])
            i += 1
    return " AND ".join(out)
