"""Near misses in the people directory: "Jonsen" finds Carl Johnson, "Mc Donald" Ruth McDonald.

Why not the permits' full-text index: a person on file may have no permit yet (the caller
registering for the first time), and the directory must still find them. People on file are
a few thousand in a village (tens of thousands in the demo), so the candidates are read with
one pass over the people whose name holds the typed word's first two letters, and the same
rules as the register's search decide (``store.near_words``): one edit for a word of 4-5
letters, two edits or a sound-alike within three from 6 letters; words typed apart may be
one name ("Mc Donald"). "Smith" finds Smyth, not every S-name.
"""

from __future__ import annotations

import re

from deerfield_desk.store.near_words import FAR_EDITS, FAR_MIN, SOUND_EDITS, edits, soundex
from deerfield_desk.store.register import Register

NEAR_MIN = 4


class _Scorer:
    """Scores names against the typed words, each (typed word, name word) pair measured
    once: thousands of people share a few hundred name words."""

    def __init__(self, typed: list[str]):
        self.typed = typed
        self.memo: dict[tuple[str, str], int | None] = {}
        self.names: dict[str, int | None] = {}

    def distance(self, typed: str, word: str) -> int | None:
        key = (typed, word)
        if key not in self.memo:
            self.memo[key] = _word_distance(typed, word)
        return self.memo[key]

    def nearest(self, typed: str, words: list[str]) -> int | None:
        found = [d for d in (self.distance(typed, w) for w in words) if d is not None]
        return min(found) if found else None

    def score(self, name: str) -> int | None:
        """Total edits from the typed words to the name (0: every word begins one); each
        distinct name scored once (the demo's 30,000 people share a few thousand names)."""
        if name not in self.names:
            self.names[name] = self._score(name)
        return self.names[name]

    def _score(self, name: str) -> int | None:
        words = re.findall(r"[a-z]+", name.lower())
        words += ["".join(words[i : i + 2]) for i in range(len(words) - 1)]
        if len(self.typed) > 1:
            whole = self.nearest("".join(self.typed), words)
            if whole is not None:
                return whole + 1  # a name typed as two words: one edit (the space)
        total = 0
        for word in self.typed:
            distance = self.nearest(word, words)
            if distance is None:
                return None
            total += distance
        return total


def _word_distance(typed: str, word: str) -> int | None:
    if word.startswith(typed):
        return 0
    if len(typed) < NEAR_MIN:
        return None
    limit = FAR_EDITS if len(typed) >= FAR_MIN else 1
    distance = edits(typed, word, SOUND_EDITS)
    sounds = len(typed) >= FAR_MIN and soundex(typed) == soundex(word)
    if distance <= limit or (sounds and distance <= SOUND_EDITS):
        return distance
    return None


def near_people(reg: Register, text: str, exclude: set[str], limit: int) -> list[dict]:
    """Active people whose name is a near miss of ``text`` (not in ``exclude``, the exact
    matches' uuids), nearest first, each marked ``near_match``."""
    typed = re.findall(r"[a-z]+", (text or "").lower())
    if not typed or not any(len(word) >= NEAR_MIN for word in typed) or re.search(r"\d", text):
        return []
    key = max(typed, key=len)[:2]
    rows = reg.execute(
        "SELECT id, uuid, name, firm FROM people WHERE status = 'active' AND "
        "(instr(lower(name), ?) > 0 OR instr(lower(coalesce(firm, '')), ?) > 0)",
        (key, key),
    )
    scorer = _Scorer(typed)
    scored = []
    for row_id, uuid, name, firm in rows:
        if uuid in exclude:
            continue
        scores = [s for s in (scorer.score(name), scorer.score(firm or "")) if s is not None]
        if scores and min(scores) > 0:
            scored.append((min(scores), name, row_id))
    scored.sort()
    ids = [row_id for *_key, row_id in scored[:limit]]
    if not ids:
        return []
    full = {row["id"]: row for row in reg.query(
        f"SELECT * FROM people WHERE id IN ({', '.join('?' * len(ids))})", ids)}  # fmt: skip
    return [{**full[row_id], "near_match": True} for row_id in ids]
