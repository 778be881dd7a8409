"""Batch printing as a generator: one PDF of many placards, written page by page, yielding
progress so the app can show it and cancel.

The PDF goes to a temporary file beside the target and is renamed only when every page is
done; a cancelled or failed batch removes the temporary file, so no half-printed batch is
left behind. Plain Python (no Qt): the app runs it through ``ui.worker.run_with_progress``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Generator, Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from deerfield_desk.documents.accessible import declare
from deerfield_desk.documents.placard import PAGE, draw_placard
from deerfield_desk.documents.target import check_target
from deerfield_desk.documents.village import FONT, register_fonts, village_settings
from deerfield_desk.models.progress import Progress


def placard_batch(
    records: Sequence[dict], settings, target: str | os.PathLike
) -> Generator[Progress, None, Path]:
    register_fonts()
    village = village_settings(settings)
    target = check_target(Path(target))
    fd, tmp = tempfile.mkstemp(prefix=".placards-", suffix=".pdf", dir=target.parent)
    os.close(fd)
    finished = False
    try:
        canvas = Canvas(tmp, pagesize=PAGE, invariant=1, initialFontName=FONT)
        canvas.setTitle("Address placards")
        declare(canvas)
        canvas.setAuthor(village.name)
        total = len(records)
        for n, record in enumerate(records, 1):
            draw_placard(canvas, record, village)
            canvas.showPage()
            yield Progress(n, total, f"Placard {n} of {total}: {record.get('permit_number')}")
        canvas.save()
        check_target(target)
        os.replace(tmp, target)
        finished = True
        return target
    finally:
        if not finished:
            Path(tmp).unlink(missing_ok=True)
