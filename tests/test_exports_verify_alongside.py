"""The archive's `verify` runs in a second process beside the writers (issue 18's speed target),
and still refuses the archive, with nothing half-written, when the register fails it."""

from __future__ import annotations

import multiprocessing
import sqlite3

import pytest

from deerfield_desk.errors import InvalidInput
from deerfield_desk.exports.archive import verify_archive
from deerfield_desk.exports.year_export import export_year, run_export
from deerfield_desk.store import head_witness, journal
from tests.exports_fixtures import YEAR, make_year


@pytest.fixture
def year_db(register, db_path):
    make_year(register, db_path.parent / "photos")
    return db_path


def _everything_left(folder):
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def test_a_row_changed_behind_the_journal_refuses_every_file_not_only_the_archive(
    year_db, tmp_path
):
    conn = sqlite3.connect(year_db)
    conn.execute("UPDATE permits SET owner_name = 'Someone Else' WHERE id = 1")
    conn.commit()
    conn.close()
    out = tmp_path / "out"
    with pytest.raises(InvalidInput, match="fails verify") as caught:
        run_export(year_db, YEAR, out)  # every format: CSVs and workbook are written meanwhile
    assert caught.value.field == "db"
    assert "owner_name" in str(caught.value) and "no archive was made" in str(caught.value)
    assert _everything_left(out) == []  # no CSV, no workbook, no staging folder
    assert multiprocessing.active_children() == []


def test_a_journal_cut_back_below_the_head_witness_is_found_through_the_copy(year_db, tmp_path):
    """The check reads the archive's copy, but the witness beside the REAL register: a journal
    cut back (an older copy put in place) is still refused."""
    conn = sqlite3.connect(year_db)
    head = journal.read_head(conn)
    conn.close()
    later = journal.Head(head.seq + 5, "f" * 64, head.entries + 5)
    assert head_witness.write(year_db, later)
    out = tmp_path / "out"
    with pytest.raises(InvalidInput, match="fails verify") as caught:
        run_export(year_db, YEAR, out, ["csv", "archive"])
    assert f"had reached entry {head.seq + 5}" in str(caught.value)
    assert _everything_left(out) == []


def test_a_good_register_archives_the_checked_copy_and_nothing_beside_it(year_db, tmp_path):
    result = run_export(year_db, YEAR, tmp_path / "out", ["csv", "archive"])
    folder = tmp_path / "out" / f"archive-{YEAR}"
    assert folder in result.files
    # the child opened the copy read-only: no -journal, -wal or -shm slipped into the archive
    top = sorted(p.name for p in folder.iterdir())
    assert top == ["documents", "manifest.json", "photos", "register.sqlite"]
    report = verify_archive(folder, year_db)
    assert report.ok, report.problems
    assert multiprocessing.active_children() == []


def test_cancelling_ends_the_check_and_leaves_nothing(year_db, tmp_path):
    out = tmp_path / "out"
    gen = export_year(year_db, YEAR, out)
    first = next(gen)
    assert first.done == 0 and "records of" in first.label
    gen.close()
    assert multiprocessing.active_children() == []
    assert _everything_left(out) == []


def test_notices_printed_by_the_second_process_are_the_documents_own_bytes(year_db, tmp_path):
    from deerfield_desk import documents
    from deerfield_desk.store.register import Register

    run_export(year_db, YEAR, tmp_path / "out", ["archive"])
    printed = tmp_path / "out" / f"archive-{YEAR}" / "documents" / "notices"
    names = sorted(p.name for p in printed.iterdir())
    assert names and all(n.startswith(f"N-{YEAR}-") for n in names)
    reg = Register.open_read_only(year_db)
    try:
        number = names[0].removesuffix(".pdf")
        kind = reg.query_one("SELECT kind FROM notices WHERE notice_number = ?", (number,))
        from deerfield_desk.models.notices import kind_rule

        expected = documents.render(kind_rule(kind["kind"]).cli_kind, number, reg)
    finally:
        reg.close()
    assert (printed / names[0]).read_bytes() == expected


def test_the_second_process_prints_the_notices_itself(year_db, tmp_path):
    """The notices are printed by the second process, not by the export's fallback (which
    prints the same bytes, so the test above cannot tell the two apart): it once failed on
    every export (a folder handed over as text) and the export quietly printed them itself,
    seconds of the benchmark year on the export's own core."""
    from deerfield_desk.exports.documents_alongside import DocumentsAlongside
    from deerfield_desk.store import journal
    from deerfield_desk.store.register import Register

    reg = Register.open_read_only(year_db)
    try:
        head = journal.read_head(reg).hash
    finally:
        reg.close()
    folder = tmp_path / "documents"
    docs = DocumentsAlongside(year_db, head, YEAR, folder, ("notices",), False)
    try:
        why, warnings = docs.finish()
    finally:
        docs.stop()
    assert why is None and warnings == []
    assert sorted(p.name for p in (folder / "notices").iterdir())[0].startswith(f"N-{YEAR}-")


def test_a_register_that_moved_on_is_printed_from_the_exports_own_snapshot(year_db, tmp_path):
    """The second process prints only from the same journal head as the export's snapshot;
    told otherwise it prints nothing, and the export prints the notices itself."""
    from deerfield_desk.exports import year_export
    from deerfield_desk.exports.doc_renderer import documents_renderer
    from deerfield_desk.exports.documents_alongside import MOVED, render_documents
    from deerfield_desk.store.register import Register

    folder = tmp_path / "docs"
    assert render_documents(year_db, "0" * 64, YEAR, folder, ("notices",), False) == (MOVED, [])
    assert not folder.exists()

    class Moved:
        def finish(self):
            return MOVED, []

    reg = Register.open_read_only(year_db)
    try:
        warnings: list[str] = []
        renderer = documents_renderer(reg, warnings)
        year_export._documents_in_place(Moved(), reg, tmp_path, YEAR, renderer, ("notices",),
                                        warnings)  # fmt: skip
    finally:
        reg.close()
    assert warnings == [] and len(list((tmp_path / "documents" / "notices").iterdir())) >= 1
