"""Coded values: the register refuses a code the app does not know.

Why: the demo wrote 60 notices of kinds no screen knew, and they broke the Notices tab,
printing and the archive. Each coded column (see ``store/coded_columns.py``) now carries a
named ``CHECK`` constraint listing its codes, so a bad write fails at the store, whoever makes
it (a screen, the importer, the demo, a field copy checked back in).

The lists are frozen here, as a shipped migration must be; a later migration that adds a
code rebuilds the table again with ``coded.rebuild_with_codes``. The rebuild keeps rows, ids,
indexes, triggers and the full-text index (``tests/test_coded_values.py``), and runs outside
sqlite-utils' transaction because SQLite only lets foreign keys be switched off between
transactions.
"""

from sqlite_utils import Database

from deerfield_desk.store.migrations.coded import Checks, run_rebuilds

TRANSACTIONAL = False

#: Permit statuses as of this migration; both the status and the status a hold interrupted.
PERMIT_STATUSES = (
    "draft",
    "submitted",
    "under_review",
    "approved",
    "conditionally_approved",
    "rejected",
    "issued",
    "extended",
    "finaled",
    "expired",
    "revoked",
    "voided",
    "stop_work",
)

CODES: dict[str, Checks] = {
    "parcels": {
        "status": (("active", "voided"), False),
    },
    "people": {
        "status": (("active", "voided"), False),
    },
    "applications": {
        "status": (("draft", "submitted", "no_permit_needed", "voided"), False),
    },
    "permits": {
        "kind": (("building", "demolition", "moving", "satellite_dish", "erosion_control"), False),
        "permit_class": (("major", "minor"), True),
        "status": (PERMIT_STATUSES, False),
        "status_before_hold": (PERMIT_STATUSES, True),
    },
    "fees": {
        "status": (("due", "paid", "waived", "voided"), False),
    },
    "payments": {
        "method": (("cash", "check", "card", "money_order"), False),
        "status": (("recorded", "voided"), False),
    },
    "deposits": {
        "kind": (
            (
                "completion_deposit",
                "moving_deposit",
                "moving_alteration_deposit",
                "erosion_security",
            ),
            False,
        ),
        "status": (("held", "refunded", "forfeited", "voided"), False),
    },
    "inspections": {
        "result": (("requested", "passed", "failed", "partial", "not_ready", "cancelled"), False),
        "notice_kind": (("compliance", "non_compliance"), True),
        "status": (("active", "voided"), False),
    },
    "notices": {
        "kind": (
            (
                "building_stop_work",
                "erosion_stop_work",
                "erosion_revocation",
                "erosion_intent",
                "violation",
                "house_number",
                "raze_order",
            ),
            False,
        ),
        "status": (
            ("draft", "issued", "served", "complied", "appealed", "withdrawn", "voided"),
            False,
        ),
        "service_method": (("in_person", "posted", "first_class_mail"), True),
    },
    "attachments": {
        "kind": (("photo",), False),
        "status": (("active", "voided"), False),
    },
    "extensions": {
        "status": (("granted", "voided"), False),
    },
    "inspection_stage_changes": {
        "change": (("added", "waived"), False),
        "status": (("active", "voided"), False),
    },
    "occupancy_permits": {
        "kind": (("occupancy", "temporary"), False),
        "status": (("active", "voided"), False),
    },
    "checklist_visits": {
        "site_class": (("minor", "major", "larger"), False),
        "purpose": (("site_visit", "plan_review"), False),
        "status": (("active", "voided"), False),
    },
    "checklist_responses": {
        "response": (("meets", "deficient", "not_applicable"), False),
        "status": (("active", "voided"), False),
    },
    "erosion_log": {
        "trigger": (("rain", "weekly"), False),
        "status": (("active", "voided"), False),
    },
    "rainfall": {
        "status": (("active", "voided"), False),
    },
}


def migrate(db: Database) -> None:
    run_rebuilds(db.conn, CODES)
