"""Render every document of the documents test register to PNG for docs/screenshots/.

``python -m tests.documents_screenshots [OUTDIR]`` (default docs/screenshots): the same register
the documents tests build (tests/documents_fixtures.py), printed through the one headless entry
``documents.render``, first page at 60 dpi with pdftoppm — so a committed picture of a notice
always shows the dates the app prints today (the stop-work picture once showed an appeal
deadline of 7 December after the calendar fix moved it to the 8th)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from deerfield_desk.documents import render
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.models.notices import kind_rule
from deerfield_desk.store.register import Register
from tests.documents_fixtures import build_register


def main(outdir: Path) -> list[Path]:
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        reg = Register.create(Path(tmp) / "register.sqlite", Actor("Pat Clerk", Role.CLERK, "d"))
        ids = build_register(reg, Path(tmp))
        permit = ids["permit"]["permit_number"]
        jobs = [(kind, permit) for kind in ("permit-card", "placard", "occupancy", "decision")]
        jobs += [("inspection-report", permit)]
        erosion = ids["erosion"]["permit_number"]
        jobs += [("checklist-report", erosion), ("decision", erosion)]
        for notice in reg.query("SELECT kind, notice_number FROM notices ORDER BY id"):
            jobs.append((kind_rule(notice["kind"]).cli_kind, notice["notice_number"]))
        for kind, ref in jobs:
            pdf = Path(tmp) / "doc.pdf"
            pdf.write_bytes(render(kind, ref, reg))
            stem = outdir / f"documents-{kind}-{ref}"
            subprocess.run(
                ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", pdf, stem],
                check=True,
            )
            written.append(stem.with_name(stem.name + "-1.png"))
        reg.close()
    return written


if __name__ == "__main__":
    for path in main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")):
        print(path)
