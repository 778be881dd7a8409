"""Human numbers: permits ``YYYY-NNNN`` in order of issuance within the year of issue
(§12.12(8)); applications ``A-YYYY-NNNN``; notices ``N-YYYY-NNNN``.

A number is taken from ``number_series`` inside the same ``BEGIN IMMEDIATE`` transaction that
stores it, so two devices issuing at once queue on the write lock, a rolled-back issuance gives
its number back (no gap), and a voided permit keeps its number (no reuse). Imported permits
keep their historical numbers without moving a series; issuance steps over a number one of them
holds.
"""

from __future__ import annotations

from datetime import date

from deerfield_desk.errors import NotAllowed
from deerfield_desk.store.register import Register, decision

PERMIT_SERIES = "permit"
APPLICATION_SERIES = "application"
NOTICE_SERIES = "notice"


def format_permit_number(year: int, n: int) -> str:
    return f"{year}-{n:04d}"


def format_application_number(year: int, n: int) -> str:
    return f"A-{year}-{n:04d}"


def format_notice_number(year: int, n: int) -> str:
    return f"N-{year}-{n:04d}"


@decision
def assign_permit_number(
    register: Register, permit_uuid: str, issued_on: date, extra: dict | None = None
) -> dict:
    """Give a permit its number and issue date in one journaled write; returns the permit.

    ``extra`` carries the other fields issuance sets at the same moment (status, expiry).
    """
    with register.transaction():
        permit = register.get("permits", permit_uuid)
        if permit["permit_number"]:
            raise NotAllowed(f"permit {permit['permit_number']} already has its number")
        number = next_free_permit_number(register, issued_on.year)
        changes = {
            "permit_number": number,
            "issued_date": issued_on.isoformat(),
            **(extra or {}),
        }
        return register.update("permits", permit_uuid, changes, action="issue")


def next_free_permit_number(register: Register, year: int) -> str:
    """The next number of the year's series that no permit holds yet. Imported historical
    permits keep their numbers without moving the series (one typo like ``2026-999999`` must
    not make the next permit ``2026-1000000``), so issuance steps over a number an imported
    permit already holds: in order, no reuse, and a held number is not a gap. Call inside the
    issuing transaction."""
    while True:
        number = format_permit_number(year, register.next_number(PERMIT_SERIES, year))
        taken = register.conn.execute(
            "SELECT 1 FROM permits WHERE permit_number = ?", (number,)
        ).fetchone()
        if not taken:
            return number


@decision
def assign_application_number(register: Register, application_uuid: str, on: date) -> dict:
    with register.transaction():
        application = register.get("applications", application_uuid)
        if application["application_number"]:
            return application
        n = register.next_number(APPLICATION_SERIES, on.year)
        return register.update(
            "applications",
            application_uuid,
            {"application_number": format_application_number(on.year, n)},
            action="number",
        )
