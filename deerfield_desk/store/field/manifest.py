"""What a field copy knows about itself, and the office register's identity.

The copy's manifest is written once, at check-out, into the copy's ``field_copy`` table: the
office register it came from, the journal head at check-out (where the return pack starts),
the device, who and when, and the number blocks reserved for it. Opening a file with a
manifest makes it a field copy (banner, refusals); nothing else does.
"""

from __future__ import annotations

import json
import uuid as uuidlib
from dataclasses import asdict, dataclass, field
from datetime import datetime

from deerfield_desk.store.numbering import (
    APPLICATION_SERIES,
    NOTICE_SERIES,
    PERMIT_SERIES,
    format_application_number,
    format_notice_number,
    format_permit_number,
)

REGISTER_ID_SETTING = "register_id"
FORMATTERS = {
    NOTICE_SERIES: format_notice_number,
    PERMIT_SERIES: format_permit_number,
    APPLICATION_SERIES: format_application_number,
}


def format_number(series: str, year: int, n: int) -> str:
    formatter = FORMATTERS.get(series)
    return formatter(year, n) if formatter else f"{series}-{year}-{n:04d}"


@dataclass
class Block:
    """Numbers ``first``…``last`` of a series and year, reserved for one device."""

    series: str
    year: int
    first: int
    last: int
    uuid: str = ""

    def label(self) -> str:
        return (
            f"{format_number(self.series, self.year, self.first)}…"
            f"{format_number(self.series, self.year, self.last)}"
        )

    def numbers(self) -> list[str]:
        return [format_number(self.series, self.year, n) for n in range(self.first, self.last + 1)]


@dataclass
class CopyManifest:
    office_register_id: str
    office_path: str
    checkout_uuid: str
    device: str
    checked_out_at: str
    checked_out_by: str
    head_seq: int
    head_hash: str
    blocks: list[Block] = field(default_factory=list)
    #: Attachments up to this id existed at check-out; only the open permits' files came
    #: along, so ``verify`` on the copy notes the others as left at the office.
    office_photos_through_id: int = 0

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> CopyManifest:
        data = json.loads(text)
        data["blocks"] = [Block(**b) for b in data.get("blocks", [])]
        return cls(**data)

    def banner(self) -> str:
        """The plain sentence the field copy's window shows at the top."""
        when = datetime.fromisoformat(self.checked_out_at)
        stamp = f"{when:%a} {when.day} {when:%b %H:%M}"
        return (
            f"Field copy of the office register, checked out {stamp} to {self.device} — "
            "check in at the office"
        )


def register_id(reg) -> str:
    """The office register's stable id (a journaled setting, made on first need)."""
    value = reg.get_setting(REGISTER_ID_SETTING)
    if not value:
        value = str(uuidlib.uuid4())
        reg.set_setting(REGISTER_ID_SETTING, value)
    return value


def read_copy_manifest(conn) -> CopyManifest | None:
    """The manifest when ``conn`` is a field copy, else None (also on an unmigrated file)."""
    try:
        row = conn.execute("SELECT value FROM field_copy WHERE key = 'manifest'").fetchone()
    except Exception:  # no field_copy table: an office register from before m0009
        return None
    return CopyManifest.from_json(row[0]) if row else None
