"""The one SQL spelling of "the digits of a phone number", matching the register's index.

Why one module: SQLite uses an expression index only when a query spells the expression the
way the index was made. Two spellings (m0011's and m0015's) meant two indexes on every
person; m0023 dropped one, and every lookup by phone (``store.people``, the counter search,
the notices search) builds its SQL from here, so each one is an index search.
"""

from __future__ import annotations

from deerfield_desk.store.migrations.m0015_cashiering import PHONE_DIGITS

#: The index ``people_phone_digits`` (m0015): punctuation a clerk types, removed.
PHONE_INDEX = "people_phone_digits"


def phone_digits_of(column: str = "phone") -> str:
    """The indexed expression over ``column`` (``phone``, or ``r.phone`` in a join)."""
    return PHONE_DIGITS.replace("phone", column)
