"""The BLDS feed and the annual report are made by the export's second process, from its own
snapshot at the export's journal head, and are the very files the export would make itself
(exports/documents_alongside.py, issue 18's speed target)."""

from __future__ import annotations

import multiprocessing

import pytest

from deerfield_desk import documents
from deerfield_desk.exports import blds
from deerfield_desk.exports.documents_alongside import (
    MOVED,
    DocumentsAlongside,
    render_documents,
)
from deerfield_desk.exports.year_export import run_export
from deerfield_desk.store import journal
from deerfield_desk.store.register import Register
from tests.exports_fixtures import YEAR, make_year

FEED = ("permits.csv", "inspections.csv", "README.txt")


@pytest.fixture
def year_db(register, db_path):
    make_year(register, db_path.parent / "photos")
    return db_path


def _made_here(year_db, folder):
    """The feed and the report as this process makes them from its own snapshot."""
    reg = Register.open_read_only(year_db)
    try:
        for _ in blds.write_blds(folder, reg, YEAR):
            pass
        return documents.render("annual-report", str(YEAR), reg)
    finally:
        reg.close()


def _head(year_db) -> str:
    reg = Register.open_read_only(year_db)
    try:
        return journal.read_head(reg).hash
    finally:
        reg.close()


def test_the_second_process_makes_the_feed_and_the_report_byte_for_byte(year_db, tmp_path):
    report, feed = tmp_path / "docs" / "report.pdf", tmp_path / "feed"
    docs = DocumentsAlongside(year_db, _head(year_db), YEAR, tmp_path / "docs", ("notices",),
                              False, report=report, feed=feed)  # fmt: skip
    try:
        assert docs.finish() == (None, [])
        assert docs.finish() == (None, [])  # asked again (the export asks twice): same answer
    finally:
        docs.stop()
    expected = _made_here(year_db, tmp_path / "here")
    assert report.read_bytes() == expected
    for name in FEED:
        assert (feed / name).read_bytes() == (tmp_path / "here" / name).read_bytes(), name
    assert list((tmp_path / "docs" / "notices").iterdir())


def test_a_register_that_moved_on_gets_no_feed_and_no_report(year_db, tmp_path):
    report, feed = tmp_path / "docs" / "report.pdf", tmp_path / "feed"
    outcome = render_documents(year_db, "0" * 64, YEAR, tmp_path / "docs", ("notices",), False,
                               report, feed)  # fmt: skip
    assert outcome == (MOVED, [])
    assert not report.exists() and not feed.exists()


def test_the_export_leaves_the_feed_and_the_report_to_the_second_process(
    year_db, tmp_path, monkeypatch
):
    """The export's own process makes neither (a fallback would make the same bytes, so only
    this tells them apart): were it to, these stand-ins would fail the export."""

    def not_here(*_args, **_kwargs):
        raise AssertionError("made in the export's own process")

    expected = _made_here(year_db, tmp_path / "here")  # before: the export journals its archive
    monkeypatch.setattr(blds, "write_blds", not_here)
    monkeypatch.setattr(documents, "render", not_here)
    out = tmp_path / "out"
    result = run_export(year_db, YEAR, out, ["csv", "blds", "pdf", "archive"])
    assert multiprocessing.active_children() == []
    assert (out / f"annual-report-{YEAR}.pdf").read_bytes() == expected
    assert (out / f"archive-{YEAR}" / "documents" / f"annual-report-{YEAR}.pdf").read_bytes() == (
        expected
    )
    for name in FEED:
        assert (out / f"blds-{YEAR}" / name).read_bytes() == (tmp_path / "here" / name).read_bytes()
    assert out / f"blds-{YEAR}" in result.files


def test_when_the_register_moved_on_the_export_makes_them_itself(year_db, tmp_path, monkeypatch):
    from deerfield_desk.exports import year_export

    class MovedOn:  # the second process found another journal head: it made nothing
        def __init__(self, *args, **kwargs):
            pass

        def finish(self):
            return MOVED, []

        def stop(self):
            pass

    expected = _made_here(year_db, tmp_path / "here")
    monkeypatch.setattr(year_export, "DocumentsAlongside", MovedOn)
    out = tmp_path / "out"
    run_export(year_db, YEAR, out, ["blds", "pdf", "archive"])
    assert (out / f"annual-report-{YEAR}.pdf").read_bytes() == expected
    for name in FEED:
        assert (out / f"blds-{YEAR}" / name).read_bytes() == (tmp_path / "here" / name).read_bytes()
    assert list((out / f"archive-{YEAR}" / "documents" / "notices").iterdir())
