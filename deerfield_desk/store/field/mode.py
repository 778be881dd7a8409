"""What a field copy may write, enforced in the Register itself (every screen and command).

Allowed in the field: inspection requests, results, defects, re-inspections, stage decisions,
checklists, the erosion log and rain, photos, notices (drafted, issued with the device's
reserved numbers, served) and occupancy permits (numbered from the permit's own number, so the
field never holds a permit-like series). Refused, with the reason, so the inspector is not
surprised at check-in: issuing permits (the office alone numbers them, §12.12(8)), payments and
fees, the fee schedule and village settings, applications, and the exchange's own records.
"""

from __future__ import annotations

from deerfield_desk.errors import NotAllowed
from deerfield_desk.store.field.manifest import CopyManifest, read_copy_manifest

OFFICE = "This is a field copy of the office register:"
REFUSED_TABLES = {
    "payments": "payments are taken at the office",
    "receipts": "payments are taken and receipted at the office",
    "fees": "fees are billed at the office",
    "deposits": "deposits are received at the office",
    "settings": "the fee schedule and village settings are changed at the office",
    "applications": "applications are received at the office",
    "extensions": "permit extensions are granted at the office",
    "parcels": "parcels are kept at the office",
    "field_checkouts": "check-outs are managed at the office",
    "number_blocks": "number blocks are reserved at the office",
    "field_checkins": "check-ins happen at the office",
    "field_conflicts": "check-in conflicts are decided at the office",
}
ISSUING_ACTIONS = {"issue", "status:issued"}
PERMITS_AT_OFFICE = (
    f"{OFFICE} permits are issued and numbered by the office register only (§12.12(8)). "
    "Check in, then issue the permit at the office."
)


class FieldGuard:
    """Refuses the writes a field copy may not make; numbers only from reserved blocks."""

    def __init__(self, reg, manifest: CopyManifest):
        self.reg = reg
        self.manifest = manifest

    def __call__(self, table: str, action: str) -> None:
        if table == "number_series":
            self._check_number(*action.split("/"))
            return
        if table in REFUSED_TABLES:
            raise NotAllowed(f"{OFFICE} {REFUSED_TABLES[table]}.")
        if table == "permits" and (action in ISSUING_ACTIONS or action == "insert"):
            raise NotAllowed(PERMITS_AT_OFFICE)

    def _check_number(self, series: str, year: str) -> None:
        if series == "permit":
            raise NotAllowed(PERMITS_AT_OFFICE)
        blocks = [b for b in self.manifest.blocks if b.series == series]
        if not blocks:
            raise NotAllowed(
                f"{OFFICE} {series} numbers are given by the office register only; "
                "this copy holds no block of them."
            )
        block = next((b for b in blocks if b.year == int(year)), None)
        if block is None:
            raise NotAllowed(
                f"{OFFICE} its {series} numbers are reserved for {blocks[0].year}, not {year}."
            )
        row = self.reg.execute(
            "SELECT last FROM number_series WHERE series = ? AND year = ?", (series, block.year)
        ).fetchone()
        if row is not None and row[0] >= block.last:
            raise NotAllowed(
                f"{OFFICE} its reserved {series} numbers {block.label()} are all used. "
                "Check in at the office for a new block."
            )


def install_field_guard(reg) -> CopyManifest | None:
    """Called by ``Register.open``: a file with a manifest becomes a guarded field copy."""
    manifest = read_copy_manifest(reg.conn)
    reg.field_manifest = manifest
    reg.guard = FieldGuard(reg, manifest) if manifest else None
    return manifest
