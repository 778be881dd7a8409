"""Helpers for the field exchange tests: an office with two issued permits, a photo file,
and the field copy opened as the inspector."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

from PIL import Image

from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store import inspections
from deerfield_desk.store.register import Register
from tests.inspections_fixtures import make_permit

CHECKOUT_AT = datetime(2026, 12, 1, 7, 40)
LAPTOP = Actor("Lee Inspector", Role.INSPECTOR, "laptop-1-id")


def office_day(reg: Register) -> dict:
    """Two issued permits; a rough-in requested at 12 Main St for this morning."""
    main = make_permit(reg, number="2026-0001", address="12 Main St")
    oak = make_permit(reg, number="2026-0002", address="40 Oak Ave", phone="608-555-0140")
    rough = inspections.request_inspection(
        reg,
        main["uuid"],
        "rough",
        requested_by="Dana Builder",
        requested_at=datetime(2026, 11, 27, 9, 0),
        scheduled_for=datetime(2026, 12, 1, 9, 0),
        now=datetime(2026, 11, 27, 9, 0),
    )
    return {"main": main, "oak": oak, "rough": rough}


def photo_file(folder: Path, name: str, colour: str) -> Path:
    """A small real JPEG (different colour, different hash)."""
    folder.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    Image.new("RGB", (640, 480), colour).save(buffer, "JPEG", quality=90)
    path = folder / name
    path.write_bytes(buffer.getvalue())
    return path


def open_copy(path: Path, actor: Actor = LAPTOP) -> Register:
    return Register.open(path, actor)


def journal_count(reg: Register) -> int:
    return reg.query_one("SELECT count(*) AS n FROM journal")["n"]
