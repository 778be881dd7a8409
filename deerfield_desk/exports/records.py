"""The year's records as the office hands them over: one dataset per record type.

Each dataset is a list of columns (the row key it reads, the header, the kind of cell) over
one query of ``store/year_records.py``; which records belong to the year is said once, in
``store/year_scope.py``. This module only decides how the rows look in a file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from deerfield_desk.store import year_records as q
from deerfield_desk.store.executor import Executor


@dataclass(frozen=True)
class Column:
    key: str  # the row key in the store's typed row
    header: str
    kind: str = "text"  # text, money (integer cents), int


@dataclass(frozen=True)
class Dataset:
    name: str  # file stem and sheet title
    title: str
    columns: tuple[Column, ...]
    query: q.YearQuery[Any]

    def rows(self, reg: Executor, year: int) -> Iterator[list]:
        """The values of each row in column order."""
        keys = [c.key for c in self.columns]
        for row in self.query.rows(reg, year):
            yield [row[k] for k in keys]

    def count(self, reg: Executor, year: int) -> int:
        return self.query.count(reg, year)


def C(key: str, header: str, kind: str = "text") -> Column:
    return Column(key, header, kind)


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

PERMITS = Dataset("permits", "Permits", tuple(Column(*field) for field in PERMIT_FIELDS), q.PERMITS)

INSPECTIONS = Dataset(
    "inspections",
    "Inspections",
    (
        C("permit_number", "Permit number"),
        C("stage", "Stage"),
        C("result", "Result"),
        C("requested_at", "Requested"),
        C("requested_by", "Requested by"),
        C("scheduled_for", "Scheduled for"),
        C("inspected_at", "Inspected"),
        C("inspector", "Inspector"),
        C("notes", "Notes"),
        C("reinspection_of_uuid", "Re-inspection of"),
        C("status", "Status"),
        C("uuid", "Record id"),
    ),
    q.INSPECTIONS,
)

NOTICES = Dataset(
    "notices",
    "Notices",
    (
        C("notice_number", "Notice number"),
        C("kind", "Kind"),
        C("permit_number", "Permit number"),
        C("status", "Status"),
        C("issued_at", "Issued"),
        C("served_at", "Served"),
        C("service_method", "Served by"),
        C("due_date", "Due"),
        C("closed_at", "Closed"),
        C("sections", "Sections"),
        C("facts", "Facts"),
        C("remedy", "Remedy"),
        C("uuid", "Record id"),
    ),
    q.NOTICES,
)

FEES_AND_PAYMENTS = Dataset(
    "fees-and-payments",
    "Fees and payments",
    (
        C("entry", "Entry"),
        C("permit_number", "Permit number"),
        C("application_number", "Application number"),
        C("code", "Fee code"),
        C("description", "Description"),
        C("amount_cents", "Amount ($)", "money"),
        C("at", "Date"),
        C("status", "Status"),
        C("method", "Paid by"),
        C("receipt_number", "Receipt number"),
        C("fee_uuid", "Fee record id"),
        C("uuid", "Record id"),
    ),
    q.MONEY,
)

DEPOSITS = Dataset(
    "deposits",
    "Deposits",
    (
        C("permit_number", "Permit number"),
        C("application_number", "Application number"),
        C("kind", "Kind"),
        C("amount_cents", "Amount ($)", "money"),
        C("basis", "Basis"),
        C("reference", "Reference"),
        C("received_at", "Received"),
        C("status", "Status"),
        C("disposition_reason", "Disposition"),
        C("disposition_at", "Disposition date"),
        C("uuid", "Record id"),
    ),
    q.DEPOSITS,
)

DATASETS = (PERMITS, INSPECTIONS, NOTICES, FEES_AND_PAYMENTS, DEPOSITS)
