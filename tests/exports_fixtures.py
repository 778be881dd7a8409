"""A small year of records written the way the app writes them (journaled insert_many)."""

from __future__ import annotations

import hashlib
from pathlib import Path

YEAR = 2025
FORMULA_DESCRIPTION = '=HYPERLINK("http://evil.example","click")'
FORMULA_OWNER = "+1 555 0100 Müller"


def make_year(reg, photos: Path | None = None) -> dict:
    """Twelve permits of 2025 (one voided, one from 2024), inspections, money, notices.
    The village office is set in Settings, so the archive can print the official notices."""
    from deerfield_desk.documents.village import save_village_settings
    from tests.documents_fixtures import SETTINGS

    save_village_settings(reg, SETTINGS)
    permits = []
    for n in range(1, 13):
        month = n
        units = {1: 1, 2: 2, 3: 4, 4: 6, 5: 1}.get(n, 0)
        permits.append(
            {
                "permit_number": f"{YEAR}-{n:04d}",
                "kind": "erosion_control" if n in (7, 8) else "building",
                "permit_class": "minor" if n in (7, 8) else None,
                "status": "voided" if n == 12 else ("finaled" if n == 6 else "issued"),
                "structure": "dwelling"
                if units in (1, 2)
                else ("multifamily" if units else "deck"),
                "description": FORMULA_DESCRIPTION if n == 9 else f'Project {n}, phase "A"',
                "estimated_cost_cents": 25_000_000 + n * 100_050,
                "housing_units": units,
                "address_text": f"{100 + n} Main St",
                "parcel_number": f"0810-{n:03d}",
                "owner_name": FORMULA_OWNER if n == 10 else f"Owner {n}",
                "contractor_name": "-Dash Builders" if n == 11 else "Acme Homes",
                "applied_date": f"{YEAR}-{month:02d}-02",
                "issued_date": f"{YEAR}-{month:02d}-10",
                "expires_date": f"{YEAR + 2}-{month:02d}-10",
                "finaled_date": f"{YEAR}-12-01" if n == 6 else None,
                "void_reason": "entered twice" if n == 12 else None,
            }
        )
    reg.insert_many("permits", permits)  # every row has the same keys: one statement
    reg.insert(
        "permits",
        {
            "permit_number": f"{YEAR - 1}-0040",
            "kind": "building",
            "status": "issued",
            "description": "last year's",
            "address_text": "1 Old Rd",
            "applied_date": f"{YEAR - 1}-05-01",
            "issued_date": f"{YEAR - 1}-05-09",
            "housing_units": 0,
        },
    )
    ids = {r["permit_number"]: r["id"] for r in reg.query("SELECT id, permit_number FROM permits")}
    inspections = []
    for n in range(1, 12):
        pid = ids[f"{YEAR}-{n:04d}"]
        for stage, result in (("footing", "passed"), ("rough", "failed"), ("final", "passed")):
            inspections.append(
                {
                    "permit_id": pid,
                    "stage": stage,
                    "result": result,
                    "scheduled_for": f"{YEAR}-{n:02d}-20",
                    "inspected_at": f"{YEAR}-{n:02d}-20T09:30",
                    "inspector": "Lee Inspector",
                }
            )
    reg.insert_many("inspections", inspections)
    fees = [
        {"permit_id": ids[f"{YEAR}-{n:04d}"], "code": "BLDG", "amount_cents": 15_000 + n,
         "created_at": f"{YEAR}-{n:02d}-10"}
        for n in range(1, 12)
    ]  # fmt: skip
    reg.insert_many("fees", fees)
    fee_ids = [r["id"] for r in reg.query("SELECT id FROM fees ORDER BY id")]
    reg.insert_many(
        "payments",
        [{"fee_id": f, "amount_cents": 15_000, "method": "check", "paid_at": f"{YEAR}-06-01"}
         for f in fee_ids[:8]],
    )  # fmt: skip
    reg.insert_many(
        "deposits",
        [
            {"permit_id": ids[f"{YEAR}-0001"], "kind": "completion_deposit",
             "amount_cents": 100_000, "received_at": f"{YEAR}-01-10", "status": "held"},
            {"permit_id": ids[f"{YEAR}-0002"], "kind": "completion_deposit",
             "amount_cents": 100_000, "received_at": f"{YEAR}-02-10", "status": "refunded"},
            {"permit_id": ids[f"{YEAR - 1}-0040"], "kind": "completion_deposit",
             "amount_cents": 50_000, "received_at": f"{YEAR - 1}-05-09", "status": "held"},
        ],
    )  # fmt: skip
    reg.insert_many(
        "notices",
        [
            {"notice_number": f"N-{YEAR}-0001", "kind": "building_stop_work",
             "permit_id": ids[f"{YEAR}-0003"], "status": "served",
             "issued_at": f"{YEAR}-03-15", "closed_at": None},
            {"notice_number": f"N-{YEAR}-0002", "kind": "violation",
             "permit_id": ids[f"{YEAR}-0004"], "status": "complied",
             "issued_at": f"{YEAR}-04-15", "closed_at": f"{YEAR}-05-01"},
        ],
    )  # fmt: skip
    if photos is not None:
        photos.mkdir(parents=True, exist_ok=True)
        data = b"\xff\xd8 not really a jpeg \xff\xd9"
        digest = hashlib.sha256(data).hexdigest()
        original = f"originals/{digest[:2]}/{digest}.jpg"  # named by its hash, as photos.py
        picture = photos / original
        picture.parent.mkdir(parents=True, exist_ok=True)
        picture.write_bytes(data)
        insp = reg.query_one("SELECT uuid FROM inspections ORDER BY id LIMIT 1")
        reg.insert(
            "attachments",
            {
                "owner_table": "inspections",
                "owner_uuid": insp["uuid"],
                "filename": "footing.jpg",
                "sha256": hashlib.sha256(picture.read_bytes()).hexdigest(),
                "original_path": original,
                "added_at": f"{YEAR}-01-20T10:00",
            },
        )
    return ids
