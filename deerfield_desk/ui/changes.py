"""What a ``register_changed`` announcement means to a view.

Writers announce the tables they changed; a restored backup announces ``EVERYTHING``. Views
ask :func:`touches` rather than testing table names themselves, so none of them misses the
restore.
"""

from __future__ import annotations

EVERYTHING = "*"


def touches(changed: set, *tables: str) -> bool:
    """Does the announcement concern any of ``tables``? ``EVERYTHING`` concerns every view."""
    return EVERYTHING in changed or bool(changed & set(tables))
