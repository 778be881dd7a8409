"""The archive's rendered documents, through the one headless entry ``documents.render``.

Each notice of the year is printed into the archive, and each permit's card too when asked
(``permit_cards``): a card takes ~70 ms, so 10,000 cards would take minutes, while the cards
can always be printed again from the register snapshot. The archived PDF is byte for byte the
one the print preview shows and the ``render`` command writes (same record, same village
settings, same calendar). A record that cannot be printed is noted in the export's warnings,
never a reason to lose the whole archive.
"""

from __future__ import annotations

import logging

from deerfield_desk import documents
from deerfield_desk.exports.archive import DocumentRenderer
from deerfield_desk.models.notices import kind_rule
from deerfield_desk.store.register import Register

log = logging.getLogger(__name__)


def document_of(table: str, record: dict, permit_cards: bool) -> tuple[str, str] | None:
    """(document kind, reference) the archive prints for a row, or None."""
    if table == "permits":
        number = record.get("permit_number")
        return ("permit-card", number) if permit_cards and number else None
    number = record.get("notice_number")
    if not number:
        return None  # a draft notice was never served: nothing official to archive
    return kind_rule(record["kind"]).cli_kind, number  # an unknown kind: InvalidInput


def documents_renderer(
    reader: Register,
    warnings: list[str] | None = None,
    permit_cards: bool = False,
) -> DocumentRenderer:
    """Print through ``reader``, the export's read-only snapshot of the register."""
    warnings = warnings if warnings is not None else []

    def render(table: str, record: dict) -> bytes | None:
        label = record.get("permit_number") or record.get("notice_number") or record["uuid"]
        try:
            chosen = document_of(table, record, permit_cards)
            return documents.render(*chosen, reader) if chosen else None
        except Exception as exc:  # one unprintable record must not cost the whole archive
            log.exception("archive: %s %s not rendered", table, label)
            warnings.append(f"{table} {label}: not rendered ({type(exc).__name__}: {exc})")
            return None

    return render
