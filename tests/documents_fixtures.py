"""A small register for the documents tests: one parcel, owner, contractor, an issued building
permit with conditions, an erosion permit, inspections with a photo, and a notice of each kind.

Dates are chosen to cross Thanksgiving 2026 (Thursday 26 November) so a period counted in the
wrong way shows up as a wrong date on the page.
"""

from __future__ import annotations

import json
import subprocess
from datetime import date, datetime
from io import BytesIO

from PIL import Image
from pypdf import PdfReader

from deerfield_desk.config import register_paths
from deerfield_desk.documents.village import VillageSettings, save_village_settings
from deerfield_desk.store import notices as nreg
from deerfield_desk.store import photos

SETTINGS = VillageSettings(
    name="Village of Deerfield",
    address="4 North Main Street, Deerfield, WI 53531",
    phone="(608) 555-0142",
    clerk="Robin Clerk",
    inspector="Lee Inspector",
)


def pdf_text(data: bytes) -> str:
    text = "\n".join(page.extract_text() or "" for page in PdfReader(BytesIO(data)).pages)
    return " ".join(text.split())


def make_photo(path) -> str:
    image = Image.new("RGB", (640, 480), (90, 140, 60))
    for x in range(200, 440):
        for y in range(300, 330):
            image.putpixel((x, y), (120, 80, 40))
    image.save(path, "JPEG", quality=80)
    return str(path)


def build_register(reg, tmp_path) -> dict:
    """Fill ``reg``; returns the uuids/numbers the tests refer to."""
    save_village_settings(reg, SETTINGS)
    parcel = reg.insert(
        "parcels",
        {
            "parcel_number": "0711-123-4567",
            "house_number": "123",
            "street": "Main Street",
            "address_text": "123 Main Street, Deerfield, WI 53531",
        },
    )
    owner = reg.insert(
        "people",
        {"name": "Jane Smith & Sons <Trust>", "mailing_address": "PO Box 9, Deerfield, WI 53531"},
    )
    builder = reg.insert("people", {"name": "Badger Builders LLC", "is_firm": 1})
    app = reg.insert(
        "applications",
        {
            "application_number": "A-2026-0007",
            "parcel_id": parcel["id"],
            "owner_id": owner["id"],
            "contractor_id": builder["id"],
            "created_at": "2026-11-02T09:00",
            "project_json": json.dumps({"work": "new_building", "structure": "dwelling"}),
        },
    )
    common = {
        "parcel_id": parcel["id"],
        "address_text": parcel["address_text"],
        "parcel_number": parcel["parcel_number"],
        "owner_name": owner["name"],
        "contractor_name": builder["name"],
        "application_id": app["id"],
    }
    permit = reg.insert(
        "permits",
        {
            **common,
            "permit_number": "2026-0042",
            "kind": "building",
            "structure": "dwelling",
            "status": "issued",
            "description": "New single-family dwelling with attached garage",
            "applied_date": "2026-11-02",
            "issued_date": "2026-11-16",
            "expires_date": "2028-11-16",
            # as approve_with_conditions writes them: one condition a line (not JSON)
            "conditions": "Silt fence on the east line before digging\n"
            "Driveway apron to Public Works detail",
            "updated_at": "2026-11-16T10:00",
        },
    )
    erosion = reg.insert(
        "permits",
        {
            **common,
            "permit_number": "2026-0043",
            "kind": "erosion_control",
            "permit_class": "major",
            "status": "conditionally_approved",
            "applied_date": "2026-11-02",
            "issued_date": "2026-11-17",
            "description": "Grading for a 2-acre subdivision",
            "conditions": "Stabilize stockpiles within 7 days\nTracking pad at the entrance",
            "updated_at": "2026-11-20T15:00",
        },
    )
    # the enforcement notices act on permits of their own: a stop-work order holds its permit
    # and a revocation revokes it, which the documents of 2026-0042/0043 must not feel
    held = reg.insert(
        "permits",
        {
            **common,
            "permit_number": "2026-0045",
            "kind": "building",
            "structure": "garage",
            "status": "issued",
            "description": "Detached garage",
            "applied_date": "2026-11-02",
            "issued_date": "2026-11-10",
            "expires_date": "2028-11-10",
        },
    )
    revoked = reg.insert(
        "permits",
        {
            **common,
            "permit_number": "2026-0044",
            "kind": "erosion_control",
            "permit_class": "major",
            "status": "issued",
            "applied_date": "2026-11-02",
            "issued_date": "2026-11-12",
            "expires_date": "2027-11-12",
            "description": "Grading for a 3-acre commercial lot",
        },
    )
    dish_app = reg.insert(
        "applications",
        {
            "application_number": "A-2026-0008",
            "parcel_id": parcel["id"],
            "owner_id": owner["id"],
            "created_at": "2026-11-02T09:30",
        },
    )
    reg.insert(
        "permits",
        {
            **common,
            "kind": "satellite_dish",
            "status": "rejected",
            "applied_date": "2026-11-02",
            "application_id": dish_app["id"],
            "permit_number": None,
            "decision_reason": "Dish placed in the front yard\nNo wind-load rating given",
            "updated_at": "2026-11-24T11:00",
            "description": "Satellite dish 1.2 m",
        },
    )
    insp = reg.insert(
        "inspections",
        {
            "permit_id": permit["id"],
            "stage": "footing",
            "inspected_at": "2026-11-18T10:30",
            "inspector": "Lee Inspector",
            "result": "failed",
            "notes": "Forms not braced.",
            "defects_json": json.dumps(
                [
                    {
                        "item": "Footing depth 36 in, 48 in required",
                        "section": "12.12(5)(a)",
                        "note": "Deepen and re-call",
                    }
                ]
            ),
        },
    )
    # attached the way the app attaches photos, so the register passes verify (the archive
    # is made only from a register that does)
    photos.import_photo(
        reg, register_paths(reg.path), make_photo(tmp_path / "footing.jpg"),
        "inspections", insp["uuid"],
    )  # fmt: skip
    reg.insert(
        "inspections",
        {
            "permit_id": erosion["id"],
            "stage": "erosion_control",
            "inspected_at": "2026-11-19T09:00",
            "inspector": "Lee Inspector",
            "result": "failed",
            "defects_json": json.dumps(
                [
                    {
                        "item": "Silt fence installed and trenched",
                        "section": "31.07",
                        "answer": "no",
                        "note": "Down on the east side",
                    },
                    {"item": "Tracking pad at the entrance", "section": "31.07", "answer": "yes"},
                ]
            ),
        },
    )
    # the temporary occupancy permit recorded for 2026-0042 (§12.16), numbered from it
    reg.insert(
        "occupancy_permits",
        {
            "permit_id": permit["id"],
            "occupancy_number": "2026-0042-OC1",
            "use_text": "single-family dwelling",
            "kind": "temporary",
            "issued_on": "2026-11-24",
            "issued_by": "Lee Inspector",
            "ends_on": "2026-12-24",
            "term_days": 30,
            "minor_defects_json": json.dumps(
                [{"description": "Handrail on basement stair", "section": "12.08", "minor": True}]
            ),
        },
    )
    ids = {"permit": permit, "erosion": erosion, "parcel": parcel, "owner": owner}
    ids["notices"] = make_notices(reg, held, revoked, parcel, owner, permit)
    return ids


def make_notices(reg, held, erosion, parcel, owner, permit) -> dict:
    out = {}
    specs = [
        (
            "building_stop_work",
            held,
            ["12.24", "12.23(1)"],
            "Framing without footing approval.",
            datetime(2026, 11, 20, 9, 0),
            "in_person",
            date(2026, 11, 20),
        ),
        (
            "erosion_stop_work",
            erosion,
            ["31.14(2)(A)"],
            "Silt fence down; sediment in street.",
            datetime(2026, 11, 20, 14, 30),
            "posted",
            datetime(2026, 11, 20, 14, 30),
        ),
        (
            "erosion_revocation",
            erosion,
            ["31.14(2)(B)"],
            "Stop-work order not obeyed in 24 h.",
            datetime(2026, 11, 23, 15, 0),
            "in_person",
            date(2026, 11, 23),
        ),
        (
            "erosion_intent",
            erosion,
            ["31.14(2)(C)"],
            "Site still discharging sediment.",
            datetime(2026, 11, 23, 15, 30),
            "posted",
            date(2026, 11, 23),
        ),
        (
            "violation",
            permit,
            ["12.23(1)", "12.20"],
            "Tar paper left as exterior finish.",
            datetime(2026, 11, 2, 9, 0),
            "first_class_mail",
            date(2026, 11, 2),
        ),
        (
            "house_number",
            permit,
            ["12.32(5)"],
            "No house number posted on the building.",
            datetime(2026, 11, 10, 9, 0),
            "first_class_mail",
            date(2026, 11, 10),
        ),
        (
            "raze_order",
            permit,
            ["12.17"],
            "Garage roof collapsed; walls leaning.",
            datetime(2026, 11, 20, 11, 0),
            "in_person",
            date(2026, 11, 20),
        ),
    ]
    for kind, p, sections, facts, issued, method, served in specs:
        details = {"correct_by": "2027-01-15"} if kind == "raze_order" else {}
        row = nreg.draft_notice(
            reg,
            kind,
            facts=facts,
            sections=sections,
            details=details,
            permit_id=p["id"],
            parcel_id=parcel["id"],
            recipient_id=owner["id"],
        )
        row = nreg.issue_notice(reg, row["uuid"], issued)
        received = date(2026, 11, 4) if kind == "violation" else None
        row = nreg.serve_notice(
            reg, row["uuid"], method, served, today=date(2026, 11, 30), received_at=received
        )
        out[kind] = row
    return out


def zbar_decode(pdf: bytes, tmp_path) -> str | None:
    """Decode the QR code on page 1 with zbarimg; None when the tools are missing."""
    import shutil

    if not (shutil.which("zbarimg") and shutil.which("pdftoppm")):
        return None
    src = tmp_path / "qr.pdf"
    src.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", str(src), str(tmp_path / "qr")],
        check=True,
    )
    png = sorted(tmp_path.glob("qr*.png"))[0]
    out = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True)
    return out.stdout.strip()
