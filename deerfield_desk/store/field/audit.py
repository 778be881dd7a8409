"""Prove, after the fact, that a checked-in pack and the office journal agree.

`deerfield-desk field audit PACK --db OFFICE`: the pack is verified whole again, then every one
of its entries must be accounted for at the office — applied ones by office journal entries
whose ``origin`` names that field entry's hash (same table, same record), the others as
already present or queued — and no office entry may claim a field entry the pack does not
hold. The journal's own chain and the replay of rows are ``verify``'s job; this closes the
loop between the two registers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from deerfield_desk.store.field.checkin import _refuse, verify_pack
from deerfield_desk.store.field.replay import APPLIED
from deerfield_desk.store.register import Register


@dataclass
class AuditReport:
    entries: int = 0
    applied: int = 0
    office_entries: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict:
        return {
            "ok": self.ok,
            "entries": self.entries,
            "applied": self.applied,
            "office_entries": self.office_entries,
            "problems": self.problems,
        }


def audit_pack(reg: Register, pack_path: str | Path) -> AuditReport:
    pack = verify_pack(pack_path)
    report = AuditReport(entries=len(pack.items))
    checkout = reg.query_one(
        "SELECT * FROM field_checkouts WHERE uuid = ?", (pack.manifest["checkout_uuid"],)
    )
    if checkout is None:
        raise _refuse(pack.path, "this register has no record of its check-out")
    checkins = reg.query(
        "SELECT field_head_hash, outcomes_json FROM field_checkins WHERE checkout_id = ? "
        "AND status = 'active'",
        (checkout["id"],),
    )
    if not checkins:
        report.problems.append("this copy has not been checked in")
        return report
    outcomes: dict[str, str] = {}
    for row in checkins:
        outcomes.update(json.loads(row["outcomes_json"]))
    if pack.manifest["field_head"]["hash"] not in {row["field_head_hash"] for row in checkins}:
        report.problems.append(
            "the pack checked in from this copy ended at a different field entry than this one"
        )
    claimed: dict[str, list[dict]] = {}
    for row in reg.query(
        "SELECT seq, table_name, record_uuid, origin FROM journal "
        "WHERE origin IS NOT NULL AND json_extract(origin, '$.checkout') = ? "
        "AND json_extract(origin, '$.conflict') IS NULL ORDER BY seq",
        (checkout["uuid"],),
    ):
        claimed.setdefault(json.loads(row["origin"])["field_hash"], []).append(row)
        report.office_entries += 1
    in_pack = {item["entry"]["hash"]: item["entry"] for item in pack.items}
    for field_hash, entry in in_pack.items():
        outcome = outcomes.get(field_hash)
        where = f"field entry {entry['seq']} ({entry['table_name']} {entry['action']})"
        if outcome is None:
            report.problems.append(f"{where} was never checked in")
            continue
        office = claimed.get(field_hash, [])
        if outcome == APPLIED:
            report.applied += 1
            if not office:
                report.problems.append(f"{where} is recorded as applied but no office entry")
        elif office:
            report.problems.append(f"{where} was {outcome}, yet office entries claim it")
        for row in office:
            if (row["table_name"], row["record_uuid"]) != (
                entry["table_name"],
                entry["record_uuid"],
            ):
                report.problems.append(
                    f"office journal entry {row['seq']} claims {where} but changed "
                    f"{row['table_name']} {row['record_uuid']}"
                )
    for field_hash, rows in claimed.items():
        if field_hash not in in_pack:
            report.problems.append(
                f"office journal entry {rows[0]['seq']} claims a field entry this pack "
                "does not hold"
            )
    return report
