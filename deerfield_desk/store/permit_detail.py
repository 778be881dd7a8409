"""One permit with everything the detail pane shows: parties, fees, inspections, notices and
its history from the journal. One call, a handful of indexed lookups (the benchmark's "open")."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from deerfield_desk.errors import RecordNotFound
from deerfield_desk.models.codes import FeeStatus
from deerfield_desk.store import journal


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

    @property
    def fees_due_cents(self) -> int:
        return sum(f["amount_cents"] or 0 for f in self.fees if f["status"] == FeeStatus.DUE)


def _rows(conn: sqlite3.Connection, sql: str, params) -> list[dict]:
    cursor = conn.execute(sql, tuple(params))
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor]


def _one(conn: sqlite3.Connection, sql: str, params) -> dict | None:
    rows = _rows(conn, sql, params)
    return rows[0] if rows else None


PERSON_COLUMNS = "id, name, firm, phone, email, mailing_address, credential_type, credential_number"


def _parties(conn: sqlite3.Connection, permit: dict) -> list[dict]:
    """Owner, applicant and contractor: from the application when there is one, else the
    people records whose names the permit carries (imported and demo permits)."""
    parties: list[dict] = []
    app = None
    if permit.get("application_id"):
        app = _one(conn, "SELECT * FROM applications WHERE id = ?", (permit["application_id"],))
    roles = (("Owner", "owner"), ("Applicant", "applicant"), ("Contractor", "contractor"))
    for label, key in roles:
        person = None
        if app and app.get(f"{key}_id"):
            person = _one(
                conn, f"SELECT {PERSON_COLUMNS} FROM people WHERE id = ?", (app[f"{key}_id"],)
            )
        elif permit.get(f"{key}_name"):
            person = _one(
                conn,
                f"SELECT {PERSON_COLUMNS} FROM people WHERE name = ? ORDER BY id LIMIT 1",
                (permit[f"{key}_name"],),
            ) or {"name": permit[f"{key}_name"]}
        if person:
            parties.append({"role": label, **person})
    return parties


def permit_detail(conn: sqlite3.Connection, permit_uuid: str) -> PermitDetail:
    permit = _one(conn, "SELECT * FROM permits WHERE uuid = ?", (permit_uuid,))
    if permit is None:
        raise RecordNotFound(f"no permit with id {permit_uuid}")
    pid = permit["id"]
    detail = PermitDetail(permit)
    if permit["parcel_id"]:
        detail.parcel = _one(conn, "SELECT * FROM parcels WHERE id = ?", (permit["parcel_id"],))
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
