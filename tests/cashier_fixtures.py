"""An application with three fee lines owed, built through the store as the counter would:
filed by the wizard's store calls, then two more lines added by the clerk (``add_fee``)."""

from __future__ import annotations

import subprocess
from datetime import datetime
from pathlib import Path

from deerfield_desk.documents.village import save_village_settings
from deerfield_desk.store import ledger
from deerfield_desk.store.cashier import open_fee_lines
from tests.application_builders import file_application
from tests.documents_fixtures import SETTINGS

MORNING = datetime(2026, 11, 30, 9, 15)


def application_owing(register, house: str = "7") -> dict:
    """The building permit of a new house with its permit fee, a placard and a plan review
    fee owed; returns the permit row with ``lines`` (the open fee lines)."""
    save_village_settings(register, SETTINGS)
    permits = file_application(
        register, site={"site_house_number": house}, work="new_building",
        answers={"disturbed_sqft": "4000", "floor_area_sqft": "1800"},
    )  # fmt: skip
    permit = permits[0]
    ledger.add_fee(
        register,
        permit=permit,
        code="house_number_placard",
        description="House number placard",
        amount_cents=1500,
        basis="12.32(3)",
    )
    ledger.add_fee(register, permit=permit, code="plan_review", description="Plan review",
                   amount_cents=7500, basis="12.22")  # fmt: skip
    return {**permit, "lines": open_fee_lines(register, permit["application_id"])}


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    """The text a reader sees on the printed pages (poppler's pdftotext on a real file)."""
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                         text=True, check=True)  # fmt: skip
    return out.stdout
