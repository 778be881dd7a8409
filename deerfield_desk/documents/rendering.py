"""The one headless entry to print a document: ``render(kind, ref, register) -> PDF bytes``.

Why one: the print preview, the ``render`` command and the year-end archive each used to
gather the record, the village settings and the calendar themselves, with different defaults
(the archive printed notices without the village's holiday calendar, so an archived stop-work
order could show a different appeal deadline than the one handed to the builder). Now all
three call this function, and ``tests/test_documents_one_entry.py`` checks that they produce
the same bytes for the same document.

``register`` only needs to read: a ``Register`` over the archive's snapshot is enough.
"""

from __future__ import annotations

from deerfield_desk.documents import RENDERERS
from deerfield_desk.documents.village import load_village_settings
from deerfield_desk.store.document_records import load_document
from deerfield_desk.store.register import Register
from deerfield_desk.store.village_calendar import village_calendar


def render(kind: str, ref: str, register: Register) -> bytes:
    """The PDF of document ``kind`` for ``ref`` (a permit, application or notice number), as
    the register holds it: an occupancy permit prints only when one is recorded (§12.16).
    Raises ``InvalidInput`` for an unknown kind or a malformed reference and
    ``RecordNotFound`` when there is no such record."""
    request = load_document(register, kind, ref)
    record = request.record
    settings = load_village_settings(register)
    return RENDERERS[kind](record, settings, calendar=village_calendar(register))
