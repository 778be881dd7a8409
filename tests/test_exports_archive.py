"""The archive and `deerfield-desk verify-archive`: proof years later that nothing changed."""

from __future__ import annotations

import json
import sqlite3

import pytest

from deerfield_desk.cli import main
from deerfield_desk.exports.archive import sha256_file, verify_archive
from deerfield_desk.exports.year_export import run_export
from deerfield_desk.store import journal
from tests.exports_fixtures import YEAR, make_year


@pytest.fixture
def archive_dir(register, db_path, tmp_path):
    make_year(register, db_path.parent / "photos")
    run_export(db_path, YEAR, tmp_path / "out", ["archive"])
    return tmp_path / "out" / f"archive-{YEAR}"


def test_archive_holds_snapshot_photo_report_and_a_manifest_of_every_file(
    archive_dir, register, db_path
):
    manifest = json.loads((archive_dir / "manifest.json").read_text())
    paths = [f["path"] for f in manifest["files"]]
    assert "register.sqlite" in paths
    assert f"documents/annual-report-{YEAR}.pdf" in paths
    assert [p for p in paths if p.startswith("photos/") and p.endswith("footing.jpg")]
    on_disk = sorted(
        p.relative_to(archive_dir).as_posix()
        for p in archive_dir.rglob("*")
        if p.is_file() and p.name != "manifest.json"
    )
    assert sorted(paths) == on_disk
    # the manifest names the journal as the snapshot holds it; the register then journaled
    # the archive itself (its manifest's hash) as the very next entry
    head = journal.read_head(register.conn)
    recorded = register.query_one("SELECT * FROM archives")
    assert manifest["journal_head"]["hash"] == recorded["journal_hash"]
    assert head.seq == recorded["journal_seq"] + 1
    assert recorded["manifest_sha256"] == sha256_file(archive_dir / "manifest.json")
    # the snapshot is a whole register with the same permits
    snap = sqlite3.connect(archive_dir / "register.sqlite")
    assert snap.execute("SELECT count(*) FROM permits").fetchone()[0] == 13
    snap.close()
    assert verify_archive(archive_dir, db_path).ok


def test_a_changed_photo_fails_verify_archive(archive_dir, db_path):
    photo = next((archive_dir / "photos").iterdir())
    photo.write_bytes(photo.read_bytes() + b"edited")
    report = verify_archive(archive_dir, db_path)
    assert not report.ok
    assert any(photo.name in p and "changed" in p for p in report.problems)


def test_a_removed_or_added_file_fails_verify_archive(archive_dir, db_path):
    (archive_dir / "documents" / f"annual-report-{YEAR}.pdf").unlink()
    (archive_dir / "photos" / "extra.jpg").write_bytes(b"slipped in")
    problems = verify_archive(archive_dir, db_path).problems
    assert any("annual-report" in p and "missing" in p for p in problems)
    assert any("extra.jpg" in p and "added" in p for p in problems)


def test_a_snapshot_whose_journal_was_edited_fails_even_with_a_recomputed_hash(
    archive_dir, db_path
):
    """Someone edits a journal entry and updates the manifest's file hash: the chain still
    gives it away."""
    snapshot = archive_dir / "register.sqlite"
    conn = sqlite3.connect(snapshot)
    conn.execute("DROP TRIGGER journal_no_update")
    conn.execute("UPDATE journal SET reason = 'nothing to see' WHERE seq = 2")
    conn.commit()
    conn.close()
    manifest = json.loads((archive_dir / "manifest.json").read_text())
    from deerfield_desk.exports.archive import sha256_file

    for entry in manifest["files"]:
        if entry["path"] == "register.sqlite":
            entry["sha256"] = sha256_file(snapshot)
            entry["bytes"] = snapshot.stat().st_size
    (archive_dir / "manifest.json").write_text(json.dumps(manifest))
    problems = verify_archive(archive_dir, db_path).problems
    assert any("journal" in p and "edited" in p for p in problems)


def test_verify_archive_command_exit_codes(archive_dir, db_path, capsys):
    assert main(["verify-archive", "--db", str(db_path), str(archive_dir)]) == 0
    assert "the archive is intact" in capsys.readouterr().out
    # the export folder itself is accepted too (it holds one archive)
    assert main(["verify-archive", "--db", str(db_path), str(archive_dir.parent)]) == 0
    target = archive_dir / "register.sqlite"
    data = bytearray(target.read_bytes())
    data[5000] ^= 0xFF
    target.write_bytes(bytes(data))
    assert main(["verify-archive", "--db", str(db_path), str(archive_dir)]) == 1
    out = capsys.readouterr().out
    assert "register.sqlite" in out and "PROBLEMS FOUND" in out


def test_renderer_documents_go_into_the_archive(register, db_path, tmp_path):
    make_year(register)
    seen = []

    def renderer(table, record):
        seen.append(table)
        return b"%PDF-1.4 card " + record["uuid"].encode() if table == "permits" else None

    run_export(db_path, YEAR, tmp_path, ["archive"], renderer=renderer)
    cards = sorted((tmp_path / f"archive-{YEAR}" / "documents" / "permits").iterdir())
    assert len(cards) == 12 and cards[0].name == f"{YEAR}-0001.pdf"
    assert "notices" in seen
    assert verify_archive(tmp_path / f"archive-{YEAR}", db_path).ok


def test_export_command_writes_and_reports(register, db_path, tmp_path, capsys):
    make_year(register)
    code = main(["export", "--db", str(db_path), "--year", str(YEAR), "--to", str(tmp_path),
                 "--format", "csv,pdf"])  # fmt: skip
    assert code == 0
    out = capsys.readouterr().out
    assert f"annual-report-{YEAR}.pdf" in out and "12 permits" in out
    assert main(["export", "--db", str(db_path), "--year", "20x5", "--to", str(tmp_path)]) == 2
    assert "year:" in capsys.readouterr().err


def test_the_archive_holds_each_notice_of_the_year_as_printed(archive_dir):
    """Render the real notices into the archive and read them back: the stop-work order and
    the violation notice of the year, each under its number, saying what it is and where."""
    from tests.documents_fixtures import pdf_text

    notices = sorted(p.name for p in (archive_dir / "documents" / "notices").iterdir())
    assert notices == [f"N-{YEAR}-0001.pdf", f"N-{YEAR}-0002.pdf"]
    stop_work = pdf_text((archive_dir / "documents" / "notices" / notices[0]).read_bytes())
    assert "Stop Work Order" in stop_work and f"N-{YEAR}-0001" in stop_work
    assert "12.24" in stop_work  # the section that empowers it
    violation = pdf_text((archive_dir / "documents" / "notices" / notices[1]).read_bytes())
    assert "Notice of Violation" in violation and f"N-{YEAR}-0002" in violation
    manifest = json.loads((archive_dir / "manifest.json").read_text())
    paths = {f["path"] for f in manifest["files"]}
    assert {f"documents/notices/{n}" for n in notices} <= paths


def test_an_edited_snapshot_with_a_rebuilt_manifest_is_caught_by_the_register(archive_dir, db_path):
    """Edit the snapshot (a permit's owner), then rebuild the whole manifest so every file
    hash matches: only the register's journaled record of the manifest gives it away."""
    from deerfield_desk.exports.archive import write_manifest
    from deerfield_desk.store.journal import Head

    snapshot = archive_dir / "register.sqlite"
    conn = sqlite3.connect(snapshot)
    conn.execute("UPDATE permits SET owner_name = 'Someone Else' WHERE id = 1")
    conn.commit()
    conn.close()
    old = json.loads((archive_dir / "manifest.json").read_text())
    write_manifest(archive_dir, YEAR, Head(**old["journal_head"]))
    problems = verify_archive(archive_dir, db_path).problems
    assert any("never recorded this manifest" in p for p in problems), problems
    # without the register, the archive is never declared intact
    assert any(
        "not checked against the register" in p for p in verify_archive(archive_dir).problems
    )


def test_checklist_photos_of_the_year_go_into_the_archive(register, db_path, tmp_path):
    from PIL import Image

    from deerfield_desk.config import Paths
    from deerfield_desk.store.photos import import_photo

    def make_photo(path, color="green"):
        Image.new("RGB", (64, 48), color).save(path, "JPEG")
        return path

    make_year(register, db_path.parent / "photos")
    permit = register.query_one("SELECT id FROM permits WHERE permit_number = ?", (f"{YEAR}-0007",))
    visit = register.insert(
        "checklist_visits",
        {"permit_id": permit["id"], "site_class": "minor", "visited_at": f"{YEAR}-07-02T10:00",
         "inspector": "Lee Inspector"},
    )  # fmt: skip
    response = register.insert(
        "checklist_responses",
        {"visit_id": visit["id"], "item_code": "silt_fence", "section": "31.06(1)(C)",
         "response": "deficient"},
    )  # fmt: skip
    paths = Paths(db_path)
    import_photo(register, paths, make_photo(tmp_path / "fence.jpg"), "checklist_responses",
                 response["uuid"])  # fmt: skip
    import_photo(register, paths, make_photo(tmp_path / "site.jpg", color="blue"),
                 "checklist_visits", visit["uuid"])  # fmt: skip
    run_export(db_path, YEAR, tmp_path / "out", ["archive"])
    names = [p.name for p in (tmp_path / "out" / f"archive-{YEAR}" / "photos").iterdir()]
    assert any(n.endswith("fence.jpg") for n in names), names
    assert any(n.endswith("site.jpg") for n in names), names
