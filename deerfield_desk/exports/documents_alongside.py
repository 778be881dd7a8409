"""The archive's printed notices (and permit cards, when asked), rendered in a second process
while this one writes the CSVs, the workbook, the feed and the report.

Why: a notice takes ~0.1 s of reportlab; a busy year's 60 notices were as much CPU as the whole
workbook, all on one core while the other waited. The child opens the register read-only and
begins its own read snapshot; it prints only if that snapshot ends at the very journal entry
the export's snapshot ends at (every change to a register is journaled, so the same head is
the same records). If the register moved on in between (someone saved a change in that
second), it says so and the export prints the documents itself, from its own snapshot: the
archive never holds a document of a different moment than its register snapshot.

It prints through ``documents.render``, exactly as the print preview and the ``render``
command do (``exports/doc_renderer.py``), so the archived PDFs are the same bytes.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import Connection
from pathlib import Path

MOVED = "the register changed between the two snapshots"


def render_documents(
    db: Path, head_hash: str, year: int, documents: Path, tables: tuple[str, ...], cards: bool
) -> tuple[str | None, list[str]]:
    """Print the year's documents of ``tables`` into ``documents`` from the register at
    ``db`` if its journal still ends at ``head_hash``; ``(None, warnings)`` when printed,
    ``(MOVED, [])`` when the register moved on (nothing printed)."""
    from deerfield_desk.exports.archive import write_documents
    from deerfield_desk.exports.doc_renderer import documents_renderer
    from deerfield_desk.store import journal
    from deerfield_desk.store.register import Register
    from deerfield_desk.store.snapshot import read_snapshot

    reg = Register.open_read_only(Path(db))
    snapshot = read_snapshot(reg)
    try:
        next(snapshot)
        if journal.read_head(reg).hash != head_hash:
            return MOVED, []
        warnings: list[str] = []
        renderer = documents_renderer(reg, warnings, cards)
        for table in tables:  # the parent hands paths over as text
            write_documents(reg, Path(documents), year, renderer, table)
        return None, warnings
    finally:
        snapshot.close()
        reg.close()


def _child(send: Connection, *args) -> None:
    try:
        send.send(render_documents(*args))
    except Exception as exc:  # noqa: BLE001 - the parent prints them itself, and says why
        send.send((f"{type(exc).__name__}: {exc}", []))
    send.close()


class DocumentsAlongside:
    """``render_documents`` in a spawned child; ``finish(fallback)`` waits for it."""

    def __init__(self, db: Path, head_hash: str, year: int, documents: Path,
                 tables: tuple[str, ...], cards: bool):  # fmt: skip
        context = multiprocessing.get_context("spawn")  # never fork the GUI's process
        self._receive, send = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_child,
            args=(send, str(db), head_hash, year, str(documents), tables, cards),
            name="deerfield-desk archive documents",
            daemon=True,
        )
        self._process.start()
        send.close()

    def finish(self) -> tuple[str | None, list[str]]:
        """``(None, warnings)`` when every document is in place; else why not (the caller
        prints them itself)."""
        try:
            return self._receive.recv()
        except EOFError:
            self._process.join(timeout=10)
            return f"the printing process stopped (exit code {self._process.exitcode})", []

    def stop(self) -> None:
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(timeout=10)
        self._receive.close()
