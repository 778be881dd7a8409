"""Check in: verify a return pack whole, then replay it into the office in one transaction.

Verification comes first and is all-or-nothing: the zip must read, every part must match the
SHA-256 and size in the pack's manifest (and nothing may be added), the entries must chain,
hash by hash, from the journal head the office recorded at check-out to the field head the
manifest names. Any edit or truncation refuses the pack before anything is written.

Then one office transaction replays each entry (``replay``), queues conflicts, releases the
device's unused reserved numbers with a journal entry, and closes the check-out; photo files
are written first and removed again if that transaction fails. A pack checked in twice applies
nothing the second time.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from deerfield_desk.config import Paths
from deerfield_desk.store import journal
from deerfield_desk.store.field.checkout import blocks_of
from deerfield_desk.store.field.manifest import REGISTER_ID_SETTING, Block
from deerfield_desk.store.field.pack import ENTRIES, MANIFEST, PACK_FORMAT
from deerfield_desk.store.field.replay import ALREADY, APPLIED, PackRefused, Replayer
from deerfield_desk.store.register import Register

#: Where the numbers of each field series end up, to tell used from unused at check-in.
SERIES_COLUMNS = {"notice": ("notices", "notice_number")}
CHUNK = 1 << 20


@dataclass
class VerifiedPack:
    path: Path
    manifest: dict
    items: list[dict]
    sha256: str
    photos: dict[str, str] = field(default_factory=dict)  # zip member -> sha256


@dataclass
class CheckinResult:
    applied: int = 0
    already_present: int = 0
    conflicts: int = 0
    released_numbers: list[str] = field(default_factory=list)
    checkin_uuid: str | None = None

    def as_dict(self) -> dict:
        return {
            "applied": self.applied,
            "already_present": self.already_present,
            "conflicts": self.conflicts,
            "released_numbers": self.released_numbers,
        }


def _refuse(path: Path, why: str) -> PackRefused:
    return PackRefused(f"The return pack {path.name} was refused: {why}. Nothing was applied.")


def verify_pack(path: str | Path) -> VerifiedPack:
    """Check the pack whole; raises PackRefused naming the first problem."""
    path = Path(path)
    try:
        with zipfile.ZipFile(path) as zf:
            names = set(zf.namelist())
            if MANIFEST not in names:
                raise _refuse(path, "it has no manifest (not a return pack, or cut short)")
            manifest_bytes = zf.read(MANIFEST)
            try:
                manifest = json.loads(manifest_bytes)
            except ValueError:
                raise _refuse(path, "its manifest is not readable JSON") from None
            if manifest.get("format") != PACK_FORMAT:
                raise _refuse(path, f"it is not a {PACK_FORMAT} file")
            parts = manifest.get("parts") or {}
            extra, missing = names - set(parts) - {MANIFEST}, set(parts) - names
            if extra or missing:
                raise _refuse(
                    path, f"parts added or missing ({', '.join(sorted(extra | missing))[:120]})"
                )
            entries_blob = b""
            for name, expected in sorted(parts.items()):
                digest, size = hashlib.sha256(), 0
                with zf.open(name) as member:
                    while chunk := member.read(CHUNK):
                        digest.update(chunk)
                        size += len(chunk)
                        if name == ENTRIES:
                            entries_blob += chunk
                if digest.hexdigest() != expected.get("sha256") or size != expected.get("size"):
                    raise _refuse(path, f"{name} does not match its SHA-256 in the manifest")
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError) as exc:
        raise _refuse(path, f"the file is damaged or cut short ({exc})") from None
    items = [json.loads(line) for line in entries_blob.decode("utf-8").splitlines() if line]
    _check_chain(path, manifest, items)
    photos = {n: p["sha256"] for n, p in parts.items() if n.startswith("photos/")}
    return VerifiedPack(path, manifest, items, hashlib.sha256(manifest_bytes).hexdigest(), photos)


def _check_chain(path: Path, manifest: dict, items: list[dict]) -> None:
    start, end = manifest["checkout_head"], manifest["field_head"]
    if len(items) != manifest.get("entries"):
        raise _refuse(path, "it holds a different number of entries than its manifest says")
    prev, seq = start["hash"], start["seq"]
    for item in items:
        entry = item["entry"]
        seq += 1
        if entry["seq"] != seq or entry["prev_hash"] != prev:
            raise _refuse(path, f"field entry {entry['seq']} does not follow the one before it")
        if journal.entry_hash(entry) != entry["hash"]:
            raise _refuse(path, f"field entry {entry['seq']} was changed after it was written")
        prev = entry["hash"]
    if prev != end["hash"] or seq != end["seq"]:
        raise _refuse(path, "its entries do not end at the field head its manifest names")


def _checkout_for(reg: Register, pack: VerifiedPack) -> dict:
    manifest = pack.manifest
    if reg.field_manifest is not None:
        raise _refuse(pack.path, "this is a field copy; packs are checked in at the office")
    if reg.get_setting(REGISTER_ID_SETTING) != manifest["office_register_id"]:
        raise _refuse(pack.path, "it comes from a copy of a different register")
    checkout = reg.query_one(
        "SELECT * FROM field_checkouts WHERE uuid = ?", (manifest["checkout_uuid"],)
    )
    if checkout is None:
        raise _refuse(pack.path, "this register has no record of its check-out")
    if checkout["head_hash"] != manifest["checkout_head"]["hash"]:
        raise _refuse(pack.path, "it does not start where its check-out's journal head was")
    if checkout["status"] in ("abandoned", "voided"):
        why = checkout["abandon_reason"] or checkout["void_reason"]
        raise _refuse(
            pack.path,
            f"the copy for {checkout['device']} was {checkout['status']} on "
            f"{checkout['closed_at'][:16]} ({why})"
            "; keep the file",
        )
    return checkout


def _processed(reg: Register, checkout_id: int) -> set[str]:
    done: set[str] = set()
    for row in reg.query(
        "SELECT outcomes_json FROM field_checkins WHERE checkout_id = ? AND status = 'active'",
        (checkout_id,),
    ):
        done.update(json.loads(row["outcomes_json"]))
    return done


def _write_photos(zf: zipfile.ZipFile, pack: VerifiedPack, photos_root: Path) -> list[Path]:
    created: list[Path] = []
    try:
        for name, expected in pack.photos.items():
            target = photos_root / name.removeprefix("photos/")
            if target.exists():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(target.name + ".part")
            digest = hashlib.sha256()
            with zf.open(name) as member, open(partial, "wb") as out:
                while chunk := member.read(CHUNK):
                    digest.update(chunk)
                    out.write(chunk)
            if digest.hexdigest() != expected:
                partial.unlink(missing_ok=True)
                raise _refuse(pack.path, f"{name} changed while it was read")
            os.replace(partial, target)
            created.append(target)
    except BaseException:
        for path in created:
            path.unlink(missing_ok=True)
        raise
    return created


def checkin(reg: Register, pack_path: str | Path, *, now: datetime | None = None):
    """Check a return pack into the office register ``reg``; returns a CheckinResult."""
    pack = verify_pack(pack_path)
    now = now or datetime.now()
    checkout = _checkout_for(reg, pack)
    hashes = [item["entry"]["hash"] for item in pack.items]
    if checkout["status"] == "checked_in":
        later = [h for h in hashes if h not in _processed(reg, checkout["id"])]
        if later:
            raise _refuse(
                pack.path,
                f"this copy was checked in on {checkout['closed_at'][:16]} and {len(later)} "
                "entries were made in it afterwards; check out a fresh copy for new work",
            )
        return CheckinResult(already_present=len(hashes))
    with zipfile.ZipFile(pack.path) as zf:
        created = _write_photos(zf, pack, Paths(Path(reg.path)).photos)
    try:
        return _apply(reg, pack, checkout, now)
    except BaseException:
        for path in created:
            path.unlink(missing_ok=True)
        raise


def _apply(reg: Register, pack: VerifiedPack, checkout: dict, now: datetime) -> CheckinResult:
    result = CheckinResult()
    replayer = Replayer(reg, checkout["device"], checkout["uuid"])
    outcomes: dict[str, str] = {}
    stamp = now.isoformat(timespec="seconds")
    with reg.transaction():
        for item in pack.items:
            outcome = replayer.replay(item)
            outcomes[item["entry"]["hash"]] = outcome
            if outcome == APPLIED:
                result.applied += 1
            elif outcome == ALREADY:
                result.already_present += 1
        row = reg.insert(
            "field_checkins",
            {
                "checkout_id": checkout["id"],
                "pack_sha256": pack.sha256,
                "field_head_hash": pack.manifest["field_head"]["hash"],
                "entries": len(pack.items),
                "applied": result.applied,
                "already_present": result.already_present,
                "conflicts": len(replayer.conflicts),
                "outcomes_json": journal.to_json(outcomes),
                "checked_in_at": stamp,
                "checked_in_by": reg.actor.name,
            },
        )
        result.checkin_uuid = row["uuid"]
        for queued in replayer.conflicts.values():
            reg.insert(
                "field_conflicts",
                {
                    "checkin_id": row["id"],
                    "device": checkout["device"],
                    "table_name": queued["table"],
                    "record_uuid": queued["record_uuid"],
                    "columns_json": journal.to_json(queued["columns"]),
                    "field_entry_hash": queued["entry_hash"],
                    "field_user": queued["user"],
                    "field_at": queued["at"],
                },
            )
        result.conflicts = len(replayer.conflicts)
        result.released_numbers = release_unused(reg, checkout, stamp)
        reg.update(
            "field_checkouts",
            checkout["uuid"],
            {"status": "checked_in", "closed_at": stamp, "closed_by": reg.actor.name},
            action="checkin",
            reason=(
                f"return pack {pack.sha256[:16]}…: {result.applied} applied, "
                f"{result.already_present} already present, {result.conflicts} conflicts"
            ),
        )
    return result


def release_unused(reg: Register, checkout: dict, stamp: str) -> list[str]:
    """Close the check-out's blocks: numbers the field used stay used, the rest are released
    (never handed out again), each block with a journal entry that lists them."""
    released: list[str] = []
    for block_row in blocks_of(reg, checkout["id"]):
        if block_row["status"] != "reserved":
            continue
        block = Block(block_row["series"], block_row["year"], block_row["first"], block_row["last"])
        numbers = block.numbers()
        table, column = SERIES_COLUMNS.get(block.series, (None, None))
        used = []
        if table:
            used = [
                r[column]
                for r in reg.query(
                    f"SELECT {column} FROM {table} WHERE {column} IN "
                    "(SELECT value FROM json_each(?)) ORDER BY 1",
                    (journal.to_json(numbers),),
                )
            ]
        unused = [n for n in numbers if n not in set(used)]
        released += unused
        reg.update(
            "number_blocks",
            block_row["uuid"],
            {
                "status": "closed",
                "used_json": journal.to_json(used),
                "released_json": journal.to_json(unused),
                "closed_at": stamp,
            },
            action="release",
            reason=(
                f"{block.label()} for {checkout['device']}: {len(used)} used in the field, "
                f"{len(unused)} released at check-in and never handed out again"
            ),
        )
    return released
