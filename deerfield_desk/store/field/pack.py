"""The return pack: one file carrying a field copy's work back to the office.

A zip (stored, not compressed: photos are JPEGs already) holding ``entries.jsonl`` (every
journal entry made since check-out, oldest first, each with the UUIDs its integer keys point
to, so the office can remap them), the new photos, and ``manifest.json`` with the SHA-256 and
size of each part and the field chain's head. Writing it only reads the field copy.

Why the UUIDs travel beside the entries: integer keys are local to a file (the office may have
given row 812 to something else since), a UUID is not.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import zipfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from deerfield_desk.config import Paths
from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.store import journal
from deerfield_desk.store.field.manifest import read_copy_manifest
from deerfield_desk.store.register import connect

PACK_FORMAT = "deerfield-desk field return 1"
ENTRIES = "entries.jsonl"
MANIFEST = "manifest.json"
PHOTO_COLUMNS = ("original_path", "display_path", "thumb_path")


class ForeignKeys:
    """Integer key columns per table and the UUIDs they point to, cached per file."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self._columns: dict[str, dict[str, str]] = {}
        self._uuids: dict[tuple[str, int], str] = {}
        self._ids: dict[tuple[str, str], int] = {}

    def columns(self, table: str) -> dict[str, str]:
        """``{column: referenced table}`` for ``table``'s foreign keys."""
        if table not in self._columns:
            rows = self.conn.execute(f"PRAGMA foreign_key_list({table})").fetchall()
            self._columns[table] = {r[3]: r[2] for r in rows}
        return self._columns[table]

    def uuid_of(self, table: str, rowid) -> str | None:
        if rowid is None:
            return None
        key = (table, rowid)
        if key not in self._uuids:
            row = self.conn.execute(f"SELECT uuid FROM {table} WHERE id = ?", (rowid,)).fetchone()
            self._uuids[key] = row[0] if row else None
        return self._uuids[key]

    def id_of(self, table: str, uuid: str | None) -> int | None:
        if uuid is None:
            return None
        key = (table, uuid)
        if key not in self._ids:
            row = self.conn.execute(f"SELECT id FROM {table} WHERE uuid = ?", (uuid,)).fetchone()
            if row is None:
                return None
            self._ids[key] = row[0]
        return self._ids[key]

    def refs(self, table: str, row: dict | None) -> dict[str, str | None]:
        if not row:
            return {}
        return {
            col: self.uuid_of(target, row.get(col))
            for col, target in self.columns(table).items()
            if col in row
        }


@dataclass
class ReturnSummary:
    path: Path
    entries: int
    photos: int
    bytes: int
    field_head: str

    def as_dict(self) -> dict:
        return {
            "pack": str(self.path),
            "entries": self.entries,
            "photos": self.photos,
            "bytes": self.bytes,
            "field_head": self.field_head,
        }


def field_entries(conn: sqlite3.Connection, head_seq: int, head_hash: str) -> list[dict]:
    """The copy's entries since check-out; refuses a chain that does not continue from it."""
    entries = list(journal.iter_entries(conn, after_seq=head_seq))
    prev = head_hash
    for entry in entries:
        if entry["prev_hash"] != prev or journal.entry_hash(entry) != entry["hash"]:
            raise NotAllowed(
                f"The field copy's journal is broken at entry {entry['seq']}: run verify on it; "
                "no return was written."
            )
        prev = entry["hash"]
    return entries


def write_return(field_db: str | Path, to: str | Path, *, now: datetime | None = None):
    """Write the return pack of the field copy at ``field_db`` to ``to``."""
    field_db, to = Path(field_db), Path(to)
    if not field_db.exists():
        raise InvalidInput("db", f"no field copy at {field_db}")
    if to.exists():
        raise InvalidInput("to", f"{to} already exists: choose a new file (nothing was written)")
    conn = connect(field_db, read_only=True)
    try:
        manifest = read_copy_manifest(conn)
        if manifest is None:
            raise NotAllowed(
                f"{field_db} is not a field copy (it has no check-out manifest): a return "
                "pack is prepared on the laptop, from its field copy."
            )
        entries = field_entries(conn, manifest.head_seq, manifest.head_hash)
        keys = ForeignKeys(conn)
        lines, photos = [], {}
        for entry in entries:
            table = entry["table_name"]
            before = json.loads(entry["before_json"]) if entry["before_json"] else None
            after = json.loads(entry["after_json"]) if entry["after_json"] else None
            refs = {"before": keys.refs(table, before), "after": keys.refs(table, after)}
            lines.append(json.dumps({"entry": entry, "refs": refs}, sort_keys=True))
            if table == "attachments" and after and before is None:
                for column in PHOTO_COLUMNS:
                    if after.get(column):
                        photos[after[column]] = Paths(field_db).photos / after[column]
    finally:
        conn.close()
    missing = [rel for rel, path in photos.items() if not path.exists()]
    if missing:
        raise NotAllowed(
            f"{len(missing)} photo file(s) of this copy are missing (first: {missing[0]}): "
            "the pack would be incomplete, so none was written."
        )
    return _write_zip(to, manifest, entries, lines, photos, now or datetime.now())


def _write_zip(to: Path, manifest, entries, lines, photos, now) -> ReturnSummary:
    to.parent.mkdir(parents=True, exist_ok=True)
    partial = to.with_name(to.name + ".partial")
    parts: dict[str, dict] = {}
    entries_blob = ("\n".join(lines) + "\n").encode("utf-8") if lines else b""
    try:
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_STORED, allowZip64=True) as zf:
            zf.writestr(ENTRIES, entries_blob)
            parts[ENTRIES] = _part(entries_blob)
            for relative, path in sorted(photos.items()):
                data = path.read_bytes()
                name = f"photos/{relative}"
                zf.writestr(name, data)
                parts[name] = _part(data)
            head = (
                entries[-1] if entries else {"seq": manifest.head_seq, "hash": manifest.head_hash}
            )
            pack_manifest = {
                "format": PACK_FORMAT,
                "office_register_id": manifest.office_register_id,
                "checkout_uuid": manifest.checkout_uuid,
                "device": manifest.device,
                "checked_out_at": manifest.checked_out_at,
                "checkout_head": {"seq": manifest.head_seq, "hash": manifest.head_hash},
                "field_head": {"seq": head["seq"], "hash": head["hash"]},
                "entries": len(entries),
                "photos": len(photos),
                "written_at": now.isoformat(timespec="seconds"),
                "parts": parts,
            }
            zf.writestr(MANIFEST, json.dumps(pack_manifest, sort_keys=True, indent=1))
        with open(partial, "rb+") as handle:
            os.fsync(handle.fileno())
        partial.replace(to)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return ReturnSummary(to, len(entries), len(photos), to.stat().st_size, head["hash"])


def _part(data: bytes) -> dict:
    return {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
