"""The archive's rendered documents, from the documents layer when it is installed.

The documents feature (permit cards, notices) is built in parallel; until it is merged this
returns None and the archive holds the annual report only. Once ``deerfield_desk.documents``
has its ``RENDERERS`` table, each permit of the year gets its permit card and each notice its
printed notice. A record a renderer cannot print is noted in the export's warnings, never a
reason to lose the whole archive.
"""

from __future__ import annotations

import json
import sqlite3

from deerfield_desk.exports.archive import DocumentRenderer

#: notices.kind → the documents layer's renderer name
NOTICE_RENDERERS = {
    "stop_work": "stop-work",
    "erosion_stop_work": "stop-work",
    "violation": "violation",
    "correction": "violation",
    "house_number": "house-number",
    "raze_order": "raze-order",
    "raze_or_repair": "raze-order",
    "decision": "decision",
}


class _Settings:
    """``get_setting`` over a plain connection (the export holds no Register)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def get_setting(self, key: str, default=None):
        row = self.conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else default


def documents_renderer(
    conn: sqlite3.Connection, warnings: list[str] | None = None
) -> DocumentRenderer | None:
    try:
        from deerfield_desk.documents import RENDERERS
        from deerfield_desk.documents.village import load_village_settings
    except ImportError:
        return None
    settings = load_village_settings(_Settings(conn))
    warnings = warnings if warnings is not None else []

    def render(table: str, record: dict) -> bytes | None:
        name = "permit-card" if table == "permits" else NOTICE_RENDERERS.get(record.get("kind"))
        function = RENDERERS.get(name) if name else None
        if function is None:
            return None
        try:
            return function(record, settings)
        except Exception as exc:  # one unprintable record must not cost the whole archive
            label = record.get("permit_number") or record.get("notice_number") or record["uuid"]
            warnings.append(f"{table} {label}: not rendered ({type(exc).__name__}: {exc})")
            return None

    return render
