"""`deerfield-desk demo field-day`: a realistic day of field work recorded in a field copy.

Through the store's own functions only (so every write is journaled and the return pack is the
real thing): the day's requested inspections (requesting more on issued permits when the copy
has too few), results passed / failed / partial with cited defects, photos on the visits that
need them, one Exhibit A checklist visit, and a stop-work order issued with the device's
reserved number and posted on site. For demos, training and the benchmarks.
"""

from __future__ import annotations

import io
import random
from datetime import datetime, timedelta
from pathlib import Path

from PIL import Image

from deerfield_desk.config import Paths
from deerfield_desk.errors import DeskError, NotAllowed
from deerfield_desk.models.exhibit_a import items_for
from deerfield_desk.models.inspection_slots import Odd
from deerfield_desk.store import erosion_checks, inspections, notices, photos
from deerfield_desk.store.register import Register
from deerfield_desk.store.rows import NoticeRow

DEFECTS = [
    ("SPS 321.18", "Footing drain not connected", "Connect drain tile to sump before backfill"),
    ("SPS 321.10", "Guard missing at stair landing", "Install guard 36 in. minimum"),
    ("SPS 316.40", "Receptacle box not secured", "Secure boxes to framing"),
    ("SPS 382.30", "Vent pipe not supported", "Support vent at 4 ft intervals"),
    ("12.18(3)", "Silt fence down along east line", "Re-set silt fence and trench it in"),
]
NOTES = ["Contractor on site", "Owner present", "Access through rear gate", ""]


def make_photo(path: Path, rng: random.Random, size_bytes: int = 3_000_000) -> Path:
    """A JPEG of about ``size_bytes`` (noise compresses poorly, like a real sharp photo)."""
    side = max(64, int((size_bytes * 1.03) ** 0.5))
    width, height = side * 4 // 3, side * 3 // 4
    image = Image.frombytes("RGB", (width, height), rng.randbytes(width * height * 3))
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=92)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())
    return path


def _requested(reg: Register) -> list[dict]:
    return reg.query(
        "SELECT i.uuid, i.stage, i.permit_id FROM inspections i JOIN permits p "
        "ON p.id = i.permit_id WHERE i.result = 'requested' AND i.status = 'active' "
        "AND p.status IN ('issued', 'extended') ORDER BY i.scheduled_for, i.id"
    )


def _request_more(reg: Register, rng: random.Random, wanted: int, when: datetime) -> None:
    permits = reg.query(
        "SELECT uuid FROM permits WHERE status IN ('issued', 'extended') ORDER BY id DESC LIMIT ?",
        (wanted * 4,),
    )
    rng.shuffle(permits)
    for permit in permits:
        if wanted <= 0:
            return
        try:
            stages = [p for p in inspections.planned_stages(reg, permit["uuid"]) if not p.waived]
            if not stages:
                continue
            inspections.request_inspection(
                reg,
                permit["uuid"],
                rng.choice(stages).stage.code,
                requested_by="Contractor by phone",
                requested_at=when - timedelta(days=3),
                scheduled_for=when,
                channel="phone",
                now=when,
                confirmed_odd=tuple(Odd),  # the demo books whatever day it is asked to fill
            )
            wanted -= 1
        except DeskError:
            continue


def record_field_day(
    reg: Register,
    *,
    seed: int = 1,
    results: int = 20,
    photo_count: int = 40,
    photo_bytes: int = 3_000_000,
    day: datetime | None = None,
    scratch: Path | None = None,
) -> dict:
    """Record the day in the field copy ``reg``; returns what was recorded."""
    if reg.field_manifest is None:
        raise NotAllowed("demo field-day records into a field copy: check one out first")
    rng = random.Random(seed)
    day = day or datetime.now().replace(hour=8, minute=0, second=0, microsecond=0)
    todo = _requested(reg)
    if len(todo) < results:
        _request_more(reg, rng, results - len(todo), day)
        todo = _requested(reg)
    todo = todo[:results]
    paths = Paths(Path(reg.path))
    scratch = scratch or paths.folder / "camera"
    counts = {"passed": 0, "failed": 0, "partial": 0, "photos": 0, "checklists": 0}
    needs_photos: list[str] = []
    for number, stop in enumerate(todo):
        at = day + timedelta(minutes=25 * number)
        outcome = rng.choices(["passed", "failed", "partial"], weights=[6, 3, 2])[0]
        defects = []
        if outcome != "passed":
            for section, description, correction in rng.sample(DEFECTS, rng.randint(1, 2)):
                defects.append(
                    {"section": section, "description": description, "correction": correction}
                )
        inspections.record_result(
            reg, stop["uuid"], outcome, defects=defects, notes=rng.choice(NOTES), inspected_at=at,
            order_reason="demo day: stops are recorded in the order the route gives them",
        )  # fmt: skip
        counts[outcome] += 1
        needs_photos.append(stop["uuid"])
        if outcome != "passed":
            needs_photos.insert(0, needs_photos.pop())  # photograph the defects first
    for n in range(photo_count if needs_photos else 0):
        owner = needs_photos[n % len(needs_photos)]
        shot = make_photo(scratch / f"IMG_{seed:02d}{n:04d}.jpg", rng, photo_bytes)
        photos.import_photo(reg, paths, shot, "inspections", owner)
        shot.unlink(missing_ok=True)
        counts["photos"] += 1
    if todo:
        first = reg.get_by_id("permits", todo[0]["permit_id"])
        responses = {item.code: ("meets", None) for item in items_for("minor")}
        deficient = items_for("minor")[0].code
        responses[deficient] = ("deficient", "Tracking pad missing at the drive")
        erosion_checks.record_visit(
            reg, first["uuid"], "minor", responses, visited_at=day + timedelta(hours=3)
        )
        counts["checklists"] += 1
        stop_work = _stop_work(reg, first, day + timedelta(hours=3, minutes=10))
        counts["notice"] = stop_work["notice_number"]
    return counts


def _stop_work(reg: Register, permit: dict, at: datetime) -> NoticeRow:
    draft = notices.draft_notice(
        reg,
        "erosion_stop_work",
        facts="Sediment leaving the site onto the street; tracking pad missing.",
        sections=["31.12(3)(B)"],
        remedy="Install the tracking pad and sweep the street before work resumes.",
        permit_id=permit["id"],
    )
    notices.issue_notice(reg, draft["uuid"], at)
    return notices.serve_notice(reg, draft["uuid"], "posted", at)
