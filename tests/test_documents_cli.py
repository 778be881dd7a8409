"""`deerfield-desk render`: every kind writes a PDF; bad kind or number exits 2 with one line
and leaves no file behind."""

from __future__ import annotations

import pytest

from deerfield_desk.cli import main
from tests.documents_fixtures import build_register, pdf_text

GOOD = [
    ("permit-card", "2026-0042", "2026-0042"),
    ("placard", "2026-0042", "MAIN STREET"),
    ("occupancy", "2026-0042", "Occupancy Permit"),
    ("decision", "2026-0043", "Approved with conditions"),
    ("inspection-report", "2026-0042", "Inspection Report"),
    ("checklist-report", "2026-0043", "Exhibit A"),
    ("stop-work", "N-2026-0001", "Stop Work Order"),
    ("violation", "N-2026-0005", "December 4, 2026"),
    ("house-number", "N-2026-0006", "November 25, 2026"),
    ("raze-order", "N-2026-0007", "Raze or Repair"),
]


@pytest.fixture
def db(register, db_path, tmp_path):
    build_register(register, tmp_path)
    return str(db_path)


@pytest.mark.parametrize("kind,ref,expected", GOOD)
def test_render_writes_the_document(db, tmp_path, kind, ref, expected, capsys):
    target = tmp_path / f"{kind}.pdf"
    assert main(["render", kind, ref, "--to", str(target), "--db", db]) == 0
    assert expected in pdf_text(target.read_bytes())
    assert not list(tmp_path.glob(".render-*")), "temporary file left behind"


@pytest.mark.parametrize(
    "argv,message",
    [
        (["render", "bogus", "2026-0042"], "KIND: unknown document kind 'bogus'"),
        (["render", "permit-card", "2026-9999"], "no permit numbered 2026-9999"),
        (["render", "permit-card", "N-2026-0001"], "REF: 'N-2026-0001' is not a permit number"),
        (["render", "violation", "N-2026-0999"], "no notice numbered N-2026-0999"),
        (["render", "violation", "N-2026-0001"], "render it as stop-work"),
        (["render", "decision", "A-2026-0999"], "no permit application numbered A-2026-0999"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_file(db, tmp_path, capsys, argv, message):
    target = tmp_path / "out.pdf"
    assert main([*argv, "--to", str(target), "--db", db]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not target.exists() and not list(tmp_path.glob(".render-*"))


def test_occupancy_prints_only_a_recorded_permit(db, tmp_path, capsys):
    """Issue 14, item 9: the command makes up no occupancy permit (§12.16)."""
    target = tmp_path / "occ.pdf"
    assert main(["render", "occupancy", "2026-0045", "--to", str(target), "--db", db]) == 2
    assert "no occupancy permit recorded" in capsys.readouterr().err
    assert main(["render", "occupancy", "2026-0042", "--to", str(target), "--db", db]) == 0
    text = pdf_text(target.read_bytes())
    assert "Occupancy permit 2026-0042-OC1" in text and "Handrail on basement stair" in text


def test_missing_register_is_a_usage_error(tmp_path, capsys):
    target = tmp_path / "x.pdf"
    code = main(
        [
            "render",
            "placard",
            "2026-0001",
            "--to",
            str(target),
            "--db",
            str(tmp_path / "none.sqlite"),
        ]
    )
    assert code == 2 and "--db: no register" in capsys.readouterr().err
    assert not target.exists()
