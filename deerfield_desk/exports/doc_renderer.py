"""The archive's rendered documents, from the documents layer when it is installed.

The documents feature (permit cards, notices) is built in parallel; until it is merged this
returns None and the archive holds the annual report only. Once ``deerfield_desk.documents``
has its ``RENDERERS`` table, each notice of the year is printed into the archive, and each
permit's card too when asked (``permit_cards``): a card takes ~70 ms, so 10,000 cards would
take minutes, while the cards can always be printed again from the register snapshot. Records
are gathered with the documents layer's own ``load_document`` when present, so the archived
PDF is the one the print preview shows. A record a renderer cannot print is noted in the
export's warnings, never a reason to lose the whole archive.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from deerfield_desk.exports.archive import DocumentRenderer
from deerfield_desk.models.actor import SYSTEM_ACTOR
from deerfield_desk.store.register import Register

#: notices.kind (the notices feature's NoticeKind values) → the documents layer's renderer
NOTICE_RENDERERS = {
    "building_stop_work": "stop-work",
    "erosion_stop_work": "stop-work",
    "erosion_revocation": "stop-work",
    "erosion_intent": "stop-work",
    "violation": "violation",
    "house_number": "house-number",
    "raze_order": "raze-order",
}


class _Settings:
    """``get_setting`` over a plain connection (the export holds no Register)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def get_setting(self, key: str, default=None):
        row = self.conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else default


def documents_renderer(
    conn: sqlite3.Connection,
    warnings: list[str] | None = None,
    permit_cards: bool = False,
) -> DocumentRenderer | None:
    try:
        from deerfield_desk.documents import RENDERERS
        from deerfield_desk.documents.village import load_village_settings
    except ImportError:
        return None
    try:
        from deerfield_desk.store.document_records import load_document
    except ImportError:
        load_document = None
    settings = load_village_settings(_Settings(conn))
    reader = Register(conn, Path("archive-snapshot"), SYSTEM_ACTOR)  # reads only
    warnings = warnings if warnings is not None else []

    def render(table: str, record: dict) -> bytes | None:
        if table == "permits":
            name, ref = ("permit-card" if permit_cards else None), record.get("permit_number")
        else:
            name, ref = NOTICE_RENDERERS.get(record.get("kind")), record.get("notice_number")
        function = RENDERERS.get(name) if name else None
        if function is None or not ref:
            return None
        full = record
        if load_document is not None:
            try:
                full = load_document(reader, name, ref).record
            except Exception:  # fall back to the plain row
                full = record
        try:
            return function(full, settings)
        except Exception as exc:  # one unprintable record must not cost the whole archive
            label = record.get("permit_number") or record.get("notice_number") or record["uuid"]
            warnings.append(f"{table} {label}: not rendered ({type(exc).__name__}: {exc})")
            return None

    return render
