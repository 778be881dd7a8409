"""Check out: write a field copy for one device; abandon a copy that will not come back.

A check-out is three steps, each whole:
1. one office transaction records the check-out and reserves the device's number blocks (the
   office series jumps past each block, so the office never hands those numbers out);
2. the backup API writes a consistent snapshot to the copy's file (never a file copy), and the
   copy gets its manifest and its numbering set to the start of its blocks; the photos of the
   open permits are copied beside it;
3. a second office write records the copy's journal head: the point its return pack starts.
If step 2 fails, the check-out is voided with the error as its reason and its blocks are
released, so no number and no record is left unexplained.
"""

from __future__ import annotations

import shutil
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from deerfield_desk.config import Paths
from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.actor import SYSTEM_ACTOR
from deerfield_desk.store import journal
from deerfield_desk.store.backup import backup_to
from deerfield_desk.store.field.manifest import Block, CopyManifest, register_id
from deerfield_desk.store.numbering import NOTICE_SERIES
from deerfield_desk.store.register import Register

#: The series a field copy may number, and how many numbers each check-out reserves.
FIELD_SERIES = {NOTICE_SERIES: 30}
OPEN_PERMIT_STATUSES = ("issued", "extended", "stop_work")

OPEN_PERMIT_PHOTOS = """
SELECT a.original_path, a.display_path, a.thumb_path FROM attachments AS a
JOIN inspections AS i ON a.owner_table = 'inspections' AND a.owner_uuid = i.uuid
JOIN permits AS p ON p.id = i.permit_id
WHERE a.status = 'active' AND p.status IN ({statuses})
UNION
SELECT a.original_path, a.display_path, a.thumb_path FROM attachments AS a
JOIN checklist_visits AS v ON a.owner_table = 'checklist_visits' AND a.owner_uuid = v.uuid
JOIN permits AS p ON p.id = v.permit_id
WHERE a.status = 'active' AND p.status IN ({statuses})
UNION
SELECT a.original_path, a.display_path, a.thumb_path FROM attachments AS a
JOIN checklist_responses AS r ON a.owner_table = 'checklist_responses' AND a.owner_uuid = r.uuid
JOIN checklist_visits AS v ON v.id = r.visit_id
JOIN permits AS p ON p.id = v.permit_id
WHERE a.status = 'active' AND p.status IN ({statuses})
""".format(statuses=", ".join(f"'{s}'" for s in OPEN_PERMIT_STATUSES))


@dataclass
class CheckoutResult:
    manifest: CopyManifest
    copy: Path
    photos: int

    def summary(self) -> dict:
        return {
            "copy": str(self.copy),
            "device": self.manifest.device,
            "checkout": self.manifest.checkout_uuid,
            "journal_head": {"seq": self.manifest.head_seq, "hash": self.manifest.head_hash},
            "blocks": [b.label() for b in self.manifest.blocks],
            "photos": self.photos,
        }


def open_checkout(reg: Register, device: str) -> dict | None:
    return reg.query_one(
        "SELECT * FROM field_checkouts WHERE device = ? AND status = 'out' ORDER BY id DESC",
        (device,),
    )


def outstanding(reg: Register) -> list[dict]:
    """Copies out in the field (oldest first), for the office's menu and the abandon dialog."""
    return reg.query("SELECT * FROM field_checkouts WHERE status = 'out' ORDER BY id")


def blocks_of(reg: Register, checkout_id: int) -> list[dict]:
    return reg.query(
        "SELECT * FROM number_blocks WHERE checkout_id = ? ORDER BY id", (checkout_id,)
    )


def _check_request(reg: Register, device: str, to: Path) -> str:
    device = (device or "").strip()
    if not device:
        raise InvalidInput("device", "name the laptop the copy goes to (e.g. inspector-laptop)")
    if reg.field_manifest is not None:
        raise NotAllowed("This is a field copy: check-outs are made from the office register only.")
    if to.exists():
        raise InvalidInput("to", f"{to} already exists: choose a new file (nothing was written)")
    if to.resolve() == Path(reg.path).resolve():
        raise InvalidInput("to", "the field copy cannot be the office register itself")
    out = open_checkout(reg, device)
    if out is not None:
        raise NotAllowed(
            f"{device} already has a field copy, checked out {out['checked_out_at'][:16]} by "
            f"{out['checked_out_by']}, that was never checked in. Check it in, or abandon it "
            "with a reason (File → Field → Abandon a copy…), before checking out again."
        )
    return device


def _reserve(reg: Register, checkout_id: int, year: int) -> list[Block]:
    blocks = []
    for series, size in FIELD_SERIES.items():
        # journaled like every step of a series, so verify can replay it (store/replay.py)
        last = reg.advance_series(series, year, size, action="reserve_block")
        block = Block(series, year, last - size + 1, last)
        stored = reg.insert(
            "number_blocks",
            {
                "checkout_id": checkout_id,
                "series": series,
                "year": year,
                "first": block.first,
                "last": block.last,
            },
        )
        block.uuid = stored["uuid"]
        blocks.append(block)
    return blocks


def _prepare_copy(copy: Path, manifest: CopyManifest) -> None:
    """Set the copy's numbering to the start of its blocks and write its manifest."""
    conn = sqlite3.connect(str(copy))
    try:
        with conn:
            steps = []
            for block in manifest.blocks:
                before = conn.execute(
                    "SELECT last FROM number_series WHERE series = ? AND year = ?",
                    (block.series, block.year),
                ).fetchone()
                conn.execute(
                    "INSERT INTO number_series (series, year, last) VALUES (?, ?, ?) "
                    "ON CONFLICT(series, year) DO UPDATE SET last = excluded.last",
                    (block.series, block.year, block.first - 1),
                )
                key = {"series": block.series, "year": block.year}
                steps.append((
                    "number_series", f"{block.series}/{block.year}", "start_block",
                    {**key, "last": before[0]} if before else None,
                    {**key, "last": block.first - 1}, None,
                ))  # fmt: skip
            # journaled in the copy, so verify passes on it; check-in does not carry series
            # steps back (the office reserved the block at check-out)
            journal.append_entries(conn, SYSTEM_ACTOR, steps)
            conn.execute(
                "INSERT INTO field_copy (key, value) VALUES ('manifest', ?)",
                (manifest.to_json(),),
            )
    finally:
        conn.close()


def _copy_photos(reg: Register, office: Paths, copy: Paths) -> int:
    copied = 0
    for row in reg.conn.execute(OPEN_PERMIT_PHOTOS):
        for relative in row:
            if not relative:
                continue
            source, target = office.photos / relative, copy.photos / relative
            if source.exists() and not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
                copied += 1
    return copied


def checkout(
    reg: Register, to: str | Path, device: str, *, now: datetime | None = None, progress=None
) -> CheckoutResult:
    """Write a field copy of the office register ``reg`` to ``to`` for ``device``.

    ``progress(status, remaining_pages, total_pages)`` is SQLite's backup callback: a screen
    keeps itself responsive with it while a large register is copied (17 s at a million)."""
    to = Path(to)
    device = _check_request(reg, device, to)
    now = now or datetime.now()
    with reg.transaction():
        office_id = register_id(reg)
        row = reg.insert(
            "field_checkouts",
            {
                "device": device,
                "checked_out_at": now.isoformat(timespec="seconds"),
                "checked_out_by": reg.actor.name,
                "head_seq": -1,  # recorded once the copy is written (step 3)
                "head_hash": "",
                "copy_path": str(to.resolve()),
            },
        )
        blocks = _reserve(reg, row["id"], now.year)
    try:
        backup_to(reg.conn, to, progress)
        copy_conn = sqlite3.connect(str(to))
        try:
            head = journal.read_head(copy_conn)
        finally:
            copy_conn.close()
        manifest = CopyManifest(
            office_register_id=office_id,
            office_path=str(Path(reg.path).resolve()),
            checkout_uuid=row["uuid"],
            device=device,
            checked_out_at=row["checked_out_at"],
            checked_out_by=row["checked_out_by"],
            head_seq=head.seq,
            head_hash=head.hash,
            blocks=blocks,
            office_photos_through_id=reg.conn.execute(
                "SELECT coalesce(max(id), 0) FROM attachments"
            ).fetchone()[0],
        )
        _prepare_copy(to, manifest)
        photos = _copy_photos(reg, Paths(Path(reg.path)), Paths(to))
    except BaseException as exc:
        to.unlink(missing_ok=True)
        _close(reg, row, "voided", f"the field copy could not be written: {exc}", now)
        raise
    reg.update(
        "field_checkouts",
        row["uuid"],
        {"head_seq": head.seq, "head_hash": head.hash},
        action="checkout",
        reason=f"field copy for {device} written at journal entry {head.seq}",
    )
    return CheckoutResult(manifest, to, photos)


def _close(reg: Register, checkout_row: dict, status: str, reason: str, now: datetime) -> list:
    """Close a check-out that will not be checked in; release every number of its blocks."""
    released: list[str] = []
    with reg.transaction():
        for block_row in blocks_of(reg, checkout_row["id"]):
            if block_row["status"] != "reserved":
                continue
            block = Block(
                block_row["series"], block_row["year"], block_row["first"], block_row["last"]
            )
            numbers = block.numbers()
            released += numbers
            reg.update(
                "number_blocks",
                block_row["uuid"],
                {
                    "status": "closed",
                    "released_json": journal.to_json(numbers),
                    "closed_at": now.isoformat(timespec="seconds"),
                },
                action="release",
                reason=f"{block.label()} released unused: {reason}",
            )
        changes = {
            "status": status,
            "closed_at": now.isoformat(timespec="seconds"),
            "closed_by": reg.actor.name,
        }
        changes["void_reason" if status == "voided" else "abandon_reason"] = reason
        reg.update("field_checkouts", checkout_row["uuid"], changes, action=status, reason=reason)
    return released


def abandon(
    reg: Register, device: str, reason: str, *, now: datetime | None = None
) -> tuple[dict, list[str]]:
    """Give up on a device's copy (lost laptop, spilled coffee): the copy's file is kept where
    it is, the check-out is closed with ``reason`` and its reserved numbers are released.
    Returns the check-out and the released numbers."""
    if not reason or not reason.strip():
        raise InvalidInput("reason", "say why the copy is abandoned (it is journaled)")
    out = open_checkout(reg, (device or "").strip())
    if out is None:
        raise NotAllowed(f"{device} has no field copy checked out")
    released = _close(reg, out, "abandoned", reason.strip(), now or datetime.now())
    return reg.get("field_checkouts", out["uuid"]), released
