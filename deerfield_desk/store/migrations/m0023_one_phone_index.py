"""Issue 16.6 (third session): one index of people's phone digits, not two.

Why: m0011 (people on file) and m0015 (counter search) each created an expression index of
the digits of ``people.phone`` with slightly different expressions (``people_on_file_phone``
without "/", wrapped in ``coalesce``; ``people_phone_digits`` with "/"). Every write to a
person paid for both, and a lookup used one or the other depending on which spelling of the
expression it was written with. ``people_phone_digits`` is kept (it also drops the "/" of
"608/555-0142"); ``store.people`` and the counter search both now spell it the one way
(``store.phone_digits_sql``), which ``tests/test_phone_index.py`` checks with EXPLAIN QUERY
PLAN.
"""

from sqlite_utils import Database


def migrate(db: Database) -> None:
    db.execute("DROP INDEX IF EXISTS people_on_file_phone")
