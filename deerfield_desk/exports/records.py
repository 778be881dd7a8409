"""The year's records as the office hands them over: one dataset per record type.

Each dataset is a list of columns (header, kind) and a query that yields rows in a fixed order,
so an export run twice gives the same files. Which records belong to a year:
- a permit to the year it was issued (or, not yet issued, the year it was applied for), so a
  permit applied for in December and issued in January is counted once, in January's year;
- an inspection to the year it was done (or scheduled, or requested);
- a notice to the year it was issued or served;
- a fee to the year it was charged, a payment to the year it was received;
- a deposit to the year it was received, and every deposit still held at year end.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Column:
    header: str
    kind: str = "text"  # text, money (integer cents), int


@dataclass(frozen=True)
class Dataset:
    name: str  # file stem and sheet title
    title: str
    columns: tuple[Column, ...]
    sql: str  # one ``?`` per year parameter; selects the columns in order

    def rows(self, conn: sqlite3.Connection, year: int) -> Iterator[tuple]:
        params = (str(year),) * self.sql.count("?")
        yield from conn.execute(self.sql, params)

    def count(self, conn: sqlite3.Connection, year: int) -> int:
        params = (str(year),) * self.sql.count("?")
        return conn.execute(f"SELECT count(*) FROM ({self.sql})", params).fetchone()[0]


def C(header: str, kind: str = "text") -> Column:
    return Column(header, kind)


#: Permit fields in export order: (register column, header, kind). The importer maps the same
#: headers back, so an exported permits.csv imports without any mapping by hand.
PERMIT_FIELDS = (
    ("permit_number", "Permit number", "text"),
    ("kind", "Kind", "text"),
    ("permit_class", "Class", "text"),
    ("status", "Status", "text"),
    ("structure", "Structure", "text"),
    ("description", "Description", "text"),
    ("estimated_cost_cents", "Estimated cost ($)", "money"),
    ("housing_units", "Housing units", "int"),
    ("address_text", "Address", "text"),
    ("parcel_number", "Parcel number", "text"),
    ("owner_name", "Owner", "text"),
    ("contractor_name", "Contractor", "text"),
    ("applied_date", "Applied", "text"),
    ("issued_date", "Issued", "text"),
    ("expires_date", "Expires", "text"),
    ("finaled_date", "Finaled", "text"),
    ("conditions", "Conditions", "text"),
    ("void_reason", "Void reason", "text"),
    ("uuid", "Record id", "text"),
)

PERMITS_IN_YEAR = (
    "(substr(p.issued_date, 1, 4) = ? OR (p.issued_date IS NULL AND substr(p.applied_date, 1, 4)"
    " = ?))"
)

PERMITS = Dataset(
    "permits",
    "Permits",
    tuple(Column(header, kind) for _f, header, kind in PERMIT_FIELDS),
    f"SELECT {', '.join('p.' + f for f, _h, _k in PERMIT_FIELDS)} FROM permits p "
    f"WHERE {PERMITS_IN_YEAR} "
    "ORDER BY p.permit_number IS NULL, p.permit_number, p.applied_date, p.uuid",
)

INSPECTIONS = Dataset(
    "inspections",
    "Inspections",
    (
        C("Permit number"),
        C("Stage"),
        C("Result"),
        C("Requested"),
        C("Requested by"),
        C("Scheduled for"),
        C("Inspected"),
        C("Inspector"),
        C("Notes"),
        C("Re-inspection of"),
        C("Status"),
        C("Record id"),
    ),
    "SELECT p.permit_number, i.stage, i.result, i.requested_at, i.requested_by, "
    "i.scheduled_for, i.inspected_at, i.inspector, i.notes, r.uuid, i.status, i.uuid "
    "FROM inspections i JOIN permits p ON p.id = i.permit_id "
    "LEFT JOIN inspections r ON r.id = i.reinspection_of "
    "WHERE substr(coalesce(i.inspected_at, i.scheduled_for, i.requested_at), 1, 4) = ? "
    "ORDER BY p.permit_number, coalesce(i.inspected_at, i.scheduled_for, i.requested_at), "
    "i.stage, i.uuid",
)

NOTICES = Dataset(
    "notices",
    "Notices",
    (
        C("Notice number"),
        C("Kind"),
        C("Permit number"),
        C("Status"),
        C("Issued"),
        C("Served"),
        C("Served by"),
        C("Due"),
        C("Closed"),
        C("Sections"),
        C("Facts"),
        C("Remedy"),
        C("Record id"),
    ),
    "SELECT n.notice_number, n.kind, p.permit_number, n.status, n.issued_at, n.served_at, "
    "n.service_method, n.due_date, n.closed_at, n.sections, n.facts, n.remedy, n.uuid "
    "FROM notices n LEFT JOIN permits p ON p.id = n.permit_id "
    "WHERE substr(coalesce(n.issued_at, n.served_at), 1, 4) = ? "
    "ORDER BY n.notice_number IS NULL, n.notice_number, n.uuid",
)

FEES_AND_PAYMENTS = Dataset(
    "fees-and-payments",
    "Fees and payments",
    (
        C("Entry"),
        C("Permit number"),
        C("Application number"),
        C("Fee code"),
        C("Description"),
        C("Amount ($)", "money"),
        C("Date"),
        C("Status"),
        C("Paid by"),
        C("Receipt number"),
        C("Fee record id"),
        C("Record id"),
    ),
    "SELECT * FROM ("
    "SELECT 'fee' AS kind, p.permit_number AS permit_number, "
    "a.application_number AS application_number, f.code, f.description, "
    "f.amount_cents, f.created_at AS at, f.status, NULL, NULL, f.uuid, f.uuid AS id "
    "FROM fees f LEFT JOIN permits p ON p.id = f.permit_id "
    "LEFT JOIN applications a ON a.id = f.application_id "
    "WHERE substr(f.created_at, 1, 4) = ? "
    "UNION ALL "
    "SELECT 'payment', p.permit_number, a.application_number, f.code, f.description, "
    "y.amount_cents, y.paid_at, y.status, y.method, y.receipt_number, f.uuid, y.uuid "
    "FROM payments y JOIN fees f ON f.id = y.fee_id "
    "LEFT JOIN permits p ON p.id = f.permit_id "
    "LEFT JOIN applications a ON a.id = f.application_id "
    "WHERE substr(y.paid_at, 1, 4) = ?"
    ") ORDER BY permit_number IS NULL, permit_number, application_number, at, kind, id",
)

DEPOSITS = Dataset(
    "deposits",
    "Deposits",
    (
        C("Permit number"),
        C("Application number"),
        C("Kind"),
        C("Amount ($)", "money"),
        C("Basis"),
        C("Reference"),
        C("Received"),
        C("Status"),
        C("Disposition"),
        C("Disposition date"),
        C("Record id"),
    ),
    "SELECT p.permit_number, a.application_number, d.kind, d.amount_cents, d.basis, "
    "d.reference, d.received_at, d.status, d.disposition_reason, d.disposition_at, d.uuid "
    "FROM deposits d LEFT JOIN permits p ON p.id = d.permit_id "
    "LEFT JOIN applications a ON a.id = d.application_id "
    "WHERE substr(d.received_at, 1, 4) = ? OR (d.status = 'held' AND d.received_at <= ? || '~') "
    "ORDER BY p.permit_number IS NULL, p.permit_number, a.application_number, d.received_at, "
    "d.uuid",
)

DATASETS = (PERMITS, INSPECTIONS, NOTICES, FEES_AND_PAYMENTS, DEPOSITS)
