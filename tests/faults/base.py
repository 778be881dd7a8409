"""A small register built only through the store's own functions, for the tampering suite
and the fault harness: permits (one issued and numbered, one voided), an inspection with a
photo, a fee, a setting, an Exhibit A visit with a photo, and an earlier copy of the file (the
"older copy put in place" case)."""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
from datetime import date
from pathlib import Path

from PIL import Image

from deerfield_desk.config import Paths
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store import numbering
from deerfield_desk.store.photos import import_photo
from deerfield_desk.store.register import Register

CLERK = Actor("Pat Clerk", Role.CLERK, "fault-harness")
INFO = "info.json"
EARLY = "early.sqlite"


def photo_file(path: Path, color: str) -> Path:
    buffer = io.BytesIO()
    Image.new("RGB", (48, 32), color).save(buffer, "JPEG")
    path.write_bytes(buffer.getvalue())
    return path


def snapshot(reg: Register, target: Path) -> None:
    dest = sqlite3.connect(target)
    try:
        reg.conn.backup(dest)
    finally:
        dest.close()


def build_base(folder: Path) -> dict:
    """Build ``folder/register.sqlite`` (+ photos, witness, early copy); returns its info."""
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "register.sqlite"
    paths = Paths(db)
    info: dict = {}
    with Register.create(db, CLERK) as reg:
        parcel = reg.insert(
            "parcels",
            {"parcel_number": "0810-001", "house_number": "7", "street": "Liberty St",
             "address_text": "7 Liberty St"},
        )  # fmt: skip
        permits = []
        for n in range(3):
            permits.append(
                reg.insert(
                    "permits",
                    {
                        "kind": "building",
                        "parcel_id": parcel["id"],
                        "status": "approved",
                        "address_text": "7 Liberty St",
                        "owner_name": f"Owner {n}",
                        "description": f"garage {n}",
                        "housing_units": 0,
                        "applied_date": "2026-03-02",
                    },
                )  # fmt: skip
            )
        numbering.assign_permit_number(
            reg, permits[0]["uuid"], date(2026, 3, 9), {"status": "issued"}
        )
        reg.set_setting("village_name", "Deerfield")
        snapshot(reg, folder / EARLY)
        numbering.assign_permit_number(
            reg, permits[1]["uuid"], date(2026, 3, 10), {"status": "issued"}
        )
        reg.void("permits", permits[2]["uuid"], "entered twice")
        inspection = reg.insert(
            "inspections",
            {"permit_id": permits[0]["id"], "stage": "footing", "result": "passed",
             "inspected_at": "2026-04-01T09:00", "inspector": "Lee Inspector"},
        )  # fmt: skip
        fee = reg.insert(
            "fees",
            {"permit_id": permits[0]["id"], "code": "BLDG", "amount_cents": 15000,
             "created_at": "2026-03-09"},
        )  # fmt: skip
        visit = reg.insert(
            "checklist_visits",
            {"permit_id": permits[0]["id"], "site_class": "minor",
             "visited_at": "2026-04-02T10:00", "inspector": "Lee Inspector"},
        )  # fmt: skip
        work = folder / "camera"
        work.mkdir(exist_ok=True)
        photo_a = import_photo(reg, paths, photo_file(work / "a.jpg", "green"), "inspections",
                               inspection["uuid"])  # fmt: skip
        photo_b = import_photo(reg, paths, photo_file(work / "b.jpg", "blue"),
                               "checklist_visits", visit["uuid"])  # fmt: skip
        reg.update("permits", permits[1]["uuid"], {"conditions": "silt fence first"})
        info.update(
            permits=[p["uuid"] for p in permits],
            inspection=inspection["uuid"],
            fee=fee["uuid"],
            photos=[photo_a["original_path"], photo_b["original_path"]],
            attachment=photo_a["uuid"],
        )
    shutil.rmtree(work)
    (folder / INFO).write_text(json.dumps(info))
    return info


def copy_base(base: Path, target: Path) -> Path:
    """A fresh copy of the base register (file, witness, photos, early copy); its db path."""
    shutil.copytree(base, target)
    return target / "register.sqlite"
