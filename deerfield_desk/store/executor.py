"""What a store function needs to run SQL: something with ``execute``/``executemany``.

A ``Register`` is one (its :meth:`~deerfield_desk.store.register.Register.execute` is the
execution point every write and most reads pass through); a bare ``sqlite3.Connection`` is
another, kept for the few places that read a file no Register owns (a backup being checked, a
read-only snapshot, a second process building a demo). Store functions are typed against
this protocol, so code outside ``store/`` can hand them a Register and never hold a
connection.
"""

from __future__ import annotations

from typing import Any, Protocol


class Executor(Protocol):
    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...

    def executemany(self, sql: str, parameters: Any, /) -> Any: ...
