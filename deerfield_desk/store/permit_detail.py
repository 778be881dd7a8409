"""One permit with everything the detail pane shows: parties, fees, inspections, notices and
its history from the journal. One call, a handful of indexed lookups (the benchmark's "open")."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from deerfield_desk.errors import RecordNotFound
from deerfield_desk.models.codes import FeeStatus
from deerfield_desk.models.zoning_codes import SAMPLE, ZoningCode, parse_table, zoning_words
from deerfield_desk.store import journal
from deerfield_desk.store.executor import Executor

ZONING_SETTING = "zoning_table"  # store.zoning_table.SETTING (that module needs a Register)


@dataclass
class PermitDetail:
    permit: dict
    parcel: dict | None = None
    parties: list[dict] = field(default_factory=list)
    fees: list[dict] = field(default_factory=list)
    deposits: list[dict] = field(default_factory=list)
    inspections: list[dict] = field(default_factory=list)
    notices: list[dict] = field(default_factory=list)
    history: list[dict] = field(default_factory=list)
    zoning_words: str | None = None  # the parcel's code with its district's name

    @property
    def fees_due_cents(self) -> int:
        return sum(f["amount_cents"] or 0 for f in self.fees if f["status"] == FeeStatus.DUE)


def _rows(conn: Executor, sql: str, params) -> list[dict]:
    cursor = conn.execute(sql, tuple(params))
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor]


def _one(conn: Executor, sql: str, params) -> dict | None:
    rows = _rows(conn, sql, params)
    return rows[0] if rows else None


PERSON_COLUMNS = "id, name, firm, phone, email, mailing_address, credential_type, credential_number"


def _parties(conn: Executor, permit: dict) -> list[dict]:
    """Owner, applicant and contractor: from the application when there is one, else the
    people records whose names the permit carries (imported and demo permits)."""
    parties: list[dict] = []
    app = None
    if permit.get("application_id"):
        app = _one(conn, "SELECT * FROM applications WHERE id = ?", (permit["application_id"],))
    roles = (("Owner", "owner"), ("Applicant", "applicant"), ("Contractor", "contractor"))
    for label, key in roles:
        person = None
        linked = (app or {}).get(f"{key}_id") or (
            permit.get("owner_id") if key == "owner" else None
        )
        if linked:
            person = _one(conn, f"SELECT {PERSON_COLUMNS} FROM people WHERE id = ?", (linked,))
            if person:
                person["on_file"] = True
        elif permit.get(f"{key}_name"):
            # An imported permit's typed name: someone of that name may be on file, but that
            # is a guess (two Maria Gonzalez), said as such until the clerk links the owner.
            person = _one(
                conn,
                f"SELECT {PERSON_COLUMNS} FROM people WHERE name = ? ORDER BY id LIMIT 1",
                (permit[f"{key}_name"],),
            ) or {"name": permit[f"{key}_name"]}
            person["on_file"] = False
        if person:
            parties.append({"role": label, **person})
    return parties


def _zoning_table(conn: Executor) -> list[ZoningCode]:
    """The village's zoning table from settings (``store.zoning_table``), read through
    ``conn`` so a read-only snapshot works too; the sample while none is saved."""
    found = _one(conn, "SELECT value FROM settings WHERE key = ?", (ZONING_SETTING,))
    return list(SAMPLE) if found is None else parse_table(json.loads(found["value"]))


def permit_detail(conn: Executor, permit_uuid: str) -> PermitDetail:
    permit = _one(conn, "SELECT * FROM permits WHERE uuid = ?", (permit_uuid,))
    if permit is None:
        raise RecordNotFound(f"no permit with id {permit_uuid}")
    pid = permit["id"]
    detail = PermitDetail(permit)
    if permit["parcel_id"]:
        detail.parcel = _one(conn, "SELECT * FROM parcels WHERE id = ?", (permit["parcel_id"],))
        if detail.parcel:
            detail.zoning_words = zoning_words(detail.parcel.get("zoning"), _zoning_table(conn))
    detail.parties = _parties(conn, permit)
    detail.fees = _rows(
        conn,
        "SELECT f.*, (SELECT coalesce(sum(amount_cents), 0) FROM payments y "
        "WHERE y.fee_id = f.id AND y.status = 'recorded') AS paid_cents "
        "FROM fees f WHERE f.permit_id = ? ORDER BY f.id",
        (pid,),
    )
    detail.deposits = _rows(conn, "SELECT * FROM deposits WHERE permit_id = ? ORDER BY id", (pid,))
    detail.inspections = _rows(
        conn,
        "SELECT * FROM inspections WHERE permit_id = ? "
        "ORDER BY coalesce(inspected_at, scheduled_for, requested_at), id",
        (pid,),
    )
    detail.notices = _rows(conn, "SELECT * FROM notices WHERE permit_id = ? ORDER BY id", (pid,))
    detail.history = journal.history(conn, permit_uuid)
    return detail
