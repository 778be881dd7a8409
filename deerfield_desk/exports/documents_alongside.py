"""The archive's printed notices (and permit cards, when asked), the annual report and the BLDS
feed, made in a second process while this one writes the CSVs and the workbook.

Why: a notice takes ~20 ms of reportlab; a busy year's 60 notices, the report and the feed
(60,000 rows) were ~3 s of the export's own core while the other core waited. The child opens
the register read-only and begins its own read snapshot; it works only if that snapshot ends
at the very journal entry the export's snapshot ends at (every change to a register is
journaled, so the same head is the same records). If the register moved on in between
(someone saved a change in that second), it says so and the export makes them itself, from
its own snapshot: no file ever describes a different moment than the archive's register
snapshot and the other files.

It prints through ``documents.render``, exactly as the print preview and the ``render``
command do (``exports/doc_renderer.py``), so the archived PDFs are the same bytes, and it
writes the feed with ``exports/blds.write_blds``, as the export itself would.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import Connection
from pathlib import Path

MOVED = "the register changed between the two snapshots"


def render_documents(
    db: Path,
    head_hash: str,
    year: int,
    documents: Path,
    tables: tuple[str, ...],
    cards: bool,
    report: Path | None = None,
    feed: Path | None = None,
) -> tuple[str | None, list[str]]:
    """Print the year's documents of ``tables`` into ``documents`` (and the annual report to
    ``report``, the BLDS feed into ``feed``, when given) from the register at ``db`` if its
    journal still ends at ``head_hash``; ``(None, warnings)`` when done, ``(MOVED, [])`` when
    the register moved on (nothing written)."""
    from deerfield_desk.documents import render
    from deerfield_desk.exports.archive import write_documents
    from deerfield_desk.exports.blds import write_blds
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
        if report is not None:  # paths come over as text
            Path(report).parent.mkdir(parents=True, exist_ok=True)
            Path(report).write_bytes(render("annual-report", str(year), reg))
        if feed is not None:
            for _ in write_blds(Path(feed), reg, year):
                pass
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
    """``render_documents`` in a spawned child; ``finish()`` waits for it."""

    def __init__(self, db: Path, head_hash: str, year: int, documents: Path,
                 tables: tuple[str, ...], cards: bool, report: Path | None = None,
                 feed: Path | None = None):  # fmt: skip
        context = multiprocessing.get_context("spawn")  # never fork the GUI's process
        self._receive, send = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_child,
            args=(send, str(db), head_hash, year, str(documents), tables, cards,
                  None if report is None else str(report), None if feed is None else str(feed)),
            name="deerfield-desk archive documents",
            daemon=True,
        )  # fmt: skip
        self._process.start()
        send.close()
        self._outcome: tuple[str | None, list[str]] | None = None

    def finish(self) -> tuple[str | None, list[str]]:
        """``(None, warnings)`` when every file is in place; else why not (the caller makes
        them itself). Waits the first time; later calls give the same answer."""
        if self._outcome is None:
            try:
                self._outcome = self._receive.recv()
            except EOFError:
                self._process.join(timeout=10)
                code = self._process.exitcode
                self._outcome = (f"the printing process stopped (exit code {code})", [])
        return self._outcome

    def stop(self) -> None:
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(timeout=10)
        self._receive.close()
