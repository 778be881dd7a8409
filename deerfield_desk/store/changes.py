"""What a write changed: the store's report to the views (Anki's ``OpChanges`` is the model).

Why: views used to refresh from table names each screen listed by hand after each write
(``notify_changed("fees", "payments", ...)``), and a screen that forgot one left a view stale.
Now the report is derived from the journal writes themselves: every journaled insert, update
or void records its table in the open transaction, and when the outermost transaction commits
the register hands its listeners one :class:`OpChanges`. Writes made on another connection (a
worker thread's import, another process) are read back from the journal with
:func:`changes_since`, so they reach the views the same way. A rolled-back write reports
nothing: nothing changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

#: Record kinds as the views think of them → the tables that hold them.
KINDS: dict[str, frozenset[str]] = {
    "permit": frozenset({"permits", "applications", "inspection_stage_changes"}),
    "inspection": frozenset({"inspections", "checklist_visits", "checklist_responses"}),
    "notice": frozenset({"notices"}),
    "money": frozenset({"fees", "payments", "deposits", "receipts"}),
    "party": frozenset({"people", "parcels", "permit_contractors"}),
    "photo": frozenset({"attachments"}),
    "setting": frozenset({"settings"}),
}


@dataclass(frozen=True)
class OpChanges:
    """The tables a write (or a run of writes) touched; ``everything`` after a restore, when
    the whole register was replaced."""

    tables: frozenset[str] = frozenset()
    everything: bool = False

    @classmethod
    def of(cls, *tables: str) -> OpChanges:
        return cls(frozenset(tables))

    @classmethod
    def all(cls) -> OpChanges:
        return cls(frozenset(), everything=True)

    def touches(self, *tables: str) -> bool:
        """Does this change concern any of ``tables``? ``everything`` concerns every view."""
        return self.everything or not self.tables.isdisjoint(tables)

    def __contains__(self, table: object) -> bool:
        """``"permits" in changes``: the same question as :meth:`touches` for one table."""
        return isinstance(table, str) and self.touches(table)

    def kinds(self) -> frozenset[str]:
        """The record kinds touched ("permit", "money", …), for views that think in kinds."""
        if self.everything:
            return frozenset(KINDS)
        return frozenset(k for k, tables in KINDS.items() if not self.tables.isdisjoint(tables))

    def __or__(self, other: OpChanges) -> OpChanges:
        return OpChanges(self.tables | other.tables, self.everything or other.everything)

    def __bool__(self) -> bool:
        return self.everything or bool(self.tables)


NOTHING = OpChanges()


class _Reads(Protocol):
    def query(self, sql: str, params=()) -> list[dict]: ...


def journal_end(reg: _Reads) -> int:
    """The newest journal entry's seq (0 for an empty journal): where a view starts reading
    (``max`` of the integer primary key: one index step, even at millions of entries)."""
    return int(reg.query("SELECT coalesce(max(seq), 0) AS seq FROM journal")[0]["seq"])


def changes_since(reg: _Reads, seq: int) -> tuple[OpChanges, int]:
    """The tables journaled after entry ``seq`` and the newest entry's seq: how a view learns
    of writes made on other connections. A journal shorter than ``seq`` (a restored backup)
    means everything changed."""
    rows = reg.query(
        "SELECT table_name, max(seq) AS last FROM journal WHERE seq > ? GROUP BY table_name",
        (seq,),
    )
    head = journal_end(reg)
    if head < seq:
        return OpChanges.all(), head
    tables = frozenset(r["table_name"] for r in rows) - {"journal"}
    return OpChanges(tables), head
