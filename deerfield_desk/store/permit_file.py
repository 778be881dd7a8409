"""Everything about one permit for the permit window: the detail pane's record plus the
contractors by trade, each payment, the photos and files attached, and the history of every
record the permit gathers (not only the permit row), in the office's local time.

Why a history across records: the clerk asking "who changed this?" means the permit as a
whole, so a corrected phone on the owner, a voided payment or a new inspection all belong in
its history. Journal stamps are UTC (they must compare across devices); the window shows them
in local time, as a clerk reads a clock.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime

from deerfield_desk.models.plain_labels import action_label, column_label, column_value, plain
from deerfield_desk.store.executor import Executor
from deerfield_desk.store.permit_contractors import NamedContractor, contractors_for_permit
from deerfield_desk.store.permit_detail import PermitDetail, permit_detail

#: What each journaled table is, in the history's "Record" column.
RECORD_LABELS = {
    "permits": "Permit",
    "applications": "Application",
    "people": "Person",
    "fees": "Fee",
    "payments": "Payment",
    "deposits": "Deposit",
    "inspections": "Inspection",
    "notices": "Notice",
    "permit_contractors": "Contractor",
    "attachments": "Attachment",
    "extensions": "Extension",
}
#: The tables the permit window shows (it refreshes when a write touches one).
SHOWS = frozenset({*RECORD_LABELS, "parcels", "occupancy_permits"})


@dataclass
class HistoryEntry:
    at_local: str
    who: str
    record: str
    action: str
    changes: str
    reason: str | None


@dataclass
class PermitFile:
    detail: PermitDetail
    contractors: list[NamedContractor] = field(default_factory=list)
    payments: list[dict] = field(default_factory=list)
    attachments: list[dict] = field(default_factory=list)
    history: list[HistoryEntry] = field(default_factory=list)

    @property
    def permit(self) -> dict:
        return self.detail.permit


def _rows(conn: Executor, sql: str, params: tuple) -> list[dict]:
    cursor = conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor]


def local_moment(at_utc: str) -> str:
    """A journal stamp (UTC ISO) as the office's local ``YYYY-MM-DD HH:MM``."""
    return datetime.fromisoformat(at_utc).astimezone().strftime("%Y-%m-%d %H:%M")


#: Links to a person: the history names them ("Owner: Maria Gonzalez"), not their row number.
PERSON_LINKS = frozenset({"owner_id", "applicant_id", "contractor_id", "person_id",
                          "recipient_id"})  # fmt: skip


def changes_text(before_json: str | None, after_json: str | None,
                 name_of: Callable[[int | None], str] | None = None) -> str:  # fmt: skip
    """What an entry changed, in words: ``Phone: — → 608-555-0100; Status: Due → Paid``.
    Structured columns (``…_json``: the assessment, the project) are named, not dumped; a
    link to a person names them (through ``name_of``), other links are said, not shown as
    row numbers; money is dollars and codes are spelt out (``models.plain_labels``)."""
    before = json.loads(before_json) if before_json else {}
    after = json.loads(after_json) if after_json else {}
    if not before:
        return "created"
    changed = []
    for k in sorted(after):
        if k == "updated_at" or before.get(k) == after.get(k):
            continue
        label = column_label(k)
        if k.endswith("_json"):
            changed.append(f"{label} recorded")
        elif k in PERSON_LINKS and name_of is not None:
            changed.append(f"{label}: {name_of(before.get(k))} → {name_of(after.get(k))}")
        elif k.endswith("_id"):  # a link to another record: its number means nothing here
            changed.append(f"{label} linked")
        else:
            changed.append(
                f"{label}: {column_value(k, before.get(k))} → {column_value(k, after.get(k))}"
            )
    return "; ".join(changed) or "no field changed"


def _person_names(conn: Executor) -> Callable[[int | None], str]:
    """``id -> "Maria Gonzalez"`` (none on file said as such), read once per person."""
    cache: dict[int, str] = {}

    def name_of(person_id: int | None) -> str:
        if person_id is None:
            return "none on file"
        if person_id not in cache:
            found = _rows(conn, "SELECT name FROM people WHERE id = ?", (person_id,))
            cache[person_id] = found[0]["name"] if found else "a person no longer on file"
        return cache[person_id]

    return name_of


def _record_uuids(conn: Executor, d: PermitDetail, contractors: list[dict]) -> list[str]:
    p = d.permit
    uuids = [p["uuid"]]
    for rows in (d.fees, d.deposits, d.inspections, d.notices, contractors):
        uuids += [r["uuid"] for r in rows]
    uuids += [x["uuid"] for x in d.parties if x.get("uuid")]
    if p.get("application_id"):
        uuids += [
            r["uuid"]
            for r in _rows(
                conn, "SELECT uuid FROM applications WHERE id = ?", (p["application_id"],)
            )
        ]
    return uuids


def load_permit_file(conn: Executor, permit_uuid: str, today: date) -> PermitFile:
    detail = permit_detail(conn, permit_uuid)
    permit = detail.permit
    # The parties with their uuids (the detail pane's query leaves them out).
    for party in detail.parties:
        if party.get("id") is not None:
            found = _rows(conn, "SELECT uuid, credential_expires FROM people WHERE id = ?",
                          (party["id"],))  # fmt: skip
            party.update(found[0] if found else {})
    contractor_rows = _rows(
        conn, "SELECT uuid FROM permit_contractors WHERE permit_id = ?", (permit["id"],)
    )
    payments = _rows(
        conn,
        "SELECT y.*, f.description AS fee_description, f.code AS fee_code FROM payments y "
        "JOIN fees f ON f.id = y.fee_id WHERE f.permit_id = ? ORDER BY y.paid_at, y.id",
        (permit["id"],),
    )
    owners = [permit["uuid"], *(i["uuid"] for i in detail.inspections)]
    attachments = _rows(
        conn,
        "SELECT * FROM attachments WHERE owner_uuid IN "
        f"({', '.join('?' for _ in owners)}) AND status = 'active' ORDER BY added_at, id",
        tuple(owners),
    )
    uuids = _record_uuids(conn, detail, contractor_rows) + [y["uuid"] for y in payments]
    entries = _rows(
        conn,
        "SELECT at_utc, user_name, user_role, table_name, action, reason, before_json, "
        "after_json FROM journal WHERE record_uuid IN "
        f"({', '.join('?' for _ in uuids)}) ORDER BY seq",
        tuple(uuids),
    )
    name_of = _person_names(conn)
    history = [
        HistoryEntry(
            local_moment(e["at_utc"]),
            f"{e['user_name']} ({plain(e['user_role']).lower()})",
            RECORD_LABELS.get(e["table_name"]) or column_label(e["table_name"]),
            action_label(e["action"]),
            changes_text(e["before_json"], e["after_json"], name_of),
            e["reason"],
        )
        for e in entries
    ]
    return PermitFile(
        detail, contractors_for_permit(conn, permit, today), payments, attachments, history
    )
