"""What a ``register_changed`` announcement means to a view.

The announcement is the store's own report, a ``store.changes.OpChanges``: views ask
``changes.touches("permits", ...)`` (or this module's :func:`touches`, kept for views written
before the report existed). A restored backup announces everything, so no view misses it.
"""

from __future__ import annotations

from deerfield_desk.store.changes import OpChanges


def touches(changes: OpChanges, *tables: str) -> bool:
    """Does the announcement concern any of ``tables``? Everything concerns every view."""
    return changes.touches(*tables)
