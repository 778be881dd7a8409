"""Export a year: CSV, XLSX, BLDS, the annual report and the archive, as one generator.

Everything is written into a hidden staging folder inside the target folder and moved into
place only when every file is complete. Cancelling (the progress dialog closes the generator)
or a failure removes the staging folder: the clerk never finds half an export. All files are
read inside one read transaction, so they describe the same moment of the register even while
the inspector keeps working; the BLDS feed, the annual report and the archived notices are
made by a second process from its own snapshot only when that ends at the same journal entry
(exports/documents_alongside.py), else here.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from deerfield_desk import documents
from deerfield_desk.config import Paths
from deerfield_desk.errors import DeskError, InvalidInput
from deerfield_desk.exports import archive, blds, tabular
from deerfield_desk.exports.doc_renderer import documents_renderer
from deerfield_desk.exports.documents_alongside import DocumentsAlongside
from deerfield_desk.exports.records import DATASETS
from deerfield_desk.exports.verify_alongside import VerifyAlongside, refusal
from deerfield_desk.models.progress import Progress
from deerfield_desk.store import journal
from deerfield_desk.store.register import Register
from deerfield_desk.store.snapshot import read_snapshot
from deerfield_desk.store.verify import read_witness
from deerfield_desk.store.year_records import register_years

log = logging.getLogger(__name__)

FORMATS = ("csv", "xlsx", "blds", "pdf", "archive")
AUTO = "auto"  # renderer: the documents layer's, when installed (exports.doc_renderer)


@dataclass
class ExportResult:
    folder: Path
    year: int
    files: list[Path] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def parse_formats(text: str | Iterable[str] | None) -> tuple[str, ...]:
    if text is None:
        return FORMATS
    items = text.split(",") if isinstance(text, str) else list(text)
    chosen = [i.strip().lower() for i in items if i.strip()]
    unknown = [i for i in chosen if i not in FORMATS]
    if unknown or not chosen:
        raise InvalidInput("format", f"choose from {', '.join(FORMATS)} (got {text!r})")
    return tuple(f for f in FORMATS if f in chosen)


def check_year(year) -> int:
    try:
        value = int(year)
    except (TypeError, ValueError):
        value = 0
    if not 1900 <= value <= 2999:
        raise InvalidInput("year", f"a four-digit year such as 2025 (got {year!r})")
    return value


def names(year: int) -> dict[str, str]:
    """What each format is called in the target folder (years side by side never clash)."""
    out = {d.name: f"{d.name}-{year}.csv" for d in DATASETS}
    out.update(
        xlsx=f"records-{year}.xlsx",
        blds=f"blds-{year}",
        pdf=f"annual-report-{year}.pdf",
        archive=f"archive-{year}",
    )
    return out


def export_year(
    db_path: Path,
    year: int,
    to: Path,
    formats: Iterable[str] = FORMATS,
    renderer: archive.DocumentRenderer | str | None = AUTO,
    permit_cards: bool = False,
    actor=None,
) -> Generator[Progress, None, ExportResult]:
    year = check_year(year)
    formats = parse_formats(list(formats))
    db_path, to = Path(db_path), Path(to)
    if not db_path.is_file():
        raise InvalidInput("db", f"no register at {db_path}")
    to.mkdir(parents=True, exist_ok=True)
    result = ExportResult(to, year)
    named = names(year)
    named["archive"] = archive_name(to, year)
    staging = Path(tempfile.mkdtemp(prefix=f".export-{year}-", dir=to))
    # Read-only (mode=ro): never checkpoints the owner's WAL; one snapshot for every file.
    reg = Register.open_read_only(db_path)
    snapshot = read_snapshot(reg)
    check: VerifyAlongside | None = None
    docs: DocumentsAlongside | None = None
    try:
        # the witness before the snapshot begins: a commit in between never runs ahead of it
        witnessed = read_witness(db_path) if "archive" in formats else None
        next(snapshot)
        head = None
        if witnessed is not None:
            if isinstance(renderer, str):  # AUTO: notices printed by a second process too,
                # started first: it starts Python and opens its own snapshot while this one
                # copies the register (~0.75 s, most of it waiting on the disk)
                ours = journal.read_head(reg).hash
                docs = DocumentsAlongside(
                    db_path, ours, year, staging / named["archive"] / "documents",
                    _printed(permit_cards), permit_cards,
                    report=archive.report_path(staging / named["archive"], year),
                    feed=staging / named["blds"] if "blds" in formats else None,
                )  # fmt: skip
            # The archive's copy next: `verify` checks it in a second process while every
            # other file is written from the same snapshot (exports/verify_alongside.py).
            head = archive.write_snapshot(reg, staging / named["archive"])
            if docs is not None and head.hash != ours:  # the copy is of this very snapshot:
                docs.stop()  # never expected; if it ever differs, print them here instead
                docs = None
            check = VerifyAlongside(
                staging / named["archive"] / archive.SNAPSHOT, db_path, witnessed
            )
        result.counts = {d.name: d.count(reg, year) for d in DATASETS}
        _refuse_empty(reg, year, result.counts)
        rows = sum(result.counts.values())
        blds_rows = result.counts["permits"] + result.counts["inspections"]
        weights = {"csv": rows, "xlsx": rows, "blds": blds_rows, "pdf": 50, "archive": 500}
        total = sum(weights[f] for f in formats) + 1
        done = 0
        yield Progress(done, total, f"Exporting {rows:,} records of {year}")
        if "csv" in formats or "xlsx" in formats:
            tables = tabular.write_tables(
                staging,
                named,
                reg,
                year,
                csv_files="csv" in formats,
                workbook="xlsx" in formats,
                fixed_time=datetime(year, 12, 31, 23, 59, 59),
                counts=result.counts,
            )
            per_row = ("csv" in formats) + ("xlsx" in formats)
            for title, n in tables:
                done += n * per_row
                _stop_if_refused(check)
                yield Progress(done, total, f"Records: {title.lower()}")
        # the second process's feed and report (it prints the notices too); if it could not
        # make them (the register moved on between the two snapshots, or it failed), they
        # are made here, from this snapshot
        alongside = docs is not None and docs.finish()[0] is None
        if "blds" in formats and alongside:
            done += blds_rows
            _stop_if_refused(check)
            yield Progress(done, total, "BLDS permits and inspections")
        elif "blds" in formats:
            for n in blds.write_blds(staging / named["blds"], reg, year):
                done += n
                _stop_if_refused(check)
                yield Progress(done, total, "BLDS permits and inspections")
        report = b""
        if alongside:
            report = archive.report_path(staging / named["archive"], year).read_bytes()
        elif "pdf" in formats or "archive" in formats:
            # the one entry for printed documents (issue 12): the Documents menu and the
            # `render` command print these very bytes (DEMO on the demo register's, too)
            report = documents.render("annual-report", str(year), reg)
        if "pdf" in formats:
            (staging / named["pdf"]).write_bytes(report)
            done += weights["pdf"]
            _stop_if_refused(check)
            yield Progress(done, total, "Annual report")
        if check is not None:
            chosen = (
                documents_renderer(reg, result.warnings, permit_cards)
                if isinstance(renderer, str)
                else renderer
            )

            def before_manifest() -> None:
                check.wait()
                if docs is not None and chosen is not None:
                    _documents_in_place(docs, reg, staging / named["archive"], year, chosen,
                                        _printed(permit_cards), result.warnings)  # fmt: skip

            steps = archive.build_archive(
                reg,
                Paths(db_path),
                staging / named["archive"],
                year,
                report,
                chosen,
                result.warnings,
                head=head,
                printed=() if docs is not None else ("permits", "notices"),
                before_manifest=before_manifest,
            )
            for label in steps:
                done += weights["archive"] // 4
                _stop_if_refused(check)
                yield Progress(min(done, total - 1), total, f"Archive: {label}")
            check.wait()
        yield Progress(total - 1, total, "Moving the finished files into place")
        snapshot.close()  # only read: end the snapshot
        if "archive" in formats:
            archive.record_archive(db_path, staging / named["archive"], year, actor)
        # No yield after this point: once files are in place a Cancel can no longer arrive,
        # so the dialog never says "cancelled" about an export that was published.
        result.files = publish(staging, to)
        return result
    except DeskError:
        raise  # said already (an empty year, a refusal): nothing to add
    except Exception:
        # a writer stopped (a register damaged enough to break a read, say): if the archive's
        # check finds the register damaged, that is what the clerk is told
        if check is not None:
            check.wait()
        raise
    finally:
        if check is not None:
            check.stop()
        if docs is not None:
            docs.stop()
        snapshot.close()
        reg.close()
        shutil.rmtree(staging, ignore_errors=True)


def _printed(permit_cards: bool) -> tuple[str, ...]:
    """What the archive prints: each notice, and each permit's card only when asked."""
    return ("permits", "notices") if permit_cards else ("notices",)


def _documents_in_place(docs, reg, folder: Path, year: int, renderer, tables, warnings) -> None:
    """Wait for the second process's documents; if it could not print them (the register
    moved on between the two snapshots, or it failed), print them here, from this snapshot."""
    why, found = docs.finish()
    if why is None:
        warnings += found
        return
    log.info("archive documents printed here instead: %s", why)
    for table in tables:
        archive.write_documents(reg, folder / "documents", year, renderer, table)


def _stop_if_refused(check: VerifyAlongside | None) -> None:
    """Between steps: the moment the register fails the archive's check, stop writing."""
    problem = check.failure() if check is not None else None
    if problem is not None:
        raise refusal(problem)


def archive_name(to: Path, year: int) -> str:
    """``archive-YYYY``, or ``archive-YYYY-2``, ``-3``… when the year was archived before:
    an archive is an official record, so a second export never removes the first."""
    name, n = f"archive-{year}", 1
    while (to / name).exists():
        n += 1
        name = f"archive-{year}-{n}"
    return name


def _refuse_empty(reg: Register, year: int, counts: dict[str, int]) -> None:
    """An empty year, or one before the register begins, is said, not written as empty files
    (deposits still held from earlier years alone do not make a year)."""
    if any(n for name, n in counts.items() if name != "deposits"):
        return
    years = register_years(reg)
    if years is None:
        raise InvalidInput("year", "the register holds no permits yet: there is nothing to export")
    first, last = years
    if year < first:
        raise InvalidInput(
            "year", f"{year} is before the register begins ({first}): there is nothing to export"
        )
    raise InvalidInput(
        "year",
        f"the register holds no records for {year} (it holds {first}"
        f"{f'–{last}' if last != first else ''}): there is nothing to export",
    )


def publish(staging: Path, to: Path) -> list[Path]:
    """Move each finished file or folder into place, replacing an older export of the year."""
    placed = []
    for entry in sorted(staging.iterdir()):
        target = to / entry.name
        old = None
        if target.exists():
            old = to / f".replaced-{entry.name}"
            _remove(old)
            target.rename(old)
        entry.rename(target)
        if old is not None:
            _remove(old)
        placed.append(target)
    return placed


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()


def run_export(*args, **kwargs) -> ExportResult:
    """Run the export to the end without progress (command line, tests)."""
    gen = export_year(*args, **kwargs)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
