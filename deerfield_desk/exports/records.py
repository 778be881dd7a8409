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
from deerfield_desk.store import year_site_records as site
from deerfield_desk.store.executor import Executor

#: What a column holds, and so how a cell shows it (``exports/cells.py``):
#: text; money (integer cents, shown in dollars); int; date (ISO day); moment (ISO day, or
#: day and time); flag (0/1, shown Yes/No).
KINDS = ("text", "money", "int", "date", "moment", "flag")


@dataclass(frozen=True)
class Column:
    key: str  # the row key in the store's typed row
    header: str
    kind: str = "text"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"column {self.header}: kind {self.kind!r} is not one of {KINDS}")


@dataclass(frozen=True)
class Dataset:
    name: str  # file stem
    title: str  # sheet title (at most 31 characters: Excel's limit)
    columns: tuple[Column, ...]
    query: q.YearQuery[Any]

    def rows(self, reg: Executor, year: int) -> Iterator[tuple]:
        """The values of each row in column order."""
        return self.query.columns(reg, year, [c.key for c in self.columns])

    def batches(self, reg: Executor, year: int, size: int) -> Iterator[list[tuple]]:
        """The same rows, ``size`` at a time (the writers convert a column of a batch at once)."""
        return self.query.batches(reg, year, [c.key for c in self.columns], size)

    def count(self, reg: Executor, year: int) -> int:
        return self.query.count(reg, year)

    @property
    def printed(self) -> int:
        """How many leading columns a printed page shows: all but the record ids at the
        end, which link files for programs and mean nothing on paper."""
        n = len(self.columns)
        while n > 1 and self.columns[n - 1].key.endswith("uuid"):
            n -= 1
        return n


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
    ("applied_date", "Applied", "date"),
    ("issued_date", "Issued", "date"),
    ("expires_date", "Expires", "date"),
    ("finaled_date", "Finaled", "date"),
    ("conditions", "Conditions", "text"),
    ("void_reason", "Void reason", "text"),
    ("uuid", "Record id", "text"),
)

PERMITS = Dataset(
    "permits",
    "Permits",
    (
        *(Column(*field) for field in PERMIT_FIELDS[:-1]),
        C("application_number", "Application number"),
        C("counts", "Counted in annual report", "flag"),
        Column(*PERMIT_FIELDS[-1]),
        C("application_uuid", "Application record id"),
    ),
    q.PERMITS,
)

INSPECTIONS = Dataset(
    "inspections",
    "Inspections",
    (
        C("permit_number", "Permit number"),
        C("stage", "Stage"),
        C("result", "Result"),
        C("requested_at", "Requested", "moment"),
        C("requested_by", "Requested by"),
        C("scheduled_for", "Scheduled for", "moment"),
        C("inspected_at", "Inspected", "moment"),
        C("inspector", "Inspector"),
        C("notes", "Notes"),
        C("defects", "Defects found", "int"),
        C("status", "Record status"),
        C("void_reason", "Void reason"),
        C("uuid", "Record id"),
        C("reinspection_of_uuid", "Re-inspection of (record id)"),
        C("permit_uuid", "Permit record id"),
    ),
    q.INSPECTIONS,
)

DEFECTS = Dataset(
    "inspection-defects",
    "Inspection defects",
    (
        C("permit_number", "Permit number"),
        C("stage", "Stage"),
        C("inspected_at", "Inspected", "moment"),
        C("result", "Result"),
        C("defect_number", "Defect no.", "int"),
        C("section", "Section broken"),
        C("description", "Defect"),
        C("correction", "Correction required"),
        C("minor", "Minor defect", "flag"),
        C("corrected_on", "Re-inspection passed", "date"),
        C("inspection_status", "Inspection record status"),
        C("inspection_uuid", "Inspection record id"),
    ),
    site.DEFECTS,
)

CHECKLIST_VISITS = Dataset(
    "checklist-visits",
    "Checklist visits",
    (
        C("permit_number", "Permit number"),
        C("checklist", "Checklist"),
        C("checklist_version", "Checklist version"),
        C("site_class", "Site class"),
        C("purpose", "Purpose"),
        C("visited_at", "Visited", "moment"),
        C("inspector", "Inspector"),
        C("notes", "Notes"),
        C("deficient", "Items deficient", "int"),
        C("status", "Record status"),
        C("void_reason", "Void reason"),
        C("uuid", "Record id"),
    ),
    site.CHECKLIST_VISITS,
)

CHECKLIST_ITEMS = Dataset(
    "checklist-items",
    "Checklist items",
    (
        C("permit_number", "Permit number"),
        C("visited_at", "Visited", "moment"),
        C("item_code", "Item"),
        C("section", "Section"),
        C("response", "Finding"),
        C("note", "Note"),
        C("status", "Record status"),
        C("void_reason", "Void reason"),
        C("uuid", "Record id"),
        C("visit_uuid", "Visit record id"),
    ),
    site.CHECKLIST_ITEMS,
)

OCCUPANCY = Dataset(
    "occupancy-permits",
    "Occupancy permits",
    (
        C("occupancy_number", "Occupancy permit number"),
        C("permit_number", "Building permit number"),
        C("kind", "Kind"),
        C("issued_on", "Issued", "date"),
        C("issued_by", "Issued by"),
        C("ends_on", "Temporary until", "date"),
        C("term_days", "Term (days)", "int"),
        C("use_text", "Use"),
        C("conditions", "Conditions"),
        C("minor_defects", "Minor defects outstanding", "int"),
        C("basis", "Section"),
        C("status", "Record status"),
        C("void_reason", "Void reason"),
        C("uuid", "Record id"),
    ),
    site.OCCUPANCY,
)

EXTENSIONS = Dataset(
    "extensions",
    "Extensions",
    (
        C("permit_number", "Permit number"),
        C("granted_at", "Granted", "moment"),
        C("days", "Days", "int"),
        C("previous_expiry", "Expiry before", "date"),
        C("new_expiry", "Expiry after", "date"),
        C("approved_by", "Approved by"),
        C("reason", "Reason"),
        C("fee_code", "Fee code"),
        C("fee_cents", "Fee ($)", "money"),
        C("status", "Record status"),
        C("void_reason", "Void reason"),
        C("uuid", "Record id"),
    ),
    site.EXTENSIONS,
)

NOTICES = Dataset(
    "notices",
    "Notices",
    (
        C("notice_number", "Notice number"),
        C("kind", "Kind"),
        C("permit_number", "Permit number"),
        C("status", "Status"),
        C("recipient", "Served on"),
        C("issued_at", "Issued", "moment"),
        C("served_at", "Served", "moment"),
        C("service_method", "Service method"),
        C("received_at", "Delivered (mail)", "date"),
        C("due_date", "Comply by", "date"),
        C("appeal_by", "Appeal by", "date"),
        C("appeal_filed_on", "Appeal filed", "date"),
        C("appeal_late", "Appeal filed late", "flag"),
        C("closed_at", "Closed", "moment"),
        C("sections", "Sections"),
        C("facts", "Facts"),
        C("remedy", "Remedy"),
        C("void_reason", "Withdrawal or void reason"),
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
        C("at", "Date", "moment"),
        C("status", "Status"),
        C("method", "Payment method"),
        C("receipt_number", "Receipt number"),
        C("received_by", "Received by"),
        C("void_reason", "Void reason"),
        C("permit_uuid", "Permit record id"),
        C("application_uuid", "Application record id"),
        C("uuid", "Record id"),
        C("fee_uuid", "Fee record id"),
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
        C("basis", "Section"),
        C("reference", "Reference"),
        C("received_at", "Received", "moment"),
        C("status", "Status"),
        C("disposition_reason", "Disposition reason"),
        C("disposition_at", "Disposition date", "moment"),
        C("void_reason", "Void reason"),
        C("uuid", "Record id"),
        C("permit_uuid", "Permit record id"),
    ),
    q.DEPOSITS,
)

VOIDS = Dataset(
    "voided-records",
    "Voided records",
    (
        C("voided_at", "Voided (UTC)", "moment"),
        C("table_name", "Record type"),
        C("number", "Number"),
        C("reason", "Reason"),
        C("voided_by", "Voided by"),
        C("uuid", "Record id"),
    ),
    site.VOIDS,
)

DATASETS = (
    PERMITS, INSPECTIONS, DEFECTS, CHECKLIST_VISITS, CHECKLIST_ITEMS, OCCUPANCY, EXTENSIONS,
    NOTICES, FEES_AND_PAYMENTS, DEPOSITS, VOIDS,
)  # fmt: skip
