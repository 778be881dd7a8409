"""One name per coded value the register stores.

Why: a code written as a bare string in one module and compared as a different bare string in
another is how the demo came to write notices of kinds the app does not know. Every coded
column has an enum here or beside its domain (``PermitStatus`` in ``status.py``, ``Result`` in
``inspection_rules.py``, ``NoticeKind`` and ``ServiceMethod`` in ``notices.py``, ``Role`` in
``actor.py``); ``store/coded_columns.py`` says which column takes which, and migration m0005
makes the register refuse anything else with a ``CHECK`` constraint.

The members are ``StrEnum``s, so ``PermitKind.BUILDING == "building"`` and they go into SQL
parameters and JSON unchanged. Codes the village edits as data (fee codes, inspection stage
codes from ``resources/checklists/``) are not enums: the office can add one without a new release.
"""

from __future__ import annotations

from enum import StrEnum


class PermitKind(StrEnum):
    """The permits Chapters 12 and 31 require (12.05, 12.18, 12.19, 12.27, 31.05)."""

    BUILDING = "building"
    DEMOLITION = "demolition"
    MOVING = "moving"
    SATELLITE_DISH = "satellite_dish"
    EROSION_CONTROL = "erosion_control"


class PermitClass(StrEnum):
    """Erosion control permit class (31.05(2)): a minor or a major land disturbance."""

    MAJOR = "major"
    MINOR = "minor"


class RecordStatus(StrEnum):
    """The life of a record that is either in force or voided with a reason (never deleted)."""

    ACTIVE = "active"
    VOIDED = "voided"


class ApplicationStatus(StrEnum):
    DRAFT = "draft"  # the wizard's saved state, not yet an application on file
    SUBMITTED = "submitted"  # on file: its permits carry the status from here on
    NO_PERMIT_NEEDED = "no_permit_needed"  # the engine found nothing the ordinance requires
    VOIDED = "voided"


class FeeStatus(StrEnum):
    DUE = "due"
    PAID = "paid"
    WAIVED = "waived"
    VOIDED = "voided"


class PaymentMethod(StrEnum):
    CASH = "cash"
    CHECK = "check"
    CARD = "card"
    MONEY_ORDER = "money_order"

    @property
    def label(self) -> str:
        return "Money order" if self is PaymentMethod.MONEY_ORDER else self.value.capitalize()


class PaymentStatus(StrEnum):
    RECORDED = "recorded"
    VOIDED = "voided"


class DepositKind(StrEnum):
    """Deposits and securities the village holds; ``models.deposits`` gives each its section."""

    COMPLETION_DEPOSIT = "completion_deposit"
    MOVING_DEPOSIT = "moving_deposit"
    MOVING_ALTERATION_DEPOSIT = "moving_alteration_deposit"
    EROSION_SECURITY = "erosion_security"


class DepositStatus(StrEnum):
    HELD = "held"
    REFUNDED = "refunded"
    FORFEITED = "forfeited"
    VOIDED = "voided"


class NoticeStatus(StrEnum):
    DRAFT = "draft"
    ISSUED = "issued"
    SERVED = "served"
    COMPLIED = "complied"
    APPEALED = "appealed"
    WITHDRAWN = "withdrawn"
    VOIDED = "voided"


class ExtensionStatus(StrEnum):
    GRANTED = "granted"
    VOIDED = "voided"


class AttachmentKind(StrEnum):
    PHOTO = "photo"


class StageChange(StrEnum):
    """The inspector's change to a permit's planned inspection stages (12.12)."""

    ADDED = "added"
    WAIVED = "waived"


class OccupancyKind(StrEnum):
    OCCUPANCY = "occupancy"
    TEMPORARY = "temporary"  # 12.16: a temporary certificate for a set term


class VisitPurpose(StrEnum):
    SITE_VISIT = "site_visit"
    PLAN_REVIEW = "plan_review"


class SiteClass(StrEnum):
    """Exhibit A's columns: which erosion checklist items apply to the site."""

    MINOR = "minor"
    MAJOR = "major"
    LARGER = "larger"


class ChecklistResponse(StrEnum):
    MEETS = "meets"
    DEFICIENT = "deficient"
    NOT_APPLICABLE = "not_applicable"


class InspectionNotice(StrEnum):
    """The notice a recorded result gives the permit holder (12.12(6))."""

    COMPLIANCE = "compliance"
    NON_COMPLIANCE = "non_compliance"


class ErosionLogTrigger(StrEnum):
    """Why the permittee inspected the erosion controls (31.12(2)(G)): a rain or the week."""

    RAIN = "rain"
    WEEKLY = "weekly"


class ContractorTrade(StrEnum):
    """The trades a permit names a contractor for (issue 16): the general contractor or
    dwelling contractor who holds the permit, and the licensed electrical, plumbing and HVAC
    trades, each with its own Wisconsin credential."""

    GENERAL = "general"
    ELECTRICAL = "electrical"
    PLUMBING = "plumbing"
    HVAC = "hvac"

    @property
    def label(self) -> str:
        return {"general": "General contractor", "electrical": "Electrical",
                "plumbing": "Plumbing", "hvac": "HVAC"}[self.value]  # fmt: skip


class SignerRole(StrEnum):
    """Who signs a visit's document on the inspector's screen (issue 17)."""

    CONTRACTOR = "contractor"
    OWNER = "owner"


class SignedDocument(StrEnum):
    """The document a signature was given on: the report left at the site, or the notice of
    corrections after a failed or partial visit (12.12(5))."""

    INSPECTION_REPORT = "inspection_report"
    CORRECTION_NOTICE = "correction_notice"
