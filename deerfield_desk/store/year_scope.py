"""Which records belong to a year, and which of them count: ONE definition for every export.

Why one module: the annual report used to leave out voided *and* revoked permits while the
state report left out only voided ones, so the board and the state were told two different
numbers of new dwellings for the same month. Every year-end query (the records, the BLDS feed,
the annual report, the state report, the archive) builds its WHERE clause from these pieces,
so "a permit of 2025" and "a permit that counts" mean the same thing everywhere.

- A permit belongs to the year it was issued, or, not yet issued, the year it was applied for:
  a permit applied for in December and issued in January is counted once, in January's year.
- A permit *counts* (in the report's issued figures, the C-404 housing table and the monthly
  state report) unless it was voided (entered in error) or revoked (§12.14(2), §31.14(2)):
  a revoked permit authorised nothing that stands.
- An inspection belongs to the year it was done (or, not yet done, scheduled or requested).
- A notice belongs to the year it was issued (or, never issued, served).

The fragments use the aliases ``p`` (permits), ``i`` (inspections), ``n`` (notices) and the
named parameter ``:y`` (the year as four-digit text).
"""

from __future__ import annotations

from deerfield_desk.models.status import PermitStatus

#: Permit statuses left out of every count (the records export still lists them, marked).
NOT_COUNTED: tuple[str, ...] = (PermitStatus.VOIDED.value, PermitStatus.REVOKED.value)
_NOT_COUNTED_SQL = ", ".join(f"'{s}'" for s in NOT_COUNTED)

#: ``p`` belongs to the year.
PERMIT_IN_YEAR = (
    "(substr(p.issued_date, 1, 4) = :y "
    "OR (p.issued_date IS NULL AND substr(p.applied_date, 1, 4) = :y))"
)
#: ``p`` counts in the report's figures.
PERMIT_COUNTS = f"p.status NOT IN ({_NOT_COUNTED_SQL})"
#: ``p`` was issued in the year and counts: the report's "permits issued".
ISSUED_AND_COUNTS = f"substr(p.issued_date, 1, 4) = :y AND {PERMIT_COUNTS}"

#: The day an inspection belongs to.
INSPECTION_DAY = "coalesce(i.inspected_at, i.scheduled_for, i.requested_at)"
INSPECTION_IN_YEAR = f"substr({INSPECTION_DAY}, 1, 4) = :y"

#: The day a notice belongs to.
NOTICE_DAY = "coalesce(n.issued_at, n.served_at)"
NOTICE_IN_YEAR = f"substr({NOTICE_DAY}, 1, 4) = :y"

#: After every timestamp of the year, before every one of the next (ISO text compares in time).
YEAR_END = ":y || '~'"


def year_param(year: int) -> dict[str, str]:
    """The ``:y`` parameter of every fragment above."""
    return {"y": f"{int(year):04d}"}
