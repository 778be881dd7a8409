"""One headless entry renders every document (``documents.render``): the print preview, the
``render`` command and the year-end archive produce the same bytes for the same document."""

from __future__ import annotations

from dataclasses import replace

import pytest

from deerfield_desk import documents
from deerfield_desk.cli import main
from deerfield_desk.config import register_paths
from deerfield_desk.documents.village import load_village_settings, save_village_settings
from deerfield_desk.exports.year_export import run_export
from deerfield_desk.store.village_calendar import HOLIDAY_KEYS
from deerfield_desk.ui import documents_actions
from deerfield_desk.ui.main_window import MainWindow
from tests.documents_fixtures import build_register, pdf_text

YEAR = 2026
#: (document kind, reference, where the archive keeps it)
SAME_DOCUMENTS = [
    ("permit-card", "2026-0042", "permits/2026-0042.pdf"),
    ("stop-work", "N-2026-0001", "notices/N-2026-0001.pdf"),
    ("violation", "N-2026-0005", "notices/N-2026-0005.pdf"),
    ("house-number", "N-2026-0006", "notices/N-2026-0006.pdf"),
    ("raze-order", "N-2026-0007", "notices/N-2026-0007.pdf"),
]


@pytest.fixture
def built(register, db_path, tmp_path, qtbot):
    build_register(register, tmp_path)
    # A village closure the default calendar does not know: a renderer that ignored the
    # village's calendar (as the archive once did) would print different deadlines.
    register.set_setting(HOLIDAY_KEYS[0], [f"{YEAR}-12-04", f"{YEAR}-12-07"])
    window = MainWindow(register, register_paths(db_path))
    # No daily backup or backup on close (as conftest's main_window): started in the same
    # second they wrote one partial file, and the close's failure box is modal (a hang).
    window.backups_enabled = False
    qtbot.addWidget(window)
    run_export(db_path, YEAR, tmp_path / "out", ["archive"], permit_cards=True)
    return window, db_path, tmp_path / "out" / f"archive-{YEAR}" / "documents"


@pytest.mark.parametrize("kind,ref,archived", SAME_DOCUMENTS, ids=[d[0] for d in SAME_DOCUMENTS])
def test_preview_cli_and_archive_print_identical_bytes(built, qtbot, tmp_path, kind, ref, archived):
    window, db_path, archive_documents = built
    preview = documents_actions.preview_document(window, kind, ref)
    qtbot.addWidget(preview)
    target = tmp_path / f"{kind}.pdf"
    assert main(["render", kind, ref, "--to", str(target), "--db", str(db_path)]) == 0
    from_archive = (archive_documents / archived).read_bytes()
    assert preview.pdf[:5] == b"%PDF-"
    assert preview.pdf == target.read_bytes() == from_archive
    assert preview.pdf == documents.render(kind, ref, window.register)


def test_the_village_settings_reach_the_document(built):
    """The register's own settings change the printed order, so the equality above is not
    the equality of documents that ignore what the register holds."""
    window, _db_path, _ = built
    before = documents.render("stop-work", "N-2026-0001", window.register)
    settings = load_village_settings(window.register)
    save_village_settings(window.register, replace(settings, inspector="Dana Whitfield"))
    after = documents.render("stop-work", "N-2026-0001", window.register)
    assert after != before and "Dana Whitfield" in pdf_text(after)
