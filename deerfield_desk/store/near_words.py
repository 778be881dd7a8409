"""Near misses beyond one edit: two-edit misspellings, names that sound alike, and a name
typed as two words ("Mc Donald" for "McDonald").

Why a second tier and not a wider first one: one-edit variants are a few hundred exact
look-ups in the index's vocabulary (``counter_search.near_terms``); two edits would be tens of
thousands. So the second tier reads the vocabulary's words that start with the same two
letters (one range of the index's term b-tree: a counter clerk hears the start of a name
right far more often than the rest) and keeps those within two edits, or that sound the same
(American Soundex) within three. It is asked only for words of ``FAR_MIN`` letters or more:
"Smith" gets one-edit neighbours only (Smyth), never every S-name. Rows found through this
tier rank after the one-edit ones (``register_queries``: exact, then nearest).
"""

from __future__ import annotations

import uuid
from collections import OrderedDict

from deerfield_desk.store.executor import Executor

#: Two edits or a sound-alike only for words at least this long ("Jonsen" → "Johnson").
FAR_MIN = 6
#: How far a second-tier word may be: within two edits, or three when it sounds the same.
FAR_EDITS = 2
SOUND_EDITS = 3
_CODES = {**dict.fromkeys("bfpv", "1"), **dict.fromkeys("cgjkqsxz", "2"),
          **dict.fromkeys("dt", "3"), "l": "4", **dict.fromkeys("mn", "5"), "r": "6"}  # fmt: skip


def soundex(word: str) -> str:
    """American Soundex ("Johnson" and "Jonsen" are both J525): letters that sound alike
    share a digit; vowels separate repeats, h and w do not."""
    word = word.lower()
    if not word:
        return ""
    out, last = [word[0].upper()], _CODES.get(word[0], "")
    for ch in word[1:]:
        code = _CODES.get(ch, "")
        if code and code != last:
            out.append(code)
        if ch not in "hw":
            last = code
    return ("".join(out) + "000")[:4]


def edits(a: str, b: str, limit: int = 3) -> int:
    """Edits from ``a`` to ``b`` (a letter dropped, added or changed, two neighbours
    swapped); anything past ``limit`` is reported as ``limit + 1`` (rows are cut early)."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, row = row, current
    return min(row[-1], limit + 1)


#: Words of the index by their first letters, per connection, while the register is unchanged.
_CACHE: OrderedDict[str, tuple[tuple, dict[str, list[str]]]] = OrderedDict()
_CONNECTIONS = 8


def _connection_cache(conn: Executor) -> dict[str, list[str]]:
    """This connection's cached ranges, emptied whenever the register changed since (another
    connection's commit moves ``data_version``, this one's writes ``total_changes()``).

    Why: reading a range of the index's words reads their postings (15-25 ms at a million
    permits), and a clerk typing "Jonsen" asks for the "jo" words on every keystroke."""
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS near_words_token (token TEXT)")
    row = conn.execute("SELECT token FROM temp.near_words_token").fetchone()
    if row is None:  # the connection's identity: a TEMP table dies with its connection
        conn.execute("INSERT INTO temp.near_words_token VALUES (?)", (uuid.uuid4().hex,))
        row = conn.execute("SELECT token FROM temp.near_words_token").fetchone()
    version = tuple(conn.execute("SELECT (SELECT data_version FROM pragma_data_version), "
                                 "total_changes()").fetchone())  # fmt: skip
    cached = _CACHE.get(row[0])
    if cached is None or cached[0] != version:
        cached = (version, {})
    _CACHE[row[0]] = cached
    _CACHE.move_to_end(row[0])
    while len(_CACHE) > _CONNECTIONS:
        _CACHE.popitem(last=False)
    return cached[1]


def _range(conn: Executor, vocab: str, start: str) -> list[str]:
    ranges = _connection_cache(conn)
    if start not in ranges:
        high = start[:-1] + chr(ord(start[-1]) + 1)
        rows = conn.execute(f"SELECT term FROM {vocab} WHERE term >= ? AND term < ?",
                            (start, high))  # fmt: skip
        ranges[start] = [row[0] for row in rows]
    return ranges[start]


def far_terms(conn: Executor, vocab: str, word: str, nearer: set[str]) -> list[str]:
    """Words of the index two edits from ``word``, or sounding the same within three, that
    are not already exact or one-edit matches (``nearer``). Empty for short words."""
    word = word.lower()
    if len(word) < FAR_MIN or not word.isalpha():
        return []
    sound = soundex(word)
    found = []
    for term in _range(conn, vocab, word[:2]):
        if term in nearer or term.startswith(word) or not term.isalpha():
            continue
        distance = edits(word, term, SOUND_EDITS)
        if distance <= FAR_EDITS or (distance <= SOUND_EDITS and soundex(term) == sound):
            found.append(term)
    return sorted(found)


def joined_terms(conn: Executor, vocab: str, words: list[str]) -> dict[int, str]:
    """{i: "mcdonald"} where words ``i`` and ``i + 1`` typed apart ("Mc Donald") begin a
    word of the index when joined. One short range read per pair."""
    joined: dict[int, str] = {}
    for i in range(len(words) - 1):
        pair = (words[i] + words[i + 1]).lower()
        typed_apart = words[i].isalpha() and words[i + 1].isalpha() and len(pair) >= 5
        if typed_apart and _range(conn, vocab, pair):
            joined[i] = pair
    return joined
