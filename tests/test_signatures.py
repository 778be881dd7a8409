"""Signatures on screen: the contractor signs a visit's report or correction notice with a
pen, a finger or the mouse; the strokes are stored with the visit (journaled) and printed."""

import json
import subprocess

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from deerfield_desk.documents import render
from deerfield_desk.documents.village import save_village_settings
from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.store import inspections, signatures
from deerfield_desk.ui.field.signature_pad import PAD_WIDTH, SignatureDialog
from tests.documents_fixtures import SETTINGS, pdf_text
from tests.inspections_fixtures import NOW, make_permit, open_field_register


@pytest.fixture
def field_register(db_path, inspector):
    yield from open_field_register(db_path, inspector)


def failed_visit(reg):
    permit = make_permit(reg)
    visit = inspections.request_inspection(
        reg, permit["uuid"], "footing", requested_by="Dana", requested_at=NOW
    )
    defects = [
        {
            "section": "12.12(5)(a)",
            "description": "footing too shallow",
            "correction": "dig to 48 in",
            "minor": False,
        }
    ]
    recorded, _again = inspections.record_result(
        reg, visit["uuid"], "failed", defects=defects, inspected_at=NOW,
        order_reason="the silt fence was checked on the same visit",
    )  # fmt: skip
    return permit, recorded


SCRIBBLE = [[(20, 120), (80, 60), (140, 130), (220, 50), (300, 140)], [(320, 90), (420, 95)]]


def test_drawn_with_the_mouse_stored_with_the_visit_and_journaled(field_register, qtbot):
    permit, visit = failed_visit(field_register)
    dialog = SignatureDialog(field_register, visit["uuid"])
    qtbot.addWidget(dialog)
    assert dialog.name.text() == permit["contractor_name"] or dialog.name.text() == ""
    dialog.document.setCurrentIndex(dialog.document.findData("correction_notice"))
    dialog.name.setText("Dana Builder")
    dialog.save()
    assert "sign in the box" in dialog.error.text() and dialog.saved is None
    pad = dialog.pad
    for stroke in SCRIBBLE:
        QTest.mousePress(pad, Qt.MouseButton.LeftButton, pos=QPoint(*stroke[0]))
        for point in stroke[1:]:
            QTest.mouseMove(pad, QPoint(*point))
        QTest.mouseRelease(pad, Qt.MouseButton.LeftButton, pos=QPoint(*stroke[-1]))
    assert len(pad.strokes) == 2 and not pad.is_empty()
    dialog.save()
    row = dialog.saved
    assert row["signer_name"] == "Dana Builder" and row["signer_role"] == "contractor"
    assert row["document"] == "correction_notice" and row["witnessed_by"] == "Lee Inspector"
    assert json.loads(row["strokes_json"])[1] == [[320, 90], [420, 95]]
    entry = field_register.query_one(
        "SELECT action FROM journal WHERE table_name = 'signatures' AND record_uuid = ?",
        (row["uuid"],),
    )
    assert entry == {"action": "insert"}


def test_signing_again_voids_the_earlier_signature_with_a_reason(field_register):
    _permit, visit = failed_visit(field_register)
    first = signatures.record_signature(
        field_register,
        visit["uuid"],
        "inspection_report",
        "Dana Builder",
        "contractor",
        SCRIBBLE,
        (560, 200),
    )
    second = signatures.record_signature(
        field_register,
        visit["uuid"],
        "inspection_report",
        "Dana Builder",
        "contractor",
        SCRIBBLE,
        (560, 200),
    )
    earlier = field_register.get("signatures", first["uuid"])
    assert (
        earlier["status"] == "voided" and earlier["void_reason"] == "signed again by Dana Builder"
    )
    in_force = signatures.signatures_for(field_register, visit["id"])
    assert [s["uuid"] for s in in_force] == [second["uuid"]]


def test_refusals_name_the_field_and_write_nothing(field_register):
    permit, visit = failed_visit(field_register)
    tap = [[(100, 100), (101, 100)]]
    with pytest.raises(InvalidInput, match="signature: sign in the box"):
        signatures.record_signature(
            field_register,
            visit["uuid"],
            "inspection_report",
            "Dana",
            "contractor",
            tap,
            (560, 200),
        )
    with pytest.raises(InvalidInput, match="signer_name: print the name"):
        signatures.record_signature(
            field_register, visit["uuid"], "inspection_report", "  ", "owner", SCRIBBLE, (560, 200)
        )
    outside = [[(10, 10), (900, 10)]]
    with pytest.raises(InvalidInput, match="signature: every stroke must lie inside"):
        signatures.record_signature(
            field_register, visit["uuid"], "inspection_report", "Dana", "owner", outside, (560, 200)
        )
    requested = inspections.request_inspection(
        field_register, permit["uuid"], "foundation", requested_by="Dana", requested_at=NOW
    )
    with pytest.raises(NotAllowed, match="record the visit's result before it is signed"):
        signatures.record_signature(
            field_register,
            requested["uuid"],
            "inspection_report",
            "Dana",
            "owner",
            SCRIBBLE,
            (560, 200),
        )
    assert field_register.query("SELECT * FROM signatures") == []


def test_printed_on_the_correction_notice_and_not_on_the_report(field_register, tmp_path):
    save_village_settings(field_register, SETTINGS)
    permit, visit = failed_visit(field_register)
    signatures.record_signature(
        field_register, visit["uuid"], "correction_notice", "Dana Builder", "contractor",
        SCRIBBLE, (PAD_WIDTH, 200),
    )  # fmt: skip
    ref = f"{permit['permit_number']}/{visit['id']}"
    notice = render("correction-notice", ref, field_register)
    text = pdf_text(notice)
    assert "Dana Builder, Contractor" in text and "in the presence of Lee Inspector" in text
    assert "Dana Builder, Contractor" not in pdf_text(
        render("inspection-report", ref, field_register)
    )
    (tmp_path / "notice.pdf").write_bytes(notice)
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(tmp_path / "notice.pdf"),
                    str(tmp_path / "page")], check=True)  # fmt: skip
    assert (tmp_path / "page-1.png").stat().st_size > 0
