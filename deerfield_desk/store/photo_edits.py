"""What the inspector does with a photo after taking it: a caption, marks drawn on a copy, and
the photos of a permit grouped by visit for the viewer's strips.

Why a copy: the original is evidence, named by its SHA-256 (store/photos.py); drawing on it
would change the hash and the proof. An annotated photo is a new attachment of the same
visit, ``derived_from`` the original, drawn on the display copy (2,048 px: enough for arrows
and circles, and never a decode of a 108 MP file). Marks are given as fractions of the
picture (0..1), so the screen's zoom does not matter.
"""

from __future__ import annotations

import hashlib
import io
import math
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PIL import Image, ImageDraw

from deerfield_desk.config import Paths
from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import AttachmentKind, RecordStatus
from deerfield_desk.store.photo_decode import THUMB_LONG_SIDE
from deerfield_desk.store.photos import _write_once
from deerfield_desk.store.register import Register, decision
from deerfield_desk.store.visit_carry import photo_owners

CAPTION_MAX = 200
MARK_KINDS = ("arrow", "circle")
MARK_COLOURS = {"red": (220, 0, 0), "yellow": (255, 214, 0)}


@dataclass(frozen=True)
class Mark:
    """An arrow from (x1, y1) to its head at (x2, y2), or a circle filling that box."""

    kind: str
    x1: float
    y1: float
    x2: float
    y2: float
    colour: str = "red"


@decision
def set_caption(reg: Register, attachment_uuid: str, caption: str) -> dict:
    """Say what the photo shows (printed under it); journaled like every change."""
    text = " ".join((caption or "").split())
    if len(text) > CAPTION_MAX:
        raise InvalidInput("caption", f"at most {CAPTION_MAX} characters (this is {len(text)})")
    row = reg.get("attachments", attachment_uuid)
    if row["status"] != RecordStatus.ACTIVE:
        raise NotAllowed("a voided photo keeps the caption it had")
    if (row.get("caption") or "") == text:
        return row
    return reg.update("attachments", attachment_uuid, {"caption": text or None})


def _check_marks(marks: list[Mark]) -> None:
    if not marks:
        raise InvalidInput("marks", "draw at least one arrow or circle")
    for number, mark in enumerate(marks, start=1):
        if mark.kind not in MARK_KINDS:
            raise InvalidInput(f"marks.{number}", "an arrow or a circle")
        if mark.colour not in MARK_COLOURS:
            raise InvalidInput(f"marks.{number}", f"colour one of {', '.join(MARK_COLOURS)}")
        points = (mark.x1, mark.y1, mark.x2, mark.y2)
        if not all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in points):
            raise InvalidInput(f"marks.{number}", "inside the photo")


def draw_marks(image: Image.Image, marks: list[Mark]) -> Image.Image:
    """The picture with the marks drawn, line width in proportion to its size."""
    out = image.convert("RGB")
    draw = ImageDraw.Draw(out)
    width, height = out.size
    line = max(3, round(max(width, height) / 250))
    for mark in marks:
        colour = MARK_COLOURS[mark.colour]
        x1, y1, x2, y2 = mark.x1 * width, mark.y1 * height, mark.x2 * width, mark.y2 * height
        if mark.kind == "circle":
            box = (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
            draw.ellipse(box, outline=colour, width=line)
            continue
        draw.line((x1, y1, x2, y2), fill=colour, width=line)
        angle = math.atan2(y2 - y1, x2 - x1)
        head = line * 5
        left = (x2 - head * math.cos(angle - 0.45), y2 - head * math.sin(angle - 0.45))
        right = (x2 - head * math.cos(angle + 0.45), y2 - head * math.sin(angle + 0.45))
        draw.polygon([(x2, y2), left, right], fill=colour)
    return out


@decision
def annotate(
    reg: Register,
    paths: Paths,
    attachment_uuid: str,
    marks: list[Mark],
    caption: str | None = None,
) -> dict:
    """A new attachment: the photo with ``marks`` drawn on a copy; the original untouched."""
    _check_marks(marks)
    source = reg.get("attachments", attachment_uuid)
    if source["status"] != RecordStatus.ACTIVE:
        raise NotAllowed("draw on a photo that is in force, not a voided one")
    picture = paths.photos / (source["display_path"] or source["original_path"])
    try:
        with Image.open(picture) as image:
            marked = draw_marks(image, marks)
    except OSError as exc:
        raise NotAllowed(
            f"the display copy of {source['filename']} cannot be read ({exc})"
        ) from None
    buffer = io.BytesIO()
    marked.save(buffer, "JPEG", quality=90)
    data = buffer.getvalue()
    thumb_image = marked.copy()
    thumb_image.thumbnail((THUMB_LONG_SIDE, THUMB_LONG_SIDE), Image.Resampling.BICUBIC)
    thumb = io.BytesIO()
    thumb_image.save(thumb, "JPEG", quality=80)
    digest = hashlib.sha256(data).hexdigest()
    relative = {
        "original_path": f"originals/{digest[:2]}/{digest}.jpg",
        "display_path": f"originals/{digest[:2]}/{digest}.jpg",  # already display-sized
        "thumb_path": f"thumbs/{digest[:2]}/{digest}.jpg",
    }
    created: list[Path] = []
    try:
        _write_once(paths.photos / relative["original_path"], data, created)
        _write_once(paths.photos / relative["thumb_path"], thumb.getvalue(), created)
        text = " ".join((caption if caption is not None else source.get("caption") or "").split())
        return reg.insert(
            "attachments",
            {
                "owner_table": source["owner_table"],
                "owner_uuid": source["owner_uuid"],
                "kind": AttachmentKind.PHOTO,
                "filename": f"{Path(source['filename']).stem}-marked.jpg",
                "sha256": digest,
                **relative,
                "taken_at": source["taken_at"],
                "gps_lat": source["gps_lat"],
                "gps_lon": source["gps_lon"],
                "added_at": datetime.now().isoformat(timespec="seconds"),
                "caption": text[:CAPTION_MAX] or None,
                "derived_from": source["uuid"],
            },
        )
    except BaseException:
        for path in created:  # nothing half-written: files without their row go away
            path.unlink(missing_ok=True)
        raise


@dataclass(frozen=True)
class VisitPhotos:
    """One strip of the viewer: a visit (an inspection or an erosion checklist visit)."""

    label: str
    when: str
    photos: list[dict]


def photos_by_visit(reg: Register, permit_uuid: str) -> list[VisitPhotos]:
    """The permit's photos, one strip per visit, newest visit first; checklist photos join
    their visit. Only visits with photos appear."""
    permit = reg.get("permits", permit_uuid)
    strips: list[VisitPhotos] = []
    for visit in reg.query(
        "SELECT uuid, stage, result, inspected_at, scheduled_for, requested_at, corrects_id "
        "FROM inspections WHERE permit_id = ? AND status = 'active'",
        (permit["id"],),
    ):
        # a visit recorded again keeps the photos of its voided record (store.visit_carry)
        rows = _photos(reg, "inspections", photo_owners(reg, visit))
        if rows:
            when = visit["inspected_at"] or visit["scheduled_for"] or visit["requested_at"] or ""
            stage = str(visit["stage"]).replace("_", " ")
            result = str(visit["result"]).replace("_", " ")
            label = f"{stage.capitalize()} · {result}"
            if any(r["owner_uuid"] != visit["uuid"] for r in rows):
                label += " · with the voided record's photos"
            strips.append(VisitPhotos(label, when, rows))
    for visit in reg.query(
        "SELECT id, uuid, visited_at FROM checklist_visits WHERE permit_id = ? "
        "AND status = 'active'",
        (permit["id"],),
    ):
        owners = [
            r["uuid"]
            for r in reg.query(
                "SELECT uuid FROM checklist_responses WHERE visit_id = ?", (visit["id"],)
            )
        ]
        rows = _photos(reg, "checklist_visits", [visit["uuid"]])
        rows += _photos(reg, "checklist_responses", owners)
        if rows:
            strips.append(VisitPhotos("Erosion checklist", visit["visited_at"], rows))
    strips.sort(key=lambda s: s.when, reverse=True)
    return strips


def _photos(reg: Register, owner_table: str, owners: list[str]) -> list[dict]:
    if not owners:
        return []
    marks = ", ".join("?" * len(owners))
    return reg.query(
        f"SELECT * FROM attachments WHERE owner_table = ? AND owner_uuid IN ({marks}) "
        "AND status = 'active' ORDER BY taken_at IS NULL, taken_at, id",
        (owner_table, *owners),
    )
