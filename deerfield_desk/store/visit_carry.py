"""What a voided result had, carried to the record made again (issue 17, correcting a result).

Why linked, not copied or moved: when a result is voided and recorded again
(``inspection_schedule.void_result``), the photos taken, the Exhibit A checklist answered and
the signatures given on site still belong to that visit. Copying them would count a
checklist visit twice in the year's records and store each photo twice; moving them would
rewrite the voided record so it no longer shows what it had. So nothing is rewritten: the
record made again points at the voided one (``corrects_id``, journaled when it was made), and
everything attached to the voided record is *read* through that link, each item saying where
it came from. The voided record keeps showing its own items exactly as before.

A signature carried this way prints on the new record's document with a line saying it was
given on the earlier, voided record of the visit; one given again on the new record (same
document, same signer role) replaces it there, as signing again always does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deerfield_desk.store.register import Register

#: A record voided and recorded again many times still ends; a loop in the links never hangs.
MAX_CORRECTIONS = 50


@dataclass
class Carried:
    """What the voided records behind a visit had, each row with ``carried_from`` (the voided
    inspection's uuid) and ``carried_from_at`` (when it was inspected)."""

    photos: list[dict] = field(default_factory=list)
    checklist_visits: list[dict] = field(default_factory=list)
    signatures: list[dict] = field(default_factory=list)

    def describe(self) -> str:
        """ "3 photos, 1 checklist (12 answers), 1 signature" — empty when nothing came along."""
        parts = []
        if self.photos:
            parts.append(f"{len(self.photos)} photo{'s' * (len(self.photos) != 1)}")
        for visit in self.checklist_visits:
            parts.append(f"an Exhibit A checklist ({visit['answers']} answers)")
        if self.signatures:
            n = len(self.signatures)
            parts.append(f"{n} signature{'s' * (n != 1)}")
        return ", ".join(parts)


def corrected_records(reg: Register, inspection: dict) -> list[dict]:
    """The voided records this visit records again, newest first (``corrects_id`` links)."""
    out: list[dict] = []
    corrects = inspection.get("corrects_id")
    while corrects is not None and len(out) < MAX_CORRECTIONS:
        earlier = reg.query_one(
            "SELECT id, uuid, inspected_at, corrects_id, void_reason, status FROM inspections "
            "WHERE id = ?",
            (corrects,),
        )
        if earlier is None or earlier["status"] == "active":
            break  # only voided records are carried from
        out.append(earlier)
        corrects = earlier["corrects_id"]
    return out


def _marks(n: int) -> str:
    return ", ".join("?" * n)


def carried_to(reg: Register, inspection_uuid: str) -> Carried:
    """Photos, checklist visits (with their answer counts) and signatures in force on the
    voided records behind this visit."""
    visit = reg.get("inspections", inspection_uuid)
    earlier = corrected_records(reg, visit)
    carried = Carried()
    if not earlier:
        return carried
    by_uuid = {e["uuid"]: e for e in earlier}
    by_id = {e["id"]: e for e in earlier}

    def stamp(row: dict, source: dict) -> dict:
        return {**row, "carried_from": source["uuid"], "carried_from_at": source["inspected_at"],
                "carried_reason": source["void_reason"]}  # fmt: skip

    for row in reg.query(
        f"SELECT * FROM attachments WHERE owner_table = 'inspections' AND owner_uuid IN "
        f"({_marks(len(by_uuid))}) AND status = 'active' ORDER BY taken_at IS NULL, taken_at, id",
        tuple(by_uuid),
    ):
        carried.photos.append(stamp(row, by_uuid[row["owner_uuid"]]))
    for row in reg.query(
        "SELECT v.*, (SELECT count(*) FROM checklist_responses r WHERE r.visit_id = v.id) "
        f"AS answers FROM checklist_visits v WHERE v.inspection_id IN ({_marks(len(by_id))}) "
        "AND v.status = 'active' ORDER BY v.visited_at, v.id",
        tuple(by_id),
    ):
        carried.checklist_visits.append(stamp(row, by_id[row["inspection_id"]]))
    for row in reg.query(
        f"SELECT * FROM signatures WHERE inspection_id IN ({_marks(len(by_id))}) "
        "AND status = 'active' ORDER BY id",
        tuple(by_id),
    ):
        carried.signatures.append(stamp(row, by_id[row["inspection_id"]]))
    return carried


def photo_owners(reg: Register, inspection: dict) -> list[str]:
    """The uuids whose photos a visit shows: its own, then the voided records behind it."""
    return [inspection["uuid"], *(e["uuid"] for e in corrected_records(reg, inspection))]


def signatures_in_force(reg: Register, inspection: dict, own: list[dict]) -> list[dict]:
    """The visit's own signatures plus those carried from its voided records, except a
    carried one that the same signer role gave again on this record for the same document."""
    given = {(s["document"], s["signer_role"]) for s in own}
    if not inspection.get("corrects_id"):
        return own
    carried = carried_to(reg, inspection["uuid"]).signatures
    return own + [s for s in carried if (s["document"], s["signer_role"]) not in given]
