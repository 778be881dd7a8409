"""Which register column takes which coded value: the one table the schema checks are built from.

Why here: ``models/`` names the codes, the store owns the columns. Migration m0005 wrote a
``CHECK`` constraint for every entry (with the values frozen in the migration, as a shipped
migration must be); ``tests/test_coded_values.py`` fails when an enum gains or loses a member
without a migration that rebuilds the table's check (see ``migrations/coded.py``).
"""

from __future__ import annotations

import re
import sqlite3
from enum import StrEnum

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.codes import (
    ApplicationStatus,
    AttachmentKind,
    ChecklistResponse,
    ContractorTrade,
    DepositKind,
    DepositStatus,
    ErosionLogTrigger,
    ExtensionStatus,
    FeeStatus,
    InspectionNotice,
    NoticeStatus,
    OccupancyKind,
    PaymentMethod,
    PaymentStatus,
    PermitClass,
    PermitKind,
    RecordStatus,
    SignedDocument,
    SignerRole,
    SiteClass,
    StageChange,
    VisitPurpose,
)
from deerfield_desk.models.inspection_rules import Result
from deerfield_desk.models.notices import NoticeKind, ServiceMethod
from deerfield_desk.models.status import PermitStatus

#: table -> column -> (enum, nullable)
CODED_COLUMNS: dict[str, dict[str, tuple[type[StrEnum], bool]]] = {
    "parcels": {"status": (RecordStatus, False)},
    "people": {"status": (RecordStatus, False)},
    "permit_contractors": {"trade": (ContractorTrade, False), "status": (RecordStatus, False)},
    "applications": {"status": (ApplicationStatus, False)},
    "permits": {
        "kind": (PermitKind, False),
        "permit_class": (PermitClass, True),
        "status": (PermitStatus, False),
        "status_before_hold": (PermitStatus, True),
    },
    "fees": {"status": (FeeStatus, False)},
    "payments": {"method": (PaymentMethod, False), "status": (PaymentStatus, False)},
    "deposits": {"kind": (DepositKind, False), "status": (DepositStatus, False)},
    "inspections": {
        "result": (Result, False),
        "notice_kind": (InspectionNotice, True),
        "status": (RecordStatus, False),
    },
    "notices": {
        "kind": (NoticeKind, False),
        "status": (NoticeStatus, False),
        "service_method": (ServiceMethod, True),
    },
    "attachments": {"kind": (AttachmentKind, False), "status": (RecordStatus, False)},
    "extensions": {"status": (ExtensionStatus, False)},
    "inspection_stage_changes": {"change": (StageChange, False), "status": (RecordStatus, False)},
    "occupancy_permits": {"kind": (OccupancyKind, False), "status": (RecordStatus, False)},
    "checklist_visits": {
        "site_class": (SiteClass, False),
        "purpose": (VisitPurpose, False),
        "status": (RecordStatus, False),
    },
    "checklist_responses": {
        "response": (ChecklistResponse, False),
        "status": (RecordStatus, False),
    },
    "erosion_log": {"trigger": (ErosionLogTrigger, False), "status": (RecordStatus, False)},
    "rainfall": {"status": (RecordStatus, False)},
    "receipts": {"method": (PaymentMethod, False), "status": (RecordStatus, False)},
    "signatures": {
        "document": (SignedDocument, False),
        "signer_role": (SignerRole, False),
        "status": (RecordStatus, False),
    },
    "checklist_drafts": {
        "site_class": (SiteClass, False),
        "purpose": (VisitPurpose, False),
        "status": (RecordStatus, False),
    },
    "defect_library": {"status": (RecordStatus, False)},
}


def allowed(table: str, column: str) -> tuple[str, ...]:
    """The codes ``table.column`` accepts, in the enum's order."""
    enum, _nullable = CODED_COLUMNS[table][column]
    return tuple(m.value for m in enum)


_REFUSED = re.compile(r"CHECK constraint failed: (\w+)_code\b")


def code_refusal(exc: BaseException) -> InvalidInput | None:
    """The store's words for SQLite refusing an unknown code: the field and the codes it
    takes (instead of "CHECK constraint failed"), or None for any other error."""
    if not isinstance(exc, sqlite3.IntegrityError):
        return None
    found = _REFUSED.search(str(exc))
    if not found:
        return None
    for table, columns in CODED_COLUMNS.items():
        for column in columns:
            if f"{table}_{column}" == found.group(1):
                return InvalidInput(column, f"one of {', '.join(allowed(table, column))}")
    return None
