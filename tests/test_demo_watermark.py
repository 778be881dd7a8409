"""Documents printed from the demo register say DEMO on every page, whatever the kind
(issue 16.5: the demo is never where real work lands by accident); a real register's never
do. Decided by the register itself (``store.demo_register``), not by a flag of the caller:
each document here is printed the ordinary way, through ``documents.render`` or the year
export, and read back with poppler's pdftotext."""

from __future__ import annotations

import subprocess
from datetime import date

import pytest

from deerfield_desk import documents
from deerfield_desk.demo import generate_demo
from deerfield_desk.documents.batch import placard_batch
from deerfield_desk.documents.marks import DEMO_LINE
from deerfield_desk.documents.village import load_village_settings
from deerfield_desk.errors import InvalidInput, RecordNotFound
from deerfield_desk.exports.year_export import run_export
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store import cashier, ledger
from deerfield_desk.store.demo_register import is_demo_register
from deerfield_desk.store.document_records import permit_record, placards_issued
from deerfield_desk.store.register import Register
from tests.cashier_fixtures import MORNING, application_owing
from tests.documents_fixtures import build_register

PERMIT_KINDS = ("permit-card", "placard", "inspection-report", "decision")
NOTICE_KINDS = ("stop-work", "violation", "house-number", "raze-order")


def pages_text(pdf: bytes, tmp_path) -> list[str]:
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                         text=True, check=True)  # fmt: skip
    return [page for page in out.stdout.split("\f") if page.strip()]


def _first_printable(reg, kind: str, refs: list[str]) -> bytes | None:
    for ref in refs:
        try:
            return documents.render(kind, ref, reg)
        except (InvalidInput, RecordNotFound):
            continue  # this permit has no such document (no placard, no decision…)
    return None


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite"
    list(generate_demo(path, permits=400, seed=7, today=date(2026, 11, 30)))
    reg = Register.open(path, Actor("Pat Clerk", Role.CLERK, "desk-1"))
    yield reg
    reg.close()


def _printed(reg, tmp_path) -> dict[str, bytes]:
    """One document of every kind the register holds, printed as the clerk would."""
    issued = [r["permit_number"] for r in reg.query(
        "SELECT permit_number FROM permits WHERE permit_number IS NOT NULL "
        "AND status IN ('issued', 'extended', 'completed') ORDER BY id DESC LIMIT 40")]  # fmt: skip
    inspected = [r["permit_number"] for r in reg.query(
        "SELECT DISTINCT p.permit_number FROM permits p JOIN inspections i ON i.permit_id = p.id "
        "WHERE p.permit_number IS NOT NULL ORDER BY p.id DESC LIMIT 20")]  # fmt: skip
    refs = {"inspection-report": inspected}
    printed: dict[str, bytes] = {}
    for kind in PERMIT_KINDS:
        pdf = _first_printable(reg, kind, refs.get(kind, issued))
        if pdf:
            printed[kind] = pdf
    # The week's placards, as Documents → Print this week's placards does (the demo's permits
    # carry no application, so none is a placard through documents.render).
    records = placards_issued(reg, "2000-01-01", "2099-12-31")[:2] or [
        {**permit_record(reg, issued[0]), "house_number": "12"}
    ]
    target = tmp_path / "placards.pdf"
    list(placard_batch(records, load_village_settings(reg), target))
    printed["placards"] = target.read_bytes()
    for kind in NOTICE_KINDS:
        numbers = [
            r["notice_number"]
            for r in reg.query(
                "SELECT notice_number FROM notices WHERE notice_number IS NOT NULL ORDER BY id"
            )
        ]
        pdf = _first_printable(reg, kind, numbers)
        if pdf:
            printed[kind] = pdf
    permit = reg.query_one("SELECT * FROM permits WHERE permit_number = ?", (issued[0],))
    owed = ledger.add_fee(reg, permit=permit, code="house_number_placard",
                          description="House number placard", amount_cents=1500,
                          basis="12.32(3)")  # fmt: skip
    receipt = cashier.take_payment(
        reg,
        payer_name="Ann Owner",
        method="cash",
        lines=[(owed["uuid"], 1500)],
        received_at=MORNING,
    )
    printed["receipt"] = documents.render("receipt", receipt["receipt_number"], reg)
    printed["deposit-report"] = documents.render("deposit-report", "2026-11-30", reg)
    result = run_export(reg.path, 2026, tmp_path / "export", ["pdf"])
    printed["annual-report"] = next(p for p in result.files if p.suffix == ".pdf").read_bytes()
    return printed


def test_every_document_of_the_demo_register_says_demo_on_every_page(demo, tmp_path):
    assert is_demo_register(demo)
    printed = _printed(demo, tmp_path)
    # the kinds the demo has: permits, their placards and inspections, notices, money, reports
    for kind in ("permit-card", "placards", "inspection-report", "stop-work", "receipt",
                 "deposit-report", "annual-report"):  # fmt: skip
        assert kind in printed, f"the demo register printed no {kind}"
    for kind, pdf in printed.items():
        for number, page in enumerate(pages_text(pdf, tmp_path), 1):
            assert DEMO_LINE in page, f"{kind}, page {number}: no DEMO line"


def test_a_real_register_prints_no_demo_mark(register, db_path, tmp_path):
    build_register(register, tmp_path)
    application_owing(register, house="9")
    assert not is_demo_register(register)
    printed = _printed(register, tmp_path)
    assert {"permit-card", "placard", "placards", "stop-work", "receipt", "annual-report"} <= set(
        printed
    )
    for kind, pdf in printed.items():
        text = "".join(pages_text(pdf, tmp_path))
        assert "DEMO" not in text, kind


def test_the_mark_follows_the_register_not_how_it_is_opened(demo, tmp_path):
    """A demo copied elsewhere (opened with --db, read-only) is still the demo."""
    copy = tmp_path / "looks-real.sqlite"
    _copy(demo, copy)
    reg = Register.open_read_only(copy)
    try:
        assert is_demo_register(reg)
        number = reg.query_one(
            "SELECT permit_number FROM permits WHERE permit_number "
            "IS NOT NULL AND status = 'issued' LIMIT 1"
        )["permit_number"]
        page = pages_text(documents.render("permit-card", number, reg), tmp_path)[0]
        assert DEMO_LINE in page
    finally:
        reg.close()


def _copy(reg, target) -> None:
    import sqlite3

    source = sqlite3.connect(str(reg.path))
    dest = sqlite3.connect(str(target))
    with dest:
        source.backup(dest)
    source.close()
    dest.close()
